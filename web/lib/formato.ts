/**
 * Every Italian format of the SPA (docs/regole/generale.md#formats): amounts, numbers, dates, months, sizes and the texts of
 * a missing value. Screens write figures only through here, never with toLocaleString or their own
 * Intl formatter, so that one kind of figure reads the same on every screen.
 */

import { euroIt, formatImporto, formatPrezzo, numeroIt } from '../../shared/formato.js';

export { formatImporto, formatPrezzo };

// Numbers and dates are written by hand (shared/formato.ts, and the dates below): no Intl formatter,
// whose first use loads the locale's data on the page's first render.

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

/** Month names, January first (budget form, charts). */
export const MESI = [
  'Gennaio', 'Febbraio', 'Marzo', 'Aprile', 'Maggio', 'Giugno',
  'Luglio', 'Agosto', 'Settembre', 'Ottobre', 'Novembre', 'Dicembre',
] as const;
/** 'Marzo' for 3. */
export const nomeMese = (mese: number) => MESI[mese - 1] ?? String(mese);

/** 'novembre 2026' (Intl's it-IT month and year: the shop frame's turnover line shows it on every page). */
export const formatMeseAnno = (d: Date) => `${nomeMese(d.getMonth() + 1).toLowerCase()} ${d.getFullYear()}`;

/*
 * Dates are written by hand from the local date's parts, like the numbers (shared/formato.ts): the
 * page's first Intl.DateTimeFormat loads the locale's data, 25 ms of main thread on this machine
 * (×4 on Lighthouse's mobile), in the task that draws /situazione-contabile's summary, /ordini and
 * /documenti. The output is Intl's it-IT output in the browser's time zone, character for character
 * (tests/unit/formato.test.ts compares them).
 */
function data(value: string | null | undefined): Date | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}
const due = (n: number) => String(n).padStart(2, '0');
/** 'dd/MM/yyyy' of a date. */
const giornoDi = (d: Date) => `${due(d.getDate())}/${due(d.getMonth() + 1)}/${d.getFullYear()}`;
/** 'HH:mm' of a date, hours 00–23. */
const oraDi = (d: Date) => `${due(d.getHours())}:${due(d.getMinutes())}`;

/** 'dd/MM/yyyy HH:mm' (devices, admin lists), e.g. '05/03/2026 14:07'; '' when missing or unreadable. */
export function formatDataOra(value: string | null | undefined): string {
  const d = data(value);
  return d ? `${giornoDi(d)} ${oraDi(d)}` : '';
}

/** 'dd/MM/yyyy, HH:mm' (order dates), e.g. '11/11/2026, 12:49'; '' when missing or unreadable. */
export function formatDataOraOrdine(value: string | null | undefined): string {
  const d = data(value);
  return d ? `${giornoDi(d)}, ${oraDi(d)}` : '';
}

/** '11 novembre 2026 alle ore 12:49' (the order list's long form). */
export function formatDataLunga(value: string | null | undefined): string {
  const d = data(value);
  return d ? `${d.getDate()} ${formatMeseAnno(d)} alle ore ${oraDi(d)}` : '';
}

/** 'dd/MM/yyyy'; '' when missing or unreadable. */
export function formatData(value: string | null | undefined): string {
  const d = data(value);
  return d ? giornoDi(d) : '';
}

/** A missing value in a table or a detail. */
export const VUOTO = '—';
/** A missing value of an order or of the user's data. */
export const NON_PRESENTE = 'Non Presente';
/** A text, or '—' when blank. */
export const testoOVuoto = (v: string): string => v.trim() || VUOTO;
/** A 0/1 flag as 'Sì'/'No' ('Cookie Abilitati'). */
export const formatSiNo = (v: 0 | 1): string => (v === 1 ? 'Sì' : 'No');
