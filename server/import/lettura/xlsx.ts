/**
 * Rows of the first sheet of an XLSX workbook, read by the importer's own bounded reader (docs/
 * decisions/import-limiti.md): the zip's parts are found through its index, the styles and the
 * shared strings are read first (Excel writes them after the sheets), then the sheet's rows are
 * handed on one at a time. Every part is inflated as a stream and counted as it comes, against
 * the caller's limits: a file refused for its size has never been in memory.
 */
import { type LimitiLettura, numero } from './limiti.js';
import { OltreLimite, type Progresso, type RigaGrezza } from './tipi.js';
import { righeFoglio } from './xlsx/foglio.js';
import { stiliData } from './xlsx/stili.js';
import { leggiStruttura } from './xlsx/struttura.js';
import { testiCondivisi } from './xlsx/testi.js';
import { ArchivioZip, type ParteZip } from './xlsx/zip.js';

const MB = (n: number) => `${numero(Math.round(n / 1024 / 1024))} MB`;
const troppoGrande = (dove: string) => new OltreLimite(`Il file XLSX è troppo grande una volta decompresso: ${dove}`);

export async function* righeXlsx(file: string, limiti: LimitiLettura, progresso?: Progresso): AsyncGenerator<RigaGrezza> {
  const zip = await ArchivioZip.apri(file, { nome: 'File XLSX', maxParti: limiti.xlsxParti });
  try {
    let totale = 0;
    const leggi = (p: ParteZip, compressi?: (n: number) => void) => {
      // The sizes the zip declares refuse a file at once; the bytes inflated are counted anyway.
      if (p.dichiarati > limiti.xlsxParte) throw troppoGrande(`${p.nome} dichiara ${MB(p.dichiarati)} (al massimo ${MB(limiti.xlsxParte)} per parte)`);
      let parte = 0;
      return zip.leggi(p, (n) => {
        parte += n;
        totale += n;
        if (parte > limiti.xlsxParte) throw troppoGrande(`${p.nome} supera ${MB(limiti.xlsxParte)} (il limite per parte)`);
        if (totale > limiti.xlsxTotale) throw troppoGrande(`oltre ${MB(limiti.xlsxTotale)}`);
      }, compressi);
    };
    const s = await leggiStruttura(zip.parti, leggi);
    const dichiarati = [s.foglio, s.testi, s.stili].reduce((t, p) => t + (p?.dichiarati ?? 0), 0);
    if (dichiarati > limiti.xlsxTotale) throw troppoGrande(`le sue parti dichiarano ${MB(dichiarati)} (al massimo ${MB(limiti.xlsxTotale)})`);
    const date = s.stili ? await stiliData(s.stili.nome, leggi(s.stili)) : new Set<number>();
    const testi = s.testi ? await testiCondivisi(s.testi.nome, leggi(s.testi), limiti) : [];
    if (progresso) progresso.totale = s.foglio.compressi;
    yield* righeFoglio(s.foglio.nome, leggi(s.foglio, (n) => { if (progresso) progresso.letti = n; }), { testi, date, data1904: s.data1904, limiti });
  } finally {
    await zip.chiudi();
  }
}
