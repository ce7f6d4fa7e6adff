/**
 * The VAT rate of every product, in percent: products carry no rate of their own yet
 * (docs/decisions/pdf-ordine.md), so documents apply Italy's standard rate. One constant, so that
 * per-product rates later replace it in one place.
 */
export const ALIQUOTA_IVA_ORDINARIA = 22;
