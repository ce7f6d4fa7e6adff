/**
 * The clients' own product codes (codici_cliente, docs/regole/ordine-rapido.md#own-codes): company,
 * client, product and `codice_cliente`. An empty code removes the client's own code of that
 * product. A client's codes stay unique as compared (letters and digits, upper-case): a code given
 * to two products, in the file or beside one the client already has, refuses the row. Read live
 * (the quick order's one statement), never cached: nothing to forget afterwards.
 */
import { CODICE_CLIENTE_MAX } from '../../../shared/codici-cliente-costanti.js';
import type { DefinizioneTipo, ErroreRiga, Lavoro } from '../definizione.js';
import { contaEsiti, scarta } from '../staging.js';
import { codice, testo } from '../valori.js';
import { campiPresenti, classificaPerClienteProdotto, risolviClienteProdotto } from './comune.js';

/** A client's own code as the portal's calls take it (shared/codici-cliente.ts): 1–CODICE_CLIENTE_MAX characters, a letter or digit among them. */
const codiceCliente = testo(CODICE_CLIENTE_MAX).refine((s) => /[A-Za-z0-9]/.test(s), 'deve contenere almeno una lettera o una cifra');

/**
 * Refuses the rows whose code the client already gives another product that the file leaves
 * as it is; again, since a refused row keeps its product's old code, until none is left.
 */
async function scartaCodiciGiaUsati(l: Lavoro): Promise<ErroreRiga[]> {
  const errori: ErroreRiga[] = [];
  for (;;) {
    const nuovi = await scarta(l, `EXISTS (
        SELECT 1 FROM codici_cliente cc
        WHERE cc.cliente_id = s.cliente_id AND cc.codice_n = s.codice_n AND cc.prodotto_id <> s.prodotto_id
          AND NOT EXISTS (SELECT 1 FROM imp_righe x WHERE x.ok AND x.cliente_id = cc.cliente_id AND x.prodotto_id = cc.prodotto_id))`,
    'codice_cliente', 'codice già dato dal cliente a un altro prodotto');
    if (nuovi.length === 0) return errori;
    errori.push(...nuovi);
  }
}

export const codiciCliente: DefinizioneTipo = {
  tipo: 'codici_cliente',
  campi: [
    { nome: 'azienda_codice', obbligatorio: true, schema: codice, sql: 'text' },
    { nome: 'cliente_codice', obbligatorio: true, schema: codice, sql: 'text' },
    { nome: 'codice_prodotto', obbligatorio: true, schema: codice, sql: 'text' },
    { nome: 'codice_cliente', obbligatorio: true, schema: codiceCliente, vuoto: null, sql: 'text' },
  ],
  chiave: ['azienda_codice', 'cliente_codice', 'codice_prodotto'],
  staging(presenti) {
    const p = campiPresenti(codiciCliente, presenti);
    return {
      colonne: [...p.colonne, { nome: 'cliente_id', sql: 'int' }, { nome: 'prodotto_id', sql: 'int' }, { nome: 'codice_n', sql: 'text' }],
      valori: (r) => [...p.valori(r), null, null, null],
    };
  },
  async verifica(l) {
    const sconosciuti = await risolviClienteProdotto(l);
    // Compared as the table's generated codice_n compares them.
    await l.tx`UPDATE imp_righe s SET codice_n = upper(regexp_replace(s.codice_cliente, '[^A-Za-z0-9]', '', 'g')) WHERE s.codice_cliente IS NOT NULL`;
    return [
      ...sconosciuti,
      ...(await scarta(l, `EXISTS (SELECT 1 FROM imp_righe x WHERE x.ok AND x.riga < s.riga AND x.cliente_id = s.cliente_id
          AND x.codice_n = s.codice_n AND x.prodotto_id <> s.prodotto_id)`,
      'codice_cliente', 'codice già dato a un altro prodotto dello stesso cliente in una riga precedente')),
      ...(await scartaCodiciGiaUsati(l)),
    ];
  },
  async classifica(l) {
    const ritirate = await classificaPerClienteProdotto(l, 'codici_cliente', 'codice', 'codice_cliente');
    return { ...(await contaEsiti(l.tx)), ritirate };
  },
  async applica(l, c) {
    // Removed and changed codes go first, so that codes moving between two products never meet in the unique index.
    await l.tx`
      DELETE FROM codici_cliente cc USING imp_righe s
      WHERE s.ok AND s.esito IN ('ritirato', 'cambiato') AND cc.cliente_id = s.cliente_id AND cc.prodotto_id = s.prodotto_id`;
    await l.tx`
      INSERT INTO codici_cliente (cliente_id, prodotto_id, codice)
      SELECT s.cliente_id, s.prodotto_id, s.codice_cliente FROM imp_righe s WHERE s.ok AND s.esito IN ('nuovo', 'cambiato')`;
    return { ...c, prodotti: [], categorie: false, paroleNuove: [], vocabolario: false };
  },
};
