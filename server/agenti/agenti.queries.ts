import {
  type ClienteAgente, type ClienteAgenteResponse, clienteAgente, type totaliProvvigioni,
} from '../../shared/agenti.js';
import {
  MAX_CLIENTI_PORTAFOGLIO, MAX_DOCUMENTI_AGENTE, MAX_PRODOTTI_ABITUALI, MAX_PROVVIGIONI_CLIENTE, MAX_ULTIMI_ORDINI,
} from '../../shared/agenti-costanti.js';
import { MODALITA_RIBA } from '../../shared/contabilita.js';
import { RESPONSE_CODE_OK } from '../../shared/ordini-costanti.js';
import type { z } from 'zod';
import type { Db, Sql } from '../db/client.js';
import { applicaStatistiche } from '../statistiche/coda.js';

/**
 * The portfolio's figures of the clients `clienti` (SQL of a set of client ids, alias c joined by
 * the caller), one row each, set-based (docs/regole/agenti.md#portfolio):
 * - sales: confirmed orders this calendar year and last year up to the same moment (Europe/Rome):
 *   this year's months and last year's whole months before this one from the per-client monthly
 *   rollup (stat_clienti_mese, read from its primary key alone: a dozen entries a year), last
 *   year's part of this month up to the same moment from the orders (ordini_cliente_fatturato_idx,
 *   from the index alone); the last order's date that index's last entry
 *   (docs/decisions/rollup-clienti-mese.md). The statistics' queue is folded first;
 * - the credit line, its exposure and what is overdue or unpaid, as contabilita/situazione counts
 *   them (docs/regole/contabilita.md#exposure), for a client of which the ERP sent figures (a credit
 *   line or a schedule); the others' are null, and cost nothing;
 * - the town of its first branch, and its orders waiting for approval (ordini_in_approvazione_idx).
 */
const figure = (sql: Sql) => sql`
  c.azienda_codice, c.codice AS cliente_codice, c.ragione_sociale,
  coalesce((SELECT s.citta FROM sedi s WHERE s.cliente_id = c.id ORDER BY s.id LIMIT 1), '') AS citta,
  coalesce((SELECT sum(m.importo_totale) FROM stat_clienti_mese m WHERE m.cliente_id = c.id AND m.anno = p.anno), 0)::float8 AS fatturato_anno,
  (coalesce((SELECT sum(m.importo_totale) FROM stat_clienti_mese m WHERE m.cliente_id = c.id AND m.anno = p.anno - 1 AND m.mese < p.mese), 0)
    + coalesce((SELECT sum(o.totale) FROM ordini o WHERE o.cliente_id = c.id AND o.response_code = ${RESPONSE_CODE_OK}
      AND o.created_at >= p.inizio_mese_prec AND o.created_at < p.fine_prec), 0))::float8 AS fatturato_anno_prec,
  (SELECT iso_utc(max(o.created_at)) FROM ordini o WHERE o.cliente_id = c.id AND o.response_code = ${RESPONSE_CODE_OK}) AS ultimo_ordine,
  c.fido::float8 AS fido,
  CASE WHEN cr.conta THEN round(cr.esposizione_scadenze + (
    SELECT coalesce(sum(o.totale), 0) FROM ordini o
    WHERE o.cliente_id = c.id AND o.response_code = ${RESPONSE_CODE_OK}
      AND o.created_at > coalesce(c.contabilita_aggiornata_at, '-infinity')
      AND NOT EXISTS (
        SELECT 1 FROM documenti_ordini x JOIN documenti d ON d.id = x.documento_id
        WHERE x.ordine_id = o.id AND (d.tipo = 'FATTURA' OR (d.tipo = 'DDT' AND EXISTS (
          SELECT 1 FROM documenti f WHERE f.ddt @> ARRAY[d.numero] AND f.tipo = 'FATTURA'
            AND f.azienda_codice = d.azienda_codice AND f.cliente_id = d.cliente_id))))), 2)::float8 END AS esposizione,
  CASE WHEN cr.conta THEN cr.scaduto::float8 END AS scaduto,
  (SELECT count(*)::int FROM ordini o WHERE o.cliente_id = c.id AND o.approvazione = 'in_attesa') AS approvazioni_in_attesa`;

