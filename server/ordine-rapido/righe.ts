/**
 * Reading a quick order's lines (docs/regole/ordine-rapido.md#lines): `code quantity` as pasted
 * from a spreadsheet, an ERP printout or an e-mail, or the rows of a CSV/XLSX file. Nothing is
 * judged here beyond splitting: every non-blank line becomes one RigaLetta, in order.
 */
import { MSG_ORDINE_RAPIDO } from '../../shared/ordine-rapido.js';
import { ORDINE_RAPIDO } from '../../shared/ordine-rapido-costanti.js';
import { righeFile } from '../import/lettura/righe.js';
import { FileNonValido, type Cella, type RigaGrezza } from '../import/lettura/tipi.js';
import { badRequest } from '../lib/errors.js';
import type { FileRicevuto } from '../lib/upload/ricevi-file.js';

export interface RigaLetta {
  riga: number;
  testo: string;
  codice: string;
  /** The quantity as read (text, or a number from an XLSX cell); null when the line has none. */
  quantita: string | number | null;
}

export interface Lettura {
  righe: RigaLetta[];
  intestazione: { riga: number; testo: string } | null;
}

/** Words of a header line (column names), not of a product code. */
const PAROLE_INTESTAZIONE = /(^|[^a-z])(codice|cod|articolo|art|ean|sku|code|item|quantit[aà]|qt[aày]?|q\.t[aà]|pezzi|pz)([^a-z]|$)/i;

/**
 * A line split into code and quantity. Tabs (spreadsheets) or semicolons split into fields: the
 * first is the code, the last non-empty one the quantity (columns between, such as a description,
 * are left aside). Otherwise the last word is the quantity when it looks like a number ('ABC 2,5'),
 * else the first comma splits ('ABC,2' and, with a decimal comma, 'ABC,2,5').
 */
export function dividiRiga(linea: string): { codice: string; quantita: string | null } {
  const t = linea.trim();
  const sep = t.includes('\t') ? '\t' : t.includes(';') ? ';' : undefined;
  if (sep !== undefined) {
    const campi = t.split(sep).map((c) => c.trim());
    const codice = campi[0] ?? '';
    const resto = campi.slice(1).filter((c) => c !== '');
    return { codice, quantita: resto.at(-1) ?? null };
  }
  const spazio = /^(.*?)[\s,]*\s([-+]?[\d.,]*\d)$/.exec(t);
  if (spazio && spazio[1] !== '') return { codice: spazio[1]!, quantita: spazio[2]! };
  const virgola = t.indexOf(',');
  if (virgola > 0) return { codice: t.slice(0, virgola).trim(), quantita: t.slice(virgola + 1).trim() || null };
  return { codice: t, quantita: null };
}

/**
 * A quantity as an Italian writes it: '12', '2,5' (decimal comma), '1.000' (thousands), '1.000,5';
 * '2.5' too. undefined when it is no number at all. Whether it is a valid quantity is judged later.
 */
export function numeroItaliano(v: string | number): number | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
  const t = v.replace(/\s/g, '');
  if (/^[-+]?\d{1,3}(\.\d{3})+(,\d+)?$/.test(t)) return Number(t.replace(/\./g, '').replace(',', '.'));
  if (/^[-+]?\d+(,\d+)?$/.test(t)) return Number(t.replace(',', '.'));
  if (/^[-+]?\d+\.\d+$/.test(t)) return Number(t);
  return undefined;
}

/** The first line is a header when it names columns and carries no number where the quantity goes. */
const eIntestazione = (r: RigaLetta) =>
  (r.quantita === null || numeroItaliano(r.quantita) === undefined) && PAROLE_INTESTAZIONE.test(r.testo);

function conIntestazione(righe: RigaLetta[]): Lettura {
  const prima = righe[0];
  const intestazione = prima && eIntestazione(prima) ? { riga: prima.riga, testo: prima.testo } : null;
  const resto = intestazione ? righe.slice(1) : righe;
  if (resto.length === 0) throw badRequest(MSG_ORDINE_RAPIDO.vuoto);
  if (resto.length > ORDINE_RAPIDO.maxRighe) throw badRequest(MSG_ORDINE_RAPIDO.troppeRighe);
  return { righe: resto, intestazione };
}

/** The lines of a pasted text: blank ones skipped, every other one answered. */
export function leggiTesto(testo: string): Lettura {
  const righe: RigaLetta[] = [];
  const linee = testo.split(/\r\n|\r|\n/);
  for (const [i, linea] of linee.entries()) {
    if (linea.trim() === '') continue;
    // One line over the bound is enough to refuse: the header is the only line not counted.
    if (righe.length > ORDINE_RAPIDO.maxRighe + 1) throw badRequest(MSG_ORDINE_RAPIDO.troppeRighe);
    righe.push({ riga: i + 1, testo: linea.trim(), ...dividiRiga(linea) });
  }
  return conIntestazione(righe);
}

const testoCella = (c: Cella | undefined): string =>
  c === undefined ? '' : c instanceof Date ? c.toISOString().slice(0, 10) : String(c).trim();

/** The rows of a CSV/XLSX file (server/import/lettura/): first column the code, the last non-empty one the quantity. */
export async function leggiRigheFile(righeFile: AsyncIterable<RigaGrezza>): Promise<Lettura> {
  const righe: RigaLetta[] = [];
  for await (const r of righeFile) {
    if (righe.length > ORDINE_RAPIDO.maxRighe + 1) throw badRequest(MSG_ORDINE_RAPIDO.troppeRighe);
    const [prima, ...altre] = r.valori;
    const quantita = altre.filter((c) => testoCella(c) !== '').at(-1);
    righe.push({
      riga: r.riga,
      testo: r.valori.map(testoCella).join(';').replace(/;+$/, ''),
      codice: testoCella(prima),
      quantita: quantita === undefined ? null : quantita instanceof Date ? testoCella(quantita) : quantita,
    });
  }
  return conIntestazione(righe);
}

const FILE_AMMESSI = new Set(['csv', 'txt', 'xlsx']);

/** An uploaded CSV/XLSX through the import's bounded readers; a file that cannot be read is a 400 with its reason. */
export async function leggiFile(file: FileRicevuto | undefined): Promise<Lettura> {
  if (!file?.tipo || !FILE_AMMESSI.has(file.tipo.ext)) throw badRequest(MSG_ORDINE_RAPIDO.soloCsvXlsx);
  try {
    return await leggiRigheFile(righeFile(file.percorso, {}));
  } catch (e) {
    if (e instanceof FileNonValido) throw badRequest(`File non letto: ${e.message}.`);
    throw e;
  }
}
