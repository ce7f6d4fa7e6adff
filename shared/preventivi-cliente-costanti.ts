import type { AliquotaPreventivo } from './preventivi-cliente-calcolo.js';

/**
 * The words and bounds of the installer's quotes to their end customers
 * (docs/regole/preventivi-cliente.md), without zod: the screens import them
 * (docs/decisions/zod-nel-browser.md); the contracts are in preventivi-cliente.ts.
 */

export const STATI_PREVENTIVO_CLIENTE = ['bozza', 'inviato', 'accettato', 'perso'] as const;
export type StatoPreventivoCliente = (typeof STATI_PREVENTIVO_CLIENTE)[number];
export const ETICHETTE_STATO_PREVENTIVO_CLIENTE: Record<StatoPreventivoCliente, string> = {
  bozza: 'Bozza', inviato: 'Inviato', accettato: 'Accettato', perso: 'Perso',
};

/**
 * Which state may follow which: a draft is sent; a sent quote is accepted, lost, or brought back to
 * draft to be changed; a lost one may be reopened as a draft. An accepted quote is final (copy it to
 * start again). Only a draft is changed.
 */
export const PASSAGGI_STATO_PREVENTIVO_CLIENTE: Record<StatoPreventivoCliente, readonly StatoPreventivoCliente[]> = {
  bozza: ['inviato'],
  inviato: ['accettato', 'perso', 'bozza'],
  perso: ['bozza'],
  accettato: [],
};

export const ETICHETTE_TIPO_RIGA = { catalogo: 'Articolo', manodopera: 'Manodopera', libera: 'Voce libera' } as const;
export const ETICHETTE_ALIQUOTA: Record<AliquotaPreventivo, string> = { 22: '22 %', 10: '10 %', 4: '4 %' };

export const LIMITI_PREVENTIVO_CLIENTE = {
  righe: 300,
  /** A product's code as every call takes it (shared/common.ts `codice`). */
  codice: 40,
  pagina: 50,
  testo: 200,
  note: 2000,
  /** Percent markup of a line, a family or the whole quote. */
  ricaricoMax: 1000,
  quantitaMax: 99_999.99,
  costoMax: 999_999.999,
  categorie: 100,
  /** The logo as stored: PNG fitted into this box (the PDF's header draws it at most 160×60 pt). */
  logoLato: 600,
} as const;

/** A quote's number as the screens and the PDF write it: 2026/7. */
export const numeroPreventivoCliente = (p: { anno: number; numero: number }) => `${p.anno}/${p.numero}`;

export const MSG_PREVENTIVI_CLIENTE = {
  sconosciuto: 'Preventivo non trovato per questo cliente.',
  soloBozza: 'Si può modificare solo un preventivo in bozza: riportalo in bozza o fanne una copia.',
  versione: 'Il preventivo è stato cambiato nel frattempo (da te in un\u2019altra finestra o da un collega): ricarica la pagina per vedere la versione attuale.',
  passaggio: (da: StatoPreventivoCliente, a: StatoPreventivoCliente) =>
    `Un preventivo «${ETICHETTE_STATO_PREVENTIVO_CLIENTE[da]}» non può diventare «${ETICHETTE_STATO_PREVENTIVO_CLIENTE[a]}».`,
  carrelloVuoto: 'Il carrello è vuoto: aggiungi prima dei prodotti.',
  listaSconosciuta: 'Lista non trovata.',
  listaVuota: 'La lista non ha prodotti.',
  preventivoSconosciuto: 'Preventivo del grossista non trovato per questo cliente.',
  preventivoSenzaPrezzi: (stato: string) =>
    `Il preventivo del grossista è «${stato}»: si parte solo da un'offerta valida, accettata o ordinata.`,
  preventivoVuoto: 'Il preventivo del grossista non ha righe con un prezzo ancora in vendita.',
  sconosciuti: (codici: string[]) => `Prodotti non in vendita: ${codici.join(', ')}.`,
  soloAccettato: 'Solo le righe di un preventivo accettato si mettono nel carrello.',
  nessunArticolo: 'Il preventivo non ha articoli del catalogo ancora in vendita.',
  nelCarrello: (n: number) =>
    `${n === 1 ? '1 articolo messo' : `${n} articoli messi`} nel carrello ai prezzi di oggi (non a quelli del preventivo).`,
  beniSoloAl10: 'I beni significativi valgono solo per righe al 10 %.',
  beniSoloArticoli: 'La manodopera non è un bene significativo.',
  logoNonImmagine: 'Il logo deve essere un\u2019immagine (JPG, PNG, GIF o WebP).',
  logoMancante: 'Nessun logo caricato.',
  categoriaDoppia: 'Ogni categoria una volta sola.',
} as const;
