/**
 * Every Italian format of the SPA (docs/regole/generale.md#formats): amounts, numbers, dates, months, sizes and the texts of
 * a missing value. Screens write figures only through here, never with toLocaleString or their own
 * Intl formatter, so that one kind of figure reads the same on every screen.
 */

import { euroIt, formatEuro2, formatEuro3, numeroIt } from '../../shared/formato.js';

export { formatEuro2, formatEuro3 };

// Numbers are written by hand (shared/formato.ts: no Intl formatter, whose first use loads the
// locale's data on the page's first render); dates through Intl, each formatter made on first use.

/** A chart's axis: '12.000 €', '2,5 €'. */
export const formatEuroAsse = (n: number) => euroIt(n, 0, 2);

/** Counts and quantities: '1.234'. */
export const formatIntero = (n: number) => numeroIt(n, 0, 0);

/** A measure with up to `decimali` decimals: '1,5', '22'; '—' when missing. */
export function formatNumero(n: number | null | undefined, decimali = 2): string {
  if (n === null || n === undefined) return VUOTO;
  return numeroIt(n, 0, decimali, 'da5');
}

/** A share with 2 decimals, without the sign: '37,50'. */
export const formatPercentuale = (n: number) => numeroIt(n, 2, 2, 'da5');

/** A run's duration: '850 ms', '2,4 s'; '—' when not known. */
export function formatDurata(ms: number | null): string {
  if (ms === null) return VUOTO;
  return ms < 1000 ? `${ms} ms` : `${formatNumero(ms / 1000, 1)} s`;
}

/** A file's size, e.g. '850 kB', '2,4 MB'; '' when not known. */
export function formatDimensione(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined) return '';
  if (bytes < 1024 * 1024) return `${numeroIt(Math.max(1, Math.round(bytes / 1024)), 0, 0, 'da5')} kB`;
  return `${numeroIt(bytes / (1024 * 1024), 0, 1, 'da5')} MB`;
}

/** An Intl date formatter made at its first use, not when this module loads. */
function pigro(opzioni: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let f: Intl.DateTimeFormat | undefined;
  return () => (f ??= new Intl.DateTimeFormat('it-IT', opzioni));
}

/** Month names, January first (budget form, charts). */
export const MESI = [
  'Gennaio', 'Febbraio', 'Marzo', 'Aprile', 'Maggio', 'Giugno',
  'Luglio', 'Agosto', 'Settembre', 'Ottobre', 'Novembre', 'Dicembre',
] as const;
/** 'Marzo' for 3. */
export const nomeMese = (mese: number) => MESI[mese - 1] ?? String(mese);

function data(value: string | null | undefined): Date | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

const parti = pigro({ day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
/** 'dd/MM/yyyy HH:mm' (devices, admin lists), e.g. '05/03/2026 14:07'; '' when missing or unreadable. */
export function formatDataOra(value: string | null | undefined): string {
  const d = data(value);
  if (!d) return '';
  const p = Object.fromEntries(parti().formatToParts(d).map((x) => [x.type, x.value]));
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

const ordine = pigro({ day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
/** 'dd/MM/yyyy, HH:mm' (order dates), e.g. '11/11/2026, 12:49'; '' when missing or unreadable. */
export function formatDataOraOrdine(value: string | null | undefined): string {
  const d = data(value);
  return d ? ordine().format(d) : '';
}

const lunga = pigro({ day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' });
/** '11 novembre 2026 alle ore 12:49' (the order list's long form). */
export function formatDataLunga(value: string | null | undefined): string {
  const d = data(value);
  return d ? lunga().format(d) : '';
}

const giorno = pigro({ day: '2-digit', month: '2-digit', year: 'numeric' });
/** 'dd/MM/yyyy'; '' when missing or unreadable. */
export function formatData(value: string | null | undefined): string {
  const d = data(value);
  return d ? giorno().format(d) : '';
}

/** 'novembre 2026' (Intl's it-IT month and year, written by hand: the shop frame's turnover line shows it on every page). */
export const formatMeseAnno = (d: Date) => `${nomeMese(d.getMonth() + 1).toLowerCase()} ${d.getFullYear()}`;

/** A missing value in a table or a detail. */
export const VUOTO = '—';
/** A missing value of an order or of the user's data. */
export const NON_PRESENTE = 'Non Presente';
/** A text, or '—' when blank. */
export const testoOVuoto = (v: string): string => v.trim() || VUOTO;
/** A 0/1 flag as 'Sì'/'No' ('Cookie Abilitati'). */
export const formatSiNo = (v: 0 | 1): string => (v === 1 ? 'Sì' : 'No');
