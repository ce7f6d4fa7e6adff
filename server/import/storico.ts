import type { ErroreImport, Importazione } from '../../shared/importazioni.js';
import type { Db, Sql } from '../db/client.js';

const COLONNE = (sql: Sql) => sql`
  id, tipo, file, origine, autore, completo, prova, stato, motivo, righe_lette, nuove, modificate, invariate,
  ritirate, scartate, colonne_ignorate, fase, percentuale,
  iso_utc(iniziata_at) AS iniziata_at, durata_ms`;

/** The runs, newest first (importazioni_iniziata_idx). */
export async function storicoImportazioni(db: Db, start: number, limit: number): Promise<{ importazioni: Importazione[]; totale: number }> {
  const sql = db.$client;
  const [importazioni, [conta]] = await Promise.all([
    sql<Importazione[]>`SELECT ${COLONNE(sql)} FROM importazioni ORDER BY iniziata_at DESC, id DESC LIMIT ${limit} OFFSET ${start}`,
    sql<{ n: number }[]>`SELECT count(*)::int AS n FROM importazioni`,
  ]);
  return { importazioni, totale: conta!.n };
}

export async function leggiImportazione(db: Db, id: number): Promise<Importazione | undefined> {
  const sql = db.$client;
  const [r] = await sql<Importazione[]>`SELECT ${COLONNE(sql)} FROM importazioni WHERE id = ${id}`;
  return r;
}

/** A page of a run's refused rows in line order (importazioni_errori_importazione_idx), and how many it has. */
export async function erroriImportazione(db: Db, id: number, start: number, limit: number): Promise<{ errori: ErroreImport[]; totale: number }> {
  const sql = db.$client;
  const [errori, [conta]] = await Promise.all([
    sql<ErroreImport[]>`
      SELECT riga, colonna, valore, messaggio FROM importazioni_errori WHERE importazione_id = ${id} ORDER BY riga, id LIMIT ${limit} OFFSET ${start}`,
    sql<{ n: number }[]>`SELECT count(*)::int AS n FROM importazioni_errori WHERE importazione_id = ${id}`,
  ]);
  return { errori, totale: conta!.n };
}
