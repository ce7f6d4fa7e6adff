/** The monthly chart's points from ordini/stats' rows: every month in the range, none missing. */
import type { StatsResponse } from '../../../shared/statistiche.js';
import { nomeMese } from '../../lib/formato';

export type RigaMese = StatsResponse['ordiniEImportiPerMeseAnno'][number];

/** A point of the monthly chart: its label, and the amount in euro (0 for a month without orders). */
export interface PuntoMese {
  anno: number;
  mese: number;
  etichetta: string;
  importo: number;
}

/**
 * The months of the chart, with no gaps: for one year January to December (to the current month
 * for the current year); for every year (anno null) from the first month with orders to the last.
 */
export function puntiMensili(righe: readonly RigaMese[], anno: number | null, oggi = new Date()): PuntoMese[] {
  const importi = new Map(righe.map((r) => [r.anno * 12 + r.mese - 1, Number(r.importo_totale)]));
  let da: number;
  let a: number;
  if (anno !== null) {
    da = anno * 12;
    a = anno === oggi.getFullYear() ? anno * 12 + oggi.getMonth() : anno * 12 + 11;
    // Orders dated after today (clock skew) still show.
    for (const k of importi.keys()) if (k > a && Math.floor(k / 12) === anno) a = k;
  } else {
    if (importi.size === 0) return [];
    da = Math.min(...importi.keys());
    a = Math.max(...importi.keys());
  }
  const punti: PuntoMese[] = [];
  for (let k = da; k <= a; k++) {
    const y = Math.floor(k / 12);
    const m = (k % 12) + 1;
    punti.push({ anno: y, mese: m, etichetta: anno === null ? `${nomeMese(m)} ${y}` : nomeMese(m), importo: importi.get(k) ?? 0 });
  }
  return punti;
}
