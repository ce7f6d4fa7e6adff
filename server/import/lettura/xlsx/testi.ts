/**
 * The shared strings of a workbook (sharedStrings.xml), which cells of type `s` name by index: a
 * plain text, or rich text read as the text of its runs (phonetic guides left out). At most
 * `limiti.testiCondivisi` of them; a text longer than a cell may be is kept as its length
 * only, and refused with its row when a cell of the sheet names it.
 */
import { type LimitiLettura, MAX_TESTO_XML, numero } from '../limiti.js';
import { OltreLimite } from '../tipi.js';
import { analizzaXml } from './xml.js';

/** A text, or the length of one too long to keep. */
export type TestoCondiviso = string | number;

export async function testiCondivisi(nome: string, bytes: AsyncIterable<Buffer>, limiti: LimitiLettura): Promise<TestoCondiviso[]> {
  const max = limiti.caratteriCella;
  const testi: TestoCondiviso[] = [];
  let testo = '';
  let lunghezza = 0;
  let inT = false;
  let inFonetica = false;
  await analizzaXml(nome, bytes, {
    apri(tag) {
      if (tag === 't') inT = !inFonetica;
      else if (tag === 'si') {
        testo = '';
        lunghezza = 0;
      } else if (tag === 'rPh') inFonetica = true;
    },
    testo(t) {
      if (!inT) return;
      lunghezza += t.length;
      if (lunghezza <= max) testo += t;
    },
    chiudi(tag) {
      if (tag === 't') inT = false;
      else if (tag === 'rPh') inFonetica = false;
      else if (tag === 'si') {
        if (testi.length === limiti.testiCondivisi) {
          throw new OltreLimite(`Il file XLSX contiene più di ${numero(limiti.testiCondivisi)} testi distinti (sharedStrings.xml), oltre il limite`);
        }
        testi.push(lunghezza <= max ? testo : lunghezza);
      }
    },
    troppoLungo: () => `Il file XLSX contiene un testo di oltre ${numero(MAX_TESTO_XML)} caratteri (${nome}): `
      + `una cella può averne al massimo ${numero(max)}`,
  });
  return testi;
}
