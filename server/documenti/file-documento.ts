/**
 * The files of a document judged by their bytes (docs/regole/generale.md#uploads): the PDF by its
 * magic `%PDF-` (file-type's answer, as every upload), the FatturaPA by parsing it with saxes, the
 * parser the XLSX reader uses, which expands no entities and fetches nothing; a DOCTYPE is refused
 * outright, so that no entity trick gets as far as a declaration.
 */
import fs from 'node:fs/promises';
import { SaxesParser } from 'saxes';
import { MSG_DOCUMENTI } from '../../shared/documenti.js';
import { badRequest } from '../lib/errors.js';
import type { FileRicevuto } from '../lib/upload/ricevi-file.js';

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

/** The optional FatturaPA of a push: well-formed XML whose root is FatturaElettronica. */
export async function controllaXml(file: FileRicevuto): Promise<void> {
  const testo = new TextDecoder('utf-8', { fatal: true });
  try {
    analizzaFatturaPa(testo.decode(await fs.readFile(file.percorso)), () => {}, () => {}, () => {});
  } catch {
    throw badRequest(MSG_DOCUMENTI.nonXml);
  }
}
