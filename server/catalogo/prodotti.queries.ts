import type postgres from 'postgres';
import type { MediaProdotto, Prodotto } from '../../shared/catalogo.js';
import { NOVITA_GIORNI } from '../../shared/catalogo-costanti.js';
import type { Db, Sql } from '../db/client.js';
import { colonnePrezzi, joinPrezzi, type PrezziCliente } from './prezzi.js';
import { RawJson } from '../lib/raw-json.js';
import type { CatalogoCache } from './catalogo.cache.js';

type Row = {
  id: number;
  codice_prodotto: string;
  titolo: string;
  descrizione1: string;
  descrizione2: string;
  titolo_portale: string | null;
  descrizione_aggiuntiva: string;
  data_creazione: string | null;
  famiglia: string; famiglia_id: string; sottofamiglia: string; sottofamiglia_id: string;
  gruppo: string; gruppo_id: string; sottogruppo: string; sottogruppo_id: string;
  categoria_id: number | null;
  um: string; pz_conf: number; pz_conf2: number; multiplo: number; minimo: number; famiglia_sconto: string | null; iva_aliquota: number; iva_ridotta: number;
  created_at: string; updated_at: string; deleted_at: string | null; status: number;
  brand_id: string; brand_descrizione: string; brand_url: string;
  prezzo: number; prezzo_reale: number; sconti: string; listini: Record<string, number> | null;
  giac_attuale: number; disponibilita: number; ord_forn: number; novita: boolean;
  media: MediaProdotto[] | null;
  codici: { tipo: string; codice: string }[] | null;
};


type Descrizione = Omit<Row, 'prezzo' | 'prezzo_reale' | 'sconti' | 'giac_attuale' | 'disponibilita' | 'ord_forn' | 'novita'>;
type Dinamica = Pick<Row, 'id' | 'giac_attuale' | 'disponibilita' | 'ord_forn' | 'novita'>
  & { ord: number; prezzo: string | null; prezzo_reale: string | null; sconti: string; in_volantino: boolean; total: number | null };

/**
 * The descriptive part of each product (texts, brand, media, codes, and the pz{n} figures of every
 * price list, shown for information) as a JSON fragment, kept by the catalogue cache
 * (catalogo.cache.ts): it changes only with catalogue imports and edits. The client's own list
 * price, net price and stock are read live on every request. Serialising 50 wide products per page
 * was most of a page's CPU.
 */
async function descrizioni(db: Db, cache: CatalogoCache['descrizioni'], ids: number[]): Promise<Map<number, Buffer>> {
  const sql = db.$client;
  const out = new Map<number, Buffer>();
  const missing: number[] = [];
  for (const id of ids) {
    const json = cache.get(id);
    if (json !== undefined) out.set(id, json);
    else missing.push(id);
  }
  if (missing.length === 0) return out;
  const lettura = cache.lettura();
  const rows = await sql<Descrizione[]>`
    SELECT p.id, p.codice_prodotto, coalesce(nullif(p.titolo_portale, ''), p.descrizione1) AS titolo,
      p.descrizione1, p.descrizione2, p.titolo_portale, p.descrizione_aggiuntiva, p.data_creazione::text AS data_creazione,
      p.famiglia, p.famiglia_id, p.sottofamiglia, p.sottofamiglia_id, p.gruppo, p.gruppo_id, p.sottogruppo, p.sottogruppo_id,
      p.categoria_id, p.um, p.pz_conf, p.pz_conf2, p.multiplo, p.minimo, p.famiglia_sconto, p.iva_aliquota::float8 AS iva_aliquota, p.iva_ridotta,
      to_json(p.created_at)#>>'{}' AS created_at, to_json(p.updated_at)#>>'{}' AS updated_at,
      to_json(p.deleted_at)#>>'{}' AS deleted_at, p.status,
      p.brand_codice AS brand_id, coalesce(b.nome, '') AS brand_descrizione, coalesce(b.url, '') AS brand_url,
      (SELECT json_object_agg('pz' || pp.listino, round(pp.prezzo, 3)::float8) FROM prodotti_prezzi pp WHERE pp.prodotto_id = p.id) AS listini,
      m.media, c.codici
    FROM prodotti p
    LEFT JOIN brand b ON b.brand_codice = p.brand_codice
    LEFT JOIN LATERAL (
      SELECT json_agg(json_build_object(
        'id', pm.id, 'codice_prodotto', pm.codice_prodotto, 'tipologia', pm.tipologia, 'nome', pm.nome,
        'file', pm.file, 'dir', pm.dir, 'file_web', pm.file_web, 'file_thumb', pm.file_thumb, 'dimensione', pm.dimensione,
        'status', pm.status, 'created', pm.created, 'modified', pm.modified)
        ORDER BY (pm.nome = 'default') DESC, pm.id) AS media
      FROM prodotti_media pm WHERE pm.codice_prodotto = p.codice_prodotto AND pm.status = 0) m ON true
    LEFT JOIN LATERAL (
      SELECT json_agg(json_build_object('tipo', pc.tipo, 'codice', pc.codice) ORDER BY pc.id) AS codici
      FROM prodotti_codici pc WHERE pc.prodotto_id = p.id) c ON true
    WHERE p.id = ANY(${missing}::int[])`;
  for (const r of rows) {
    // The object's members without its braces, as bytes: pages are sent as buffers.
    const json = Buffer.from(JSON.stringify(toDescrizione(r)).slice(1, -1));
    cache.salva(lettura, r.id, json);
    out.set(r.id, json);
  }
  return out;
}

/**
 * A one-row query answering (ids int[], total int): the products of a page in order, and the
 * list's total when the source knows it (search) or null.
 */
export type IdsSource = postgres.PendingQuery<postgres.Row[]>;

