import fs from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { ERRORI_NEL_RAPPORTO, type Importazione, type importRequest, MSG_IMPORT } from '../../shared/importazioni.js';
import type { AppConfig } from '../config.js';
import type { Sql } from '../db/client.js';
import { badRequest } from '../lib/errors.js';
import type { FileRicevuto } from '../lib/upload/ricevi-file.js';
import { leggiMappa, percorsoMappa } from './colonne.js';
import { type Autore, importa, OpzioniNonValide } from './importa.js';
import { leggiImportazione } from './storico.js';

/** What an uploaded import file may be, judged from its bytes: text (CSV) or a spreadsheet. */
const AMMESSI = new Set(['csv', 'txt', 'xlsx']);
/** Progress is written at most this often (each write is one short UPDATE on another connection). */
const OGNI_MS = 500;

/**
 * Runs the import engine on an uploaded file (the admin screen and the ERP's push): the file is
 * streamed from its temporary copy, its progress written on the run's record so that any server
 * process can show it, and the answer is the run's record with its first refused rows.
 */
export async function importaDaUpload(
  sql: Sql, config: AppConfig, files: readonly FileRicevuto[], input: z.output<typeof importRequest>, autore: Autore, log: FastifyBaseLogger,
) {
  const file = files.find((f) => f.campo === 'file');
  if (!file) throw badRequest(MSG_IMPORT.fileMancante);
  if (!file.tipo || !AMMESSI.has(file.tipo.ext)) throw badRequest(MSG_IMPORT.soloCsvXlsx);
  const mappa = percorsoMappa(process.env.IMPORT_COLONNE, config.dataDir);
  let letti = 0;
  async function* contati(): AsyncIterable<Buffer> {
    for await (const c of fs.createReadStream(file!.percorso)) {
      letti += (c as Buffer).length;
      yield c as Buffer;
    }
  }
  let ultimo = 0;
  const scrivi = (id: number, fase: string, righe: number) => {
    const percentuale = fase === 'lettura' ? Math.min(99, Math.floor((letti / Math.max(file.bytes, 1)) * 100)) : null;
    sql`UPDATE importazioni SET fase = ${fase}, percentuale = ${percentuale}, righe_lette = ${righe} WHERE id = ${id} AND stato = 'in_corso'`
      .catch((err: unknown) => log.warn({ err }, 'avanzamento importazione non registrato'));
  };
  try {
    const r = await importa(sql, contati(), {
      tipo: input.tipo, file: file.nome, autore, completo: input.completo, prova: input.prova, soglia: input.soglia,
      colonne: mappa ? leggiMappa(mappa) : undefined,
      onProgress: (a) => {
        const ora = Date.now();
        if (a.fase === 'lettura' && ora - ultimo < OGNI_MS) return;
        ultimo = ora;
        scrivi(a.id, a.fase, a.righe);
      },
    });
    const importazione = (await leggiImportazione(sql, r.id)) as Importazione;
    const msg = r.stato === 'applicata' ? MSG_IMPORT.applicata : r.stato === 'verificata' ? MSG_IMPORT.verificata : (r.motivo ?? 'File rifiutato.');
    return {
      status: r.stato === 'rifiutata' ? 1 : 0,
      msg,
      importazione,
      errori: r.errori.slice(0, ERRORI_NEL_RAPPORTO).map((e) => ({ riga: e.riga, colonna: e.colonna ?? null, valore: e.valore ?? null, messaggio: e.messaggio })),
    };
  } catch (err) {
    if (err instanceof OpzioniNonValide) throw badRequest(err.message);
    throw err;
  }
}
