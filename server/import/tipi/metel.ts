/**
 * A supplier's Metel price list (server/import/lettura/metel.ts reads it; docs/import.md#metel):
 * one article per line, a brand's products with their packs, discount family and prices.
 *
 * - The product: the portal's product whose brand is the line's brand and which lists the Metel
 *   code among its supplier codes (the ERP's articoli file maps them so), else the product coded
 *   brand + Metel code ('BTI' + 'N4303' = 'BTIN4303'), created when missing, without a category.
 * - Written as the articoli kind writes them (tipi/articoli.ts, one way to write a product):
 *   description, brand, unit, pieces per pack, multiple, minimum, discount family; the EAN and
 *   the Metel code are added to the product's codes (never removing what the ERP gave).
 * - Prices: the public price is the list price of LISTINO_PUBBLICO; the wholesaler price is the
 *   purchase cost (prodotti.prezzo_acquisto), kept but never shown to customers. Both per unit:
 *   the file's figure ÷ 100 (two implied decimals) ÷ the price multiplier, rounded to 3 decimals
 *   as every portal price.
 * - Status 9: the product is withdrawn (deleted_at), as articoli's --completo withdraws; a
 *   withdrawn product that comes back in a later list is shown again. A withdrawn line for a
 *   product the portal lacks changes nothing.
 */
import { z } from 'zod';
import type { Campo, DefinizioneTipo, Lavoro } from '../definizione.js';
import type { Cella } from '../lettura/tipi.js';
import { scarta } from '../staging.js';
import { codice, eanInElenco, intero, testo } from '../valori.js';
import { articoli } from './articoli.js';
import { bloccaProdotti } from './comune.js';

/** The price list whose price is a Metel list's public price: the portal's list price (docs/import.md#metel). */
export const LISTINO_PUBBLICO = 1;

/** The Metel status of a withdrawn article. */
const RITIRATO = '9';

/** A price field: up to 11 digits, the last two decimals ('00000012345' is 123.45). Cents as a whole number. */
const cifrePrezzo = z.custom<Cella>().transform((v, ctx) => {
  const s = String(v);
  if (/^\d{1,11}$/.test(s)) return Number(s);
  ctx.addIssue({ code: 'custom', message: 'prezzo non valido: 11 cifre, le ultime due decimali' });
  return z.NEVER;
});

/** A quantity field of 5 digits; 0 (not given) counts as 1. */
const quantita = intero(0, 99_999).transform((n) => Math.max(n, 1));

const ean = z.custom<Cella>().transform((v, ctx) => {
  const errore = eanInElenco(String(v));
  if (!errore) return String(v);
  ctx.addIssue({ code: 'custom', message: errore });
  return z.NEVER;
});

const campi: Campo[] = [
  { nome: 'marchio', obbligatorio: true, schema: codice, sql: 'text' },
  { nome: 'codice_metel', obbligatorio: true, schema: testo(16), sql: 'text' },
  { nome: 'ean', schema: ean, vuoto: null, sql: 'text' },
  { nome: 'descrizione', obbligatorio: true, schema: testo(43), sql: 'text' },
  { nome: 'pezzi_confezione', schema: quantita, vuoto: 1, sql: 'int' },
  { nome: 'multiplo', schema: quantita, vuoto: 1, sql: 'int' },
  { nome: 'minimo', schema: quantita, vuoto: 1, sql: 'int' },
  { nome: 'prezzo_grossista', obbligatorio: true, schema: cifrePrezzo, sql: 'bigint' },
  { nome: 'prezzo_pubblico', obbligatorio: true, schema: cifrePrezzo, sql: 'bigint' },
  { nome: 'moltiplicatore', schema: intero(1, 999_999), vuoto: 1, sql: 'int' },
  { nome: 'um', schema: testo(3), vuoto: 'PZ', sql: 'text' },
  { nome: 'stato', schema: testo(1), vuoto: '', sql: 'text' },
  { nome: 'famiglia_sconto', schema: testo(18), vuoto: null, sql: 'text' },
  { nome: 'famiglia_statistica', schema: testo(18), vuoto: null, sql: 'text' },
];

/** The articoli fields a Metel line gives, as the articoli kind names them. */
const COME_ARTICOLI = new Set(['codice_prodotto', 'descrizione1', 'brand_codice', 'um', 'pz_conf', 'multiplo', 'minimo', 'famiglia_sconto']);

