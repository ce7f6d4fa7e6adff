/**
 * Which cell styles show a number as a date: a number in such a cell is read as the date Excel
 * shows. The same rule exceljs applied: the style's number format, its own (numFmts) or a
 * built-in one, with y, m, d, h, s or b outside quotes and brackets.
 */
import { analizzaXml } from './xml.js';

/** Built-in formats of dates and times: 14–22 (m/d/yy … h:mm:ss) and 45–47 (mm:ss, [h]:mm:ss, mmss.0). */
const DATE_PREDEFINITE = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]);

/**
 * `testo` without each span from `apre` to the next `chiude`, both included; an unclosed one and
 * what follows it stay. What `/\[[^\]]*]/g` replaced, by indexOf: the expression retried the
 * scan to the end from every '[' of a run without ']', quadratic on a format code of the file's.
 */
function senzaTra(testo: string, apre: string, chiude: string): string {
  let out = '';
  let i = 0;
  for (let a = testo.indexOf(apre); a >= 0; a = testo.indexOf(apre, i)) {
    const c = testo.indexOf(chiude, a + 1);
    if (c < 0) break;
    out += testo.slice(i, a);
    i = c + 1;
  }
  return out + testo.slice(i);
}

export const formatoData = (codice: string) => /[ymdhMsb]/.test(senzaTra(senzaTra(codice, '[', ']'), '"', '"'));

/** The indexes (the `s` of a cell) of the cell styles that show dates. */
export async function stiliData(nome: string, bytes: AsyncIterable<Buffer>): Promise<Set<number>> {
  const propri = new Map<number, boolean>();
  const formati: number[] = [];
  let inCellXfs = false;
  await analizzaXml(nome, bytes, {
    apri(tag, a) {
      if (tag === 'numFmt') propri.set(Number(a.numFmtId), formatoData(a.formatCode ?? ''));
      else if (tag === 'cellXfs') inCellXfs = true;
      else if (tag === 'xf' && inCellXfs) formati.push(Number(a.numFmtId ?? 0));
    },
    chiudi(tag) {
      if (tag === 'cellXfs') inCellXfs = false;
    },
  });
  const date = new Set<number>();
  formati.forEach((id, i) => {
    if (propri.get(id) ?? DATE_PREDEFINITE.has(id)) date.add(i);
  });
  return date;
}
