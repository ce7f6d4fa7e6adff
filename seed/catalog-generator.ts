/**
 * The deterministic product generator shared by the demo data and the large benchmark
 * catalogues: product n is always the same product (title, codes, EAN, prices, stock), whatever
 * else was generated before, so `seed --products N` extends the demo catalogue consistently.
 */
import { BRAND_BY_CODE, flattenCategorie, type FlatCategory } from './catalog-data.js';
import { DESCR_AGGIUNTIVA, TEMPLATES, TITOLO_PLUS, type Template } from './catalog-templates.js';
import { chance, int, pick, rngFor, type Rng } from './prng.js';

const SEED = 20240917;
const DAY_MS = 86_400_000;

export interface GeneratedProduct {
  index: number;
  codice: string;
  descrizione1: string;
  descrizione2: string;
  titoloPortale: string | null;
  descrizioneAggiuntiva: string;
  /** cod_cat of the leaf category the product belongs to. */
  categoriaCod: string;
  famiglia: string;
  famigliaId: string;
  sottofamiglia: string;
  sottofamigliaId: string;
  gruppo: string;
  gruppoId: string;
  um: string;
  pzConf: number;
  /** Discount family (Metel's): 'SC' and the sub-family's code, else the family's. */
  famigliaSconto: string;
  /** Pack (shared/confezioni.ts): some screws by tens from 20, some sealants by boxes of 12. */
  multiplo: number;
  minimo: number;
  brandCodice: string;
  brandNome: string;
  /** Stock: giac_attuale and disponibilita are the same number in the demo. */
  giacenza: number;
  ordForn: number;
  popolarita: number;
  createdAt: Date;
  /** List prices in thousandths of a euro (integers, so money never goes through floats twice). */
  prezzo1: number;
  /** null: the product has no price in list 2. */
  prezzo2: number | null;
  /** Article codes; the first is the product code itself. */
  codiciArticolo: string[];
  codiceFornitore: string;
  ean: string;
}

const CATS = new Map(flattenCategorie().map((c) => [c.cod, c]));
const CUMULATIVE: number[] = [];
{
  let sum = 0;
  for (const tpl of TEMPLATES) CUMULATIVE.push((sum += tpl.weight));
}
const TOTAL_WEIGHT = CUMULATIVE[CUMULATIVE.length - 1];

function pickTemplate(r: Rng): Template {
  const x = r() * TOTAL_WEIGHT;
  let lo = 0;
  let hi = CUMULATIVE.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (CUMULATIVE[mid] > x) hi = mid; else lo = mid + 1;
  }
  return TEMPLATES[lo];
}

/**
 * Number parts of the codes: affine maps i -> (a*i + b) mod m with gcd(a, m) = 1 are bijections,
 * so codes are unique without any lookup and still look unrelated to each other.
 */
const skuNumber = (i: number): number => ((i * 5_562_307 + 1_234_567) % 9_000_000) + 1_000_000;
const fornNumber = (i: number): number => ((i * 3_437_693 + 2_718_281) % 9_000_000) + 1_000_000;
// BigInt: index x multiplier would exceed 2^53 in floating point.
const eanBody = (i: number): number => Number((BigInt(i) * 2_472_135_957n + 12_345n) % 4_000_000_000n);

