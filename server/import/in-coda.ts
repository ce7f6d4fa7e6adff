/**
 * The files of the admin screen and of the ERP's push go through the job queue (server/lavori/):
 * the upload is kept in a folder beside the media that is never served, its run recorded
 * 'in_attesa' with its job in one transaction, and the answer goes at once. The job
 * `importa_file` runs the engine on it, one import at a time across all servers (queue
 * 'importazioni'), in a lane of its own so that mail never waits behind a 45-second file, with
 * its progress on the record for any screen (or the ERP) to follow. A server that stops during a
 * run leaves its job to be retried: the run's transaction was never committed.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Task } from 'graphile-worker';
import { z } from 'zod';
import { ERRORI_NEL_RAPPORTO, MSG_IMPORT, type importRequest, type Rapporto } from '../../shared/importazioni.js';
import type { Sql } from '../db/client.js';
import { badRequest } from '../lib/errors.js';
import type { FileRicevuto } from '../lib/upload/ricevi-file.js';
import { leggiMappa, percorsoMappa } from './colonne.js';
import type { Autore } from './esecuzione.js';
import { importa, OpzioniNonValide, SOGLIA_PREDEFINITA, verificaOpzioni } from './importa.js';
import { apriRegistro } from './registro.js';
import { erroriImportazione, leggiImportazione } from './storico.js';

/** What an uploaded import file may be, judged from its bytes: text (CSV) or a spreadsheet. */
const AMMESSI = new Set(['csv', 'txt', 'xlsx']);
/** Progress is written at most this often (each write is one short UPDATE). */
const OGNI_MS = 500;
/** Attempts of a run whose job failed (the database went away, the server stopped). */
const TENTATIVI = 3;

/** Beside the media (the upload's temporary copy is renamed, not copied), a dot folder never served. */
export const cartellaImport = (mediaDir: string) => path.join(mediaDir, '.importazioni');

/** Keeps an uploaded file and queues its run; the answer is the queued run. */
export async function accodaImport(
  sql: Sql, mediaDir: string, files: readonly FileRicevuto[], input: z.output<typeof importRequest>, autore: Autore,
): Promise<Rapporto> {
  const file = files.find((f) => f.campo === 'file');
  if (!file) throw badRequest(MSG_IMPORT.fileMancante);
  if (!file.tipo || !AMMESSI.has(file.tipo.ext)) throw badRequest(MSG_IMPORT.soloCsvXlsx);
  const opzioni = { tipo: input.tipo, file: file.nome, autore, completo: input.completo, prova: input.prova, soglia: input.soglia };
  try {
    verificaOpzioni(opzioni);
  } catch (err) {
    if (err instanceof OpzioniNonValide) throw badRequest(err.message);
    throw err;
  }
  const dir = cartellaImport(mediaDir);
  await fs.promises.mkdir(dir, { recursive: true });
  const salvato = path.join(dir, `${crypto.randomUUID()}.${file.tipo.ext}`);
  await fs.promises.rename(file.percorso, salvato);
  try {
    const id = await sql.begin(async (tx) => {
      const nuovo = await apriRegistro(tx, opzioni, input.soglia ?? SOGLIA_PREDEFINITA, salvato);
      await tx`SELECT graphile_worker.add_job('importa_file', json_build_object('id', ${nuovo}::int),
        queue_name => 'importazioni', max_attempts => ${TENTATIVI})`;
      return nuovo;
    });
    return (await rapportoImportazione(sql, id))!;
  } catch (err) {
    await fs.promises.rm(salvato, { force: true });
    throw err;
  }
}

/** A run as the screen and the ERP read it: its record, the first refused rows, a message. */
export async function rapportoImportazione(sql: Sql, id: number): Promise<Rapporto | undefined> {
  const importazione = await leggiImportazione(sql, id);
  if (!importazione) return undefined;
  const errori = importazione.scartate > 0 ? await erroriImportazione(sql, id, ERRORI_NEL_RAPPORTO) : [];
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

/** The job: runs a queued file, then lets it go (also after its last failed attempt). */
export function importaFile(sql: Sql, dataDir: string, log: Pick<FastifyBaseLogger, 'warn'>): Task {
  return async (payload, helpers) => {
    const { id } = z.object({ id: z.number().int() }).parse(payload);
    const [r] = await sql<{
      tipo: string; file: string; origine: Autore['origine']; admin_id: number | null; token_id: number | null; autore: string;
      completo: boolean; prova: boolean; soglia: number; stato: string; file_salvato: string | null;
    }[]>`
      SELECT tipo, file, origine, admin_id, token_id, autore, completo, prova, soglia::float8 AS soglia, stato, file_salvato
      FROM importazioni WHERE id = ${id}`;
    // Already run (a job retried after its run was recorded): nothing to do.
    if (!r?.file_salvato || !['in_attesa', 'in_corso', 'fallita'].includes(r.stato)) return;
    const salvato = r.file_salvato;
    const fine = async () => {
      await sql`UPDATE importazioni SET file_salvato = NULL WHERE id = ${id}`;
      await fs.promises.rm(salvato, { force: true });
    };
    let letti = 0;
    async function* contati(): AsyncIterable<Buffer> {
      for await (const c of fs.createReadStream(salvato)) {
        letti += (c as Buffer).length;
        yield c as Buffer;
      }
    }
    let ultimo = 0;
    const mappa = percorsoMappa(process.env.IMPORT_COLONNE, dataDir);
    try {
      const bytes = (await fs.promises.stat(salvato)).size;
      await importa(sql, contati(), {
        tipo: r.tipo as z.output<typeof importRequest>['tipo'], file: r.file, registro: id,
        autore: { origine: r.origine, adminId: r.admin_id ?? undefined, tokenId: r.token_id ?? undefined, nome: r.autore },
        completo: r.completo, prova: r.prova, soglia: r.soglia, colonne: mappa ? leggiMappa(mappa) : undefined,
        onProgress: (a) => {
          const ora = Date.now();
          if (a.fase === 'lettura' && ora - ultimo < OGNI_MS) return;
          ultimo = ora;
          const percentuale = a.fase === 'lettura' ? Math.min(99, Math.floor((letti / Math.max(bytes, 1)) * 100)) : null;
          sql`UPDATE importazioni SET fase = ${a.fase}, percentuale = ${percentuale}, righe_lette = ${a.righe} WHERE id = ${a.id} AND stato = 'in_corso'`
            .catch((err: unknown) => log.warn({ err }, 'avanzamento importazione non registrato'));
        },
      });
    } catch (err) {
      if (helpers.job.attempts >= helpers.job.max_attempts) {
        // The last attempt: the run ends failed (the engine may have said why already).
        const motivo = `Importazione non riuscita dopo ${helpers.job.max_attempts} tentativi (${(err as Error).message})`;
        await sql`UPDATE importazioni SET stato = 'fallita', motivo = coalesce(motivo, ${motivo}), finita_at = now()
          WHERE id = ${id} AND stato IN ('in_attesa', 'in_corso', 'fallita')`;
        await fine();
      } else {
        // Attempts left: the run is waiting again, and whoever follows it keeps following.
        await sql`UPDATE importazioni SET stato = 'in_attesa' WHERE id = ${id}`;
      }
      throw err;
    }
    await fine();
  };
}