/** The staging: the articoli columns (tipi/articoli.ts works on them), then the Metel ones. */
const articoliStaging = articoli.staging([...COME_ARTICOLI]);
const COLONNE_METEL = [
  { nome: 'marchio', sql: 'text' }, { nome: 'codice_metel', sql: 'text' }, { nome: 'ean', sql: 'text' },
  { nome: 'prezzo', sql: 'numeric(12,3)' }, { nome: 'prezzo_acquisto', sql: 'numeric(12,3)' },
  { nome: 'famiglia_statistica', sql: 'text' }, { nome: 'ritirato', sql: 'boolean' },
  // Worked out by classifica: the row's price or cost or statistical family differs from the product's.
  { nome: 'altro_diverso', sql: 'boolean' },
];

/** The unit price of a Metel price field: cents ÷ 100 ÷ multiplier, 3 decimals (exact: integer arithmetic on the text). */
export function prezzoUnitario(centesimi: number, moltiplicatore: number): string {
  // Thousandths of a euro, rounded half up: centesimi × 10 / moltiplicatore.
  const millesimi = Math.floor((centesimi * 10 * 2 + moltiplicatore) / (2 * moltiplicatore));
  return (millesimi / 1000).toFixed(3);
}

/** The Lavoro the articoli kind sees: its fields only. */
const comeArticoli = (l: Lavoro): Lavoro => ({ ...l, presenti: COME_ARTICOLI, completo: false });

