import { and, asc, eq, sql as dsql } from 'drizzle-orm';
import type { Categoria, Marchio, Volantino } from '../../shared/catalogo.js';
import { MSG_CATALOGO } from '../../shared/catalogo-costanti.js';
import type { Db } from '../db/client.js';
import { brand, categorie } from '../db/schema/index.js';
import { notFound } from '../lib/errors.js';
import type { IdsSource } from './prodotti.queries.js';

/**
 * A page of products: their ids (or the query picking them) and the list's total; without a
 * total, the source's own total column is used and `totaleVuota` answers for an empty page.
 */
export interface Pagina {
  prodotti: number[] | IdsSource;
  totale?: number | Promise<number>;
  totaleVuota?: () => Promise<number>;
}
import type { PrezziCliente } from './prezzi.js';
import { prodottiJson } from './prodotti.queries.js';
import { RawJson } from '../lib/raw-json.js';
import type { CatalogoCache } from './catalogo.cache.js';

/** Turns a page of ids into the paged answer of the API, serialised once. */
export async function toPagina(
  db: Db, cache: CatalogoCache, ctx: PrezziCliente, pagina: Pagina, start: number, limit: number,
  /** Fields of the page beyond the list's (search/prodotti's codice_cliente), read beside it; undefined ones are left out. */
  extra: Promise<Record<string, unknown>> | Record<string, unknown> = {},
): Promise<RawJson> {
  const [prodotti, totale, campi] = await Promise.all([prodottiJson(db, cache, ctx, pagina.prodotti), pagina.totale, extra]);
  const total = totale ?? prodotti.total ?? (await pagina.totaleVuota?.()) ?? 0;
  const paginaCorrente = Math.floor(start / limit) + 1;
  const totalePagine = Math.ceil(total / limit);
  return new RawJson(['{"prodotti":', ...prodotti.parts,
    `,"paginaCorrente":${paginaCorrente},"totalePagine":${totalePagine},"totaleProdotti":${total}`,
    ...Object.entries(campi).filter(([, v]) => v !== undefined).map(([k, v]) => `,${JSON.stringify(k)}:${JSON.stringify(v)}`), '}']);
}

/**
 * A visible category's id by its code, from the catalogue cache's map of the codes: a category
 * switched off, or under one switched off, has no page (categoria_visibile, server/catalogo/sql/).
 */
export async function categoriaIdByCodice(db: Db, cache: CatalogoCache, codCat: string): Promise<number> {
  const ids = await cache.codiciCategorie.ricorda('tutte', async () =>
    new Map((await db.$client<{ id: number; cod: string }[]>`
      SELECT id, cod_cat AS cod FROM categorie WHERE categoria_visibile(path_ids)`).map((r) => [r.cod, r.id])));
  const id = ids.get(codCat);
  if (id === undefined) throw notFound(MSG_CATALOGO.categoriaSconosciuta(codCat));
  return id;
}

/**
 * The whole category tree, ordered, built in memory from one query. `soloAttive` (customers):
 * enabled categories only, and a disabled one takes its sub-categories with it (a node whose
 * parent is not in the rows is left out).
 */
export async function alberoCategorie(db: Db, soloAttive: boolean): Promise<Categoria[]> {
  const rows = await db.select().from(categorie)
    .where(soloAttive ? eq(categorie.status, 0) : undefined)
    .orderBy(asc(categorie.livello), asc(categorie.ordine), asc(categorie.nome));
  const byId = new Map<number, Categoria>();
  const roots: Categoria[] = [];
  for (const r of rows) {
    byId.set(r.id, { id: r.id, cod_cat: r.codCat, nome: r.nome, livello: r.livello, status: r.status, figli: [] });
  }
  for (const r of rows) {
    const node = byId.get(r.id)!;
    const parent = r.parentId ? byId.get(r.parentId) : undefined;
    if (parent) parent.figli.push(node);
    else if (!r.parentId) roots.push(node);
  }
  return roots;
}

const toMarchio = (r: typeof brand.$inferSelect): Marchio => ({
  brand_codice: r.brandCodice, nome: r.nome, url: r.url, cover_dir: r.coverDir, cover_file: r.coverFile,
});

export async function elencoMarchi(db: Db): Promise<Record<string, Marchio>> {
  const rows = await db.select().from(brand).where(dsql`${brand.brandCodice} <> '000'`).orderBy(asc(brand.nome));
  return Object.fromEntries(rows.map((r) => [r.brandCodice, toMarchio(r)]));
}

export async function infoMarchio(db: Db, brandCodice: string): Promise<Marchio> {
  const [row] = await db.select().from(brand).where(and(eq(brand.brandCodice, brandCodice)));
  if (!row) throw notFound(`Marchio con ID ${brandCodice} non trovato`);
  return toMarchio(row);
}

export async function elencoVolantini(db: Db): Promise<Volantino[]> {
  return db.$client<Volantino[]>`
    SELECT v.id, v.nome, v.cover_dir, v.cover_file,
      (SELECT count(*)::int FROM volantini_prodotti vp WHERE vp.volantino_id = v.id) AS numero_prodotti
    FROM volantini v
    WHERE (v.data_fine IS NULL OR v.data_fine >= current_date)
    ORDER BY v.ordine, v.id`;
}
