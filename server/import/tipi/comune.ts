/** Pieces of SQL the kinds share. */
import type { Sql } from '../../db/client.js';
import type { DefinizioneTipo } from '../definizione.js';
import { ident } from '../staging.js';

/** Staging columns for the kind's fields present in the file, with their SQL types, in that order. */
export function campiPresenti(def: DefinizioneTipo, presenti: string[]) {
  const campi = def.campi.filter((c) => presenti.includes(c.nome));
  return {
    colonne: campi.map((c) => ({ nome: c.nome, sql: c.sql })),
    valori: (r: Record<string, unknown>) => campi.map((c) => r[c.nome] as string | number | null),
  };
}

/** `(t.a, t.b) IS DISTINCT FROM (x, y)`: whether writing the new values would change the row. */
export const diverso = (alias: string, valori: [string, string][]): string =>
  `(${valori.map(([col]) => `${alias}.${ident(col)}`).join(', ')}) IS DISTINCT FROM (${valori.map(([, e]) => e).join(', ')})`;

/**
 * Locks the products an import is about to update, in id order: updating them in whatever order
 * the join yields could deadlock with another writer holding one of them and waiting for another.
 * FOR NO KEY UPDATE (what the UPDATE itself takes: codes are never changed) leaves orders alone:
 * their lines' foreign key check only shares the key, and their stock is in giacenze.
 * `prodotti` is the subquery or condition naming them (alias p).
 */
export async function bloccaProdotti(tx: Sql, prodotti: string): Promise<void> {
  await tx.unsafe(`SELECT count(*) FROM (SELECT p.id FROM prodotti p WHERE ${prodotti} ORDER BY p.id FOR NO KEY UPDATE OF p) x`);
}
