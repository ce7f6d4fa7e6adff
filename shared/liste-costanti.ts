export const MSG_LISTE = {
  nomeObbligatorio: 'Il nome della lista è obbligatorio',
  nuovoNomeObbligatorio: 'Il nuovo nome della lista è obbligatorio',
  assegnato: 'Prodotto Assegnato alla lista correttamente',
  /** A list that does not exist or is not the user's for this client: the same answer, so ids tell nothing apart. */
  sconosciuta: 'Lista non trovata.',
} as const;

/** The limits of a list's fields (liste/create's and liste/update's schemas and the form's boxes). */
export const LIMITI_LISTA = { nome: 100, descrizione: 500 } as const;
