import type { ClienteAgente } from '../../shared/agenti.js';
import { GIORNI_SENZA_ORDINI } from '../../shared/agenti-costanti.js';

/** A client with no order for GIORNI_SENZA_ORDINI days (or never): it stands out in the portfolio. */
export function senzaOrdini(c: Pick<ClienteAgente, 'ultimo_ordine'>, ora = Date.now()): boolean {
  return c.ultimo_ordine === null || ora - new Date(c.ultimo_ordine).getTime() > GIORNI_SENZA_ORDINI * 86_400_000;
}

/** This year's sales against last year's same period, as a signed percentage; null when last year had none. */
export function variazione(c: Pick<ClienteAgente, 'fatturato_anno' | 'fatturato_anno_prec'>): number | null {
  return c.fatturato_anno_prec > 0 ? ((c.fatturato_anno - c.fatturato_anno_prec) / c.fatturato_anno_prec) * 100 : null;
}

export const ORDINAMENTI = {
  ragione_sociale: 'Nome',
  cliente_codice: 'Codice',
  citta: 'Città',
  fatturato_anno: 'Fatturato anno',
  fatturato_anno_prec: 'Fatturato anno precedente',
  ultimo_ordine: 'Ultimo ordine',
  fido: 'Fido',
  esposizione: 'Esposizione',
  scaduto: 'Scaduto',
} as const satisfies Partial<Record<keyof ClienteAgente, string>>;
export type Ordinamento = keyof typeof ORDINAMENTI;

/** Rows sorted by a column: texts alphabetically (Italian), figures by value; a missing figure always last. */
export function ordina(righe: readonly ClienteAgente[], per: Ordinamento, crescente: boolean): ClienteAgente[] {
  const segno = crescente ? 1 : -1;
  return [...righe].sort((a, b) => {
    const [x, y] = [a[per], b[per]];
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    if (typeof x === 'number' && typeof y === 'number') return (x - y) * segno;
    return String(x).localeCompare(String(y), 'it', { sensitivity: 'base' }) * segno;
  });
}

/** The search: every word in the name, code or town, accents and case aside. */
export function cerca(righe: readonly ClienteAgente[], testo: string): ClienteAgente[] {
  const norma = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const parole = norma(testo).split(/\s+/).filter(Boolean);
  if (parole.length === 0) return [...righe];
  return righe.filter((c) => {
    const dove = norma(`${c.ragione_sociale} ${c.cliente_codice} ${c.citta}`);
    return parole.every((p) => dove.includes(p));
  });
}
