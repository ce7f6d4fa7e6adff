import type { z } from 'zod';
import type { Reso, resiCodaQuery, RigaRendibile, ResoSintesi } from '../../shared/resi.js';
import type { StatoReso } from '../../shared/resi-costanti.js';
import type { Db, Sql } from '../db/client.js';

/**
 * What the returns still open ask of each line of one DDT: the pieces of returns neither refused
 * nor cancelled, less the lines the staff refused; summed once for the DDT, never line by line. The
 * DDT's lines' entries come from resi_righe_documento_riga_cop_idx alone (their return, pieces and
 * outcome in the index), joined by hash to the DDT's returns (resi_documento_idx):
 * docs/decisions/resi-rendibili-piano.md. Lines nothing asks of have no row.
 */
export const chiestiDelDdt = (sql: Sql, documentoId: number) => sql`
  SELECT x.documento_riga_id AS id, sum(x.quantita)::int AS n FROM resi_righe x JOIN resi s ON s.id = x.reso_id
  WHERE x.documento_riga_id IN (SELECT r.id FROM documenti_righe r WHERE r.documento_id = ${documentoId})
    AND s.documento_id = ${documentoId} AND s.stato NOT IN ('rifiutato', 'annullato') AND x.esito IS DISTINCT FROM 'rifiutata'
  GROUP BY x.documento_riga_id`;

/** A document with its owner and age in days, for the calls that name it. */
export async function documentoPerReso(db: Db, id: number) {
  const [d] = await db.$client<{ id: number; tipo: string; numero: string; data: string; cliente_id: number; azienda_codice: string; giorni: number }[]>`
    SELECT id, tipo, numero, to_char(data, 'YYYY-MM-DD') AS data, cliente_id, azienda_codice, (current_date - data)::int AS giorni
    FROM documenti WHERE id = ${id}`;
  return d;
}

/** A DDT's lines in their order, each with what is still returnable (never below 0; chiestiDelDdt). */
export async function righeRendibili(db: Db, documentoId: number): Promise<RigaRendibile[]> {
  const sql = db.$client;
  return sql<RigaRendibile[]>`
    WITH chiesti AS (${chiestiDelDdt(sql, documentoId)})
    SELECT r.id AS riga_id, r.riga, r.codice_prodotto, r.descrizione, r.unita, r.lotto, r.quantita AS quantita_consegnata,
      greatest(0, r.quantita - coalesce(c.n, 0))::int AS quantita_rendibile, r.da_ordine
    FROM documenti_righe r LEFT JOIN chiesti c ON c.id = r.id
    WHERE r.documento_id = ${documentoId} ORDER BY r.riga`;
}

const SINTESI = `
  s.id, s.numero, s.stato, to_char(s.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at,
  json_build_object('id', d.id, 'numero', d.numero, 'data', to_char(d.data, 'YYYY-MM-DD')) AS documento,
  (SELECT count(*)::int FROM resi_righe x WHERE x.reso_id = s.id) AS righe_n,
  (SELECT coalesce(sum(x.quantita), 0)::int FROM resi_righe x WHERE x.reso_id = s.id) AS pezzi,
  json_build_object('codice', c.codice, 'ragione_sociale', c.ragione_sociale) AS cliente`;

/** One page of a client's returns, newest first (resi_cliente_idx). */
export async function elencoResi(db: Db, clienteId: number, f: { stato?: StatoReso | undefined; start: number; limit: number }) {
  const sql = db.$client;
  const dove = sql`s.cliente_id = ${clienteId} ${f.stato ? sql`AND s.stato = ${f.stato}` : sql``}`;
  const [resi, [n]] = await Promise.all([
    sql<ResoSintesi[]>`
      SELECT ${sql.unsafe(SINTESI)} FROM resi s JOIN documenti d ON d.id = s.documento_id JOIN clienti c ON c.id = s.cliente_id
      WHERE ${dove} ORDER BY s.created_at DESC, s.id DESC LIMIT ${f.limit} OFFSET ${f.start}`,
    sql<{ n: number }[]>`SELECT count(*)::int AS n FROM resi s WHERE ${dove}`,
  ]);
  return { resi, totale: n!.n };
}