const literalIds = (sql: Sql, ids: number[]): IdsSource => sql`SELECT ${ids}::int[] AS ids, NULL::int AS total`;

/**
 * The products of the flyers running today (docs/regole/catalogo.md#promo-new): the promotions of the
 * data model. A small set, hashed once per statement (no index by product needed).
 */
const inVolantinoInCorso = (sql: Sql) => sql`
      SELECT vp.prodotto_id FROM volantini_prodotti vp JOIN volantini v ON v.id = vp.volantino_id
      WHERE coalesce(v.data_inizio <= current_date, true) AND coalesce(v.data_fine >= current_date, true)`;

/**
 * Live prices (for the client) and stock of the products of a page, with their place on it.
 * One index scan with `= ANY` finds them (cheaper than joining an unnested list), and prices
 * travel as numeric text: converting numeric to float8 in Postgres costs more than the query's
 * joins.
 */
function dinamiche(sql: Sql, ctx: PrezziCliente, source: IdsSource) {
  return sql<Dinamica[]>`
    WITH k AS (${source})
    SELECT p.id, array_position(k.ids, p.id) AS ord, ${colonnePrezzi(sql, ctx)},
      g.giac_attuale, g.disponibilita, g.ord_forn, p.created_at > ${novitaDal()}::timestamptz AS novita,
      p.id IN (${inVolantinoInCorso(sql)}) AS in_volantino, k.total
    FROM k
    JOIN prodotti p ON p.id = ANY(k.ids)
    JOIN giacenze g ON g.prodotto_id = p.id
    ${joinPrezzi(sql, ctx)}`;
}

/** Yellow: nothing in stock, but on order from the supplier beyond what stock already owes (docs/regole/catalogo.md#availability-colour). */
export const coloreDisponibilita = (disponibilita: number, ordForn: number) =>
  disponibilita > 0 ? 'verde' as const : disponibilita + ordForn > 0 ? 'giallo' as const : 'rosso' as const;

/** Products created after this instant are new (NOVITA_GIORNI). */
const novitaDal = () => new Date(Date.now() - NOVITA_GIORNI * 86_400_000).toISOString();

/** A numeric column's text as a JSON number (a missing price is 0). */
const numero = (v: string | null) => {
  const n = Number(v ?? 0);
  return Number.isFinite(n) ? n : 0;
};

/**
 * Full products, in order, priced for the client, as the pieces of a JSON array: live prices and
 * stock (one statement, which also picks the page when given a source query) joined with the
 * cached descriptions (a second statement only for products not in the cache).
 */
export async function prodottiJson(
  db: Db, cache: CatalogoCache, ctx: PrezziCliente, ids: number[] | IdsSource,
): Promise<{ parts: (string | Buffer)[]; total: number | null }> {
  if (Array.isArray(ids) && ids.length === 0) return { parts: ['[]'], total: null };
  const sql = db.$client;
  const dyn = await dinamiche(sql, ctx, Array.isArray(ids) ? literalIds(sql, ids) : ids);
  dyn.sort((a, b) => a.ord - b.ord);
  const desc = await descrizioni(db, cache.descrizioni, dyn.map((d) => d.id));
  const parts: (string | Buffer)[] = ['['];
  for (const d of dyn) {
    const base = desc.get(d.id);
    if (base === undefined) continue;
    const prezzo = numero(d.prezzo);
    const netto = numero(d.prezzo_reale);
    const colore = coloreDisponibilita(d.disponibilita, d.ord_forn);
    parts.push(parts.length === 1 ? '{' : ',{', base,
      `,"prezzo":${prezzo},"prezzo_reale":${netto},"sconti":${JSON.stringify(d.sconti)},"listino":${ctx.listino}` +
      `,"giac_attuale":${d.giac_attuale},"disponibilita":${d.disponibilita},"ord_forn":${d.ord_forn}` +
      `,"disponibilita_colore":"${colore}","promo":${d.in_volantino && prezzo > netto},"novita":${d.novita}}`);
  }
  parts.push(']');
  return { parts, total: dyn[0]?.total ?? null };
}

/** The same products as objects, for callers that work on them. */
export async function leggiProdotti(db: Db, cache: CatalogoCache, ctx: PrezziCliente, ids: number[]): Promise<Prodotto[]> {
  return JSON.parse(new RawJson((await prodottiJson(db, cache, ctx, ids)).parts).text()) as Prodotto[];
}

const percorso = (dir: string, file: string) => `${dir.replace(/\/?$/, '/')}${file}`;
const mediaPath = (m: MediaProdotto) => percorso(m.dir, m.file);

function toDescrizione(r: Descrizione) {
  const media = r.media ?? [];
  const foto = media.filter((m) => m.tipologia === 'foto');
  const allegati = media.filter((m) => m.tipologia === 'allegato');
  const codici = r.codici ?? [];
  const of = (tipo: string) => codici.filter((c) => c.tipo === tipo).map((c) => c.codice);
  // The main photo ('default') comes first, else the product's first photo (docs/regole/catalogo.md#product-media):
  // decided here, where every view reads it; only a product without photos falls back to codart/… in the SPA.
  const main = foto[0];
  const { media: _m, codici: _c, listini, ...rest } = r;
  return {
    ...rest,
    ...listini,
    foto_principale: main ? mediaPath(main) : null,
    foto_miniatura: main ? percorso(main.dir, main.file_thumb ?? main.file) : null,
    media_foto: foto,
    media_allegati: allegati,
    info: {
      codice_articolo: of('articolo'),
      codice_fornitore: of('fornitore'),
      ean: of('ean'),
      foto: foto.map(mediaPath),
      allegato: allegati.map(mediaPath),
    },
  };
}
