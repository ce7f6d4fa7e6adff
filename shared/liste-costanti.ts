export const MSG_LISTE = {
  nomeObbligatorio: 'Il nome della lista è obbligatorio',
  nuovoNomeObbligatorio: 'Il nuovo nome della lista è obbligatorio',
  assegnato: 'Prodotto Assegnato alla lista correttamente',
} as const;

/** The limits of a list's fields (liste/create's and liste/update's schemas and the form's boxes). */
export const LIMITI_LISTA = { nome: 100, descrizione: 500 } as const;