export const metel: DefinizioneTipo = {
  tipo: 'metel',
  campi,
  chiave: ['marchio', 'codice_metel'],
  staging() {
    return {
      colonne: [...articoliStaging.colonne, ...COLONNE_METEL],
      valori: (r) => [
        ...articoliStaging.valori({
          codice_prodotto: `${r.marchio as string}${r.codice_metel as string}`, descrizione1: r.descrizione, brand_codice: r.marchio,
          um: r.um, pz_conf: r.pezzi_confezione, multiplo: r.multiplo, minimo: r.minimo, famiglia_sconto: r.famiglia_sconto,
        }),
        r.marchio as string, r.codice_metel as string, r.ean as string | null,
        prezzoUnitario(r.prezzo_pubblico as number, r.moltiplicatore as number),
        prezzoUnitario(r.prezzo_grossista as number, r.moltiplicatore as number),
        r.famiglia_statistica as string | null, r.stato === RITIRATO, null,
      ],
    };
  },

  async verifica(l) {
    // The ERP's mapping: the brand's product that lists the Metel code among its supplier codes
    // (prodotti_codici_n_idx); two such products make the line ambiguous.
    await l.tx`
      UPDATE imp_righe s SET codice_prodotto = m.codice_prodotto FROM (
        SELECT s.riga, min(p.codice_prodotto) AS codice_prodotto, count(DISTINCT p.id) AS n
        FROM imp_righe s
        JOIN prodotti_codici pc ON pc.codice_n = upper(regexp_replace(s.codice_metel, '[^A-Za-z0-9]', '', 'g')) AND pc.tipo = 'fornitore'
        JOIN prodotti p ON p.id = pc.prodotto_id AND p.brand_codice = s.marchio
        WHERE s.ok GROUP BY s.riga
      ) m WHERE m.riga = s.riga AND m.n = 1`;
    const ambigui = await scarta(l, `EXISTS (
        SELECT 1 FROM prodotti_codici pc JOIN prodotti p ON p.id = pc.prodotto_id AND p.brand_codice = s.marchio
        WHERE pc.codice_n = upper(regexp_replace(s.codice_metel, '[^A-Za-z0-9]', '', 'g')) AND pc.tipo = 'fornitore'
        HAVING count(DISTINCT p.id) > 1)`, 'codice_metel', 'codice Metel tra i codici fornitore di più prodotti del marchio');
    // Two lines that reach one product (a mapping and a brand + code that meet): the later refused.
    const doppi = await scarta(l, `EXISTS (SELECT 1 FROM imp_righe t WHERE t.ok AND t.codice_prodotto = s.codice_prodotto AND t.riga < s.riga)`,
      'codice_metel', 'stesso prodotto di una riga precedente');
    return [...ambigui, ...doppi];
  },

  async classifica(l) {
    const { tx } = l;
    // The withdrawn lines stay out of the articoli kind's work: set aside, then counted here.
    await tx`UPDATE imp_righe SET ok = false, esito = 'ritirare' WHERE ok AND ritirato`;
    await articoli.classifica(comeArticoli(l));
    await tx`UPDATE imp_righe SET ok = true WHERE esito = 'ritirare'`;
    // Prices, cost and statistical family: a row the articoli kind found unchanged may differ there.
    await tx.unsafe(`
      UPDATE imp_righe s SET altro_diverso = x.diverso,
        esito = CASE WHEN s.esito = 'invariato' AND x.diverso THEN 'cambiato' ELSE s.esito END
      FROM (
        SELECT s.riga, s.prodotto_id IS NULL
          OR (pp.prezzo, p.prezzo_acquisto, p.famiglia_statistica) IS DISTINCT FROM (s.prezzo, s.prezzo_acquisto, s.famiglia_statistica) AS diverso
        FROM imp_righe s LEFT JOIN prodotti p ON p.id = s.prodotto_id
        LEFT JOIN prodotti_prezzi pp ON pp.prodotto_id = s.prodotto_id AND pp.listino = ${LISTINO_PUBBLICO}
        WHERE s.ok AND s.esito <> 'ritirare'
      ) x WHERE x.riga = s.riga`);
    await tx`
      UPDATE imp_righe s SET prodotto_id = p.id, esito = CASE WHEN p.deleted_at IS NULL THEN 'ritirato' ELSE 'invariato' END
      FROM prodotti p WHERE s.ok AND s.esito = 'ritirare' AND p.codice_prodotto = s.codice_prodotto`;
    await tx`UPDATE imp_righe SET esito = 'invariato' WHERE ok AND esito = 'ritirare'`;
    const [n] = await tx<{ nuove: number; modificate: number; invariate: number; ritirate: number }[]>`
      SELECT count(*) FILTER (WHERE esito = 'nuovo')::int AS nuove, count(*) FILTER (WHERE esito = 'cambiato')::int AS modificate,
        count(*) FILTER (WHERE esito = 'invariato')::int AS invariate, count(*) FILTER (WHERE esito = 'ritirato')::int AS ritirate
      FROM imp_righe WHERE ok`;
    return n!;
  },

  async applica(l, c) {
    const { tx } = l;
    // These counts include rows changed in price only: articoli's statements pick their own rows (riga_diversa).
    const scritti = await articoli.applica(comeArticoli(l), c);
    await bloccaProdotti(tx, "p.id IN (SELECT s.prodotto_id FROM imp_righe s WHERE s.ok AND s.esito IN ('cambiato', 'ritirato'))");
    // New products have their id in imp_righe now (articoli.applica wrote it).
    await tx`
      UPDATE prodotti p SET prezzo_acquisto = s.prezzo_acquisto, famiglia_statistica = s.famiglia_statistica, updated_at = now()
      FROM imp_righe s WHERE s.ok AND s.esito IN ('nuovo', 'cambiato') AND s.altro_diverso AND p.id = s.prodotto_id`;
    await tx`
      INSERT INTO prodotti_prezzi (prodotto_id, listino, prezzo)
      SELECT s.prodotto_id, ${LISTINO_PUBBLICO}, s.prezzo FROM imp_righe s WHERE s.ok AND s.esito IN ('nuovo', 'cambiato') AND s.altro_diverso
      ON CONFLICT (prodotto_id, listino) DO UPDATE SET prezzo = excluded.prezzo WHERE prodotti_prezzi.prezzo IS DISTINCT FROM excluded.prezzo`;
    // The EAN and the Metel code join the product's codes when it lacks them.
    await tx`
      INSERT INTO prodotti_codici (prodotto_id, tipo, codice)
      SELECT s.prodotto_id, x.tipo, x.codice FROM imp_righe s
      CROSS JOIN LATERAL (VALUES ('ean', s.ean), ('fornitore', s.codice_metel)) x(tipo, codice)
      WHERE s.ok AND s.esito IN ('nuovo', 'cambiato') AND x.codice IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM prodotti_codici pc WHERE pc.prodotto_id = s.prodotto_id AND pc.tipo = x.tipo AND pc.codice = x.codice)
      ORDER BY s.riga`;
    const ritirati = await tx<{ id: number }[]>`
      UPDATE prodotti p SET deleted_at = now(), updated_at = now()
      FROM imp_righe s WHERE s.ok AND s.esito = 'ritirato' AND p.id = s.prodotto_id
      RETURNING p.id`;
    const altri = await tx<{ id: number }[]>`SELECT prodotto_id AS id FROM imp_righe WHERE ok AND esito IN ('nuovo', 'cambiato')`;
    return {
      ...c,
      prodotti: [...new Set([...scritti.prodotti, ...altri.map((a) => a.id), ...ritirati.map((r) => r.id)])],
      categorie: scritti.categorie,
      paroleNuove: scritti.paroleNuove,
      vocabolario: scritti.vocabolario,
    };
  },
};
