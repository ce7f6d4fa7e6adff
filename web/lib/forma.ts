/**
 * Checks of what the SPA reads back from places the server does not guard (local storage, the
 * history's state): a value of another shape reads as missing instead of breaking a screen. Not
 * zod: these run on the first render, which builds no schema (docs/decisions/zod-nel-browser.md).
 *
 *   const leggiCliente = forma<ClienteCollegato>({ azienda_codice: 'string', cliente_lis_maga: 'intero', … });
 *   leggiCliente(JSON.parse(raw)) // the value, or null
 */
export type Lettore<T> = (valore: unknown) => T | null;

/** A field: its kind ('?' may be missing, '|null' may be null), or a check of its own (false or null: refused). */
type Tipo = 'string' | 'number' | 'intero' | 'boolean';
export type Regola = Tipo | `${Tipo}?` | `${Tipo}|null` | ((v: unknown) => unknown);

const tipi: Record<Tipo, (v: unknown) => boolean> = {
  string: (v) => typeof v === 'string',
  number: (v) => typeof v === 'number' && Number.isFinite(v),
  intero: (v) => Number.isInteger(v),
  boolean: (v) => typeof v === 'boolean',
};

function rispetta(regola: Regola, v: unknown): boolean {
  if (typeof regola === 'function') {
    const esito = regola(v);
    return esito !== false && esito !== null;
  }
  if (regola.endsWith('?')) return v === undefined || tipi[regola.slice(0, -1) as Tipo](v);
  if (regola.endsWith('|null')) return v === null || tipi[regola.slice(0, -5) as Tipo](v);
  return tipi[regola as Tipo](v);
}

/** An object with every field of T as its rule says (the compiler asks a rule for each); others are kept. */
export function forma<T>(campi: { readonly [K in keyof T]-?: Regola }): Lettore<T> {
  const voci = Object.entries(campi) as [string, Regola][];
  return (valore) => {
    if (typeof valore !== 'object' || valore === null || Array.isArray(valore)) return null;
    const o = valore as Record<string, unknown>;
    return voci.every(([k, r]) => rispetta(r, o[k])) ? (valore as T) : null;
  };
}

/** A list whose every element reads. */
export function elenco<T>(elemento: Lettore<T>): Lettore<T[]> {
  return (valore) => (Array.isArray(valore) && valore.every((v) => elemento(v) !== null) ? (valore as T[]) : null);
}

/** One of these values. */
export function unoDi<const T extends string>(valori: readonly T[]): Lettore<T> {
  return (valore) => (valori.includes(valore as T) ? (valore as T) : null);
}
