/**
 * The rows of a worksheet part, as a stream: each `<row>` with its number (as Excel shows it) and
 * its cells' values by column position, holes and all. A cell is read as Excel shows it: a
 * number, a date when its style shows a date, a text (shared, inline, or a formula's), a
 * boolean as 1/0, an error as its code ('#N/A'); a formula by its last computed result. A cell
 * longer than `limiti.caratteriCella` or a value beyond `limiti.colonne` refuses the
 * file with its row, as soon as it is seen.
 */
import { type LimitiLettura, numero } from '../limiti.js';
import { type Cella, OltreLimite, type RigaGrezza } from '../tipi.js';
import type { TestoCondiviso } from './testi.js';
import { leggiXml } from './xml.js';

export interface Contesto {
  testi: TestoCondiviso[];
  /** Cell styles that show dates (stili.ts). */
  date: Set<number>;
  data1904: boolean;
  limiti: LimitiLettura;
}

const GIORNO_MS = 24 * 3600 * 1000;
/** Excel's day 0 is 1899-12-30 (25569 days before 1970-01-01); 1462 days later in the 1904 system. */
const daExcel = (giorni: number, data1904: boolean) => new Date(Math.round((giorni - 25569 + (data1904 ? 1462 : 0)) * GIORNO_MS));

/** 'AB12' → 28; 0 for a reference without letters. */
function colonnaDi(rif: string): number {
  let n = 0;
  for (let i = 0; i < rif.length; i++) {
    const c = rif.charCodeAt(i);
    if (c < 65 || c > 90) break;
    n = n * 26 + (c - 64);
  }
  return n;
}

function lettere(colonna: number): string {
  let s = '';
  for (let n = colonna; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

export async function* righeFoglio(nome: string, bytes: AsyncIterable<Buffer>, x: Contesto): AsyncGenerator<RigaGrezza> {
  const { caratteriCella, colonne } = x.limiti;
  /** A cell over the limit: its length when known (a shared string), else only that it is over. */
  const cellaLunga = (riga: number, colonna: number, caratteri?: number) => new OltreLimite(`Riga ${riga}, colonna ${lettere(colonna)}: `
    + (caratteri === undefined
      ? `una cella supera il limite di ${numero(caratteriCella)} caratteri`
      : `una cella di ${numero(caratteri)} caratteri supera il limite di ${numero(caratteriCella)}`));

  const pronte: RigaGrezza[] = [];
  let riga = 0;
  let valori: Cella[] = [];
  // The cell being read.
  let colonna = 0;
  let tipo = 'n';
  let stile = 0;
  let testo = '';
  let conValore = false;
  let inValore = false;
  let inTestoInLinea = false;
  let inFonetica = false;

  function valore(): Cella {
    if (tipo === 'inlineStr') return testo;
    if (!conValore || testo === '') return '';
    switch (tipo) {
      case 's': {
        const t = x.testi[Number.parseInt(testo, 10)];
        if (typeof t === 'number') throw cellaLunga(riga, colonna, t);
        return t ?? '';
      }
      case 'str':
      case 'e':
        return testo;
      case 'b':
        return Number.parseInt(testo, 10) !== 0 ? 1 : 0;
      case 'd': {
        const d = new Date(testo);
        return Number.isNaN(d.getTime()) ? testo : d;
      }
      default: {
        const n = Number.parseFloat(testo);
        if (Number.isNaN(n)) return testo;
        return x.date.has(stile) ? daExcel(n, x.data1904) : n;
      }
    }
  }

  const g = {
    apri(tag: string, a: Record<string, string>) {
      switch (tag) {
        case 'row':
          riga = a.r ? Number.parseInt(a.r, 10) : riga + 1;
          valori = [];
          colonna = 0;
          break;
        case 'c':
          colonna = (a.r && colonnaDi(a.r)) || colonna + 1;
          tipo = a.t ?? 'n';
          stile = a.s ? Number.parseInt(a.s, 10) : 0;
          testo = '';
          conValore = false;
          break;
        case 'v':
          inValore = true;
          conValore = true;
          break;
        case 'is':
          inTestoInLinea = true;
          break;
        case 't':
          inValore = inTestoInLinea && !inFonetica;
          break;
        case 'rPh':
          inFonetica = true;
          break;
        default:
      }
    },
    testo(t: string) {
      if (!inValore) return;
      testo += t;
      if (testo.length > caratteriCella) throw cellaLunga(riga, colonna);
    },
    chiudi(tag: string) {
      switch (tag) {
        case 'v':
        case 't':
          inValore = false;
          break;
        case 'is':
          inTestoInLinea = false;
          break;
        case 'rPh':
          inFonetica = false;
          break;
        case 'c': {
          const v = valore();
          if (v === '') break;
          if (colonna > colonne) {
            throw new OltreLimite(`Riga ${riga}: un valore nella colonna ${lettere(colonna)} (la ${numero(colonna)}ª), `
              + `oltre il limite di ${numero(colonne)} colonne`);
          }
          while (valori.length < colonna - 1) valori.push('');
          valori[colonna - 1] = v;
          break;
        }
        case 'row':
          pronte.push({ riga, valori });
          break;
        default:
      }
    },
    troppoLungo: () => cellaLunga(riga, Math.max(colonna, 1)).message,
  };
  for await (const _ of leggiXml(nome, bytes, g)) {
    if (pronte.length === 0) continue;
    yield* pronte;
    pronte.length = 0;
  }
}
