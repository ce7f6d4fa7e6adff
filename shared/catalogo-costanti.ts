/** Availability classes (docs/regole/catalogo.md#availability-colour): in stock, only on order from the supplier, none. */
export const DISPONIBILITA_COLORI = ['verde', 'giallo', 'rosso'] as const;

/** The words of each availability colour, wherever the portal shows or writes it (cards, the customer's price list). */
export const TESTI_DISPONIBILITA = {
  verde: 'Disponibile',
  giallo: 'In arrivo dal fornitore',
  rosso: 'Non disponibile',
} as const satisfies Record<(typeof DISPONIBILITA_COLORI)[number], string>;

/** The brand code of a product without brand. */
export const SENZA_MARCHIO = '000';

export const NOVITA_GIORNI = 30;
