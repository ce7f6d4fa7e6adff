import type { RigaAnteprimaRiordino } from '../../shared/ordini.js';
import { joinPrezzi, prezzoCliente, type PrezziCliente } from '../catalogo/prezzi.js';
import type { Db } from '../db/client.js';
import { MSG_ORDINE_SCONOSCIUTO } from '../../shared/ordini-costanti.js';
import { notFound } from '../lib/errors.js';
import { ordiniVisibili, type VistaOrdini } from './vista.js';

/**
 * ordini/anteprimaRiordino (docs/regole/ordini.md#reorder): the lines of an order the person sees
 * (vistaOrdini) against today, in one statement: today's net price for the client (as
 * crea_ordine prices it; both prices at list price for a person who may not see net ones), what can be promised and its colour (as the cart shows it), withdrawn
 * when the product is no longer sold (crea_ordine would refuse it). The order's existence and owner
 * come with it: an order the person may not see answers 404 as one that does not exist.
 */
export async function anteprimaRiordino(
  db: Db, v: VistaOrdini, prezzi: PrezziCliente, ordineId: number,
): Promise<{ ordine_id: number; righe: RigaAnteprimaRiordino[] }> {
  const sql = db.$client;
  const [o] = await sql<{ mio: boolean; righe: RigaAnteprimaRiordino[] }[]>`
    SELECT (${ordiniVisibili(sql, v)}) IS TRUE AS mio,
      coalesce((
        SELECT json_agg(json_build_object(
          'codice_prodotto', x.codice_prodotto, 'prodotto_nome', x.prodotto_nome, 'qt', x.qt,
          'prezzo_ordine', x.prezzo_ordine, 'prezzo_attuale', x.prezzo_attuale, 'ritirato', x.ritirato,
          'prezzo_cambiato', NOT x.ritirato AND x.prezzo_attuale <> x.prezzo_ordine,
          'disponibilita', x.promettibile, 'disponibile', NOT x.ritirato AND x.qt <= x.promettibile,
          -- The colour of docs/regole/catalogo.md#availability-colour, as product cards compute it.
          'disponibilita_colore', CASE WHEN x.disponibilita > 0 THEN 'verde' WHEN x.disponibilita + x.ord_forn > 0 THEN 'giallo' ELSE 'rosso' END
        ) ORDER BY x.riga)
        FROM (
          SELECT r.id AS riga, r.codice_prodotto, r.prodotto_nome, r.qt, round(${v.netti ? sql`r.prezzo_reale` : sql`coalesce(r.prezzo, 0)`}, 3)::float8 AS prezzo_ordine,
            p.id IS NULL AS ritirato,
            CASE WHEN p.id IS NOT NULL THEN (${prezzoCliente(sql, prezzi)})::float8 END AS prezzo_attuale,
            coalesce(g.disponibilita, 0) AS disponibilita, coalesce(g.ord_forn, 0) AS ord_forn,
            coalesce(greatest(g.disponibilita + g.ord_forn, 0), 0) AS promettibile
          FROM ordini_righe r
          LEFT JOIN prodotti p ON p.codice_prodotto = r.codice_prodotto AND p.status = 0 AND p.deleted_at IS NULL
          LEFT JOIN giacenze g ON g.prodotto_id = p.id
          ${joinPrezzi(sql, prezzi)}
          WHERE r.ordine_id = o.id AND r.qt > 0 AND ${ordiniVisibili(sql, v)}
        ) x), '[]'::json) AS righe
    FROM ordini o WHERE o.id = ${ordineId}`;
  if (!o?.mio) throw notFound(MSG_ORDINE_SCONOSCIUTO);
  return { ordine_id: ordineId, righe: o.righe };
}
