/** Italian formats shared by the screens that show months and instants the spec's way. */

/** Month names, January first (budget form, charts). */
export const MESI = [
  'Gennaio', 'Febbraio', 'Marzo', 'Aprile', 'Maggio', 'Giugno',
  'Luglio', 'Agosto', 'Settembre', 'Ottobre', 'Novembre', 'Dicembre',
] as const;

const dataOra = new Intl.DateTimeFormat('it-IT', {
  day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
});

/** 'dd/MM/yyyy HH:mm' (docs/regole/generale.md#formats), e.g. '05/03/2026 14:07'; '' when missing or unreadable. */
export function formatDataOraSpec(value: string | null | undefined): string {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  const p = Object.fromEntries(dataOra.formatToParts(d).map((x) => [x.type, x.value]));
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

const kB = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 0 });
const MBfmt = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 1 });

/** A file's size, e.g. '850 kB', '2,4 MB'; '' when not known. */
export function formatDimensione(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined) return '';
  if (bytes < 1024 * 1024) return `${kB.format(Math.max(1, Math.round(bytes / 1024)))} kB`;
  return `${MBfmt.format(bytes / (1024 * 1024))} MB`;
}
