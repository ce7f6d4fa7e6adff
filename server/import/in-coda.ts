/**
 * The files of the admin screen and of the ERP's push go through the job queue (server/lavori/):
 * the upload is kept in the media store under a folder that is never served (the local folder, or
 * S3, where the worker that runs it on another host finds it), its run recorded
 * 'in_attesa' with its job in one transaction, and the answer goes at once. The job
 * `importa_file` runs the engine on it in a process of its own with a memory ceiling (processo/),
 * one import at a time across all servers (queue 'importazioni'), in a lane of its own so that
 * mail never waits behind a 45-second file, with its progress on the record for any screen (or
 * the ERP) to follow. A server that stops during a run leaves its job to be retried: the run's
 * transaction was never committed.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Task } from 'graphile-worker';
import { z } from 'zod';
import { ERRORI_NEL_RAPPORTO, MSG_IMPORT } from '../../shared/importazioni-costanti.js';
import type { importRequest, Rapporto } from '../../shared/importazioni.js';
import { type Db, inTransazione } from '../db/client.js';
import type { ArchivioMedia, FileLocale } from '../lib/archivio/archivio.js';
import { campoRifiutato, notFound } from '../lib/errors.js';
import type { FileRicevuto } from '../lib/upload/ricevi-file.js';
import { leggiMappa, percorsoMappa } from './colonne.js';
import type { Autore } from './esecuzione.js';
import { impacchetta } from './impacchetta.js';
import { OpzioniNonValide, SOGLIA_PREDEFINITA, verificaOpzioni } from './importa.js';
import type { ProcessiImport } from './processo/avvia.js';
import type { ConfigArchivio } from './processo/messaggi.js';
import { apriRegistro } from './registro.js';
import { erroriImportazione, leggiImportazione } from './storico.js';
import { TIPI } from './tipi/index.js';

/** What an uploaded import file may be, judged from its bytes: text (CSV) or a spreadsheet. */
const AMMESSI = new Set(['csv', 'txt', 'xlsx']);
/** Attempts of a run whose job failed (the database went away, the server stopped). */
const TENTATIVI = 3;
/**
 * The job gets one attempt more than the run: a server that dies during the run's last attempt
 * throws nothing, so the job is handed back (server/lavori/worker-vivi.ts) and this extra attempt
 * only records that the run failed and lets its file go.
 */
const TENTATIVI_LAVORO = TENTATIVI + 1;

/** The files waiting in the queue: a dot folder of the media store, never served. */
const PREFISSO_IMPORT = '.importazioni';

/**
 * The local file to queue: the upload itself, or for the documenti kind (TIPI[…].pacchetto) a ZIP
 * as sent, or the sheet and its `allegati` packed into one (impacchetta.ts, a temporary file).
 */
async function daAccodare(
  tipo: z.output<typeof importRequest>['tipo'], files: readonly FileRicevuto[], tmpDir: string,
): Promise<{ file: FileRicevuto; percorso: string; ext: string; temporaneo?: string }> {
  const file = files.find((f) => f.campo === 'file');
  if (!file) throw campoRifiutato('file', MSG_IMPORT.fileMancante);
  const allegati = files.filter((f) => f.campo === 'allegati');
  if (!TIPI[tipo].pacchetto) {
    if (allegati.length > 0) throw campoRifiutato('allegati', MSG_IMPORT.allegatiSoloDocumenti);
    if (!file.tipo || !AMMESSI.has(file.tipo.ext)) throw campoRifiutato('file', MSG_IMPORT.soloCsvXlsx);
    return { file, percorso: file.percorso, ext: file.tipo.ext };
  }
  if (file.tipo?.ext === 'zip') {
    if (allegati.length > 0) throw campoRifiutato('allegati', MSG_IMPORT.allegatiConZip);
    return { file, percorso: file.percorso, ext: 'zip' };
  }
  if (!file.tipo || !AMMESSI.has(file.tipo.ext)) throw campoRifiutato('file', MSG_IMPORT.documentiCsvZip);
  const zip = await impacchetta(file, allegati, tmpDir);
  return { file, percorso: zip, ext: 'zip', temporaneo: zip };
}

