/**
 * The files of a document judged by their bytes (docs/regole/generale.md#uploads): the PDF by its
 * magic `%PDF-` (file-type's answer, as every upload), the FatturaPA by reading it into its page's
 * view (fatturapa.ts: saxes, no entity expanded, nothing fetched, any DOCTYPE refused, bounded).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { type FatturaPaLeggibile, MSG_DOCUMENTI } from '../../shared/documenti.js';
import { badRequest } from '../lib/errors.js';
import type { FileRicevuto } from '../lib/upload/ricevi-file.js';
import { riconosciTipo } from '../lib/upload/tipo-file.js';
import { FatturaPaIllegibile, leggiFatturaPa } from './fatturapa.js';

export function controllaPdf(file: FileRicevuto | undefined): FileRicevuto {
  if (!file) throw badRequest(MSG_DOCUMENTI.pdfMancante);
  if (file.tipo?.ext !== 'pdf') throw badRequest(MSG_DOCUMENTI.nonPdf);
  return file;
}

/** Whether a local file is a PDF, by its bytes (the name only helps tell text kinds apart). */
export async function ePdf(percorso: string): Promise<boolean> {
  return (await riconosciTipo(percorso, 'documento.pdf'))?.ext === 'pdf';
}

/**
 * A local file read as a FatturaPA (UTF-8, well-formed XML whose root is FatturaElettronica,
 * within LIMITI_FATTURAPA): the page's view, stored with the document so that the page never
 * parses the file again; else the Italian reason it is refused.
 */
export async function leggiFileFatturaPa(percorso: string): Promise<FatturaPaLeggibile | { errore: string }> {
  let testo: string;
  try {
    testo = new TextDecoder('utf-8', { fatal: true }).decode(await fs.promises.readFile(percorso));
  } catch (err) {
    if (err instanceof TypeError) return { errore: MSG_DOCUMENTI.nonXml };
    throw err;
  }
  try {
    return leggiFatturaPa(testo);
  } catch (err) {
    if (err instanceof FatturaPaIllegibile) return { errore: err.message };
    throw err;
  }
}

/** The optional FatturaPA of a push, read into its page's view; 400 with the reason otherwise. */
export async function controllaXml(file: FileRicevuto): Promise<FatturaPaLeggibile> {
  const v = await leggiFileFatturaPa(file.percorso);
  if ('errore' in v) throw badRequest(v.errore);
  return v;
}

async function sha256(percorso: string): Promise<string> {
  const h = crypto.createHash('sha256');
  for await (const b of fs.createReadStream(percorso)) h.update(b as Buffer);
  return h.digest('hex');
}

/** The sha256 of the PDF's bytes, and of the XML's after a dot (documenti.impronta): the same files give the same print. */
export async function improntaDocumento(pdf: string, xml: string | undefined): Promise<string> {
  return [await sha256(pdf), ...(xml ? [await sha256(xml)] : [])].join('.');
}
