import { TROVATO_COME, type OrdineRapidoRisolviResponse, type ProdottoRisolto, type RigaRisolta } from '../../shared/ordine-rapido.js';
import type { Prodotto } from '../../shared/catalogo.js';
import { MSG_DISPONIBILITA } from '../../shared/ordini-costanti.js';
import type { CatalogoCache } from '../catalogo/catalogo.cache.js';
import { prezziDi } from '../catalogo/prezzi.js';
import { coloreDisponibilita, leggiProdotti } from '../catalogo/prodotti.queries.js';
import type { ClienteSessione } from '../auth/utente-sessione.js';
import { normalizzaCodice } from '../codici-cliente/codici-cliente.service.js';
import type { Db } from '../db/client.js';
import { parseQuantita } from '../ordini/quantita.js';
import { msgQuantitaArrotondata, quantitaConfezione } from '../../shared/confezioni.js';
import { importoRiga } from '../../shared/importi.js';
import { numeroItaliano, type Lettura, type RigaLetta } from './righe.js';
import { corrispondenze, type Corrispondenza, idsPerCodice } from './risolvi.queries.js';

/**
 * Which match wins when one code names several products: the client's own code, then our product
 * code, then article, supplier and EAN codes alike, then a code's digit tail. Several products
 * in the winning tier make the line ambiguous.
 */
const LIVELLO: Record<string, number> = { cliente: 0, codice: 1, articolo: 2, fornitore: 2, ean: 2, codice_cifre: 3 };

type TrovatoCome = ProdottoRisolto['trovato_come'];
const trovatoCome = (tipo: string): TrovatoCome =>
  (TROVATO_COME as readonly string[]).includes(tipo) ? tipo as TrovatoCome : 'articolo';

const prodottoDi = (c: Corrispondenza): ProdottoRisolto => ({
  codice_prodotto: c.codice_prodotto,
  titolo: c.titolo,
  um: c.um,
  prezzo_reale: Number(c.prezzo_reale),
  sconti: c.sconti,
  multiplo: c.multiplo,
  minimo: c.minimo,
  disponibilita_colore: coloreDisponibilita(c.disponibilita, c.ord_forn),
  promettibile: Math.max(c.disponibilita + c.ord_forn, 0),
  trovato_come: trovatoCome(c.tipo),
});

/** The products of the best tier for each normalised code, one per product, in code order. */
function migliori(righe: Corrispondenza[]): Map<string, ProdottoRisolto[]> {
  const perCodice = new Map<string, Corrispondenza[]>();
  for (const r of righe) perCodice.set(r.codice_n, [...(perCodice.get(r.codice_n) ?? []), r]);
  const out = new Map<string, ProdottoRisolto[]>();
  for (const [codice, tutte] of perCodice) {
    const min = Math.min(...tutte.map((t) => LIVELLO[t.tipo] ?? 9));
    const scelti = new Map<string, ProdottoRisolto>();
    for (const t of tutte) {
      if ((LIVELLO[t.tipo] ?? 9) === min && !scelti.has(t.codice_prodotto)) scelti.set(t.codice_prodotto, prodottoDi(t));
    }
    out.set(codice, [...scelti.values()].sort((a, b) => a.codice_prodotto.localeCompare(b.codice_prodotto)));
  }
  return out;
}

const MSG_QUANTITA = (codice: string, q: string | number | null) => q === null
  ? `Quantità mancante per ${codice}: scrivi la quantità dopo il codice (es. ${codice} 5).`
  : `Quantità non valida per il prodotto ${codice}: deve essere un numero intero maggiore di zero (letto: ${q}).`;

/** The cart's messages for more than can be promised (docs/regole/ordini.md#add-to-cart). */
function msgOltre(codiceProdotto: string, promettibile: number, giaPrima: number): string {
  if (promettibile === 0) return MSG_DISPONIBILITA.nienteDisponibile;
  const base = MSG_DISPONIBILITA.oltre(codiceProdotto, promettibile);
  return giaPrima > 0 ? `${base} ${MSG_DISPONIBILITA.righePrecedenti(giaPrima)}` : base;
}

/**
 * Resolves the lines for the client (docs/regole/ordine-rapido.md#resolution): one statement for
 * all their codes, then each line judged in order. A product's lines add up against what can be
 * promised: a line that would take the total beyond it is oltre_disponibilita and counts for nothing.
 */
