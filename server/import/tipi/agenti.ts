/**
 * The sales agents' portfolios (agenti, docs/regole/agenti.md#agents): which clients each agent
 * (by agente_codice) follows; a client may have several agents. A pair already there is unchanged.
 * With `--completo` the file holds the whole portfolio of each agent it names: their other clients
 * are taken out (by hand or not), and an agent's session acting for one loses it at once.
 */
import type { DefinizioneTipo } from '../definizione.js';
import { contaEsiti } from '../staging.js';
import { codice } from '../valori.js';
import { risolviClienteAgente, stagingClienteAgente } from './comune.js';

/** Pairs of the agents named by the file's valid rows that no valid row names (agenti_clienti's primary key per agent). */
const FUORI_DAL_FILE = `
  FROM agenti_clienti ac
  WHERE ac.agente_id IN (SELECT s.agente_id FROM imp_righe s WHERE s.ok)
    AND NOT EXISTS (SELECT 1 FROM imp_righe s WHERE s.ok AND s.agente_id = ac.agente_id AND s.cliente_id = ac.cliente_id)`;

export const agenti: DefinizioneTipo = {
  tipo: 'agenti',
  campi: [
    { nome: 'azienda_codice', obbligatorio: true, schema: codice, sql: 'text' },
    { nome: 'cliente_codice', obbligatorio: true, schema: codice, sql: 'text' },
    { nome: 'agente_codice', obbligatorio: true, schema: codice, sql: 'text' },
  ],
  chiave: ['azienda_codice', 'cliente_codice', 'agente_codice'],
  completo: true,
  staging: (presenti) => stagingClienteAgente(agenti, presenti),
  // Refused rows too keep their agent and client: with --completo what a wrong row names is not taken out.
  verifica: risolviClienteAgente,
  async classifica(l) {
    await l.tx`
      UPDATE imp_righe s SET esito = CASE WHEN ac.agente_id IS NULL THEN 'nuovo' ELSE 'invariato' END
      FROM imp_righe x LEFT JOIN agenti_clienti ac ON ac.agente_id = x.agente_id AND ac.cliente_id = x.cliente_id
      WHERE s.ok AND x.riga = s.riga`;
    const ritirate = l.completo ? (await l.tx.unsafe<{ n: number }[]>(`SELECT count(*)::int AS n ${FUORI_DAL_FILE}`))[0]!.n : 0;
    return { ...(await contaEsiti(l.tx)), ritirate };
  },
  async applica(l, c) {
    if (l.completo) await l.tx.unsafe(`DELETE ${FUORI_DAL_FILE}`);
    await l.tx`
      INSERT INTO agenti_clienti (agente_id, cliente_id, origine)
      SELECT s.agente_id, s.cliente_id, 'import' FROM imp_righe s WHERE s.ok AND s.esito = 'nuovo' ORDER BY s.riga
      ON CONFLICT DO NOTHING`;
    return { ...c, prodotti: [], categorie: false, paroleNuove: [], vocabolario: false };
  },
};
