/**
 * Writes generated products with their prices, codes and special prices. The demo seed and
 * the large-catalogue generator both load products through here, so they cannot drift apart.
 */
import type postgres from 'postgres';
import { generateProduct, millsToText, type GeneratedProduct } from './catalog-generator.js';
import { resumeAfterBulkLoad, suspendForBulkLoad } from './bulk-mode.js';
import { copyRows, syncSequence, type CopyValue } from '../server/db/copy.js';
import { rngFor } from './prng.js';

export interface SpecialPriceClient {
  id: number;
  /** Price list number (0 counts as 1). */
  lisMaga: number;
  /** Discount in percent, as in clienti.sconto. */
  sconto: number;
  /** Share of products that get a special net price for this client. */
  rate: number;
}

export interface LoadProductsOptions {
  /** Generator indexes [from, to). */
  from: number;
  to: number;
  /** Database id of product `from`; the next ones follow. */
  firstId: number;
  now: Date;
  /** cod_cat -> categorie.id */
  categoryIds: Map<string, number>;
  specialClients: SpecialPriceClient[];
  /**
   * Drop secondary indexes and foreign keys during the load and rebuild them at the end: worth
   * it for large loads, pointless for the demo's 2,000. Measured on 200,000 products (2 cores):
   * row triggers, foreign keys and indexes maintained row by row made the load 91 s; bulk mode
   * with set-based triggers brings it to about 28 s plus the vocabulary refresh.
   */
  rebuildIndexes?: boolean;
  onProgress?: (done: number) => void;
}

const BATCH = 20_000;
const SPECIAL_SEED = 77_001;

const PRODOTTI_COLUMNS = [
  'id', 'codice_prodotto', 'descrizione1', 'descrizione2', 'titolo_portale', 'descrizione_aggiuntiva',
  'data_creazione', 'famiglia', 'famiglia_id', 'sottofamiglia', 'sottofamiglia_id', 'gruppo', 'gruppo_id',
  'categoria_id', 'um', 'pz_conf', 'iva_aliquota', 'brand_codice', 'brand_nome', 'popolarita', 'created_at', 'updated_at',
  'famiglia_sconto', 'multiplo', 'minimo',
] as const;

function productRow(p: GeneratedProduct, id: number, categoryIds: Map<string, number>): CopyValue[] {
  const categoriaId = categoryIds.get(p.categoriaCod);
  if (categoriaId === undefined) throw new Error(`Categoria ${p.categoriaCod} assente dal database`);
  return [
    id, p.codice, p.descrizione1, p.descrizione2, p.titoloPortale, p.descrizioneAggiuntiva,
    p.createdAt.toISOString().slice(0, 10), p.famiglia, p.famigliaId, p.sottofamiglia, p.sottofamigliaId,
    p.gruppo, p.gruppoId, categoriaId, p.um, p.pzConf, '22', p.brandCodice, p.brandNome, p.popolarita, p.createdAt, p.createdAt,
    p.famigliaSconto, p.multiplo, p.minimo,
  ];
}

/** Stock (giac_attuale and disponibilita alike in the demo), for the staging table seed_giacenze. */
function* stockRows(batch: { p: GeneratedProduct; id: number }[]): Generator<CopyValue[]> {
  for (const { p, id } of batch) yield [id, p.giacenza, p.giacenza, p.ordForn];
}

/** The list price a client sees, in thousandths (null: no price in that list). */
export function listPriceFor(p: GeneratedProduct, lisMaga: number): number | null {
  return lisMaga === 2 ? p.prezzo2 : p.prezzo1;
}

/**
 * Special net price of product p for a client, or null. Below the list price less the client's
 * discount, so that it is always a real saving (PROMO tag).
 */
export function specialPriceFor(p: GeneratedProduct, c: SpecialPriceClient): number | null {
  const r = rngFor(SPECIAL_SEED, p.index, c.id);
  if (r() >= c.rate) return null;
  const list = listPriceFor(p, c.lisMaga);
  if (!list) return null;
  const net = (list / 1000) * (1 - c.sconto / 100) * (0.78 + 0.15 * r());
  return Math.max(10, Math.round(net * 100) * 10);
}

function* priceRows(batch: { p: GeneratedProduct; id: number }[]): Generator<CopyValue[]> {
  for (const { p, id } of batch) {
    yield [id, 1, millsToText(p.prezzo1)];
    if (p.prezzo2 !== null) yield [id, 2, millsToText(p.prezzo2)];
  }
}

function* codeRows(batch: { p: GeneratedProduct; id: number }[]): Generator<CopyValue[]> {
  for (const { p, id } of batch) {
    for (const c of p.codiciArticolo) yield [id, 'articolo', c];
    yield [id, 'fornitore', p.codiceFornitore];
    yield [id, 'ean', p.ean];
  }
}