export async function risolviRighe(db: Db, cliente: ClienteSessione, lettura: Lettura): Promise<OrdineRapidoRisolviResponse> {
  const letti = lettura.righe.flatMap((r) => [r.codice, ...(r.forseQuantita ? [r.forseQuantita.codice] : [])]);
  const codici = [...new Set(letti.map(normalizzaCodice).filter((c) => c !== ''))];
  const trovati = codici.length === 0 ? new Map<string, ProdottoRisolto[]>() : migliori(await corrispondenze(db, prezziDi(cliente), codici));
  const prodottiDi = (codice: string) => trovati.get(normalizzaCodice(codice)) ?? [];
  const giaChiesti = new Map<string, number>();
  const righe = lettura.righe.map((r): RigaRisolta => {
    const prodotti = prodottiDi(r.codice);
    const alt = r.forseQuantita;
    // 'WU-7170910 abc': a code and a quantity that is no number, not the unknown code 'WU-7170910 abc'.
    if (prodotti.length === 0 && alt && prodottiDi(alt.codice).length > 0) {
      return giudica({ ...r, codice: alt.codice, quantita: alt.quantita }, prodottiDi(alt.codice), giaChiesti);
    }
    return giudica(r, prodotti, giaChiesti);
  });
  return { righe, intestazione: lettura.intestazione };
}

function giudica(r: RigaLetta, prodotti: ProdottoRisolto[], giaChiesti: Map<string, number>): RigaRisolta {
  const numero = r.quantita === null ? undefined : numeroItaliano(r.quantita);
  const quantita = numero === undefined ? null : parseQuantita(numero) ?? null;
  const base = { riga: r.riga, testo: r.testo, codice: r.codice, quantita, candidati: [], prodotto: null, totale_riga: null };
  if (r.messaggio !== undefined) return { ...base, codice_prodotto: null, esito: 'sconosciuto', messaggio: r.messaggio };
  if (prodotti.length === 0) {
    const messaggio = r.codice === '' ? 'Codice mancante.' : `Codice ${r.codice} non trovato nel catalogo.`;
    return { ...base, codice_prodotto: null, esito: 'sconosciuto', messaggio };
  }
  if (prodotti.length > 1) {
    return {
      ...base, codice_prodotto: null, esito: 'ambiguo', candidati: prodotti,
      messaggio: `Il codice ${r.codice} corrisponde a ${prodotti.length} prodotti: scegli quello giusto.`,
    };
  }
  const prodotto = prodotti[0]!;
  if (quantita === null) {
    return { ...base, codice_prodotto: prodotto.codice_prodotto, prodotto, esito: 'quantita_non_valida', messaggio: MSG_QUANTITA(prodotto.codice_prodotto, r.quantita) };
  }
  // In whole packs (docs/regole/ordini.md#packs): rounded up from the quantity read, and said.
  const inConfezioni = quantitaConfezione(quantita, prodotto);
  const nota = inConfezioni === quantita ? '' : msgQuantitaArrotondata(prodotto.codice_prodotto, quantita, inConfezioni, prodotto);
  return conteggiata({ ...base, quantita: inConfezioni, codice_prodotto: prodotto.codice_prodotto, prodotto }, nota, giaChiesti);
}

/** A found line in whole packs against what can be promised, its product's earlier lines counted. */
function conteggiata(
  trovato: Omit<RigaRisolta, 'esito' | 'messaggio'> & { prodotto: ProdottoRisolto; quantita: number; codice_prodotto: string },
  nota: string, giaChiesti: Map<string, number>,
): RigaRisolta {
  const { prodotto, quantita } = trovato;
  const prima = giaChiesti.get(prodotto.codice_prodotto) ?? 0;
  if (prima + quantita > prodotto.promettibile) {
    // It counts for nothing, so it has no amount either (docs/regole/ordine-rapido.md#resolution).
    return { ...trovato, totale_riga: null, esito: 'oltre_disponibilita', messaggio: [nota, msgOltre(prodotto.codice_prodotto, prodotto.promettibile, prima)].filter(Boolean).join(' ') };
  }
  giaChiesti.set(prodotto.codice_prodotto, prima + quantita);
  return { ...trovato, totale_riga: importoRiga(prodotto.prezzo_reale, quantita), esito: 'trovato', messaggio: nota };
}

/** Whole products for the cart, priced for the client, in the codes' order: one look-up, then the catalogue's reader. */
export async function prodottiPerCarrello(db: Db, cache: CatalogoCache, cliente: ClienteSessione, codici: string[]): Promise<Prodotto[]> {
  const ids = await idsPerCodice(db, [...new Set(codici)]);
  return ids.length === 0 ? [] : leggiProdotti(db, cache, prezziDi(cliente), ids);
}
