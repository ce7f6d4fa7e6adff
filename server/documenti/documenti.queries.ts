import type { z } from 'zod';
import type { Documento, documentiReadQuery } from '../../shared/documenti.js';
import type { Db } from '../db/client.js';

type Filtri = z.output<typeof documentiReadQuery>;

/**
 * One page of a client's documents, newest first, with the orders each names. Every filter narrows
 * the client's own rows (documenti_cliente_data_idx); an order filter also finds the invoices that
 * bill one of the order's DDT by number, so that the order's whole chain shows.
 */
export async function leggiDocumenti(db: Db, clienteId: number, f: Filtri): Promise<{ documenti: Documento[]; totale: number }> {
  const sql = db.$client;
  const dove = sql`d.cliente_id = ${clienteId}
    ${f.tipo ? sql`AND d.tipo = ${f.tipo}` : sql``}
    ${f.dal ? sql`AND d.data >= ${f.dal}` : sql``}
    ${f.al ? sql`AND d.data <= ${f.al}` : sql``}
    ${f.numero ? sql`AND d.numero ILIKE ${`%${f.numero.replace(/[\\%_]/g, '\\$&')}%`}` : sql``}
    ${f.ordine_id ? sql`AND d.id IN (${catena(db, clienteId, f.ordine_id)})` : sql``}`;
  const [documenti, [conta]] = await Promise.all([
    sql<Documento[]>`
      SELECT d.id, d.tipo, d.numero, to_char(d.data, 'YYYY-MM-DD') AS data, d.imponibile::text AS imponibile, d.iva::text AS iva,
        d.totale::text AS totale, d.ddt, d.xml IS NOT NULL AS xml,
        coalesce((SELECT array_agg(o.ordine_id ORDER BY o.ordine_id) FROM documenti_ordini o WHERE o.documento_id = d.id), '{}') AS ordini
      FROM documenti d WHERE ${dove}
      ORDER BY d.data DESC, d.id DESC LIMIT ${f.limit} OFFSET ${f.start}`,
    sql<{ n: number }[]>`SELECT count(*)::int AS n FROM documenti d WHERE ${dove}`,
  ]);
  return { documenti, totale: conta!.n };
}

/** The ids of an order's chain: documents naming it, and the invoices billing one of its DDT. */
function catena(db: Db, clienteId: number, ordineId: number) {
  const sql = db.$client;
  return sql`
    WITH diretti AS (
      SELECT x.id, x.tipo, x.numero, x.azienda_codice FROM documenti_ordini o JOIN documenti x ON x.id = o.documento_id
      WHERE o.ordine_id = ${ordineId} AND x.cliente_id = ${clienteId})
    SELECT id FROM diretti
    UNION
    SELECT f.id FROM documenti f JOIN diretti t ON t.tipo = 'DDT' AND f.ddt @> ARRAY[t.numero] AND f.azienda_codice = t.azienda_codice
    WHERE f.cliente_id = ${clienteId}`;
}

/** A document's files and owner, for documenti/file: undefined when there is no such document. */
export async function fileDocumento(db: Db, id: number) {
  const [d] = await db.$client<{ cliente_id: number; tipo: string; numero: string; data: string; pdf: string; xml: string | null }[]>`
    SELECT cliente_id, tipo, numero, to_char(data, 'YYYY-MM-DD') AS data, pdf, xml FROM documenti WHERE id = ${id}`;
  return d;
}

/** A document's owner, XML key and stored FatturaPA page, for documenti/fatturapa: undefined when there is no such document. */
export async function fatturaPaDocumento(db: Db, id: number) {
  const [d] = await db.$client<{ cliente_id: number; xml: string | null; fatturapa: unknown }[]>`
    SELECT cliente_id, xml, fatturapa FROM documenti WHERE id = ${id}`;
  return d;
}

/** Stores the page read from the document's XML, if that XML is still the document's (a push may have replaced it meanwhile). */
export async function salvaFatturaPa(db: Db, id: number, xml: string, vista: object): Promise<void> {
  await db.$client`UPDATE documenti SET fatturapa = ${JSON.stringify(vista)}::jsonb WHERE id = ${id} AND xml = ${xml}`;
}
