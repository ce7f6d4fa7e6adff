/**
 * The one computation of an installer's quote to their end customer (docs/regole/preventivi-cliente.md):
 * the selling price of each line from its cost and markup, the discount, and the VAT split with the
 * "beni significativi" rule of 10 % works. The server stores its total and draws the PDF with it,
 * the editor shows it as it is typed: one function, so they never differ. Zod-free (the SPA imports it).
 *
 * Exact in integers: costs and prices in thousandths of a euro, quantities in hundredths, markups and
 * the discount in hundredths of a percent, amounts in cents, every rounding half up (as Postgres's
 * round). BigInt where a product could pass 2^53.
 */

export const ALIQUOTE_PREVENTIVO = [22, 10, 4] as const;
export type AliquotaPreventivo = (typeof ALIQUOTE_PREVENTIVO)[number];
/** The rate of a product in a quote: its own if one a quote uses (22, 10, 4), otherwise 22. */
export const aliquotaDi = (iva: number): AliquotaPreventivo => (iva === 10 || iva === 4 ? iva : 22);
export const TIPI_RIGA_PREVENTIVO = ['catalogo', 'manodopera', 'libera'] as const;
export type TipoRigaPreventivo = (typeof TIPI_RIGA_PREVENTIVO)[number];

export interface RigaDaCalcolare {
  tipo: TipoRigaPreventivo;
  /** Pieces, or hours for labour (two decimals). */
  quantita: number;
  /** The unit cost (the client's net price, or a price given); for labour, the hourly rate. */
  costo: number;
  /** The line's own markup in percent; null: its family's, else the general one. Labour has none. */
  ricarico: number | null;
  /** The product's family, the key of a markup per category. */
  categoria: string;
  aliquota: AliquotaPreventivo;
  beni_significativi: boolean;
}

export interface PreventivoDaCalcolare {
  righe: readonly RigaDaCalcolare[];
  ricarico_generale: number;
  ricarichi_categoria: Readonly<Record<string, number>>;
  sconto_percentuale: number;
}

export interface RigaCalcolata {
  /** The markup applied (percent). */
  ricarico: number;
  /** Selling unit price, three decimals. */
  prezzo: number;
  /** quantita × prezzo, to the cent, before the discount. */
  importo: number;
  /** The line's cost, to the cent. */
  costo_totale: number;
}

export interface QuotaIva {
  aliquota: AliquotaPreventivo;
  imponibile: number;
  imposta: number;
}

export interface Calcolo {
  righe: RigaCalcolata[];
  /** The lines' amounts before the discount. */
  totale_righe: number;
  sconto: number;
  /** totale_righe less the discount: the taxable amount. */
  imponibile: number;
  /** By rate, 22, 10, 4, only the rates used. */
  iva: QuotaIva[];
  /**
   * The 10 % works with significant goods (null without any): the works' value (the 10 % lines,
   * after the discount), the goods' value, the part of the goods at 10 % (up to the works' value
   * less the goods) and the rest at 22 %.
   */
  beni_significativi: { valore_lavori: number; valore_beni: number; al_10: number; al_22: number } | null;
  totale_iva: number;
  totale: number;
  costo: number;
  /** imponibile − costo. */
  margine: number;
}

/** A decimal as an integer number of 1/scala, half up (the inputs carry at most that many decimals). */
const intero = (n: number, scala: number) => Math.round(n * scala);

/** a / b rounded half up, away from zero, in BigInt. */
function dividi(a: bigint, b: bigint): bigint {
  const neg = (a < 0n) !== (b < 0n);
  const aa = a < 0n ? -a : a;
  const bb = b < 0n ? -b : b;
  const q = (2n * aa + bb) / (2n * bb);
  return neg ? -q : q;
}

/** Percent with two decimals (hundredths of a percent) applied to an amount: round(x × (10000 + p) / 10000). */
const piuPercento = (x: bigint, pCent: number) => dividi(x * BigInt(10000 + pCent), 10000n);

/** The markup a line gets: its own, else its family's (catalogue lines), else the general one; labour none. */
export function ricaricoDi(r: Pick<RigaDaCalcolare, 'tipo' | 'ricarico' | 'categoria'>, p: Pick<PreventivoDaCalcolare, 'ricarico_generale' | 'ricarichi_categoria'>): number {
  if (r.tipo === 'manodopera') return 0;
  if (r.ricarico !== null) return r.ricarico;
  const cat = r.tipo === 'catalogo' && r.categoria !== '' ? p.ricarichi_categoria[r.categoria] : undefined;
  return cat ?? p.ricarico_generale;
}

export function calcolaPreventivo(p: PreventivoDaCalcolare): Calcolo {
  const sconto = intero(p.sconto_percentuale, 100);
  const righe: RigaCalcolata[] = [];
  // Per rate, the lines' cents after the discount; the significant goods apart.
  const perAliquota = new Map<AliquotaPreventivo, bigint>();
  let beni = 0n;
  let lordo = 0n;
  let netto = 0n;
  let costo = 0n;
  for (const r of p.righe) {
    const ricarico = ricaricoDi(r, p);
    const qt = BigInt(intero(r.quantita, 100));
    const costoMill = BigInt(intero(r.costo, 1000));
    const prezzoMill = piuPercento(costoMill, intero(ricarico, 100));
    // thousandths × hundredths = 1/100000 of a euro; cents are 1/100.
    const importo = dividi(prezzoMill * qt, 1000n);
    const costoRiga = dividi(costoMill * qt, 1000n);
    const scontato = piuPercento(importo, -sconto);
    righe.push({ ricarico, prezzo: Number(prezzoMill) / 1000, importo: Number(importo) / 100, costo_totale: Number(costoRiga) / 100 });
    lordo += importo;
    netto += scontato;
    costo += costoRiga;
    perAliquota.set(r.aliquota, (perAliquota.get(r.aliquota) ?? 0n) + scontato);
    if (r.aliquota === 10 && r.beni_significativi) beni += scontato;
  }
  let bs: Calcolo['beni_significativi'] = null;
  if (p.righe.some((r) => r.aliquota === 10 && r.beni_significativi)) {
    const lavori = perAliquota.get(10) ?? 0n;
    // 10 % on the goods only up to the value of the rest of the works (labour, other goods).
    const resto = lavori - beni;
    const al10 = beni < resto ? beni : resto > 0n ? resto : 0n;
    const al22 = beni - al10;
    bs = { valore_lavori: Number(lavori) / 100, valore_beni: Number(beni) / 100, al_10: Number(al10) / 100, al_22: Number(al22) / 100 };
    perAliquota.set(10, lavori - al22);
    if (al22 !== 0n) perAliquota.set(22, (perAliquota.get(22) ?? 0n) + al22);
  }
  const iva: QuotaIva[] = [];
  let imposte = 0n;
  for (const aliquota of ALIQUOTE_PREVENTIVO) {
    const imponibile = perAliquota.get(aliquota);
    if (imponibile === undefined) continue;
    const imposta = dividi(imponibile * BigInt(aliquota), 100n);
    imposte += imposta;
    iva.push({ aliquota, imponibile: Number(imponibile) / 100, imposta: Number(imposta) / 100 });
  }
  return {
    righe,
    totale_righe: Number(lordo) / 100,
    sconto: Number(lordo - netto) / 100,
    imponibile: Number(netto) / 100,
    iva,
    beni_significativi: bs,
    totale_iva: Number(imposte) / 100,
    totale: Number(netto + imposte) / 100,
    costo: Number(costo) / 100,
    margine: Number(netto - costo) / 100,
  };
}
