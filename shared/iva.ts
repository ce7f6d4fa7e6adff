/**
 * Italy's standard VAT rate, in percent: the rate of a document line whose product is gone (a
 * product's own rate is prodotti.iva_aliquota; docs/decisions/pdf-ordine.md).
 */
export const ALIQUOTA_IVA_ORDINARIA = 22;
