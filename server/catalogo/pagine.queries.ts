import type postgres from 'postgres';
import { NOVITA_GIORNI } from '../../shared/catalogo-costanti.js';
import type { Db, Sql } from '../db/client.js';
import type { CatalogoCache } from './catalogo.cache.js';

/** A paged product list: the ids of a page, in order, and the list's total. */
export interface Elenco {
  pagina: (start: number, limit: number) => Promise<number[]>;
  totale: () => Promise<number>;
}

type Ids = postgres.PendingQuery<{ id: number }[]>;
/**
 * Which products a browse list holds (a category, a brand, a flyer, the new products) and how
 * many: both move only when the catalogue changes (imports, admin edits), while counting a top
 * category of a large catalogue reads tens of thousands of index entries. Pages of ids and totals
 * are kept by the catalogue cache (catalogo.cache.ts). Prices and stock of the products on a page
 * are always read live.
 */
const elenco = (
  db: Db, cache: CatalogoCache, key: string,
  pagina: (sql: Sql, start: number, limit: number) => Ids, count: (sql: Sql) => Promise<{ n: number }[]>,
): Elenco => ({
  pagina: (start, limit) => cache.pagine.ricorda(`${key}:${start}:${limit}`,
    async () => (await pagina(db.$client, start, limit)).map((r) => r.id)),
  totale: () => cache.totali.ricorda(key, async () => (await count(db.$client))[0]?.n ?? 0),
});

// Customer lists show visible products only: status 0 and not deleted.

/** A category with all its sub-categories: one range of prodotti_categorie (visible products only). */
export const elencoCategoria = (db: Db, cache: CatalogoCache, categoriaId: number) => elenco(db, cache, `categoria:${categoriaId}`,
  (sql, start, limit) => sql`
    SELECT prodotto_id AS id FROM prodotti_categorie WHERE categoria_id = ${categoriaId}
    ORDER BY prodotto_id LIMIT ${limit} OFFSET ${start}`,
  (sql) => sql`SELECT count(*)::int AS n FROM prodotti_categorie WHERE categoria_id = ${categoriaId}`);

export const elencoMarchio = (db: Db, cache: CatalogoCache, brandCodice: string) => elenco(db, cache, `brand:${brandCodice}`,
  (sql, start, limit) => sql`
    SELECT p.id FROM prodotti p WHERE p.brand_codice = ${brandCodice} AND p.status = 0 AND p.deleted_at IS NULL
    ORDER BY p.id LIMIT ${limit} OFFSET ${start}`,
  (sql) => sql`SELECT count(*)::int AS n FROM prodotti p
            WHERE p.brand_codice = ${brandCodice} AND p.status = 0 AND p.deleted_at IS NULL`);

export const elencoVolantino = (db: Db, cache: CatalogoCache, volantinoId: number) => elenco(db, cache, `volantino:${volantinoId}`,
  (sql, start, limit) => sql`
    SELECT p.id FROM volantini_prodotti vp JOIN prodotti p ON p.id = vp.prodotto_id
    WHERE vp.volantino_id = ${volantinoId} AND p.status = 0 AND p.deleted_at IS NULL
    ORDER BY vp.ordine, p.id LIMIT ${limit} OFFSET ${start}`,
  (sql) => sql`SELECT count(*)::int AS n FROM volantini_prodotti vp JOIN prodotti p ON p.id = vp.prodotto_id
            WHERE vp.volantino_id = ${volantinoId} AND p.status = 0 AND p.deleted_at IS NULL`);

/** Products created within the last NOVITA_GIORNI days, newest first. */
export const elencoNovita = (db: Db, cache: CatalogoCache) => elenco(db, cache, 'novita',
  (sql, start, limit) => sql`
    SELECT p.id FROM prodotti p
    WHERE p.created_at > now() - make_interval(days => ${NOVITA_GIORNI}) AND p.status = 0 AND p.deleted_at IS NULL
    ORDER BY p.created_at DESC, p.id LIMIT ${limit} OFFSET ${start}`,
  (sql) => sql`SELECT count(*)::int AS n FROM prodotti p
            WHERE p.created_at > now() - make_interval(days => ${NOVITA_GIORNI}) AND p.status = 0 AND p.deleted_at IS NULL`);

/** The user's most recently ordered products for one client. */
export async function ultimiOrdinati(db: Db, utenteId: number, clienteId: number, limit: number): Promise<number[]> {
  const sql = db.$client;
  const rows = await sql<{ id: number }[]>`
    SELECT r.prodotto_id AS id
    FROM ordini o JOIN ordini_righe r ON r.ordine_id = o.id
    JOIN prodotti p ON p.id = r.prodotto_id
    WHERE o.utente_id = ${utenteId} AND o.cliente_id = ${clienteId} AND p.status = 0 AND p.deleted_at IS NULL
    GROUP BY r.prodotto_id ORDER BY max(o.created_at) DESC, r.prodotto_id LIMIT ${limit}`;
  return rows.map((r) => r.id);
}

/**
 * Random visible products in stock, without sorting the catalogue: random ids drawn between
 * the smallest and largest id, then the ones that exist.
 */
export async function prodottiCasuali(db: Db, limit: number): Promise<number[]> {
  const sql = db.$client;
  const rows = await sql<{ id: number }[]>`
    WITH b AS (SELECT min(id) AS lo, max(id) AS hi FROM prodotti),
    r AS (SELECT DISTINCT (b.lo + floor(random() * (b.hi - b.lo + 1)))::int AS id
          FROM b, generate_series(1, ${limit * 8}))
    SELECT p.id FROM r JOIN prodotti p ON p.id = r.id JOIN giacenze g ON g.prodotto_id = p.id
    WHERE p.status = 0 AND p.deleted_at IS NULL AND g.disponibilita > 0
    LIMIT ${limit}`;
  return rows.map((r) => r.id);
}

/**
 * Products with custom portal texts (titolo_portale or descrizione_aggiuntiva), newest change
 * first: the range of the partial index prodotti_custom_idx (its predicate written as here).
 */
export const elencoCustom = (db: Db, cache: CatalogoCache) => elenco(db, cache, 'custom',
  (sql, start, limit) => sql`
    SELECT p.id FROM prodotti p
    WHERE (coalesce(titolo_portale, '') <> '' OR descrizione_aggiuntiva <> '') AND status = 0 AND deleted_at IS NULL
    ORDER BY p.updated_at DESC, p.id LIMIT ${limit} OFFSET ${start}`,
  (sql) => sql`SELECT count(*)::int AS n FROM prodotti p
            WHERE (coalesce(titolo_portale, '') <> '' OR descrizione_aggiuntiva <> '') AND status = 0 AND deleted_at IS NULL`);

export async function idByCodice(db: Db, codiceProdotto: string): Promise<number | undefined> {
  const sql = db.$client;
  const rows = await sql<{ id: number }[]>`
    SELECT p.id FROM prodotti p WHERE p.codice_prodotto = ${codiceProdotto} AND p.status = 0 AND p.deleted_at IS NULL`;
  return rows[0]?.id;
}
