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

/** Texts of the catalogue calls and the admin catalogue screens (docs/regole/admin.md#product-edit). */
export const MSG_CATALOGO = {
  confermaModifica: 'Sei sicuro di voler inviare la descrizione personalizzata?',
  prodottoAggiornato: 'Descrizione personalizzata salvata correttamente.',
  titoloObbligatorio: 'Il titolo portale è obbligatorio.',
  descrizioneObbligatoria: 'La descrizione aggiuntiva è obbligatoria.',
  pzConf: 'I pezzi per confezione devono essere un numero intero maggiore di zero.',
  prodottoSconosciuto: (codice: string) => `Prodotto ${codice} non trovato.`,
  categoriaSconosciuta: (codCat: string) => `Categoria ${codCat} non trovata.`,
  categoriaAttivata: (nome: string) => `Categoria ${nome} attivata.`,
  categoriaDisattivata: (nome: string) => `Categoria ${nome} disattivata.`,
} as const;

/** The limits of prodotto/edit's fields (its schema and the form's boxes). */
export const TITOLO_PORTALE_MAX = 200;
export const DESCRIZIONE_AGGIUNTIVA_MAX = 2000;
export const PZ_CONF_MAX = 100_000;

/** A product search's text (search/prodotti's schema, the header's search and the admin's). */
export const LIMITI_RICERCA = { min: 2, max: 200 } as const;
export const MSG_RICERCA_CORTA = `Inserire almeno ${LIMITI_RICERCA.min} caratteri per la ricerca`;
