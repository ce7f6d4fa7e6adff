/**
 * A client's credit figures (docs/regole/contabilita.md#exposure), in one statement: the credit
 * line, the exposure by its parts and the schedule. Days are Europe/Rome's.
 */
import { MAX_SCADENZE, MODALITA_PAGAMENTO, MODALITA_RIBA, type SituazioneContabile, type StatoScadenza } from '../../shared/contabilita.js';
import { RESPONSE_CODE_OK } from '../../shared/ordini-costanti.js';
import type { Sql } from '../db/client.js';

interface Riga {
  fido: number | null;
  blocca_oltre_fido: boolean;
  aggiornata_al: string | null;
  aperte: number;
  insolute: number;
  riba_non_scadute: number;
  ordini_non_fatturati: number;
  ordini_non_fatturati_n: number;
  scadenze: { documento: string; data_scadenza: string; importo: number; modalita: string; stato: StatoScadenza; scaduta: boolean; in_esposizione: boolean }[];
}

/**
 * The client's figures, or undefined when it does not exist. Orders not yet invoiced
 * (docs/decisions/credito-esposizione.md): confirmed ones that no FATTURA cites, directly or
 * through a DDT it bills that cites the order, and (the fallback for invoices that cite no order)
 * newer than the client's last schedule from the ERP (all of them before any).
 * The unique index on (cliente_id, documento, data_scadenza) serves the items, ordini_cliente_created_idx
 * the orders, documenti_ordini_ordine_idx and documenti_ddt_idx the invoices citing them.
 */
export async function leggiSituazione(sql: Sql, clienteId: number): Promise<SituazioneContabile | undefined> {
  // In the exposure: open and unpaid items, and a RiBa the ERP marks paid once presented to the
  // bank but not yet due (the bank may still return it unpaid).
  const [r] = await sql<Riga[]>`
    WITH g AS (SELECT (now() AT TIME ZONE 'Europe/Rome')::date AS oggi),
    c AS (SELECT c.id, c.fido, c.blocca_oltre_fido, c.contabilita_aggiornata_at FROM clienti c WHERE c.id = ${clienteId}),
    sc AS (
      SELECT sc.*, g.oggi, (sc.stato IN ('aperta', 'insoluta') OR (sc.stato = 'pagata' AND sc.modalita = ${MODALITA_RIBA} AND sc.data_scadenza >= g.oggi)) AS in_esposizione, (sc.stato = 'aperta' AND sc.data_scadenza < g.oggi) AS scaduta
      FROM scadenze sc, g WHERE sc.cliente_id = ${clienteId})
    SELECT c.fido::float8 AS fido, c.blocca_oltre_fido, to_json(c.contabilita_aggiornata_at)#>>'{}' AS aggiornata_al,
      coalesce((SELECT sum(importo) FROM sc WHERE stato = 'aperta'), 0)::float8 AS aperte,
      coalesce((SELECT sum(importo) FROM sc WHERE stato = 'insoluta'), 0)::float8 AS insolute,
      coalesce((SELECT sum(importo) FROM sc WHERE stato = 'pagata' AND in_esposizione), 0)::float8 AS riba_non_scadute,
      o.totale::float8 AS ordini_non_fatturati, o.n AS ordini_non_fatturati_n,
      coalesce((SELECT json_agg(json_build_object('documento', x.documento, 'data_scadenza', x.data_scadenza, 'importo', x.importo::float8,
          'modalita', x.modalita, 'stato', x.stato, 'scaduta', x.scaduta, 'in_esposizione', x.in_esposizione) ORDER BY x.data_scadenza, x.documento)
        FROM (SELECT * FROM sc WHERE stato <> 'pagata' OR data_scadenza >= oggi - 365
              ORDER BY stato = 'pagata' AND NOT in_esposizione, data_scadenza DESC LIMIT ${MAX_SCADENZE}) x), '[]'::json) AS scadenze
    FROM c, LATERAL (
      SELECT coalesce(sum(o.totale), 0) AS totale, count(*)::int AS n FROM ordini o
      WHERE o.cliente_id = c.id AND o.response_code = ${RESPONSE_CODE_OK}
        AND o.created_at > coalesce(c.contabilita_aggiornata_at, '-infinity')
        AND NOT EXISTS (
          SELECT 1 FROM documenti_ordini x JOIN documenti d ON d.id = x.documento_id
          WHERE x.ordine_id = o.id AND (d.tipo = 'FATTURA' OR (d.tipo = 'DDT' AND EXISTS (
            SELECT 1 FROM documenti f WHERE f.ddt @> ARRAY[d.numero] AND f.tipo = 'FATTURA'
              AND f.azienda_codice = d.azienda_codice AND f.cliente_id = d.cliente_id))))) o`;
  if (!r) return undefined;
  const centesimi = (n: number) => Math.round(n * 100) / 100;
  const esposizione = centesimi(r.aperte + r.insolute + r.riba_non_scadute + r.ordini_non_fatturati);
  return {
    fido: r.fido,
    esposizione,
    disponibile: r.fido === null ? null : centesimi(r.fido - esposizione),
    blocca_oltre_fido: r.blocca_oltre_fido,
    dettaglio: {
      aperte: centesimi(r.aperte), insolute: centesimi(r.insolute), riba_non_scadute: centesimi(r.riba_non_scadute),
      ordini_non_fatturati: centesimi(r.ordini_non_fatturati), ordini_non_fatturati_n: r.ordini_non_fatturati_n,
    },
    aggiornata_al: r.aggiornata_al,
    scadenze: r.scadenze.map((s) => ({ ...s, modalita_descrizione: MODALITA_PAGAMENTO[s.modalita] ?? s.modalita })),
  };
}
