/**
 * Bulk loading through COPY FROM STDIN (text format): one round trip per table and batch,
 * which is what makes a 200,000-product catalogue load in seconds rather than minutes.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Sql } from './client.js';

export type CopyValue = string | number | boolean | Date | (string | number | null)[] | null | undefined;

/** One element of an array literal: quoted text (so commas, braces and quotes are data), NULL. */
const element = (e: string | number | null): string =>
  (e === null ? 'NULL' : typeof e === 'number' ? String(e) : `"${e.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`);

/** Escapes one field for COPY's text format (tab-separated, \N for NULL). */
function field(v: CopyValue): string {
  if (v === null || v === undefined) return '\\N';
  if (typeof v === 'number') return String(v);
  if (typeof v === 'boolean') return v ? 't' : 'f';
  if (v instanceof Date) return v.toISOString();
  const s = Array.isArray(v) ? `{${v.map(element).join(',')}}` : v;
  return s.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
}

/**
 * Rows as text, in chunks of about 256 kB so that the socket gets few large writes. Rows may come
 * as they are produced (an import file being read): COPY pulls the next chunk when it has room.
 */
async function* chunks(rows: Iterable<CopyValue[]> | AsyncIterable<CopyValue[]>): AsyncGenerator<string> {
  let buf = '';
  for await (const row of rows) {
    buf += row.map(field).join('\t') + '\n';
    if (buf.length > 262_144) {
      yield buf;
      buf = '';
    }
  }
  if (buf) yield buf;
}

/** COPY rows into table(columns). Works on a transaction handle as well as on a pool. */
export async function copyRows(
  sql: Sql,
  table: string,
  columns: readonly string[],
  rows: Iterable<CopyValue[]> | AsyncIterable<CopyValue[]>,
): Promise<void> {
  const writable = await sql`copy ${sql(table)} (${sql(columns as string[])}) from stdin`.writable();
  await pipeline(Readable.from(chunks(rows)), writable);
}

/** Objects to COPY rows: the column list is the keys of the first object. */
export async function copyObjects(
  sql: Sql,
  table: string,
  rows: readonly Record<string, CopyValue>[],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]);
  await copyRows(sql, table, columns, rows.map((r) => columns.map((c) => r[c])));
}

/** After inserting explicit ids, move the serial sequence past them. */
export async function syncSequence(sql: Sql, table: string): Promise<void> {
  await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql(table)}), 0) + 1, false)`;
}
