/**
 * Every Italian format of the SPA (docs/regole/generale.md#formats): amounts, numbers, dates, months, sizes and the texts of
 * a missing value. Screens write figures only through here, never with toLocaleString or their own
 * Intl formatter, so that one kind of figure reads the same on every screen.
 */

import { formatEuro2, formatEuro3 } from '../../shared/formato.js';

export { formatEuro2, formatEuro3 };

// it-IT leaves 4-digit numbers ungrouped by default ('1142,540 €'): lists and prices group them.
const SEMPRE = 'always' as unknown as boolean;

const euroAsse = new Intl.NumberFormat('it-IT', {
  style: 'currency', currency: 'EUR', minimumFractionDigits: 0, maximumFractionDigits: 2, useGrouping: SEMPRE,
});
/** A chart's axis: '12.000 €', '2,5 €'. */
export const formatEuroAsse = (n: number) => euroAsse.format(n);

const intero = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 0, useGrouping: SEMPRE });
/** Counts and quantities: '1.234'. */
export const formatIntero = (n: number) => intero.format(n);

const numeri = new Map<number, Intl.NumberFormat>();
/** A measure with up to `decimali` decimals: '1,5', '22'; '—' when missing. */
export function formatNumero(n: number | null | undefined, decimali = 2): string {
  if (n === null || n === undefined) return VUOTO;
  let f = numeri.get(decimali);
  if (!f) numeri.set(decimali, (f = new Intl.NumberFormat('it-IT', { maximumFractionDigits: decimali })));
  return f.format(n);
}

const percentuale = new Intl.NumberFormat('it-IT', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** A share with 2 decimals, without the sign: '37,50'. */
export const formatPercentuale = (n: number) => percentuale.format(n);

/** A run's duration: '850 ms', '2,4 s'; '—' when not known. */
export function formatDurata(ms: number | null): string {
  if (ms === null) return VUOTO;
  return ms < 1000 ? `${ms} ms` : `${formatNumero(ms / 1000, 1)} s`;
}

const kB = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 0 });
const MB = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 1 });
/** A file's size, e.g. '850 kB', '2,4 MB'; '' when not known. */
export function formatDimensione(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined) return '';
  if (bytes < 1024 * 1024) return `${kB.format(Math.max(1, Math.round(bytes / 1024)))} kB`;
  return `${MB.format(bytes / (1024 * 1024))} MB`;
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

const parti = new Intl.DateTimeFormat('it-IT', {
  day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
});
/** 'dd/MM/yyyy HH:mm' (devices, admin lists), e.g. '05/03/2026 14:07'; '' when missing or unreadable. */
export function formatDataOra(value: string | null | undefined): string {
  const d = data(value);
  if (!d) return '';
  const p = Object.fromEntries(parti.formatToParts(d).map((x) => [x.type, x.value]));
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

const ordine = new Intl.DateTimeFormat('it-IT', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
/** 'dd/MM/yyyy, HH:mm' (order dates), e.g. '11/11/2026, 12:49'; '' when missing or unreadable. */
export function formatDataOraOrdine(value: string | null | undefined): string {
  const d = data(value);
  return d ? ordine.format(d) : '';
}

const lunga = new Intl.DateTimeFormat('it-IT', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' });
/** '11 novembre 2026 alle ore 12:49' (the order list's long form). */
export function formatDataLunga(value: string | null | undefined): string {
  const d = data(value);
  return d ? lunga.format(d) : '';
}

const giorno = new Intl.DateTimeFormat('it-IT', { day: '2-digit', month: '2-digit', year: 'numeric' });
/** 'dd/MM/yyyy'; '' when missing or unreadable. */
export function formatData(value: string | null | undefined): string {
  const d = data(value);
  return d ? giorno.format(d) : '';
}

const meseAnno = new Intl.DateTimeFormat('it-IT', { month: 'long', year: 'numeric' });
/** 'novembre 2026'. */
export const formatMeseAnno = (d: Date) => meseAnno.format(d);

/** A missing value in a table or a detail. */
export const VUOTO = '—';
/** A missing value of an order or of the user's data. */
export const NON_PRESENTE = 'Non Presente';
/** A text, or '—' when blank. */
export const testoOVuoto = (v: string): string => v.trim() || VUOTO;
/** A 0/1 flag as 'Sì'/'No' ('Cookie Abilitati'). */
export const formatSiNo = (v: 0 | 1): string => (v === 1 ? 'Sì' : 'No');
