import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type { Upload } from '../../../shared/contract.js';
import { MSG_UPLOAD, nomeFileSicuro } from '../../../shared/upload.js';
import { badRequest, tooLarge } from '../errors.js';
import { riconosciTipo, type TipoFile } from './tipo-file.js';

/** A file of an upload call, waiting in the temporary folder until the handler keeps it. */
export interface FileRicevuto {
  /** The form field it came in. */
  campo: string;
  /** The name the browser gave it, cleaned for display (never used as a path). */
  nome: string;
  /** Its kind judged from its bytes; null when the portal accepts no such file. */
  tipo: TipoFile | null;
  bytes: number;
  /** Where it waits: MEDIA_DIR/.tmp/…, on this host's disk whatever the media store; removed after the answer. */
  percorso: string;
}

/**
 * Temporary files live beside the local media (same disk: keeping one in the folder store is a
 * link) in a folder never served; with S3 it is only this process's scratch space.
 */
export const cartellaTemporanea = (mediaDir: string) => path.join(mediaDir, '.tmp');

const troppoGrande = (nome: string, max: number) => tooLarge(MSG_UPLOAD.troppoGrande(nome, max));

/**
 * Passes bytes through until `max`; beyond it drops them and marks the file as too large. The part
 * is still read to its end (as busboy does at its own limit), so that the request's later parts and
 * the connection carry on; the caller answers 413.
 */
function limiteCampo(max: number): Transform & { superato: boolean } {
  let letti = 0;
  const t = Object.assign(new Transform({
    transform(chunk: Buffer, _enc, done) {
      letti += chunk.length;
      if (letti > max) t.superato = true;
      done(null, t.superato ? undefined : chunk);
    },
  }), { superato: false });
  return t;
}

/** The request's files together went past the call's total: the reading stops there. */
class TotaleSuperato extends Error {}

/**
 * Counts the bytes of every file of the request into `conta`; past `max` fails the part at once
 * (no more of it is written): the request is answered 413 and its connection closed, as the rest
 * of its body is never read (route.ts).
 */
function limiteTotale(conta: { letti: number }, max: number): Transform {
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      conta.letti += chunk.length;
      if (conta.letti > max) done(new TotaleSuperato());
      else done(null, chunk);
    },
  });
}

/**
 * Reads a multipart request: text fields into an object (a repeated name becomes a list), each file
 * streamed to its own temporary file with its size limit (the request's, or its field's when
 * smaller: 413 above, the partial file removed) and its kind judged from the written bytes; the
 * files together are bounded by the call's total as they stream in (413, nothing more written).
 * The caller removes every temporary file after the answer.
 */
export async function riceviMultipart(
  req: FastifyRequest,
  upload: Upload,
  tmpDir: string,
  files: FileRicevuto[],
): Promise<Record<string, string | string[]>> {
  const campi: Record<string, string | string[]> = {};
  const campiFile = new Set<string>(upload.campi);
  const maxTotale = upload.maxTotale ?? upload.maxBytes;
  const totale = { letti: 0 };
  await fs.promises.mkdir(tmpDir, { recursive: true });
  const parts = req.parts({
    limits: { fileSize: upload.maxBytes, files: upload.maxFile, fields: 50, fieldSize: 64 * 1024, parts: upload.maxFile + 50 },
  });
  for await (const part of parts) {
    if (part.type === 'field') {
      if (campiFile.has(part.fieldname)) throw badRequest(`Il campo ${part.fieldname} deve contenere un file.`);
      const valore = typeof part.value === 'string' ? part.value : String(part.value);
      const prima = campi[part.fieldname];
      campi[part.fieldname] = prima === undefined ? valore : [...(Array.isArray(prima) ? prima : [prima]), valore];
      continue;
    }
    const nome = nomeFileSicuro(part.filename ?? '') || 'file';
    if (!campiFile.has(part.fieldname)) {
      part.file.resume();
      throw badRequest(`Campo file non previsto: ${nomeFileSicuro(part.fieldname, 60)}.`);
    }
    const percorso = path.join(tmpDir, crypto.randomUUID());
    const file: FileRicevuto = { campo: part.fieldname, nome, tipo: null, bytes: 0, percorso };
    files.push(file);
    const max = upload.maxBytesCampo?.[part.fieldname];
    const limite = max !== undefined && max < upload.maxBytes ? limiteCampo(max) : undefined;
    try {
      const scrivi = fs.createWriteStream(percorso, { flags: 'wx', mode: 0o640 });
      const conta = limiteTotale(totale, maxTotale);
      await (limite ? pipeline(part.file, limite, conta, scrivi) : pipeline(part.file, conta, scrivi));
    } catch (err) {
      if (err instanceof TotaleSuperato) throw tooLarge(MSG_UPLOAD.richiestaTroppoGrande(maxTotale));
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw troppoGrande(nome, limite ? max! : upload.maxBytes);
      throw err;
    }
    if (limite?.superato) throw troppoGrande(nome, max!);
    if (part.file.truncated) throw troppoGrande(nome, upload.maxBytes);
    file.bytes = (await fs.promises.stat(percorso)).size;
    file.tipo = file.bytes === 0 ? null : await riconosciTipo(percorso, nome);
  }
  return campi;
}

/** Removes the temporary files that are still there (those the handler did not keep). */
export async function rimuoviTemporanei(files: readonly FileRicevuto[]): Promise<void> {
  await Promise.all(files.map((f) => fs.promises.rm(f.percorso, { force: true })));
}

/** Temporary files older than this are leftovers of a process that stopped mid-upload. */
const TEMPORANEO_MAX_MS = 60 * 60 * 1000;

/** At start: removes what a stopped process left in the temporary folder (other processes' live uploads are younger). */
export function rimuoviTemporaneiVecchi(tmpDir: string): void {
  let nomi: string[];
  try {
    nomi = fs.readdirSync(tmpDir);
  } catch {
    return;
  }
  const limite = Date.now() - TEMPORANEO_MAX_MS;
  for (const n of nomi) {
    const p = path.join(tmpDir, n);
    try {
      if (fs.statSync(p).mtimeMs < limite) fs.rmSync(p, { force: true });
    } catch {
      // Removed meanwhile by its own process.
    }
  }
}
