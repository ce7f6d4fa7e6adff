import type { Db } from '../db/client.js';
import type { Log } from '../erp/disponibilita-live.js';

/**
 * The jobs of a committed order (its confirmation mail, its hand-over to the ERP), in a
 * transaction of their own (server/ordini/sql/accoda_lavori_ordini.sql says why). The order stands
 * whatever happens here: a failure is logged and the workers queue them within a minute
 * (riaccodaLavoriOrdini).
 */
export async function accodaLavori(db: Db, ordineId: number, log: Log): Promise<void> {
  try {
    await db.$client`SELECT accoda_lavori_ordini(${[ordineId]}::int[])`;
  } catch (err) {
    log.warn({ err, ordine_id: ordineId }, "Lavori dell'ordine non accodati: li accoda un worker entro un minuto");
  }
}

/** The scheduled task `riaccoda_lavori_ordini`: the jobs no call of accodaLavori queued. */
export async function riaccodaLavoriOrdini(db: Db, log: Log): Promise<void> {
  const [r] = await db.$client<{ n: number }[]>`SELECT riaccoda_lavori_ordini() AS n`;
  if (r && r.n > 0) log.warn({ ordini: r.n }, 'Lavori di ordini confermati accodati di nuovo');
}