/** Keeps an uploaded file and queues its run; the answer is the queued run. `tmpDir`: where a documenti upload is packed. */
export async function accodaImport(
  db: Db, archivio: ArchivioMedia, files: readonly FileRicevuto[], input: z.output<typeof importRequest>, autore: Autore, tmpDir: string,
): Promise<Rapporto> {
  const file = files.find((f) => f.campo === 'file');
  if (!file) throw campoRifiutato('file', MSG_IMPORT.fileMancante);
  const opzioni = { tipo: input.tipo, file: file.nome, autore, completo: input.completo, prova: input.prova, soglia: input.soglia };
  try {
    verificaOpzioni(opzioni);
  } catch (err) {
    if (err instanceof OpzioniNonValide) throw campoRifiutato(err.campo, err.message);
    throw err;
  }
  const da = await daAccodare(input.tipo, files, tmpDir);
  const salvato = `${PREFISSO_IMPORT}/${crypto.randomUUID()}.${da.ext}`;
  try {
    await archivio.salvaFile(salvato, da.percorso);
  } finally {
    if (da.temporaneo) await fs.promises.rm(da.temporaneo, { force: true });
  }
  try {
    const id = await inTransazione(db, async (tx) => {
      const nuovo = await apriRegistro(tx, opzioni, input.soglia ?? SOGLIA_PREDEFINITA, salvato);
      await tx.$client`SELECT graphile_worker.add_job('importa_file', json_build_object('id', ${nuovo}::int),
        queue_name => 'importazioni', max_attempts => ${TENTATIVI_LAVORO})`;
      return nuovo;
    });
    return (await rapportoImportazione(db, id))!;
  } catch (err) {
    await archivio.cancella([salvato]);
    throw err;
  }
}

/** A run as the screen and the ERP read it: its record, the first refused rows, a message. */
export async function rapportoImportazione(db: Db, id: number): Promise<Rapporto | undefined> {
  const importazione = await leggiImportazione(db, id);
  if (!importazione) return undefined;
  const errori = importazione.scartate > 0 ? (await erroriImportazione(db, id, 0, ERRORI_NEL_RAPPORTO)).errori : [];
  const msg = {
    in_attesa: MSG_IMPORT.inAttesa,
    in_corso: MSG_IMPORT.inCorso,
    applicata: MSG_IMPORT.applicata,
    verificata: MSG_IMPORT.verificata,
    rifiutata: importazione.motivo ?? MSG_IMPORT.rifiutata,
    fallita: importazione.motivo ?? MSG_IMPORT.rifiutata,
  }[importazione.stato];
  return { status: importazione.stato === 'rifiutata' || importazione.stato === 'fallita' ? 1 : 0, msg, importazione, errori };
}

/**
 * The report of a run pushed by the ERP, for the token that pushed it only: another's runs are as
 * unknown to it as ids never used (the same answer, which does not tell that a run exists).
 */
export async function rapportoDelToken(db: Db, id: number, tokenId: number): Promise<Rapporto> {
  const [r] = await db.$client<{ token_id: number | null }[]>`SELECT token_id FROM importazioni WHERE id = ${id}`;
  if (!r || r.token_id !== tokenId) throw notFound(MSG_IMPORT.sconosciuta);
  return (await rapportoImportazione(db, id))!;
}

export interface OpzioniLavoro {
  databaseUrl: string;
  /** The media store as configured: the import's process builds its own from it. */
  archivio: ConfigArchivio;
  /** The portal's address (PUBLIC_URL), for the links of the mails a kind queues. */
  urlPortale: string;
  dataDir: string;
  /** The import processes (processo/avvia.ts): each run in one of its own, started ahead when configured. */
  processi: ProcessiImport;
}

/**
 * The job: runs a queued file in a process of its own (processo/), from a local copy when the
 * store is S3, then lets it go (also after its last failed attempt, and at once when that process
 * died: a file that kills it would kill it again).
 */
