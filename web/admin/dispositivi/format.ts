/** Cell formats of the device list: Sì/No, numbers in it-IT (dates: web/lib/formato.ts). */
const numero = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 2 });

export const VUOTO = '—';

export const formatSiNo = (v: 0 | 1): string => (v === 1 ? 'Sì' : 'No');

export function formatNumero(v: number | null | undefined): string {
  return v === null || v === undefined ? VUOTO : numero.format(v);
}

export const testoOVuoto = (v: string): string => v.trim() || VUOTO;
