import { numeroIt } from './formato.js';

/** The papers the ERP sends after an order (docs/regole/documenti.md). */
export const TIPI_DOCUMENTO_ERP = ['DDT', 'FATTURA', 'NOTA_CREDITO'] as const;

export type TipoDocumentoErp = (typeof TIPI_DOCUMENTO_ERP)[number];

export const ETICHETTE_TIPO_DOCUMENTO: Record<TipoDocumentoErp, string> = {
  DDT: 'Documento di trasporto',
  FATTURA: 'Fattura',
  NOTA_CREDITO: 'Nota di credito',
};

/** The same, short, for a table's column. */
export const SIGLE_TIPO_DOCUMENTO: Record<TipoDocumentoErp, string> = { DDT: 'DDT', FATTURA: 'Fattura', NOTA_CREDITO: 'Nota di credito' };

/** The FatturaPA codes the readable page names in words (Agenzia delle Entrate, specifiche 1.2). */
export const TIPI_DOCUMENTO_FATTURAPA: Record<string, string> = {
  TD01: 'Fattura', TD02: 'Acconto/anticipo su fattura', TD03: 'Acconto/anticipo su parcella', TD04: 'Nota di credito',
  TD05: 'Nota di debito', TD06: 'Parcella', TD24: 'Fattura differita', TD25: 'Fattura differita (triangolazione)',
};

export const MODALITA_PAGAMENTO: Record<string, string> = {
  MP01: 'Contanti', MP02: 'Assegno', MP03: 'Assegno circolare', MP05: 'Bonifico', MP08: 'Carta di pagamento',
  MP09: 'RID', MP10: 'RID utenze', MP11: 'RID veloce', MP12: 'RIBA', MP19: 'SEPA Direct Debit', MP21: 'SEPA Direct Debit B2B',
};

export const CONDIZIONI_PAGAMENTO: Record<string, string> = {
  TP01: 'Pagamento a rate', TP02: 'Pagamento completo', TP03: 'Anticipo',
};

/** Several documents' PDFs as one ZIP (for the accountant). */
export const MAX_DOCUMENTI_ZIP = 100;

/**
 * How far a FatturaPA is read (docs/regole/documenti.md#fatturapa-limiti). Nesting and elements
 * refuse the file at push and import: a real invoice nests 7 levels and has some 20 elements a
 * line (the format numbers lines with 4 digits: 9,999 lines fit). The page's lines beyond `righe`,
 * and its other entries (bodies, VAT rows, DDT, payment blocks and their due dates) beyond
 * `altreVoci`, are left out and counted; texts are cut at the format's longest (Descrizione: 1,000
 * characters; the others it reads are 80 at most).
 */
export const LIMITI_FATTURAPA = {
  profondita: 32,
  elementi: 250_000,
  righe: 2_000,
  altreVoci: 500,
  testoDescrizione: 1_000,
  testo: 100,
} as const;

const migliaia = (n: number) => numeroIt(n, 0, 0);

export const MSG_FATTURAPA = {
  nonXml: 'Il file xml deve essere una fattura elettronica FatturaPA (XML).',
  troppoAnnidato: `L'XML FatturaPA ha elementi annidati oltre ${LIMITI_FATTURAPA.profondita} livelli: non è una fattura elettronica leggibile.`,
  troppiElementi: `L'XML FatturaPA ha più di ${migliaia(LIMITI_FATTURAPA.elementi)} elementi: troppi per una fattura elettronica.`,
  /** The page's note when entries were left out. */
  vociOmesse: (n: number) => `La fattura è troppo lunga per questa pagina: ${migliaia(n)} ${n === 1 ? 'voce' : 'voci'} (righe, riepiloghi IVA, DDT, scadenze) `
    + `non ${n === 1 ? 'è mostrata' : 'sono mostrate'}. Il PDF e l'XML la contengono per intero.`,
  /** A document kept from before the limits whose XML is over them: the page is refused, the files are still there. */
  illeggibile: (motivo: string) => `${motivo} La pagina della fattura non si può mostrare: apri il PDF o scarica l'XML.`,
} as const;

/** The limits of the documents' text filters (documenti/read's schema and the filter's box). */
export const LIMITI_FILTRI_DOCUMENTI = { numero: 40 } as const;
