import type { Db } from '../db/client.js';
import { ALIQUOTA_IVA_ORDINARIA } from '../../shared/iva.js';

/** A line of the order confirmation PDF, at the prices it was ordered at. */
export interface RigaPdf {
  codice: string;
  descrizione: string;
  qt: number;
  /** The list price (ordini_righe.prezzo). */
  listino: number;
  /**
   * The discount chain that made the net price ('40+10+5'), '' when none. Order lines do not store
   * chains yet (issue 21's discount chains): '' until they do, then the query selects the column.
   */
  sconti: string;
  /** The net price (ordini_righe.prezzo_reale). */
  netto: number;
  /** In percent (shared/iva.ts). */
  aliquotaIva: number;
}

/** What the order confirmation PDF shows of an order, its client and the user who placed it. */
export interface OrdinePdf {
  id: number;
  createdAt: string;
  nome: string;
  note: string;
  confermato: boolean;
  stato: string;
  aziendaCodice: string;
  aziendaNome: string;
  cliente: { codice: string; ragioneSociale: string; partitaIva: string; email: string; telefono: string };
  utente: { nome: string; username: string };
  righe: RigaPdf[];
}

/** An order for its PDF with its owner, to check before showing it. */
export interface OrdinePdfDi extends OrdinePdf {
  utenteId: number | null;
  clienteId: number;
}

/**
 * One order with its lines (at most MAX_RIGHE_ORDINE, by ordini_righe_ordine_idx), its client's
 * data as they are now and the names as they were when it was placed; null when it does not exist.
 */
export async function ordinePerPdf(db: Db, ordineId: number): Promise<OrdinePdfDi | null> {
  const [o] = await db.$client<OrdinePdfDi[]>`
    SELECT o.id, o.utente_id AS "utenteId", o.cliente_id AS "clienteId",
      to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt",
      o.nome, o.note, o.response_code = '201' AS confermato, o.response_status AS stato,
      o.azienda_codice AS "aziendaCodice", o.azienda_nome AS "aziendaNome",
      json_build_object('codice', o.cliente_codice, 'ragioneSociale', coalesce(nullif(c.ragione_sociale, ''), o.cliente_nome),
        'partitaIva', c.partita_iva, 'email', c.email, 'telefono', c.telefono) AS cliente,
      json_build_object('nome', coalesce(nullif(trim(u.nome || ' ' || u.cognome), ''), o.utente_nome, ''),
        'username', coalesce(u.username, o.utente_codice)) AS utente,
      coalesce((
        SELECT json_agg(json_build_object('codice', r.codice_prodotto, 'descrizione', r.prodotto_nome, 'qt', r.qt,
          'listino', r.prezzo::float8, 'netto', r.prezzo_reale::float8,
          'sconti', r.sconti,
          'aliquotaIva', coalesce(p.iva_aliquota, ${ALIQUOTA_IVA_ORDINARIA})::float8) ORDER BY r.id)
        FROM ordini_righe r LEFT JOIN prodotti p ON p.id = r.prodotto_id WHERE r.ordine_id = o.id), '[]'::json) AS righe
    FROM ordini o
    JOIN clienti c ON c.id = o.cliente_id
    LEFT JOIN utenti u ON u.id = o.utente_id
    WHERE o.id = ${ordineId}`;
  return o ?? null;
}
