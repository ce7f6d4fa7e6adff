import type { FormatoListino } from './listino.js';

/** The name a download is saved under. */
export const nomeFileListino = (formato: FormatoListino) => `listino.${formato === 'metel' ? 'txt' : formato}`;

/**
 * The columns of the XLSX and CSV files, in Italian (the Metel layout has its own fixed fields); the
 * page lists them from here. 'Il tuo codice': the client's own code, empty when the product has none.
 */
export const COLONNE_LISTINO = [
  'Codice', 'Il tuo codice', 'EAN', 'Descrizione', 'Unità di misura', 'Pezzi per confezione', 'Multiplo', 'Minimo',
  'Prezzo di listino (€)', 'Sconti', 'Prezzo netto (€)', 'Aliquota IVA (%)', 'Disponibilità', 'Giacenza', 'Ordinato al fornitore',
] as const;

/** The columns a person who may not see net prices does without (docs/regole/organizzazione.md#prices). */
const SOLO_CON_NETTI: ReadonlySet<string> = new Set(['Sconti', 'Prezzo netto (€)']);

/** A row of COLONNE_LISTINO's values (or the names themselves) as the person's file holds it. */
export function colonneDelListino<T>(valori: readonly T[], netti: boolean): T[] {
  return netti ? [...valori] : valori.filter((_, i) => !SOLO_CON_NETTI.has(COLONNE_LISTINO[i]!));
}
