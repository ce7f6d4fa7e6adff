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
