/**
 * The run record (importazioni, importazioni_errori): written outside the run's transaction, so
 * that refused and failed runs are in the history too.
 */
import { type Db, inTransazione } from '../db/client.js';
import { copyRows } from '../db/copy.js';
import type { ErroreRiga } from './definizione.js';
import type { OpzioniImport, RapportoImport } from './esecuzione.js';

/** Refused rows kept per run (the count of importazioni.scartate is always whole). */
export const ERRORI_REGISTRATI = 10_000;
/** Characters kept of a text from the file (a refused value, a column's name): enough to find it in the file. */
export const MAX_TESTO_REGISTRATO = 200;
/** Characters kept of a run's reason. */
const MAX_MOTIVO = 2_000;
const motivoRegistrato = (m: string | undefined) => (m === undefined ? null : troncato(m, MAX_MOTIVO));

/** `s` cut to `max` characters (never inside a surrogate pair), saying so. */
export function troncato(s: string, max = MAX_TESTO_REGISTRATO): string {
  if (s.length <= max) return s;
  const c = s.charCodeAt(max - 1);
  const fine = c >= 0xd800 && c <= 0xdbff ? max - 1 : max;
  return `${s.slice(0, fine)}… (troncato)`;
}

/**
 * Opens a run's record: 'in_corso' for a run starting now, or 'in_attesa' with the stored file
 * for one queued for its job (in-coda.ts, inside the transaction that queues the job).
 */
export async function apriRegistro(
  db: Db, o: Omit<OpzioniImport, 'onProgress'>, soglia: number, fileSalvato?: string,
): Promise<number> {
  const [r] = await db.$client<{ id: number }[]>`
    INSERT INTO importazioni (tipo, file, origine, admin_id, token_id, autore, completo, prova, soglia, stato, file_salvato)
    VALUES (${o.tipo}, ${o.file}, ${o.autore.origine}, ${o.autore.adminId ?? null}, ${o.autore.tokenId ?? null}, ${o.autore.nome},
            ${o.completo ?? false}, ${o.prova ?? false}, ${soglia}, ${fileSalvato ? 'in_attesa' : 'in_corso'}, ${fileSalvato ?? null})
    RETURNING id`;
  return r!.id;
}

/** A queued run's job starts it (again, after a failed attempt). */
export async function riprendiRegistro(db: Db, id: number): Promise<void> {
  await db.$client`UPDATE importazioni SET stato = 'in_corso', motivo = NULL, fase = NULL, percentuale = NULL, righe_lette = 0 WHERE id = ${id}`;
}

/**
 * A run's outcome and its refused rows. An applied file's are written in the file's own
 * transaction (importa.ts): a job retried after its process died past that commit finds the run
 * ended (in-coda.ts) and does not apply the file a second time. The time is the statement's:
 * inside that transaction now() is when the run began.
 */
export async function scriviEsito(tx: Db, r: RapportoImport): Promise<void> {
  await tx.$client`
    UPDATE importazioni SET stato = ${r.stato}, motivo = ${motivoRegistrato(r.motivo)}, righe_lette = ${r.righeLette},
      nuove = ${r.nuove}, modificate = ${r.modificate}, invariate = ${r.invariate}, ritirate = ${r.ritirate},
      scartate = ${r.scartate}, colonne_ignorate = ${r.colonneIgnorate}, finita_at = statement_timestamp(),
      fase = NULL, percentuale = NULL
    WHERE id = ${r.id}`;
  await copyRows(tx.$client, 'importazioni_errori', ['importazione_id', 'riga', 'colonna', 'valore', 'messaggio'],
    r.errori.slice(0, ERRORI_REGISTRATI).map((e: ErroreRiga) => [r.id, e.riga, e.colonna ?? null, e.valore ?? null, e.messaggio]));
}

/** Ends a run's record: its outcome (an applied file's is written already), how long it took, what failed after the commit. */
export async function chiudiRegistro(db: Db, r: RapportoImport): Promise<void> {
  await inTransazione(db, async (tx) => {
    if (r.stato !== 'applicata') await scriviEsito(tx, r);
    await tx.$client`UPDATE importazioni SET durata_ms = ${r.durataMs}, motivo = ${motivoRegistrato(r.motivo)} WHERE id = ${r.id}`;
  });
}

/** A run that failed on an unexpected error (the database went away, a bug): its record says so. */
export async function registroFallito(db: Db, id: number, motivo: string, durataMs: number): Promise<void> {
  await db.$client`UPDATE importazioni SET stato = 'fallita', motivo = ${troncato(motivo, MAX_MOTIVO)}, finita_at = now(), durata_ms = ${durataMs} WHERE id = ${id}`;
}
