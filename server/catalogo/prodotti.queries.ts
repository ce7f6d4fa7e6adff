import type { MediaProdotto, Prodotto } from '../../shared/catalogo.js';
import { NOVITA_GIORNI } from '../../shared/catalogo.js';
import type { Sql } from '../db/client.js';
import type { PricingCtx } from './pricing.js';

/** drizzle's `sql` or postgres.js's: both nest fragments made with the same tag. */
type Tag<T> = (strings: TemplateStringsArray, ...values: never[]) => T;

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
  um: string; pz_conf: number; pz_conf2: number; iva_aliquota: number; iva_ridotta: number;
  created_at: string; updated_at: string; deleted_at: string | null; status: number;
  brand_id: string; brand_descrizione: string; brand_url: string;
  prezzo: number; prezzo_reale: number; listini: Record<string, number> | null;
  giac_attuale: number; disponibilita: number; ord_forn: number; novita: boolean;
  media: MediaProdotto[] | null;
  codici: { tipo: string; codice: string }[] | null;
};

/** Net price of alias p for the client: special price, else list price less discount (DESIGN §6). */
export function prezzoRealeSql<T>(sql: Tag<T>, ctx: PricingCtx): T {
  return sql`coalesce(ps.prezzo, round(coalesce(lp.prezzo, 0) * (1 - ${ctx.sconto as never}::numeric / 100), 3))`;
}

/** Joins that price alias p for the client: lp = list price, ps = special price. */
export function pricingJoinsSql<T>(sql: Tag<T>, ctx: PricingCtx): T {
  return sql`
    LEFT JOIN prodotti_prezzi lp ON lp.prodotto_id = p.id AND lp.listino = ${ctx.listino as never}
    LEFT JOIN prezzi_speciali ps ON ps.prodotto_id = p.id AND ps.cliente_id = ${ctx.clienteId as never}`;
}

/**
 * Full products for the given ids, in that order, priced for the client: one statement with
 * lateral look-ups of price lists, media and codes (no per-product queries).
 */
export async function loadProdotti(sql: Sql, ctx: PricingCtx, ids: number[]): Promise<Prodotto[]> {
  if (ids.length === 0) return [];
  const rows = await sql<Row[]>`
    SELECT p.id, p.codice_prodotto, coalesce(nullif(p.titolo_portale, ''), p.descrizione1) AS titolo,
      p.descrizione1, p.descrizione2, p.titolo_portale, p.descrizione_aggiuntiva, p.data_creazione::text AS data_creazione,
      p.famiglia, p.famiglia_id, p.sottofamiglia, p.sottofamiglia_id, p.gruppo, p.gruppo_id, p.sottogruppo, p.sottogruppo_id,
      p.categoria_id, p.um, p.pz_conf, p.pz_conf2, p.iva_aliquota::float8 AS iva_aliquota, p.iva_ridotta,
      to_json(p.created_at)#>>'{}' AS created_at, to_json(p.updated_at)#>>'{}' AS updated_at,
      to_json(p.deleted_at)#>>'{}' AS deleted_at, p.status,
      p.brand_codice AS brand_id, coalesce(b.nome, '') AS brand_descrizione, coalesce(b.url, '') AS brand_url,
      round(coalesce(lp.prezzo, 0), 3)::float8 AS prezzo,
      ${prezzoRealeSql(sql, ctx)}::float8 AS prezzo_reale,
      pz.listini, p.giac_attuale, p.disponibilita, p.ord_forn,
      p.created_at > now() - make_interval(days => ${NOVITA_GIORNI}) AS novita,
      m.media, c.codici
    FROM unnest(${ids}::int[]) WITH ORDINALITY AS k(id, ord)
    JOIN prodotti p ON p.id = k.id
    LEFT JOIN brand b ON b.brand_codice = p.brand_codice
    ${pricingJoinsSql(sql, ctx)}
    LEFT JOIN LATERAL (
      SELECT json_object_agg('pz' || pp.listino, round(pp.prezzo, 3)::float8) AS listini
      FROM prodotti_prezzi pp WHERE pp.prodotto_id = p.id) pz ON true
    LEFT JOIN LATERAL (
      SELECT json_agg(json_build_object(
        'id', pm.id, 'codice_prodotto', pm.codice_prodotto, 'tipologia', pm.tipologia, 'nome', pm.nome,
        'file', pm.file, 'dir', pm.dir, 'status', pm.status, 'created', pm.created, 'modified', pm.modified)
        ORDER BY (pm.nome = 'default') DESC, pm.id) AS media
      FROM prodotti_media pm WHERE pm.codice_prodotto = p.codice_prodotto AND pm.status = 0) m ON true
    LEFT JOIN LATERAL (
      SELECT json_agg(json_build_object('tipo', pc.tipo, 'codice', pc.codice) ORDER BY pc.id) AS codici
      FROM prodotti_codici pc WHERE pc.prodotto_id = p.id) c ON true
    ORDER BY k.ord`;
  return rows.map((r) => toProdotto(r, ctx.listino));
}

const mediaPath = (m: MediaProdotto) => `${m.dir.replace(/\/?$/, '/')}${m.file}`;

function toProdotto(r: Row, listino: number): Prodotto {
  const media = r.media ?? [];
  const foto = media.filter((m) => m.tipologia === 'foto');
  const allegati = media.filter((m) => m.tipologia === 'allegato');
  const codici = r.codici ?? [];
  const of = (tipo: string) => codici.filter((c) => c.tipo === tipo).map((c) => c.codice);
  const colore = r.disponibilita > 0 ? 'verde' : r.ord_forn > 0 ? 'giallo' : 'rosso';
  const main = foto.find((f) => f.nome === 'default') ?? foto[0];
  const p: Record<string, unknown> = Object.assign({}, r, r.listini);
  delete p.listini;
  delete p.media;
  delete p.codici;
  return Object.assign(p, {
    listino,
    disponibilita_colore: colore,
    promo: r.prezzo > r.prezzo_reale,
    foto_principale: main ? mediaPath(main) : null,
    media_foto: foto,
    media_allegati: allegati,
    info: {
      codice_articolo: of('articolo'),
      codice_fornitore: of('fornitore'),
      ean: of('ean'),
      foto: foto.map(mediaPath),
      allegato: allegati.map(mediaPath),
    },
  }) as unknown as Prodotto;
}
