/**
 * Stock from the ERP: `disponibilita` (may be negative: pieces already owed), `ord_forn` (on order
 * from the supplier and not yet promised, docs/decisions/promisable-stock.md), `giac_attuale` (physical
 * stock; without its column it is the same as disponibilita, as in the demo data), written into
 * the narrow table `giacenze`. Only products whose figures differ are written, in one UPDATE.
 */
import { INT4 } from '../../../shared/common.js';
import type { DefinizioneTipo } from '../definizione.js';
import { scarta } from '../staging.js';
import { codice, intero } from '../valori.js';
import { campiPresenti, diverso } from './comune.js';

const quantita = intero(INT4.min, INT4.max);

/** Target column and its new value (over giacenze g and imp_righe s) for the fields present. */
const valori = (presenti: Set<string>): [string, string][] => [
  ['disponibilita', 's.disponibilita'],
  ['ord_forn', presenti.has('ord_forn') ? 's.ord_forn' : 'g.ord_forn'],
  ['giac_attuale', presenti.has('giac_attuale') ? 's.giac_attuale' : 's.disponibilita'],
];

export const giacenze: DefinizioneTipo = {
  tipo: 'giacenze',
  campi: [
    { nome: 'codice_prodotto', obbligatorio: true, schema: codice, sql: 'text' },
    { nome: 'disponibilita', obbligatorio: true, schema: quantita, sql: 'int' },
    { nome: 'ord_forn', schema: intero(0, INT4.max), vuoto: 0, sql: 'int' },
    { nome: 'giac_attuale', schema: quantita, sql: 'int' },
  ],
  chiave: ['codice_prodotto'],
  staging: (presenti) => campiPresenti(giacenze, presenti),
  verifica: (l) => scarta(l, 'NOT EXISTS (SELECT 1 FROM prodotti p WHERE p.codice_prodotto = s.codice_prodotto)',
    'codice_prodotto', 'prodotto sconosciuto'),
  // No outcome is written into the staging table (200,000 row versions): the counts come from one
  // read, and the write repeats the same comparison.
  async classifica(l) {
    const [c] = await l.tx.unsafe<{ modificate: number; invariate: number }[]>(`
      SELECT count(*) FILTER (WHERE ${diverso('g', valori(l.presenti))})::int AS modificate, count(*)::int AS invariate
      FROM imp_righe s JOIN prodotti p ON p.codice_prodotto = s.codice_prodotto JOIN giacenze g ON g.prodotto_id = p.id
      WHERE s.ok`);
    return { nuove: 0, modificate: c.modificate, invariate: c.invariate - c.modificate, ritirate: 0 };
  },
  async applica(l, c) {
    const v = valori(l.presenti);
    // The rows are locked in id order as they are updated (the sort comes before the lock), as
    // crea_ordine locks an order's lines: in join order this deadlocked with orders.
    await l.tx.unsafe(`
      UPDATE giacenze g SET (${v.map(([col]) => col).join(', ')}) = ROW(${v.map(([, e]) => e).join(', ')})
      FROM (
        SELECT g.prodotto_id, s.* FROM imp_righe s JOIN prodotti p ON p.codice_prodotto = s.codice_prodotto
        JOIN giacenze g ON g.prodotto_id = p.id
        WHERE s.ok AND ${diverso('g', v)} ORDER BY g.prodotto_id FOR UPDATE OF g
      ) s WHERE g.prodotto_id = s.prodotto_id`);
    // Stock and prices are never cached (catalogo.cache.ts): nothing to forget.
    return { ...c, prodotti: [], categorie: false, paroleNuove: [], vocabolario: false };
  },
};
