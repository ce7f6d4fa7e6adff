export const MSG_LISTE = {
  nomeObbligatorio: 'Il nome della lista è obbligatorio',
  nuovoNomeObbligatorio: 'Il nuovo nome della lista è obbligatorio',
  assegnato: 'Prodotto Assegnato alla lista correttamente',
} as const;
