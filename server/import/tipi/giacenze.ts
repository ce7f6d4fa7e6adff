/**
 * Stock from the ERP: `disponibilita` (may be negative: pieces already owed), `ord_forn` (on order
 * from the supplier and not yet promised, docs/decisions.md 'Issue 9'), `giac_attuale` (physical
 * stock; without its column it is the same as disponibilita, as in the demo data). Only products
 * whose figures differ are written: one UPDATE, HOT (these columns are in no index).
 */
import { INT4 } from '../../../shared/common.js';
import type { DefinizioneTipo } from '../definizione.js';
import { contaEsiti, scarta } from '../staging.js';
import { codice, intero } from '../valori.js';
import { campiPresenti, diverso } from './comune.js';

const quantita = intero(INT4.min, INT4.max);

/** Target column and its new value (over prodotti p and imp_righe s) for the fields present. */
const valori = (presenti: Set<string>): [string, string][] => [
  ['disponibilita', 's.disponibilita'],
  ['ord_forn', presenti.has('ord_forn') ? 's.ord_forn' : 'p.ord_forn'],
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
  async classifica(l) {
    await l.tx.unsafe(`
      UPDATE imp_righe s SET esito = CASE WHEN ${diverso('p', valori(l.presenti))} THEN 'cambiato' ELSE 'invariato' END
      FROM prodotti p WHERE s.ok AND p.codice_prodotto = s.codice_prodotto`);
    return { ...(await contaEsiti(l.tx)), ritirate: 0 };
  },
  async applica(l, c) {
    const v = valori(l.presenti);
    await l.tx.unsafe(`
      UPDATE prodotti p SET (${v.map(([col]) => col).join(', ')}) = ROW(${v.map(([, e]) => e).join(', ')})
      FROM imp_righe s WHERE s.ok AND s.esito = 'cambiato' AND p.codice_prodotto = s.codice_prodotto`);
    // Stock and prices are never cached (catalogo.cache.ts): nothing to forget.
    return { ...c, prodotti: [], categorie: false, paroleNuove: [], vocabolario: false };
  },
};
