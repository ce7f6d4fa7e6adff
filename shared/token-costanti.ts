/** The limits of token/create's fields (its schema and the form's box). */
export const LIMITI_TOKEN = { nome: 100 } as const;