/** The period's bounds (alias p) and each client's credit items (alias cr), after `c`. */
const periodoECredito = (sql: Sql) => sql`
  CROSS JOIN LATERAL (
    -- A year ago is always in this month of last year (29 February goes back to the 28th).
    SELECT extract(year FROM n.ora)::int AS anno, extract(month FROM n.ora)::int AS mese,
      date_trunc('month', n.ora - interval '1 year') AT TIME ZONE 'Europe/Rome' AS inizio_mese_prec,
      (n.ora - interval '1 year') AT TIME ZONE 'Europe/Rome' AS fine_prec, n.ora::date AS oggi
    FROM (SELECT now() AT TIME ZONE 'Europe/Rome' AS ora) n) p
  CROSS JOIN LATERAL (
    SELECT (c.fido IS NOT NULL OR c.contabilita_aggiornata_at IS NOT NULL) AS conta,
      coalesce(sum(sc.importo) FILTER (WHERE sc.stato IN ('aperta', 'insoluta')
        OR (sc.stato = 'pagata' AND sc.modalita = ${MODALITA_RIBA} AND sc.data_scadenza >= p.oggi)), 0) AS esposizione_scadenze,
      coalesce(sum(sc.importo) FILTER (WHERE sc.stato = 'insoluta' OR (sc.stato = 'aperta' AND sc.data_scadenza < p.oggi)), 0) AS scaduto
    FROM scadenze sc WHERE sc.cliente_id = c.id AND (c.fido IS NOT NULL OR c.contabilita_aggiornata_at IS NOT NULL)) cr`;

type TotaliProvvigioni = z.infer<typeof totaliProvvigioni>;

/**
 * The agent's commissions by state (of one client, or of all), on provvigioni_agente_cliente_data_idx;
 * null when there are none, so that the screens show no section (docs/regole/agenti.md#commissions).
 */
async function totaliProvvigioniDi(db: Db, agenteId: number, clienteId?: number): Promise<TotaliProvvigioni & { n: number } | null> {
  const sql = db.$client;
  const [t] = await sql<(TotaliProvvigioni & { n: number })[]>`
    SELECT count(*)::int AS n,
      coalesce(sum(importo) FILTER (WHERE stato = 'da_maturare'), 0)::float8 AS da_maturare,
      coalesce(sum(importo) FILTER (WHERE stato = 'maturata'), 0)::float8 AS maturata,
      coalesce(sum(importo) FILTER (WHERE stato = 'liquidata'), 0)::float8 AS liquidata
    FROM provvigioni WHERE agente_id = ${agenteId} ${clienteId === undefined ? sql`` : sql`AND cliente_id = ${clienteId}`}`;
  return t && t.n > 0 ? t : null;
}

/** The agent's commissions over every client (agente/clienti); null: none. */
export async function provvigioniAgente(db: Db, agenteId: number): Promise<TotaliProvvigioni | null> {
  const t = await totaliProvvigioniDi(db, agenteId);
  return t && { da_maturare: t.da_maturare, maturata: t.maturata, liquidata: t.liquidata };
}

/** The agent's commissions on one client (agente/cliente): totals and the newest documents; null: none. */
export async function provvigioniCliente(db: Db, agenteId: number, clienteId: number): Promise<ClienteAgenteResponse['provvigioni']> {
  const t = await totaliProvvigioniDi(db, agenteId, clienteId);
  if (!t) return null;
  const righe = await db.$client<NonNullable<ClienteAgenteResponse['provvigioni']>['righe']>`
    SELECT documento_tipo, documento_numero, documento_data::text AS documento_data, importo::float8 AS importo, stato
    FROM provvigioni WHERE agente_id = ${agenteId} AND cliente_id = ${clienteId}
    ORDER BY documento_data DESC, id DESC LIMIT ${MAX_PROVVIGIONI_CLIENTE}`;
  return { totali: { da_maturare: t.da_maturare, maturata: t.maturata, liquidata: t.liquidata }, righe: [...righe], righe_n: t.n };
}