/** States that wait for the staff: a decision, the goods, the inspection, the closing. */
export const STATI_DA_GESTIRE: StatoReso[] = ['richiesto', 'autorizzato', 'parzialmente_autorizzato', 'spedito', 'ricevuto', 'verificato'];

/** The staff's queue, oldest first (resi_stato_idx with a state; the open states otherwise). */
export async function codaResi(db: Db, f: z.output<typeof resiCodaQuery>) {
  const sql = db.$client;
  const dove = sql`${f.stato ? sql`s.stato = ${f.stato}` : sql`s.stato = ANY(${STATI_DA_GESTIRE})`}
    ${f.motivo ? sql`AND EXISTS (SELECT 1 FROM resi_righe x WHERE x.reso_id = s.id AND x.motivo = ${f.motivo})` : sql``}
    ${f.azienda_codice ? sql`AND c.azienda_codice = ${f.azienda_codice}` : sql``}
    ${f.cliente_codice ? sql`AND c.codice = ${f.cliente_codice}` : sql``}
    ${f.giorni_min !== undefined ? sql`AND s.created_at <= now() - make_interval(days => ${f.giorni_min})` : sql``}`;
  const [resi, [n]] = await Promise.all([
    sql<ResoSintesi[]>`
      SELECT ${sql.unsafe(SINTESI)} FROM resi s JOIN documenti d ON d.id = s.documento_id JOIN clienti c ON c.id = s.cliente_id
      WHERE ${dove} ORDER BY s.created_at, s.id LIMIT ${f.limit} OFFSET ${f.start}`,
    sql<{ n: number }[]>`SELECT count(*)::int AS n FROM resi s JOIN clienti c ON c.id = s.cliente_id WHERE ${dove}`,
  ]);
  return { resi, totale: n!.n };
}

export async function contaDaGestire(db: Db): Promise<number> {
  const [r] = await db.$client<{ n: number }[]>`SELECT count(*)::int AS n FROM resi WHERE stato = ANY(${STATI_DA_GESTIRE})`;
  return r!.n;
}

/** A return whole, with its owner; undefined when there is none. */
export async function unReso(db: Db, id: number): Promise<(Reso & { cliente_id: number; azienda_codice: string }) | undefined> {
  const sql = db.$client;
  const [r] = await sql<(Reso & { cliente_id: number; azienda_codice: string })[]>`
    SELECT ${sql.unsafe(SINTESI)}, s.cliente_id, s.azienda_codice, s.descrizione, s.giorni_ddt, s.ddt_reso_richiesto, s.motivo_rifiuto,
      to_char(s.stato_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS stato_at,
      (SELECT json_build_object('id', n.id, 'numero', n.numero, 'data', to_char(n.data, 'YYYY-MM-DD')) FROM documenti n WHERE n.id = s.nota_credito_id) AS nota_credito,
      coalesce((SELECT json_agg(json_build_object(
          'id', x.id, 'riga_id', x.documento_riga_id, 'codice_prodotto', r.codice_prodotto, 'descrizione', r.descrizione,
          'quantita', x.quantita, 'motivo', x.motivo, 'nota', x.nota, 'lotto', x.lotto,
          'percentuale_prevista', x.percentuale_prevista::float8, 'esito', x.esito,
          'percentuale_autorizzata', x.percentuale_autorizzata::float8, 'quantita_accettata', x.quantita_accettata,
          'percentuale_accredito', x.percentuale_accredito::float8) ORDER BY r.riga, x.id)
        FROM resi_righe x JOIN documenti_righe r ON r.id = x.documento_riga_id WHERE x.reso_id = s.id), '[]') AS righe,
      coalesce((SELECT json_agg(json_build_object('id', f.id, 'nome', f.nome) ORDER BY f.id) FROM resi_foto f WHERE f.reso_id = s.id), '[]') AS foto,
      -- Its history in order (resi_passi_reso_idx).
      coalesce((SELECT json_agg(json_build_object('da', p.da, 'a', p.a, 'autore_tipo', p.autore_tipo, 'autore', p.autore, 'nota', p.nota,
          'created_at', to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')) ORDER BY p.id)
        FROM resi_passi p WHERE p.reso_id = s.id), '[]') AS storico
    FROM resi s JOIN documenti d ON d.id = s.documento_id JOIN clienti c ON c.id = s.cliente_id
    WHERE s.id = ${id}`;
  return r;
}
