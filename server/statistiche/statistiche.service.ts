import { TOP_STATISTICHE, type StatsResponse } from '../../shared/statistiche.js';
import type { Db } from '../db/client.js';

/**
 * ordini/stats from the rollups of server/db/schema/statistiche.table.ts (the queue folded first):
 * the months of the year (or of every year), and each ranking as the first rows of its index
 * for the year (anno 0: all years). Sorted by the table's columns (`s.`), not the rounded text
 * of the same name, and NULLS LAST as the ranking indexes are (DESC alone means NULLS FIRST, and
 * the index would not serve it: a sort of the whole year).
 */
export async function statisticheOrdini(db: Db, anno: number | undefined): Promise<StatsResponse> {
  const sql = db.$client;
  // Orders queued since the last fold count too: the answer is exact.
  await sql`SELECT applica_statistiche()`;
  const chiave = anno ?? 0;
  const [mesi, prodotti, clienti] = await Promise.all([
    sql<StatsResponse['ordiniEImportiPerMeseAnno']>`
      SELECT anno::int, mese::int, sum(numero_ordini)::int AS numero_ordini, round(sum(importo_totale), 2)::text AS importo_totale
      FROM stat_ordini_mese WHERE ${anno ?? null}::int IS NULL OR anno = ${anno ?? null}::int
      GROUP BY anno, mese ORDER BY anno, mese`,
    sql<StatsResponse['prodottiPiuComprati']>`
      SELECT codice_prodotto, prodotto_nome, quantita_totale::int, round(importo_totale, 2)::text AS importo_totale
      FROM stat_prodotti_anno s WHERE anno = ${chiave}
      ORDER BY s.quantita_totale DESC NULLS LAST, s.importo_totale DESC NULLS LAST, s.codice_prodotto LIMIT ${TOP_STATISTICHE}`,
    sql<StatsResponse['clientiPiuAttiviEImportoSpeso']>`
      SELECT cliente_codice, cliente_nome, numero_ordini, round(importo_totale, 2)::text AS importo_totale
      FROM stat_clienti_anno s WHERE anno = ${chiave}
      ORDER BY s.numero_ordini DESC NULLS LAST, s.importo_totale DESC NULLS LAST, s.cliente_id LIMIT ${TOP_STATISTICHE}`,
  ]);
  return { ordiniEImportiPerMeseAnno: mesi, prodottiPiuComprati: prodotti, clientiPiuAttiviEImportoSpeso: clienti };
}
