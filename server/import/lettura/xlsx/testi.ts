/**
 * The shared strings of a workbook (sharedStrings.xml), which cells of type `s` name by index: a
 * plain text, or rich text read as the text of its runs (phonetic guides left out). At most
 * LIMITI_IMPORT.testiCondivisi of them; a text longer than a cell may be is kept as its length
 * only, and refused with its row when a cell of the sheet names it.
 */
import { LIMITI_IMPORT, numero } from '../limiti.js';
import { FileNonValido } from '../tipi.js';
import { analizzaXml } from './xml.js';

/** A text, or the length of one too long to keep. */
export type TestoCondiviso = string | number;

export async function testiCondivisi(nome: string, bytes: AsyncIterable<Buffer>): Promise<TestoCondiviso[]> {
  const max = LIMITI_IMPORT.caratteriCella;
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
        if (testi.length === LIMITI_IMPORT.testiCondivisi) {
          throw new FileNonValido(`Il file XLSX contiene più di ${numero(LIMITI_IMPORT.testiCondivisi)} testi distinti (sharedStrings.xml), oltre il limite`);
        }
        testi.push(lunghezza <= max ? testo : lunghezza);
      }
    },
  });
  return testi;
}
