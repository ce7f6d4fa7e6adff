/**
 * A client's payment schedule (scadenze, docs/regole/contabilita.md#schedule): company, client,
 * document, due date, amount, FatturaPA payment code and state. One item per document and due
 * date: sent again, it is replaced. With `--completo` the file holds every item of the clients it
 * names: their others are removed. Each client named by a valid row is marked as brought up to
 * date (clienti.contabilita_aggiornata_at): its orders before that are counted as invoiced.
 */
import { z } from 'zod';
import { MODALITA_PAGAMENTO, STATI_SCADENZA } from '../../../shared/contabilita.js';
import type { DefinizioneTipo } from '../definizione.js';
import type { Cella } from '../lettura/tipi.js';
import { contaEsiti } from '../staging.js';
import { codice, data, decimale } from '../valori.js';
import { campiPresenti, risolviCliente } from './comune.js';

const modalita = z.custom<Cella>().transform((v, ctx) => {
  const s = String(v).toUpperCase();
  if (s in MODALITA_PAGAMENTO) return s;
  ctx.addIssue({ code: 'custom', message: 'modalità di pagamento FatturaPA non valida (da MP01 a MP23, es. MP12 RiBa, MP05 bonifico)' });
  return z.NEVER;
});

const stato = z.custom<Cella>().transform((v, ctx) => {
  const s = String(v).toLowerCase();
  if ((STATI_SCADENZA as readonly string[]).includes(s)) return s;
  ctx.addIssue({ code: 'custom', message: `stato non valido: ${STATI_SCADENZA.join(', ')}` });
  return z.NEVER;
});

/** Items of the clients named by the file's valid rows that no row names. */
const FUORI_DAL_FILE = `
  FROM scadenze sc
  WHERE sc.cliente_id IN (SELECT s.cliente_id FROM imp_righe s WHERE s.ok)
    AND NOT EXISTS (SELECT 1 FROM imp_righe s WHERE s.cliente_id = sc.cliente_id AND s.documento = sc.documento
      AND s.data_scadenza = to_char(sc.data_scadenza, 'YYYY-MM-DD'))`;

export const scadenze: DefinizioneTipo = {
  tipo: 'scadenze',
  campi: [
    { nome: 'azienda_codice', obbligatorio: true, schema: codice, sql: 'text' },
    { nome: 'cliente_codice', obbligatorio: true, schema: codice, sql: 'text' },
    { nome: 'documento', obbligatorio: true, schema: codice, sql: 'text' },
    // Text (yyyy-mm-dd): a refused row is staged with its key as written, which may be no date.
    { nome: 'data_scadenza', obbligatorio: true, schema: data, sql: 'text' },
    // A credit note's item is negative.
    { nome: 'importo', obbligatorio: true, schema: decimale({ min: -999_999_999_999.99, max: 999_999_999_999.99, decimali: 2 }), sql: 'numeric(14,2)' },
    { nome: 'modalita', obbligatorio: true, schema: modalita, sql: 'text' },
    { nome: 'stato', obbligatorio: true, schema: stato, sql: 'text' },
  ],
  chiave: ['azienda_codice', 'cliente_codice', 'documento', 'data_scadenza'],
  completo: true,
  staging(presenti) {
    const p = campiPresenti(scadenze, presenti);
    return { colonne: [...p.colonne, { nome: 'cliente_id', sql: 'int' }], valori: (r) => [...p.valori(r), null] };
  },
  // Refused rows too keep their client: with --completo an item named by a wrong row is not removed.
  verifica: risolviCliente,
  async classifica(l) {
    await l.tx`
      UPDATE imp_righe s SET esito = CASE
          WHEN sc.id IS NULL THEN 'nuovo'
          WHEN (sc.importo, sc.modalita, sc.stato) IS NOT DISTINCT FROM (s.importo, s.modalita, s.stato) THEN 'invariato'
          ELSE 'cambiato' END
      FROM imp_righe x LEFT JOIN scadenze sc
        ON sc.cliente_id = x.cliente_id AND sc.documento = x.documento AND to_char(sc.data_scadenza, 'YYYY-MM-DD') = x.data_scadenza
      WHERE s.ok AND x.riga = s.riga`;
    const ritirate = l.completo ? (await l.tx.unsafe<{ n: number }[]>(`SELECT count(*)::int AS n ${FUORI_DAL_FILE}`))[0]!.n : 0;
    return { ...(await contaEsiti(l.tx)), ritirate };
  },
  async applica(l, c) {
    if (l.completo) await l.tx.unsafe(`DELETE ${FUORI_DAL_FILE}`);
    await l.tx`
      INSERT INTO scadenze (cliente_id, documento, data_scadenza, importo, modalita, stato)
      SELECT s.cliente_id, s.documento, s.data_scadenza::date, s.importo, s.modalita, s.stato FROM imp_righe s
      WHERE s.ok AND s.esito IN ('nuovo', 'cambiato') ORDER BY s.riga
      ON CONFLICT (cliente_id, documento, data_scadenza) DO UPDATE
        SET importo = excluded.importo, modalita = excluded.modalita, stato = excluded.stato, updated_at = now()`;
    await l.tx`
      UPDATE clienti c SET contabilita_aggiornata_at = now()
      WHERE c.id IN (SELECT s.cliente_id FROM imp_righe s WHERE s.ok)`;
    return { ...c, prodotti: [], categorie: false, paroleNuove: [], vocabolario: false };
  },
};
