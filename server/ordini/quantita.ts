import { MAX_QUANTITA_RIGA } from '../../shared/ordini-costanti.js';

/** A cart quantity as a positive integer, or undefined when it is not one. */
export function parseQuantita(v: number | string): number | undefined {
  const n = typeof v === 'number' ? v : /^\s*\d+\s*$/.test(v) ? Number(v) : Number.NaN;
  return Number.isSafeInteger(n) && n > 0 && n <= MAX_QUANTITA_RIGA ? n : undefined;
}
