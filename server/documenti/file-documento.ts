/**
 * The files of a document judged by their bytes (docs/regole/generale.md#uploads): the PDF by its
 * magic `%PDF-` (file-type's answer, as every upload), the FatturaPA by parsing it with saxes, the
 * parser the XLSX reader uses, which expands no entities and fetches nothing; a DOCTYPE is refused
 * outright, so that no entity trick gets as far as a declaration.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { SaxesParser } from 'saxes';
import { MSG_DOCUMENTI } from '../../shared/documenti.js';
import { badRequest } from '../lib/errors.js';
import type { FileRicevuto } from '../lib/upload/ricevi-file.js';
import { riconosciTipo } from '../lib/upload/tipo-file.js';

export function controllaPdf(file: FileRicevuto | undefined): FileRicevuto {
  if (!file) throw badRequest(MSG_DOCUMENTI.pdfMancante);
  if (file.tipo?.ext !== 'pdf') throw badRequest(MSG_DOCUMENTI.nonPdf);
  return file;
}

/** The root element a FatturaPA file has, whatever its namespace prefix. */
const RADICE = 'FatturaElettronica';

/** Parses an XML text: every element with its attributes and text, or a reason it is no FatturaPA. */
export function analizzaFatturaPa(testo: string, apri: (nome: string) => void, testoDi: (t: string) => void, chiudi: (nome: string) => void): void {
  const p = new SaxesParser<{ xmlns: false; position: false }>({ xmlns: false, position: false });
  let radice: string | undefined;
  p.on('doctype', () => { throw new Error('DOCTYPE non ammesso'); });
  p.on('opentag', (t) => {
    const nome = t.name.slice(t.name.indexOf(':') + 1);
    radice ??= nome;
    apri(nome);
  });
  p.on('text', testoDi);
  p.on('cdata', testoDi);
  p.on('closetag', (t) => chiudi(t.name.slice(t.name.indexOf(':') + 1)));
  p.write(testo).close();
  if (radice !== RADICE) throw new Error(`elemento radice ${radice ?? 'assente'}`);
}

/** Whether a local file is a PDF, by its bytes (the name only helps tell text kinds apart). */
export async function ePdf(percorso: string): Promise<boolean> {
  return (await riconosciTipo(percorso, 'documento.pdf'))?.ext === 'pdf';
}

/** Whether a local file is a FatturaPA: UTF-8, well-formed XML whose root is FatturaElettronica. */
export async function eFatturaPa(percorso: string): Promise<boolean> {
  try {
    analizzaFatturaPa(new TextDecoder('utf-8', { fatal: true }).decode(await fs.promises.readFile(percorso)), () => {}, () => {}, () => {});
    return true;
  } catch {
    return false;
  }
}

/** The optional FatturaPA of a push. */
export async function controllaXml(file: FileRicevuto): Promise<void> {
  if (!(await eFatturaPa(file.percorso))) throw badRequest(MSG_DOCUMENTI.nonXml);
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
