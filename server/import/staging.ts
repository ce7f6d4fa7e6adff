/**
 * The staging table of a run: the file's rows land in the temporary table `imp_righe` by COPY as
 * they are read (valid rows with their values, refused ones with their line and key only), and
 * every check and write after that is one set-based statement over it. It lives in the run's
 * transaction and is dropped at its end.
 */
import type { Sql } from '../db/client.js';
import { copyRows, type CopyValue } from '../db/copy.js';
import type { ErroreRiga, Lavoro } from './definizione.js';

/** The connection of the run's transaction (Lavoro.tx). */
type Tx = Sql;

/** Only names from the kinds' own definitions ever reach this, never a name from a file. */
export const ident = (s: string): string => `"${s.replace(/"/g, '""')}"`;

export async function creaStaging(tx: Tx, colonne: { nome: string; sql: string }[]): Promise<void> {
  const defs = colonne.map((c) => `${ident(c.nome)} ${c.sql}`).join(', ');
  await tx.unsafe(`CREATE TEMP TABLE imp_righe (riga int PRIMARY KEY, ok boolean NOT NULL, esito text${defs ? `, ${defs}` : ''}) ON COMMIT DROP`);
}

export async function copiaStaging(tx: Tx, colonne: string[], righe: AsyncIterable<CopyValue[]>): Promise<void> {
  await copyRows(tx, 'imp_righe', ['riga', 'ok', ...colonne], righe);
  // Temporary tables are never analysed by autovacuum: without statistics the joins below would
  // be planned for a table of a few rows.
  await tx`ANALYZE imp_righe`;
}

/**
 * Refuses the ok rows matching `dove` (SQL over imp_righe, alias s): they stay out of every
 * write. `colonna` is a field; the error names its column as the file does, with its value.
 */
export async function scarta(l: Lavoro, dove: string, colonna: string, messaggio: string): Promise<ErroreRiga[]> {
  const righe = await l.tx.unsafe<{ riga: number; valore: string | null }[]>(
    `UPDATE imp_righe s SET ok = false WHERE s.ok AND (${dove}) RETURNING s.riga, s.${ident(colonna)}::text AS valore`,
  );
  return righe.map((r) => ({ riga: r.riga, colonna: l.nomi.get(colonna) ?? colonna, valore: r.valore ?? undefined, messaggio }));
}

/** Rows per outcome among the rows still ok. */
export async function contaEsiti(tx: Tx): Promise<{ nuove: number; modificate: number; invariate: number }> {
  const [c] = await tx<{ nuove: number; modificate: number; invariate: number }[]>`
    SELECT count(*) FILTER (WHERE esito = 'nuovo')::int AS nuove,
           count(*) FILTER (WHERE esito = 'cambiato')::int AS modificate,
           count(*) FILTER (WHERE esito = 'invariato')::int AS invariate
    FROM imp_righe WHERE ok`;
  return c;
}