export function importaFile(db: Db, archivio: ArchivioMedia, o: OpzioniLavoro, log: Pick<FastifyBaseLogger, 'warn'>): Task {
  const sql = db.$client;
  return async (payload, helpers) => {
    const { id } = z.object({ id: z.number().int() }).parse(payload);
    const [r] = await sql<{
      tipo: string; file: string; origine: Autore['origine']; admin_id: number | null; token_id: number | null; autore: string;
      completo: boolean; prova: boolean; soglia: number; stato: string; file_salvato: string | null;
    }[]>`
      SELECT tipo, file, origine, admin_id, token_id, autore, completo, prova, soglia::float8 AS soglia, stato, file_salvato
      FROM importazioni WHERE id = ${id}`;
    if (!r?.file_salvato) return;
    // A run queued before the media store kept its file's absolute path, MEDIA_DIR/.importazioni/….
    const salvato = path.isAbsolute(r.file_salvato) ? `${PREFISSO_IMPORT}/${path.basename(r.file_salvato)}` : r.file_salvato;
    // The file goes before the record forgets it: a record without a key never leaves a file
    // behind, and a removal that failed is done again by the job's next attempt.
    const fine = async () => {
      await archivio.cancella([salvato]);
      await sql`UPDATE importazioni SET file_salvato = NULL WHERE id = ${id}`;
    };
    // Already ended (a job retried after its run was recorded): only its file is left to let go.
    if (!['in_attesa', 'in_corso'].includes(r.stato)) return fine();
    if (helpers.job.attempts > TENTATIVI) {
      await sql`UPDATE importazioni SET stato = 'fallita', fase = NULL, percentuale = NULL, finita_at = now(),
        motivo = ${`Importazione non riuscita: il server che la eseguiva si è fermato durante ognuno dei ${TENTATIVI} tentativi`}
        WHERE id = ${id} AND stato IN ('in_attesa', 'in_corso')`;
      return fine();
    }
    // Picked up: no longer waiting in the queue, though its process is still starting (the screen says 'avvio').
    await sql`UPDATE importazioni SET stato = 'in_corso', fase = NULL, percentuale = NULL WHERE id = ${id} AND stato = 'in_attesa'`;
    const mappa = percorsoMappa(process.env.IMPORT_COLONNE, o.dataDir);
    let locale: FileLocale | undefined;
    try {
      // A stored file that went missing fails here, before a process is started for it.
      locale = await archivio.fileLocale(salvato);
      const esito = await o.processi.esegui({
        databaseUrl: o.databaseUrl,
        archivio: o.archivio,
        urlPortale: o.urlPortale,
        percorso: locale.percorso,
        opzioni: {
          tipo: r.tipo as z.output<typeof importRequest>['tipo'], file: r.file, registro: id,
          autore: { origine: r.origine, adminId: r.admin_id ?? undefined, tokenId: r.token_id ?? undefined, nome: r.autore },
          completo: r.completo, prova: r.prova, soglia: r.soglia, colonne: mappa ? leggiMappa(mappa) : undefined,
        },
      });
      if (esito.tipo === 'errore') throw new Error(esito.messaggio);
      if (esito.tipo === 'interrotto') {
        await sql`UPDATE importazioni SET stato = 'fallita', motivo = ${esito.motivo}, fase = NULL, percentuale = NULL, finita_at = now(),
          durata_ms = (extract(epoch FROM now() - iniziata_at) * 1000)::int
          WHERE id = ${id} AND stato IN ('in_attesa', 'in_corso')`;
      }
    } catch (err) {
      if (helpers.job.attempts >= TENTATIVI) {
        // The last attempt: the run ends failed (the engine may have said why already), and the job with it.
        const motivo = `Importazione non riuscita dopo ${TENTATIVI} tentativi (${(err as Error).message})`;
        await sql`UPDATE importazioni SET stato = 'fallita', motivo = coalesce(motivo, ${motivo}), finita_at = now()
          WHERE id = ${id} AND stato IN ('in_attesa', 'in_corso', 'fallita')`;
        await fine();
        log.warn({ err, importazione: id }, 'importazione fallita dopo l\'ultimo tentativo');
        return;
      }
      // Attempts left: a run still under way waits again, and whoever follows it keeps following
      // (one whose outcome was committed with its data has ended: the retry only lets its file go).
      await sql`UPDATE importazioni SET stato = 'in_attesa' WHERE id = ${id} AND stato = 'in_corso'`;
      throw err;
    } finally {
      await locale?.rilascia();
    }
    await fine();
  };
}
