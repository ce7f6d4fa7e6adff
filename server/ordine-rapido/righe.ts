/**
 * Reading a quick order's lines (docs/regole/ordine-rapido.md#lines): `code quantity` as pasted
 * from a spreadsheet, an ERP printout or an e-mail, or the rows of a CSV/XLSX file. Nothing is
 * judged here beyond splitting: every non-blank line becomes one RigaLetta, in order.
 */
import { MSG_ORDINE_RAPIDO, ORDINE_RAPIDO } from '../../shared/ordine-rapido-costanti.js';
import { senzaFinali } from '../../shared/stringhe.js';
import { MB } from '../../shared/upload.js';
import type { LimitiLettura } from '../import/lettura/limiti.js';
import { righeFile } from '../import/lettura/righe.js';
import { FileNonValido, OltreLimite, type Cella, type RigaGrezza } from '../import/lettura/tipi.js';
import { campoRifiutato } from '../lib/errors.js';
import type { FileRicevuto } from '../lib/upload/ricevi-file.js';

export interface RigaLetta {
  riga: number;
  testo: string;
  codice: string;
  /** The quantity as read (text, or a number from an XLSX cell); null when the line has none. */
  quantita: string | number | null;
  /** Why the line could not be read at all (too long): answered with this message, never looked up. */
  messaggio?: string;
  /**
   * A pasted line without a quantity whose last word is no number ('WU-7170910 abc'): that line
   * less its last word, and the word. When the whole line is no code but this one is, the line is
   * a code with a bad quantity, not an unknown code (docs/regole/ordine-rapido.md#resolution).
   */
  forseQuantita?: { codice: string; quantita: string };
}

export interface Lettura {
  righe: RigaLetta[];
  intestazione: { riga: number; testo: string } | null;
}

/** Words of a header line (column names), not of a product code. */
const PAROLE_INTESTAZIONE = /(^|[^a-z])(codice|cod|articolo|art|ean|sku|code|item|quantit[aà]|qt[aày]?|q\.t[aà]|pezzi|pz)([^a-z]|$)/i;

/** One character of `\s` (what trim() takes away): tested one at a time, never over a run. */
const SPAZIO = /\s/;
const eSpazio = (c: string | undefined) => c !== undefined && SPAZIO.test(c);

/** '12', '2,5', '-1.000,5', '2.': a word that looks like a number ends with a digit; nothing else is judged here. */
const NUMERO = /^[-+]?[\d.,]*\d$/;

/** The line's last word apart from what precedes it (spaces and commas before it dropped), if it has two parts; one pass from the end. */
function ultimaParola(t: string): { codice: string; quantita: string } | undefined {
  let spazio = t.length - 1;
  while (spazio >= 0 && !eSpazio(t[spazio])) spazio--;
  let fine = spazio;
  while (fine > 0 && (eSpazio(t[fine - 1]) || t[fine - 1] === ',')) fine--;
  return fine > 0 ? { codice: t.slice(0, fine), quantita: t.slice(spazio + 1) } : undefined;
}

/**
 * A line split into code and quantity. Tabs (spreadsheets) or semicolons split into fields: the
 * first is the code, the last non-empty one the quantity (columns between, such as a description,
 * are left aside). Otherwise the last word is the quantity when it looks like a number ('ABC 2,5'),
 * and the code is what precedes it less the spaces and commas before it; else the first comma
 * splits ('ABC,2' and, with a decimal comma, 'ABC,2,5'). One pass from the end, in linear time:
 * a regular expression over the whole line backtracked quadratically on 'a , , , … b'.
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
  // The word after the last space: t is trimmed, so it is never empty.
  const ultima = ultimaParola(t);
  if (ultima && NUMERO.test(ultima.quantita)) return ultima;
  const virgola = t.indexOf(',');
  if (virgola > 0) return { codice: t.slice(0, virgola).trim(), quantita: t.slice(virgola + 1).trim() || null };
  return { codice: t, quantita: null };
}

/** A pasted line split (dividiRiga), with its reading as code and bad quantity when it has no quantity. */
function rigaIncollata(riga: number, testo: string): RigaLetta {
  const diviso = dividiRiga(testo);
  const forseQuantita = diviso.quantita === null ? ultimaParola(testo) : undefined;
  return { riga, testo, ...diviso, ...(forseQuantita ? { forseQuantita } : {}) };
}

/**
 * A line longer than a code and its quantity can be: answered as such, unsplit, its text cut for
 * the answer (docs/regole/ordine-rapido.md#lines). `caratteri`: the length of what was read.
 */
function rigaTroppoLunga(riga: number, testo: string, caratteri: number): RigaLetta {
  return { riga, testo: accorcia(testo), codice: '', quantita: null, messaggio: MSG_ORDINE_RAPIDO.rigaTroppoLunga(caratteri) };
}

/** A line's text in the answer: at most maxCaratteriRiga characters and an ellipsis, so that the answer stays as small as the lines it reads. */
const accorcia = (testo: string) =>
  (testo.length > ORDINE_RAPIDO.maxCaratteriRiga ? `${testo.slice(0, ORDINE_RAPIDO.maxCaratteriRiga)}…` : testo);

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

/** The first line is a header when it names columns and carries no number where the quantity goes (a line too long is none). */
const eIntestazione = (r: RigaLetta) =>
  r.messaggio === undefined && (r.quantita === null || numeroItaliano(r.quantita) === undefined) && PAROLE_INTESTAZIONE.test(r.testo);

