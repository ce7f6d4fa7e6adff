import type { RigaPdf } from './ordine-pdf.queries.js';

/** A line's amount and the document's totals, in euro cents (whole numbers: no float drift in sums). */
export interface Totali {
  importiCent: number[];
  /** One row per VAT rate, by rate. */
  iva: { aliquota: number; imponibileCent: number; impostaCent: number }[];
  imponibileCent: number;
  impostaCent: number;
  totaleCent: number;
}

/**
 * The amounts of an order's document as an Italian invoice rounds them: each line's amount
 * (quantity × net price, 3 decimals) to the cent, the taxable amount of a rate as the sum of its
 * lines, its VAT rounded once per rate (half up), the total as their sum.
 */
export function totali(righe: readonly RigaPdf[]): Totali {
  const importiCent = righe.map((r) => Math.round((r.qt * Math.round(r.netto * 1000)) / 10));
  const perAliquota = new Map<number, number>();
  righe.forEach((r, i) => perAliquota.set(r.aliquotaIva, (perAliquota.get(r.aliquotaIva) ?? 0) + importiCent[i]!));
  const iva = [...perAliquota].sort(([a], [b]) => a - b)
    .map(([aliquota, imponibileCent]) => ({ aliquota, imponibileCent, impostaCent: Math.round((imponibileCent * aliquota) / 100) }));
  const imponibileCent = iva.reduce((s, r) => s + r.imponibileCent, 0);
  const impostaCent = iva.reduce((s, r) => s + r.impostaCent, 0);
  return { importiCent, iva, imponibileCent, impostaCent, totaleCent: imponibileCent + impostaCent };
}
