/**
 * The fixed demo dataset (docs/regole/generale.md#demo-data), loaded into an empty database at first start.
 * Everything is generated deterministically: the same codes, names and relations on every run,
 * with dates relative to `now`.
 */
import type postgres from 'postgres';
import type { Db } from '../server/db/client.js';
import type { ArchivioMedia } from '../server/lib/archivio/archivio.js';
import { DEMO_PRODUCTS, generateProduct, type GeneratedProduct } from './catalog-generator.js';
import { loadProducts, refreshSearch, type SpecialPriceClient } from './catalog-loader.js';
import { CLIENTI, seedAnagrafica } from './demo-anagrafica.js';
import { seedBudget, seedDispositivi, seedListe, seedOrdini } from './demo-activity.js';
import { seedAgenti } from './demo-agenti.js';
import { seedDocumenti } from './demo-documenti.js';
import { seedResi } from './demo-resi.js';
import { seedPreventivi } from './demo-preventivi.js';
import { seedBrand, seedCategorie } from './demo-catalogo.js';
import { seedSconti } from './demo-sconti.js';
import { seedPreventiviCliente } from './demo-preventivi-cliente.js';
import { seedContabilita } from './demo-contabilita.js';
import { seedMultimedia, seedProductMedia, seedVolantini } from './demo-media.js';
import { MediaWriter } from './media-files.js';

export interface SeedDemoOptions {
  /** The media store served under /media/ (the folder MEDIA_DIR or S3). */
  archivio: ArchivioMedia;
  /** Reference time for every relative date (new products, orders, flyers). */
  now?: Date;
}

/** Mario's client and Giulia's two clients get special net prices on a few percent of products. */
const SPECIAL_RATES: Record<number, number> = { 1: 0.04, 2: 0.03, 3: 0.03 };

export const DEMO_SPECIAL_CLIENTS: SpecialPriceClient[] = CLIENTI
  .filter((c) => SPECIAL_RATES[c.id])
  .map((c) => ({ id: c.id, lisMaga: c.lisMaga, sconto: c.sconto, rate: SPECIAL_RATES[c.id] }));

/** True when no customer user exists yet: the caller then loads the demo. */
export async function isDatabaseEmpty(sql: postgres.Sql): Promise<boolean> {
  const [row] = await sql<{ found: boolean }[]>`select exists (select 1 from utenti) as found`;
  return !row.found;
}

/**
 * Loads the demo into an empty database. It runs as one transaction on the postgres.js handle
 * (COPY needs it), so a failure leaves the database empty and the next start tries again.
 * `_db` is accepted for symmetry with the other startup steps.
 */
export async function seedDemo(_db: Db, sql: postgres.Sql, opts: SeedDemoOptions): Promise<void> {
  const now = opts.now ?? new Date();
  const media = new MediaWriter(opts.archivio);
  const products: GeneratedProduct[] = Array.from({ length: DEMO_PRODUCTS }, (_, i) => generateProduct(i, now));
  // Product n of the generator gets id n + 1 (explicit ids: the database is empty).
  const productId = (p: GeneratedProduct) => p.index + 1;

  await sql.begin(async (tx) => {
    await seedAnagrafica(tx, now);
    const categoryIds = await seedCategorie(tx);
    await seedBrand(tx, media);
    await loadProducts(tx, {
      from: 0, to: DEMO_PRODUCTS, firstId: 1, now, categoryIds, specialClients: DEMO_SPECIAL_CLIENTS,
    });
    await seedSconti(tx);
    await seedProductMedia(tx, media, products);
    await seedVolantini(tx, media, products, productId, now);
    await seedMultimedia(tx, media, now);
    const activity = { products, productId, specialClients: DEMO_SPECIAL_CLIENTS, now };
    await seedOrdini(tx, activity, () => seedAgenti(tx, activity));
    // After the orders: the ordered quote is one of them.
    await seedPreventivi(tx, now);
    // The orders were copied in, not placed through crea_ordine: build the statistics from them.
    await tx`select ricalcola_statistiche()`;
    await seedListe(tx, activity);
    await seedDispositivi(tx, now);
    await seedBudget(tx, now);
    await seedContabilita(tx, now);
    await seedDocumenti(tx, media);
    await seedResi(tx);
    await seedPreventiviCliente(tx, now);
    // Files before commit: if the media store is not writable, nothing is half-loaded.
    await media.flush();
    await refreshSearch(tx);
  });
}
