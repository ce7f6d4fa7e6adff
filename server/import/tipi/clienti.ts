/**
 * Clients of each company (clienti): name, e-mail, phone, VAT number, price list
 * (`cliente_lis_maga`, 0 or 1 = list 1) and discount. A company the portal does not know is
 * created when the file names it (`azienda_ragione_sociale`), else the row is refused. Clients
 * missing from the file stay: deleting one would delete its orders.
 */
import type { DefinizioneTipo, Lavoro } from '../definizione.js';
import { contaEsiti, scarta } from '../staging.js';
import { codice, decimale, email, intero, testo } from '../valori.js';
import { campiPresenti, diverso } from './comune.js';

/** clienti's column and the new value over imp_righe s, for the fields present. */
function valori(l: Lavoro): [string, string][] {
  const v: [string, string][] = [['ragione_sociale', 's.ragione_sociale']];
  for (const [campo, colonna] of [['email', 'email'], ['telefono', 'telefono'], ['partita_iva', 'partita_iva'],
    ['cliente_lis_maga', 'lis_maga'], ['sconto', 'sconto']]) {
    if (l.presenti.has(campo)) v.push([colonna, `s.${campo}`]);
  }
  return v;
}

export const clienti: DefinizioneTipo = {
  tipo: 'clienti',
  campi: [
    { nome: 'azienda_codice', obbligatorio: true, schema: codice, sql: 'text' },
    { nome: 'cliente_codice', obbligatorio: true, schema: codice, sql: 'text' },
    { nome: 'ragione_sociale', obbligatorio: true, schema: testo(200), sql: 'text' },
    { nome: 'email', schema: email, vuoto: '', sql: 'text' },
    { nome: 'telefono', schema: testo(50), vuoto: '', sql: 'text' },
    { nome: 'partita_iva', schema: testo(20), vuoto: '', sql: 'text' },
    { nome: 'cliente_lis_maga', schema: intero(0, 99), vuoto: 1, sql: 'smallint' },
    { nome: 'sconto', schema: decimale({ min: 0, max: 100, decimali: 2 }), vuoto: '0.00', sql: 'numeric(5,2)' },
    { nome: 'azienda_ragione_sociale', schema: testo(200), vuoto: '', sql: 'text' },
  ],
  chiave: ['azienda_codice', 'cliente_codice'],
  staging(presenti) {
    const p = campiPresenti(clienti, presenti);
    return { colonne: [...p.colonne, { nome: 'cliente_id', sql: 'int' }], valori: (r) => [...p.valori(r), null] };
  },
  verifica: (l) => scarta(l,
    `NOT EXISTS (SELECT 1 FROM aziende a WHERE a.codice = s.azienda_codice)${l.presenti.has('azienda_ragione_sociale') ? " AND s.azienda_ragione_sociale = ''" : ''}`,
    'azienda_codice', 'azienda sconosciuta (per crearla indica azienda_ragione_sociale)'),
  async classifica(l) {
    await l.tx.unsafe(`
      UPDATE imp_righe s SET cliente_id = x.id,
        esito = CASE WHEN x.id IS NULL THEN 'nuovo' WHEN x.diverso THEN 'cambiato' ELSE 'invariato' END
      FROM (
        SELECT s.riga, c.id, ${diverso('c', valori(l))} AS diverso
        FROM imp_righe s LEFT JOIN clienti c ON c.azienda_codice = s.azienda_codice AND c.codice = s.cliente_codice
        WHERE s.ok
      ) x WHERE x.riga = s.riga`);
    return { ...(await contaEsiti(l.tx)), ritirate: 0 };
  },
  async applica(l, c) {
    if (l.presenti.has('azienda_ragione_sociale')) {
      await l.tx`
        INSERT INTO aziende (codice, ragione_sociale)
        SELECT DISTINCT ON (s.azienda_codice) s.azienda_codice, s.azienda_ragione_sociale FROM imp_righe s
        WHERE s.ok AND s.azienda_ragione_sociale <> '' ORDER BY s.azienda_codice, s.riga
        ON CONFLICT (codice) DO NOTHING`;
    }
    const v = valori(l);
    await l.tx.unsafe(`
      INSERT INTO clienti (azienda_codice, codice, ${v.map(([col]) => col).join(', ')})
      SELECT s.azienda_codice, s.cliente_codice, ${v.map(([, e]) => e).join(', ')} FROM imp_righe s
      WHERE s.ok AND s.esito = 'nuovo' ORDER BY s.riga`);
    // The trigger clienti_notifica (migration 0007) makes every process forget the sessions of
    // clients whose price list or discount changed.
    await l.tx.unsafe(`
      UPDATE clienti c SET (${v.map(([col]) => col).join(', ')}) = ROW(${v.map(([, e]) => e).join(', ')})
      FROM imp_righe s WHERE s.ok AND s.esito = 'cambiato' AND c.id = s.cliente_id`);
    return { ...c, prodotti: [], categorie: false, paroleNuove: [], vocabolario: false };
  },
};
