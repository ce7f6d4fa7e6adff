/**
 * The clients' credit lines (clienti.fido, docs/regole/contabilita.md#credit-line): company,
 * client and `fido` in euro. An empty `fido` removes the client's credit line (no figure to check
 * orders against). Clients missing from the file keep theirs.
 */
import type { DefinizioneTipo } from '../definizione.js';
import { contaEsiti } from '../staging.js';
import { codice, decimale } from '../valori.js';
import { campiPresenti, risolviCliente } from './comune.js';

export const fido: DefinizioneTipo = {
  tipo: 'fido',
  campi: [
    { nome: 'azienda_codice', obbligatorio: true, schema: codice, sql: 'text' },
    { nome: 'cliente_codice', obbligatorio: true, schema: codice, sql: 'text' },
    { nome: 'fido', obbligatorio: true, schema: decimale({ min: 0, max: 999_999_999_999.99, decimali: 2 }), vuoto: null, sql: 'numeric(14,2)' },
  ],
  chiave: ['azienda_codice', 'cliente_codice'],
  staging(presenti) {
    const p = campiPresenti(fido, presenti);
    return { colonne: [...p.colonne, { nome: 'cliente_id', sql: 'int' }], valori: (r) => [...p.valori(r), null] };
  },
  verifica: risolviCliente,
  async classifica(l) {
    await l.tx`
      UPDATE imp_righe s SET esito = CASE
          WHEN c.fido IS NOT DISTINCT FROM s.fido THEN 'invariato'
          WHEN c.fido IS NULL THEN 'nuovo'
          WHEN s.fido IS NULL THEN 'ritirato'
          ELSE 'cambiato' END
      FROM clienti c WHERE s.ok AND c.id = s.cliente_id`;
    const [r] = await l.tx<{ n: number }[]>`SELECT count(*)::int AS n FROM imp_righe WHERE ok AND esito = 'ritirato'`;
    return { ...(await contaEsiti(l.tx)), ritirate: r!.n };
  },
  async applica(l, c) {
    await l.tx`
      UPDATE clienti c SET fido = s.fido FROM imp_righe s
      WHERE s.ok AND s.esito <> 'invariato' AND c.id = s.cliente_id`;
    return { ...c, prodotti: [], categorie: false, paroleNuove: [], vocabolario: false };
  },
};
