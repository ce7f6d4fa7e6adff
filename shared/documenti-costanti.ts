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

/** The limits of the documents' text filters (documenti/read's schema and the filter's box). */
export const LIMITI_FILTRI_DOCUMENTI = { numero: 40 } as const;