/** EAN-13 check digit of 12 digits (weights 1,3,1,3... from the left). */
export function eanCheckDigit(first12: string): number {
  let sum = 0;
  for (let k = 0; k < 12; k++) sum += Number(first12[k]) * (k % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

export function isValidEan13(ean: string): boolean {
  return /^\d{13}$/.test(ean) && eanCheckDigit(ean.slice(0, 12)) === Number(ean[12]);
}

/** Italian GS1 prefixes are 800-839: '80' + 0..3 keeps every EAN in that range. */
function ean(i: number): string {
  const first12 = `80${String(eanBody(i)).padStart(10, '0')}`;
  return first12 + eanCheckDigit(first12);
}

/** Euro to thousandths, rounded to the cent as a wholesaler's list would be. */
const toMills = (euro: number): number => Math.max(10, Math.round(euro * 100)) * 10;

/** '12.340' from 12340 thousandths: the text form of a numeric(12,3). */
export function millsToText(m: number): string {
  return `${Math.floor(m / 1000)}.${String(m % 1000).padStart(3, '0')}`;
}

function family(leaf: FlatCategory) {
  const [f, s, g] = leaf.pathCods.map((cod) => CATS.get(cod)!);
  return {
    famiglia: f.nome, famigliaId: f.cod,
    sottofamiglia: s?.nome ?? '', sottofamigliaId: s?.cod ?? '',
    gruppo: g?.nome ?? '', gruppoId: g?.cod ?? '',
  };
}

/** Stock mix: mostly available, some scarce, some only on order, some unavailable. */
function stock(r: Rng): { giacenza: number; ordForn: number } {
  const s = r();
  if (s < 0.6) return { giacenza: int(r, 10, 400), ordForn: chance(r, 0.2) ? int(r, 10, 100) : 0 };
  if (s < 0.75) return { giacenza: int(r, 1, 5), ordForn: chance(r, 0.5) ? int(r, 5, 50) : 0 };
  if (s < 0.9) return { giacenza: 0, ordForn: int(r, 5, 120) };
  return { giacenza: 0, ordForn: 0 };
}

/** Packs, derived from the sub-family and the index (no draw from the product's generator). */
function confezione(sottofamiglia: string | undefined, index: number): { multiplo: number; minimo: number } {
  if (sottofamiglia === '0301' && index % 3 === 0) return { multiplo: 10, minimo: 20 };
  if (sottofamiglia === '0901' && index % 2 === 0) return { multiplo: 12, minimo: 12 };
  return { multiplo: 1, minimo: 1 };
}

export function generateProduct(index: number, now: Date): GeneratedProduct {
  const r = rngFor(SEED, index);
  const tpl = pickTemplate(r);
  const brand = BRAND_BY_CODE.get(pick(r, tpl.brands))!;
  const spec = tpl.make(r, brand);
  const leaf = CATS.get(tpl.cat)!;
  const sku = skuNumber(index);
  const codice = `${brand.skuPrefix}-${sku}`;
  const { giacenza, ordForn } = stock(r);
  // About 5 % are new (created within the 30-day NEW window), the rest up to ~3 years old.
  const ageDays = chance(r, 0.05) ? r() * 29 : 31 + r() * 1100;
  const createdAt = new Date(now.getTime() - Math.round(ageDays * DAY_MS / 1000) * 1000);
  const prezzo1 = toMills(spec.prezzo);
  const prezzo2 = chance(r, 0.03) ? null : toMills((prezzo1 / 1000) * (0.88 + 0.08 * r()));
  const codiciArticolo = [codice];
  if (chance(r, 0.35)) codiciArticolo.push(`${codice}-${pick(r, ['A', 'B', 'K', 'X'])}`);
  const forn = fornNumber(index);
  const codiceFornitore = chance(r, 0.75)
    ? `${brand.fornPrefix}${forn}`
    : `${brand.fornPrefix}${Math.floor(forn / 10)}/${String(int(r, 10, 99))}`;
  const titoloPortale = chance(r, 0.1) ? `${spec.titolo} - ${pick(r, TITOLO_PLUS)}` : null;
  const descrizioneAggiuntiva = chance(r, 0.15) ? pick(r, DESCR_AGGIUNTIVA[leaf.pathCods[0]] ?? ['']) : '';
  return {
    index,
    codice,
    descrizione1: spec.titolo,
    descrizione2: spec.descrizione2,
    titoloPortale,
    descrizioneAggiuntiva,
    categoriaCod: leaf.cod,
    ...family(leaf),
    um: spec.um ?? 'PZ',
    pzConf: spec.pzConf ?? 1,
    // Derived, drawing nothing from r: the products' other fields stay as they were.
    famigliaSconto: `SC${leaf.pathCods[1] ?? leaf.pathCods[0]}`,
    ...confezione(leaf.pathCods[1], index),
    brandCodice: brand.codice,
    brandNome: brand.nome,
    giacenza,
    ordForn,
    // Skewed: a few best sellers, a long tail (orders search results within a relevance tier).
    popolarita: Math.floor(r() ** 3 * 10_000),
    createdAt,
    prezzo1,
    prezzo2,
    codiciArticolo,
    codiceFornitore,
    ean: ean(index),
  };
}

/** Number of products in the demo catalogue (indexes 0 .. DEMO_PRODUCTS-1). */
export const DEMO_PRODUCTS = 2000;