function* specialRows(batch: { p: GeneratedProduct; id: number }[], clients: SpecialPriceClient[]): Generator<CopyValue[]> {
  for (const { p, id } of batch) {
    for (const c of clients) {
      const price = specialPriceFor(p, c);
      if (price !== null) yield [c.id, id, millsToText(price)];
    }
  }
}

/** Tables written by the loader (bulk mode suspends their secondary indexes and foreign keys). */
const LOADED_TABLES = ['prodotti', 'giacenze', 'prodotti_prezzi', 'prodotti_codici', 'prezzi_speciali', 'prodotti_categorie'];

/**
 * Loads products [from, to) inside the caller's transaction by COPY (each batch's products get
 * their stock rows, categories and own codes from the statement trigger prodotti_nuovi); for
 * large loads the secondary indexes and foreign keys are rebuilt once at the end (bulk-mode.ts).
 */
export async function loadProducts(tx: postgres.TransactionSql, o: LoadProductsOptions): Promise<PhaseTimes> {
  const times = new PhaseTimes();
  if (o.to <= o.from) return times;
  await tx`set local maintenance_work_mem = '256MB'`;
  const suspended = o.rebuildIndexes ? await suspendForBulkLoad(tx, LOADED_TABLES) : undefined;
  // The COPY into prodotti creates each product's stock row (prodotti_giacenze_trg, with zeros);
  // the figures follow from this staging table in one UPDATE at the end.
  await tx`CREATE TEMP TABLE seed_giacenze (prodotto_id int, giac_attuale int, disponibilita int, ord_forn int) ON COMMIT DROP`;

  for (let start = o.from; start < o.to; start += BATCH) {
    const end = Math.min(o.to, start + BATCH);
    const batch: { p: GeneratedProduct; id: number }[] = [];
    for (let i = start; i < end; i++) batch.push({ p: generateProduct(i, o.now), id: o.firstId + (i - o.from) });
    await times.time('copy prodotti', () => copyRows(tx, 'prodotti', PRODOTTI_COLUMNS, batch.map(({ p, id }) => productRow(p, id, o.categoryIds))));
    await times.time('copy giacenze', () => copyRows(tx, 'seed_giacenze', ['prodotto_id', 'giac_attuale', 'disponibilita', 'ord_forn'], stockRows(batch)));
    await times.time('copy prezzi', () => copyRows(tx, 'prodotti_prezzi', ['prodotto_id', 'listino', 'prezzo'], priceRows(batch)));
    await times.time('copy codici', () => copyRows(tx, 'prodotti_codici', ['prodotto_id', 'tipo', 'codice'], codeRows(batch)));
    if (o.specialClients.length > 0) {
      await times.time('copy prezzi speciali', () => copyRows(tx, 'prezzi_speciali', ['cliente_id', 'prodotto_id', 'prezzo'], specialRows(batch, o.specialClients)));
    }
    o.onProgress?.(end - o.from);
  }

  await times.time('giacenze', () => tx`
    UPDATE giacenze g SET giac_attuale = s.giac_attuale, disponibilita = s.disponibilita, ord_forn = s.ord_forn
    FROM seed_giacenze s WHERE g.prodotto_id = s.prodotto_id`);
  await tx`DROP TABLE seed_giacenze`;
  if (suspended) await resumeAfterBulkLoad(tx, suspended, (phase, fn) => times.time(phase, fn));
  await syncSequence(tx, 'prodotti');
  return times;
}

/**
 * Rebuilds the search vocabulary (which also empties the search page cache), makes running
 * servers forget the catalogue they cached (at commit, inside a transaction) and refreshes
 * statistics.
 */
export async function refreshSearch(sql: postgres.Sql | postgres.TransactionSql, times = new PhaseTimes()): Promise<PhaseTimes> {
  await times.time('refresh_search_vocab', () => sql`select refresh_search_vocab()`);
  await sql`SELECT notifica_catalogo('tutto')`;
  await times.time('analyze', () => sql`analyze`);
  return times;
}

/** Milliseconds spent per phase of a load, for the CLI's report. */
export class PhaseTimes {
  readonly ms = new Map<string, number>();

  async time<T>(phase: string, fn: () => Promise<T> | T): Promise<T> {
    const t0 = performance.now();
    try {
      return await fn();
    } finally {
      this.ms.set(phase, (this.ms.get(phase) ?? 0) + performance.now() - t0);
    }
  }

  toString(): string {
    return [...this.ms].map(([k, v]) => `${k} ${(v / 1000).toFixed(1)} s`).join(', ');
  }
}
