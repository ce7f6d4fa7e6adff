/**
 * The category tree: code, name, parent's code (empty: a top category), order and status (0 =
 * shown; a hidden category hides its branch). A moved category takes its branch with it: levels
 * and paths (path_ids) of every category are recomputed, and the catalogue's trigger puts their
 * products back in prodotti_categorie (the category pages' index). A parent that the file and the
 * database do not know, or a parent chain that loops, refuses the row.
 */
import { INT4 } from '../../../shared/common.js';
import type { DefinizioneTipo, Lavoro } from '../definizione.js';
import { contaEsiti, scarta } from '../staging.js';
import { codice, intero, testo } from '../valori.js';
import { campiPresenti, diverso } from './comune.js';

/** The parent's code a row gives (without the column: the parent the category has, none for a new one). */
const padre = (l: Lavoro) => (l.presenti.has('cod_cat_padre') ? 's.cod_cat_padre'
  : '(SELECT pc.cod_cat FROM categorie c JOIN categorie pc ON pc.id = c.parent_id WHERE c.cod_cat = s.cod_cat)');

function valori(l: Lavoro): [string, string][] {
  const v: [string, string][] = [['nome', 's.nome']];
  if (l.presenti.has('ordine')) v.push(['ordine', 's.ordine']);
  if (l.presenti.has('status')) v.push(['status', 's.status']);
  return v;
}

export const categorie: DefinizioneTipo = {
  tipo: 'categorie',
  campi: [
    { nome: 'cod_cat', obbligatorio: true, schema: codice, sql: 'text' },
    { nome: 'nome', obbligatorio: true, schema: testo(200), sql: 'text' },
    { nome: 'cod_cat_padre', schema: codice, vuoto: null, sql: 'text' },
    { nome: 'ordine', schema: intero(0, INT4.max), vuoto: 0, sql: 'int' },
    { nome: 'status', schema: intero(0, 32_767), vuoto: 0, sql: 'smallint' },
  ],
  chiave: ['cod_cat'],
  staging: (presenti) => campiPresenti(categorie, presenti),
  async verifica(l) {
    if (!l.presenti.has('cod_cat_padre')) return [];
    const errori = [
      ...(await scarta(l, 's.cod_cat_padre = s.cod_cat', 'cod_cat_padre', 'una categoria non può essere padre di se stessa')),
      ...(await scarta(l, `s.cod_cat_padre IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM imp_righe x WHERE x.ok AND x.cod_cat = s.cod_cat_padre)
        AND NOT EXISTS (SELECT 1 FROM categorie c WHERE c.cod_cat = s.cod_cat_padre)`, 'cod_cat_padre', 'categoria padre sconosciuta')),
    ];
    // The tree as it would be: the file's rows over the database's categories. A row that does
    // not reach a top category from there has a parent chain that loops (or hangs from a row
    // refused above).
    errori.push(...await scarta(l, `s.cod_cat NOT IN (
      WITH RECURSIVE mappa AS (
        SELECT x.cod_cat, x.cod_cat_padre AS padre FROM imp_righe x WHERE x.ok
        UNION ALL
        SELECT c.cod_cat, pc.cod_cat FROM categorie c LEFT JOIN categorie pc ON pc.id = c.parent_id
        WHERE NOT EXISTS (SELECT 1 FROM imp_righe x WHERE x.ok AND x.cod_cat = c.cod_cat)
      ), albero AS (
        SELECT cod_cat FROM mappa WHERE padre IS NULL
        UNION SELECT m.cod_cat FROM mappa m JOIN albero a ON m.padre = a.cod_cat
      ) SELECT cod_cat FROM albero)`, 'cod_cat_padre', 'la catena dei padri non arriva a una categoria principale (ciclo)'));
    return errori;
  },
  async classifica(l) {
    await l.tx.unsafe(`
      UPDATE imp_righe s SET esito = CASE WHEN x.id IS NULL THEN 'nuovo' WHEN x.diverso THEN 'cambiato' ELSE 'invariato' END
      FROM (
        SELECT s.riga, c.id, ${diverso('c', valori(l))}
          OR (SELECT pc.cod_cat FROM categorie pc WHERE pc.id = c.parent_id) IS DISTINCT FROM ${padre(l)} AS diverso
        FROM imp_righe s LEFT JOIN categorie c ON c.cod_cat = s.cod_cat WHERE s.ok
      ) x WHERE x.riga = s.riga`);
    return { ...(await contaEsiti(l.tx)), ritirate: 0 };
  },
  async applica(l, c) {
    const v = valori(l);
    await l.tx.unsafe(`
      INSERT INTO categorie (cod_cat, ${v.map(([col]) => col).join(', ')})
      SELECT s.cod_cat, ${v.map(([, e]) => e).join(', ')} FROM imp_righe s WHERE s.ok AND s.esito = 'nuovo' ORDER BY s.riga`);
    await l.tx.unsafe(`
      UPDATE categorie c SET (${v.map(([col]) => col).join(', ')}) = ROW(${v.map(([, e]) => e).join(', ')})
      FROM imp_righe s WHERE s.ok AND s.esito = 'cambiato' AND c.cod_cat = s.cod_cat`);
    if (l.presenti.has('cod_cat_padre')) {
      await l.tx`
        UPDATE categorie c SET parent_id = pc.id
        FROM imp_righe s LEFT JOIN categorie pc ON pc.cod_cat = s.cod_cat_padre
        WHERE s.ok AND s.esito IN ('nuovo', 'cambiato') AND c.cod_cat = s.cod_cat AND c.parent_id IS DISTINCT FROM pc.id`;
    }
    // Levels and paths from the parents, for the whole tree (hundreds of rows): only those that
    // differ are written, and the trigger categorie_prodotti_sync_trg (migration 0022) puts the
    // products of every moved or switched category back into prodotti_categorie, hidden branches
    // left out.
    await l.tx`
      WITH RECURSIVE albero AS (
        SELECT id, 0 AS livello, ARRAY[id] AS path_ids FROM categorie WHERE parent_id IS NULL
        UNION ALL
        SELECT c.id, a.livello + 1, a.path_ids || c.id FROM categorie c JOIN albero a ON c.parent_id = a.id
      )
      UPDATE categorie c SET livello = a.livello, path_ids = a.path_ids FROM albero a
      WHERE a.id = c.id AND (c.livello, c.path_ids) IS DISTINCT FROM (a.livello, a.path_ids)`;
    return { ...c, prodotti: [], categorie: true, paroleNuove: [], vocabolario: false };
  },
};
