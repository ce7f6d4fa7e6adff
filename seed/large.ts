/**
 * Large deterministic catalogues for benchmarks (`npm run seed -- --products 200000`): extends
 * the demo catalogue with generator products n, n+1, ... reusing its categories and brands, and
 * optionally the clients and users (seed/anagrafica-large.ts).
 * No media files: the SPA shows its placeholder for products without photos.
 */
import type postgres from 'postgres';
import { seedLargeAnagrafica } from './anagrafica-large.js';
import { loadProducts, PhaseTimes, refreshSearch } from './catalog-loader.js';
import { CLIENTI } from './demo-anagrafica.js';

/** What `npm run seed -- --products N` and the bench grow the clients and users to. */
export const LARGE_CLIENTI = 20_000;
export const LARGE_UTENTI = 25_000;

export interface LargeCatalogueOptions {
  /** Total number of products wanted in the catalogue. */
  products: number;
  now?: Date;
  /** Share of products with a special price, per client. */
  specialRate?: number;
  onProgress?: (done: number, todo: number) => void;
  /** Total clients and customer users wanted (undefined: left as they are). */
  clienti?: number;
  utenti?: number;
}

export interface LargeCatalogueResult {
  added: number;
  total: number;
  /** Time per phase (COPY of each table, index builds, vocabulary refresh). */
  times: PhaseTimes;
  clientiAggiunti: number;
  utentiAggiunti: number;
}

export async function seedLargeCatalogue(sql: postgres.Sql, opts: LargeCatalogueOptions): Promise<LargeCatalogueResult> {
  const now = opts.now ?? new Date();
  const prodotti = await growCatalogue(sql, opts, now);
  const times = prodotti.times;
  const anagrafica = await times.time('clienti e utenti', () => seedLargeAnagrafica(sql, { clienti: opts.clienti, utenti: opts.utenti, now }));
  return { ...prodotti, ...anagrafica, times };
}

async function growCatalogue(sql: postgres.Sql, opts: LargeCatalogueOptions, now: Date) {
  const [{ n, maxId }] = await sql<{ n: number; maxId: number }[]>`
    select count(*)::int as n, coalesce(max(id), 0)::int as "maxId" from prodotti`;
  // Generator indexes continue after the products already present (the demo holds 0..1999).
  const todo = opts.products - n;
  if (todo <= 0) return { added: 0, total: n, times: new PhaseTimes() };

  const cats = await sql<{ cod: string; id: number }[]>`select cod_cat as cod, id from categorie`;
  // Special prices for the demo's clients only: 1 % of 200,000 products for 20,000 generated
  // clients would be 40 million rows.
  const clients = await sql<{ id: number; lisMaga: number; sconto: string }[]>`
    select id, lis_maga as "lisMaga", sconto from clienti where id = any(${CLIENTI.map((c) => c.id)}) order by id`;

  const times = await sql.begin((tx) => loadProducts(tx, {
    from: n,
    to: opts.products,
    firstId: maxId + 1,
    now,
    categoryIds: new Map(cats.map((c) => [c.cod, c.id])),
    specialClients: clients.map((c) => ({ id: c.id, lisMaga: c.lisMaga, sconto: Number(c.sconto), rate: opts.specialRate ?? 0.01 })),
    rebuildIndexes: true,
    onProgress: (done) => opts.onProgress?.(done, todo),
  }));
  await refreshSearch(sql, times);
  return { added: todo, total: opts.products, times };
}