/** The agent's portfolio with its figures, by name (agente/clienti); the primary key of agenti_clienti finds it. */
export async function portafoglio(db: Db, agenteId: number): Promise<ClienteAgente[]> {
  const sql = db.$client;
  // Orders queued since the last fold count too (nothing queued: no lock, one probe).
  await applicaStatistiche(db);
  return sql<ClienteAgente[]>`
    SELECT ${figure(sql)}
    FROM agenti_clienti ac JOIN clienti c ON c.id = ac.cliente_id
    ${periodoECredito(sql)}
    WHERE ac.agente_id = ${agenteId}
    ORDER BY c.ragione_sociale, c.id
    LIMIT ${MAX_CLIENTI_PORTAFOGLIO}`;
}

/** The id of the client these codes name when it is in the agent's portfolio; undefined otherwise. */
export async function clienteDelPortafoglio(
  db: Db, agenteId: number, codes: { azienda_codice: string; cliente_codice: string },
): Promise<{ id: number; ragione_sociale: string } | undefined> {
  const [r] = await db.$client<{ id: number; ragione_sociale: string }[]>`
    SELECT c.id, c.ragione_sociale FROM clienti c JOIN agenti_clienti ac ON ac.cliente_id = c.id AND ac.agente_id = ${agenteId}
    WHERE c.azienda_codice = ${codes.azienda_codice} AND c.codice = ${codes.cliente_codice}`;
  return r;
}

/**
 * One client of the portfolio (agente/cliente): its figures and contacts, its last orders
 * (ordini_cliente_created_idx), the products it orders most with the quantity it takes most often,
 * over its confirmed orders (ordini_righe_cliente_prodotto_idx), and its last documents
 * (documenti_cliente_data_idx).
 */
export async function schedaCliente(db: Db, clienteId: number): Promise<Omit<ClienteAgenteResponse, 'provvigioni'>> {
  const sql = db.$client;
  await applicaStatistiche(db);
  const [[cliente], ultimi, prodotti, documenti] = await Promise.all([
    sql<(ClienteAgente & { email: string; telefono: string; partita_iva: string })[]>`
      SELECT ${figure(sql)}, c.email, c.telefono, c.partita_iva
      FROM clienti c ${periodoECredito(sql)} WHERE c.id = ${clienteId}`,
    sql<ClienteAgenteResponse['ultimi_ordini']>`
      SELECT o.id, iso_utc(o.created_at) AS created_at, o.nome, round(o.totale, 2)::float8 AS totale, o.response_status,
        (SELECT count(*)::int FROM ordini_righe r WHERE r.ordine_id = o.id) AS righe_n, o.inserito_da_agente
      FROM ordini o WHERE o.cliente_id = ${clienteId}
      ORDER BY o.created_at DESC, o.id DESC LIMIT ${MAX_ULTIMI_ORDINI}`,
    sql<ClienteAgenteResponse['prodotti_abituali']>`
      SELECT r.codice_prodotto, (array_agg(r.prodotto_nome ORDER BY r.ordine_id DESC))[1] AS prodotto_nome,
        count(DISTINCT r.ordine_id)::int AS ordini_n, mode() WITHIN GROUP (ORDER BY r.qt) AS qt_abituale,
        bool_or(p.id IS NOT NULL) AS disponibile_a_catalogo
      FROM ordini_righe r
      JOIN ordini o ON o.id = r.ordine_id AND o.response_code = ${RESPONSE_CODE_OK}
      LEFT JOIN prodotti p ON p.id = r.prodotto_id AND p.status = 0 AND p.deleted_at IS NULL
      WHERE r.cliente_id = ${clienteId}
      GROUP BY r.codice_prodotto
      ORDER BY ordini_n DESC, r.codice_prodotto
      LIMIT ${MAX_PRODOTTI_ABITUALI}`,
    sql<ClienteAgenteResponse['documenti']>`
      SELECT d.id, d.tipo, d.numero, d.data::text AS data, d.totale::float8 AS totale
      FROM documenti d WHERE d.cliente_id = ${clienteId}
      ORDER BY d.data DESC, d.id DESC LIMIT ${MAX_DOCUMENTI_AGENTE}`,
  ]);
  return { cliente: { ...clienteAgente.parse(cliente), email: cliente!.email, telefono: cliente!.telefono, partita_iva: cliente!.partita_iva }, ultimi_ordini: ultimi, prodotti_abituali: prodotti, documenti };
}
