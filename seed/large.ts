/**
 * Large deterministic catalogues for benchmarks (`npm run seed -- --products 200000`): extends
 * the demo catalogue with generator products n, n+1, ... reusing its categories and brands.
 * No media files: the SPA shows its placeholder for products without photos.
 */
import type postgres from 'postgres';
import { loadProducts, PhaseTimes, refreshSearch } from './catalog-loader.js';

export interface LargeCatalogueOptions {
  /** Total number of products wanted in the catalogue. */
  products: number;
  now?: Date;
  /** Share of products with a special price, per client. */
  specialRate?: number;
  onProgress?: (done: number, todo: number) => void;
}

export interface LargeCatalogueResult {
  added: number;
  total: number;
  /** Time per phase (COPY of each table, index builds, vocabulary refresh). */
  times: PhaseTimes;
}

export async function seedLargeCatalogue(sql: postgres.Sql, opts: LargeCatalogueOptions): Promise<LargeCatalogueResult> {
  const now = opts.now ?? new Date();
  const [{ n, maxId }] = await sql<{ n: number; maxId: number }[]>`
    select count(*)::int as n, coalesce(max(id), 0)::int as "maxId" from prodotti`;
  // Generator indexes continue after the products already present (the demo holds 0..1999).
  const todo = opts.products - n;
  if (todo <= 0) return { added: 0, total: n, times: new PhaseTimes() };

  const cats = await sql<{ cod: string; id: number }[]>`select cod_cat as cod, id from categorie`;
  const clients = await sql<{ id: number; lisMaga: number; sconto: string }[]>`
    select id, lis_maga as "lisMaga", sconto from clienti order by id`;

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
