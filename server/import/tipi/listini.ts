/**
 * Price lists: one row per product, a column per list (pz1, pz2… as the API names them). An empty
 * cell means the product has no price in that list (any price it had is removed); a list whose
 * column is absent is left as it is. The pz figures ride in the cached product descriptions, so
 * changed products are forgotten by every server.
 */
import type { DefinizioneTipo } from '../definizione.js';
import { FileNonValido } from '../lettura/tipi.js';
import { contaEsiti, scarta } from '../staging.js';
import { codice, decimale } from '../valori.js';

const PREZZO = decimale({ min: 0, max: 999_999_999.999, decimali: 3 });
const LISTINO = /^pz([1-9][0-9]?)$/;

/** The list numbers of the file's pz columns, in the order of imp_righe.prezzi. */
const listiniDi = (presenti: Set<string>) => [...presenti].filter((n) => LISTINO.test(n))
  .map((n) => Number(LISTINO.exec(n)![1])).sort((a, b) => a - b);

/** Each row's (listino, prezzo) pairs, for SQL over imp_righe s. */
const coppie = (presenti: Set<string>) => `unnest('{${listiniDi(presenti).join(',')}}'::smallint[], s.prezzi) AS u(listino, prezzo)`;

export const listini: DefinizioneTipo = {
  tipo: 'listini',
  campi: [{ nome: 'codice_prodotto', obbligatorio: true, schema: codice, sql: 'text' }],
  modello: { regex: LISTINO, campo: (nome) => ({ nome, schema: PREZZO, vuoto: null, sql: 'numeric(12,3)' }) },
  chiave: ['codice_prodotto'],
  staging(presenti) {
    const pz = presenti.filter((n) => LISTINO.test(n)).sort((a, b) => Number(a.slice(2)) - Number(b.slice(2)));
    return {
      colonne: [{ nome: 'codice_prodotto', sql: 'text' }, { nome: 'prezzi', sql: 'numeric(12,3)[]' }, { nome: 'prodotto_id', sql: 'int' }],
      valori: (r) => [r.codice_prodotto as string, pz.map((n) => r[n] as string | null), null],
    };
  },
  async verifica(l) {
    // A file with no pz column could change nothing: surely the wrong file.
    if (listiniDi(l.presenti).length === 0) throw new FileNonValido('Nessuna colonna di listino (pz1, pz2, …) nel file');
    await l.tx`UPDATE imp_righe s SET prodotto_id = p.id FROM prodotti p WHERE p.codice_prodotto = s.codice_prodotto`;
    return scarta(l, 's.prodotto_id IS NULL', 'codice_prodotto', 'prodotto sconosciuto');
  },
  async classifica(l) {
    await l.tx.unsafe(`
      UPDATE imp_righe s SET esito = CASE WHEN NOT x.cambia THEN 'invariato' WHEN NOT x.esiste THEN 'nuovo' ELSE 'cambiato' END
      FROM (
        SELECT s.riga, bool_or(pp.prezzo IS DISTINCT FROM u.prezzo) AS cambia, bool_or(pp.prezzo IS NOT NULL) AS esiste
        FROM imp_righe s CROSS JOIN LATERAL ${coppie(l.presenti)}
        LEFT JOIN prodotti_prezzi pp ON pp.prodotto_id = s.prodotto_id AND pp.listino = u.listino
        WHERE s.ok GROUP BY s.riga
      ) x WHERE x.riga = s.riga`);
    return { ...(await contaEsiti(l.tx)), ritirate: 0 };
  },
  async applica(l, c) {
    await l.tx.unsafe(`
      DELETE FROM prodotti_prezzi pp USING imp_righe s CROSS JOIN LATERAL ${coppie(l.presenti)}
      WHERE s.ok AND s.esito = 'cambiato' AND u.prezzo IS NULL AND pp.prodotto_id = s.prodotto_id AND pp.listino = u.listino`);
    await l.tx.unsafe(`
      INSERT INTO prodotti_prezzi (prodotto_id, listino, prezzo)
      SELECT s.prodotto_id, u.listino, u.prezzo FROM imp_righe s CROSS JOIN LATERAL ${coppie(l.presenti)}
      WHERE s.ok AND s.esito IN ('nuovo', 'cambiato') AND u.prezzo IS NOT NULL
      ON CONFLICT (prodotto_id, listino) DO UPDATE SET prezzo = excluded.prezzo
      WHERE prodotti_prezzi.prezzo IS DISTINCT FROM excluded.prezzo`);
    const prodotti = await l.tx<{ id: number }[]>`SELECT prodotto_id AS id FROM imp_righe WHERE ok AND esito IN ('nuovo', 'cambiato')`;
    return { ...c, prodotti: prodotti.map((p) => p.id), categorie: false, paroleNuove: [], vocabolario: false };
  },
};
