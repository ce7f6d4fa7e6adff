/** The limits of a contact message's fields (contatti/invia's schema and the form's boxes). */
export const LIMITI_CONTATTO = { nome: 200, email: 200, messaggio: 5000 } as const;
