/**
 * The sales agents' commissions (provvigioni, docs/regole/agenti.md#commissions): per agent (by
 * agente_codice), client and document, the amount and its state. Read-only in the portal. One
 * row per agent, client and document: sent again, it is replaced. With `--completo` the file holds
 * every commission of the agents it names: their others are removed.
 */
import { z } from 'zod';
import { STATI_PROVVIGIONE } from '../../../shared/agenti-costanti.js';
import { TIPI_DOCUMENTO_ERP } from '../../../shared/documenti-costanti.js';
import type { DefinizioneTipo } from '../definizione.js';
import type { Cella } from '../lettura/tipi.js';
import { contaEsiti } from '../staging.js';
import { codice, data, decimale } from '../valori.js';
import { risolviClienteAgente, stagingClienteAgente } from './comune.js';

/** A value of a fixed list, compared without case; the message lists them. */
const unoDi = (valori: readonly string[], nome: string, maiuscolo: boolean) => z.custom<Cella>().transform((v, ctx) => {
  const s = maiuscolo ? String(v).toUpperCase() : String(v).toLowerCase();
  if (valori.includes(s)) return s;
  ctx.addIssue({ code: 'custom', message: `${nome} non valido: ${valori.join(', ')}` });
  return z.NEVER;
});

/** Commissions of the agents named by the file's valid rows that no row names. */
const FUORI_DAL_FILE = `
  FROM provvigioni pv
  WHERE pv.agente_id IN (SELECT s.agente_id FROM imp_righe s WHERE s.ok)
    AND NOT EXISTS (SELECT 1 FROM imp_righe s WHERE s.agente_id = pv.agente_id AND s.cliente_id = pv.cliente_id
      AND s.documento_tipo = pv.documento_tipo AND s.documento_numero = pv.documento_numero)`;

export const provvigioni: DefinizioneTipo = {
  tipo: 'provvigioni',
  campi: [
    { nome: 'agente_codice', obbligatorio: true, schema: codice, sql: 'text' },
    { nome: 'azienda_codice', obbligatorio: true, schema: codice, sql: 'text' },
    { nome: 'cliente_codice', obbligatorio: true, schema: codice, sql: 'text' },
    { nome: 'documento_tipo', obbligatorio: true, schema: unoDi(TIPI_DOCUMENTO_ERP, 'tipo documento', true), sql: 'text' },
    { nome: 'documento_numero', obbligatorio: true, schema: codice, sql: 'text' },
    // Text (yyyy-mm-dd): a refused row is staged as written, which may be no date.
    { nome: 'documento_data', obbligatorio: true, schema: data, sql: 'text' },
    // A credit note's commission is negative.
    { nome: 'importo', obbligatorio: true, schema: decimale({ min: -999_999_999_999.99, max: 999_999_999_999.99, decimali: 2 }), sql: 'numeric(14,2)' },
    { nome: 'stato', obbligatorio: true, schema: unoDi(STATI_PROVVIGIONE, 'stato', false), sql: 'text' },
  ],
  chiave: ['agente_codice', 'azienda_codice', 'cliente_codice', 'documento_tipo', 'documento_numero'],
  completo: true,
  staging: (presenti) => stagingClienteAgente(provvigioni, presenti),
  // Refused rows too keep their agent and client: with --completo what a wrong row names is not taken out.
  verifica: risolviClienteAgente,
  async classifica(l) {
    await l.tx`
      UPDATE imp_righe s SET esito = CASE
          WHEN pv.id IS NULL THEN 'nuovo'
          WHEN (to_char(pv.documento_data, 'YYYY-MM-DD'), pv.importo, pv.stato) IS NOT DISTINCT FROM (s.documento_data, s.importo, s.stato) THEN 'invariato'
          ELSE 'cambiato' END
      FROM imp_righe x LEFT JOIN provvigioni pv ON pv.agente_id = x.agente_id AND pv.cliente_id = x.cliente_id
        AND pv.documento_tipo = x.documento_tipo AND pv.documento_numero = x.documento_numero
      WHERE s.ok AND x.riga = s.riga`;
    const ritirate = l.completo ? (await l.tx.unsafe<{ n: number }[]>(`SELECT count(*)::int AS n ${FUORI_DAL_FILE}`))[0]!.n : 0;
    return { ...(await contaEsiti(l.tx)), ritirate };
  },
  async applica(l, c) {
    if (l.completo) await l.tx.unsafe(`DELETE ${FUORI_DAL_FILE}`);
    await l.tx`
      INSERT INTO provvigioni (agente_id, cliente_id, documento_tipo, documento_numero, documento_data, importo, stato)
      SELECT s.agente_id, s.cliente_id, s.documento_tipo, s.documento_numero, s.documento_data::date, s.importo, s.stato
      FROM imp_righe s WHERE s.ok AND s.esito IN ('nuovo', 'cambiato') ORDER BY s.riga
      ON CONFLICT (agente_id, cliente_id, documento_tipo, documento_numero) DO UPDATE
        SET documento_data = excluded.documento_data, importo = excluded.importo, stato = excluded.stato, updated_at = now()`;
    return { ...c, prodotti: [], categorie: false, paroleNuove: [], vocabolario: false };
  },
};