/** The field a refusal names (`campi`): the pasted text's or the uploaded file's. */
type Campo = 'testo' | 'file';

function conIntestazione(righe: RigaLetta[], campo: Campo): Lettura {
  const prima = righe[0];
  const intestazione = prima && eIntestazione(prima) ? { riga: prima.riga, testo: prima.testo } : null;
  const resto = intestazione ? righe.slice(1) : righe;
  if (resto.length === 0) throw campoRifiutato(campo, MSG_ORDINE_RAPIDO.vuoto);
  if (resto.length > ORDINE_RAPIDO.maxRighe) throw campoRifiutato(campo, MSG_ORDINE_RAPIDO.troppeRighe);
  return { righe: resto, intestazione };
}

/** The lines of a pasted text: blank ones skipped, every other one answered. */
export function leggiTesto(testo: string): Lettura {
  const righe: RigaLetta[] = [];
  const linee = testo.split(/\r\n|\r|\n/);
  for (const [i, linea] of linee.entries()) {
    if (linea.trim() === '') continue;
    // One line over the bound is enough to refuse: the header is the only line not counted.
    if (righe.length > ORDINE_RAPIDO.maxRighe + 1) throw campoRifiutato('testo', MSG_ORDINE_RAPIDO.troppeRighe);
    const testo = linea.trim();
    // Measured before any pattern reads it: a longer line is no code and quantity.
    righe.push(testo.length > ORDINE_RAPIDO.maxCaratteriRiga ? rigaTroppoLunga(i + 1, testo, testo.length) : rigaIncollata(i + 1, testo));
  }
  return conIntestazione(righe, 'testo');
}

const testoCella = (c: Cella | undefined): string =>
  c === undefined ? '' : c instanceof Date ? c.toISOString().slice(0, 10) : String(c).trim();

/**
 * The rows of a CSV/XLSX file (server/import/lettura/): first column the code, the last non-empty
 * one the quantity; a row whose code and quantity together are longer than a line may be is
 * answered as too long, as a pasted line would be.
 */
export async function leggiRigheFile(righeFile: AsyncIterable<RigaGrezza>): Promise<Lettura> {
  const righe: RigaLetta[] = [];
  for await (const r of righeFile) {
    if (righe.length > ORDINE_RAPIDO.maxRighe + 1) throw campoRifiutato('file', MSG_ORDINE_RAPIDO.troppeRighe);
    const [prima, ...altre] = r.valori;
    const cella = altre.filter((c) => testoCella(c) !== '').at(-1);
    const codice = testoCella(prima);
    const quantita = cella === undefined ? null : cella instanceof Date ? testoCella(cella) : cella;
    // The trailing semicolons of empty cells.
    const testo = senzaFinali(r.valori.map(testoCella).join(';'), ';');
    const caratteri = codice.length + (quantita === null ? 0 : testoCella(quantita).length);
    righe.push(caratteri > ORDINE_RAPIDO.maxCaratteriRiga
      ? rigaTroppoLunga(r.riga, testo, caratteri)
      : { riga: r.riga, testo: accorcia(testo), codice, quantita });
  }
  return conIntestazione(righe, 'file');
}

const FILE_AMMESSI = new Set(['csv', 'txt', 'xlsx']);

/**
 * What the import's readers may read of a quick order's file, in the web process
 * (docs/decisions/ordine-rapido-file-limiti.md): 5,000 lines and a header need a few thousand
 * distinct texts and a couple of MB; the import's limits are for 200,000 products read in a
 * process of its own. The bytes are the upload's (ORDINE_RAPIDO.maxFileBytes, 5 MB).
 */
export const LIMITI_ORDINE_RAPIDO: LimitiLettura = {
  xlsxTotale: 20 * MB,
  xlsxParte: 20 * MB,
  xlsxParti: 200,
  testiCondivisi: 50_000,
  // Blank rows count too (a spreadsheet's CSV ends in ';;' rows): twice the lines and their header.
  righe: 2 * (ORDINE_RAPIDO.maxRighe + 1),
  colonne: 50,
  // The longest field an ERP writes (descrizione2, docs/import.md); code and quantity fit in 200.
  caratteriCella: 2_000,
};

/** 'Il file …' → 'il file …' after the prefix; an acronym ('CSV non leggibile') stays as it is. */
const minuscola = (s: string) => (s.charAt(1) === s.charAt(1).toLowerCase() ? s.charAt(0).toLowerCase() + s.slice(1) : s);

/** An uploaded CSV/XLSX through the import's bounded readers with the quick order's limits; a file that cannot be read is a 400 with its reason. */
export async function leggiFile(file: FileRicevuto | undefined): Promise<Lettura> {
  if (!file?.tipo || !FILE_AMMESSI.has(file.tipo.ext)) throw campoRifiutato('file', MSG_ORDINE_RAPIDO.soloCsvXlsx);
  try {
    return await leggiRigheFile(righeFile(file.percorso, {}, { limiti: LIMITI_ORDINE_RAPIDO }));
  } catch (e) {
    if (e instanceof OltreLimite) throw campoRifiutato('file', `${MSG_ORDINE_RAPIDO.fileTroppoGrande}${minuscola(e.message)}.`);
    if (e instanceof FileNonValido) throw campoRifiutato('file', `File non letto: ${e.message}.`);
    throw e;
  }
}
