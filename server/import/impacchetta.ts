/**
 * The documenti kind's other upload: the sheet in `file` and the documents' files beside it in
 * `allegati`. They are packed into the ZIP the kind reads (stored, not compressed: PDFs are
 * compressed already), the sheet as documenti.csv (or .xlsx), each file under the name it was sent
 * with, so that one reader serves both uploads and the queue keeps one file per run.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import { badRequest } from '../lib/errors.js';
import type { FileRicevuto } from '../lib/upload/ricevi-file.js';

/** A ZIP written in `tmpDir`; the caller removes it. */
export async function impacchetta(foglio: FileRicevuto, allegati: readonly FileRicevuto[], tmpDir: string): Promise<string> {
  const nomi = new Set<string>();
  for (const a of allegati) {
    if (nomi.has(a.nome)) throw badRequest(`Due allegati con lo stesso nome: ${a.nome}.`);
    nomi.add(a.nome);
  }
  const zip = new ZipFile();
  zip.addFile(foglio.percorso, `documenti.${foglio.tipo?.ext === 'xlsx' ? 'xlsx' : 'csv'}`, { compress: false });
  for (const a of allegati) zip.addFile(a.percorso, a.nome, { compress: false });
  zip.end();
  const dest = path.join(tmpDir, `${crypto.randomUUID()}.zip`);
  try {
    await pipeline(zip.outputStream, fs.createWriteStream(dest, { flags: 'wx', mode: 0o640 }));
  } catch (err) {
    await fs.promises.rm(dest, { force: true });
    throw err;
  }
  return dest;
}
