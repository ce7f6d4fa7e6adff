/** Pieces of SQL the kinds share. */
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
