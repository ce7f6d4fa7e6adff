/** Cell formats of the device list (SPEC §2): 'dd/MM/yyyy HH:mm', Sì/No, numbers in it-IT. */
const dataOra = new Intl.DateTimeFormat('it-IT', {
  day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
});
const numero = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 2 });

export const VUOTO = '—';

/** '05/03/2026 14:07'; '' when missing or unreadable. */
export function formatDataCreazione(value: string | null | undefined): string {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  const p = Object.fromEntries(dataOra.formatToParts(d).map((x) => [x.type, x.value]));
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

export const formatSiNo = (v: 0 | 1): string => (v === 1 ? 'Sì' : 'No');

export function formatNumero(v: number | null | undefined): string {
  return v === null || v === undefined ? VUOTO : numero.format(v);
}

export const testoOVuoto = (v: string): string => v.trim() || VUOTO;
