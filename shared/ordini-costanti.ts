/**
 * The cart's availability texts, verbatim from the spec (docs/regole/ordini.md#add-to-cart): the
 * product card, the order's confirmation (server and SPA) and the quick order say them alike.
 */
export const MSG_DISPONIBILITA = {
  /** Nothing in stock and nothing on order from the supplier. */
  nienteDisponibile: 'Ci dispiace, il prodotto non è attualmente disponibile e non è stato ordinato dal fornitore.',
  /** More than can be promised. */
  oltre: (codiceProdotto: string, massimo: number) =>
    `Prodotto ${codiceProdotto} non disponibile nella quantità richiesta. Massima disponibilità: ${massimo}.`,
  /** The quick order's addition when earlier lines of the same product already take some. */
  righePrecedenti: (giaChiesti: number) => `Le righe precedenti dello stesso prodotto ne chiedono già ${giaChiesti}.`,
} as const;

/** An order that does not exist or is not the user's for this client: the same answer, so ids tell nothing apart. */
export const MSG_ORDINE_SCONOSCIUTO = 'Ordine non trovato.';

export const RESPONSE_CODE_OK = '201';

/** Most lines one order may carry (and one cart: shared/carrello-costanti.ts). */
export const MAX_RIGHE_ORDINE = 500;
/** The largest quantity of one line (server/ordini/quantita.ts, and a cart's line). */
export const MAX_QUANTITA_RIGA = 1_000_000;

/**
 * The state of an order in the history and its filter: accepted (response_code '201'), refused,
 * held for approval over a limit, rejected by an approver, expired waiting
 * (ordini.approvazione, docs/regole/organizzazione.md#approvals).
 */
export const STATI_ORDINE = ['confermato', 'errore', 'in_approvazione', 'rifiutato', 'scaduto'] as const;
export type StatoOrdine = (typeof STATI_ORDINE)[number];
export const ETICHETTE_STATO_ORDINE: Record<StatoOrdine, string> = {
  confermato: 'Confermato', errore: 'Errore', in_approvazione: 'In attesa di approvazione',
  rifiutato: 'Rifiutato', scaduto: 'Approvazione scaduta',
};

/** An order's state from its answer code and approval (an approved order is confirmed: '201'). */
export function statoOrdine(o: { response_code: string; approvazione: string | null }): StatoOrdine {
  if (o.response_code === RESPONSE_CODE_OK) return 'confermato';
  if (o.approvazione === 'in_attesa') return 'in_approvazione';
  if (o.approvazione === 'rifiutato') return 'rifiutato';
  if (o.approvazione === 'scaduto') return 'scaduto';
  return 'errore';
}

/** The limits of an order's own texts (ordini/create's schema and the boxes of the checkout and its panel). */
export const LIMITI_ORDINE = { nome: 200, note: 4000, riferimento_cantiere: 60 } as const;
/** The limits of the history's text filters (ordini/elenco's and ordini/esporta's schemas and the filter boxes). */
export const LIMITI_FILTRI_ORDINI = { nome: 200, codice_prodotto: 40 } as const;
