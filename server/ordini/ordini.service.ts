import { sql } from 'drizzle-orm';
import type { DisponibilitaRiga, Ordine, OrdiniCreateRequest } from '../../shared/ordini.js';
import { RESPONSE_CODE_OK } from '../../shared/ordini.js';
import type { ClienteSessione, UtenteSessione } from '../auth/session-user.js';
import { pricingOf } from '../catalogo/pricing.js';
import { pricingJoinsSql, prezzoRealeSql } from '../catalogo/prodotti.queries.js';
import type { Db, DbOrTx } from '../db/client.js';
import type { Mailer } from '../lib/mailer.js';
import { parseQuantita } from './quantita.js';

const euro = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR', minimumFractionDigits: 3 });

/** Current stock of each asked product (ordini/check); unknown codes answer 0, not available. */
export async function verificaDisponibilita(
  db: DbOrTx, righe: { codice_prodotto: string; quantita: number | string }[],
): Promise<DisponibilitaRiga[]> {
  if (righe.length === 0) return [];
  const codes = [...new Set(righe.map((r) => r.codice_prodotto))];
  const rows = await db.execute<{ codice_prodotto: string; disponibilita: number }>(sql`
    SELECT codice_prodotto, disponibilita FROM prodotti
    WHERE codice_prodotto IN (${sql.join(codes.map((c) => sql`${c}`), sql`, `)})
      AND status = 0 AND deleted_at IS NULL`);
  const stock = new Map(rows.map((r) => [r.codice_prodotto, Math.max(0, r.disponibilita)]));
  return righe.map((r) => {
    const disponibilita = stock.get(r.codice_prodotto) ?? 0;
    const q = parseQuantita(r.quantita);
    return { codice_prodotto: r.codice_prodotto, disponibile: q !== undefined && q <= disponibilita, disponibilita };
  });
}

type Esito = { status: number; msg: string; ordine_id?: number };

/** Σ net price × quantity, exact: prices have 3 decimals, so the sum is done in thousandths. */
export function totaleOrdine(righe: { prezzo_reale: string; qt: number }[]): string {
  const millesimi = righe.reduce((sum, r) => sum + Math.round(Number(r.prezzo_reale) * 1000) * r.qt, 0);
  return `${Math.trunc(millesimi / 1000)}.${String(millesimi % 1000).padStart(3, '0')}`;
}
const rifiuto = (msg: string): Esito => ({ status: 1, msg });

class Rifiutato extends Error {}

/**
 * ordini/create (DESIGN §6): one transaction that takes the prices from the database for the
 * session's client, reserves stock with row locks in id order (concurrent orders never oversell
 * and never deadlock), and stores the order with a snapshot of each line. Idempotent per user
 * on `key`: a repeated request answers the order it already made.
 */
export async function creaOrdine(
  db: Db, mailer: Mailer, utente: UtenteSessione, cliente: ClienteSessione,
  req: Omit<OrdiniCreateRequest, 'idempotency_key'>, key: string | undefined,
): Promise<Esito> {
  const righe = req.carrelloItems ?? [];
  if (righe.length === 0) return rifiuto('Il carrello è vuoto: aggiungi almeno un prodotto prima di confermare.');
  const quantita = new Map<string, number>();
  for (const r of righe) {
    const q = parseQuantita(r.quantita);
    if (q === undefined) return rifiuto(`Quantità non valida per il prodotto ${r.codice_prodotto}: deve essere un numero intero maggiore di zero.`);
    quantita.set(r.codice_prodotto, (quantita.get(r.codice_prodotto) ?? 0) + q);
  }
  if (key) {
    const done = await ordineGiaCreato(db, utente.id, key);
    if (done) return done;
  }
  const ctx = pricingOf(cliente);
  const codes = [...quantita.keys()];
  try {
    const esito = await db.transaction(async (tx) => {
      const prodotti = await tx.execute<{
        id: number; codice_prodotto: string; titolo: string; disponibilita: number; prezzo: string; prezzo_reale: string;
      }>(sql`
        SELECT p.id, p.codice_prodotto, coalesce(nullif(p.titolo_portale, ''), p.descrizione1) AS titolo, p.disponibilita,
          round(coalesce(lp.prezzo, 0), 3)::text AS prezzo, ${prezzoRealeSql(sql, ctx)}::text AS prezzo_reale
        FROM prodotti p ${pricingJoinsSql(sql, ctx)}
        WHERE p.codice_prodotto IN (${sql.join(codes.map((c) => sql`${c}`), sql`, `)})
          AND p.status = 0 AND p.deleted_at IS NULL
        ORDER BY p.id
        FOR UPDATE OF p`);
      const byCode = new Map(prodotti.map((p) => [p.codice_prodotto, p]));
      const sconosciuti = codes.filter((c) => !byCode.has(c));
      if (sconosciuti.length) throw new Rifiutato(`Prodotti non trovati nel catalogo: ${sconosciuti.join(', ')}.`);
      const insufficienti = prodotti.filter((p) => quantita.get(p.codice_prodotto)! > p.disponibilita);
      if (insufficienti.length) {
        throw new Rifiutato(insufficienti.map((p) =>
          `Prodotto ${p.codice_prodotto} non disponibile nella quantità richiesta. Massima disponibilità: ${Math.max(0, p.disponibilita)}.`).join(' '));
      }
      const righe = prodotti.map((p) => ({ ...p, qt: quantita.get(p.codice_prodotto)! }));
      const totale = totaleOrdine(righe);
      const lines = righe.map((r) =>
        sql`(${r.id}::int, ${r.codice_prodotto}, ${r.titolo}, ${r.qt}::int, ${r.prezzo}::numeric, ${r.prezzo_reale}::numeric)`);
      // Order, lines and stock in one statement: lines and stock move only if the order row was
      // inserted (a concurrent request with the same key inserts nothing here).
      const [ordine] = await tx.execute<{ id: number }>(sql`
        WITH o AS (
          INSERT INTO ordini (utente_id, cliente_id, azienda_codice, cliente_codice, utente_codice, cliente_nome, azienda_nome,
            utente_nome, nome, note, response_code, response_status, totale, idempotency_key)
          VALUES (${utente.id}, ${cliente.id}, ${cliente.aziendaCodice}, ${cliente.codice}, ${utente.codice},
            ${cliente.ragioneSociale}, ${cliente.aziendaRagioneSociale}, ${`${utente.nome} ${utente.cognome}`.trim()},
            ${req.nome?.trim() ?? ''}, ${req.note?.trim() ?? ''}, ${RESPONSE_CODE_OK}, 'Confermato', ${totale}::numeric, ${key ?? null})
          ON CONFLICT (utente_id, idempotency_key) DO NOTHING
          RETURNING id
        ), l(prodotto_id, codice_prodotto, prodotto_nome, qt, prezzo, prezzo_reale) AS (VALUES ${sql.join(lines, sql`, `)}),
        r AS (
          INSERT INTO ordini_righe (ordine_id, prodotto_id, codice_prodotto, prodotto_nome, qt, prezzo, prezzo_reale)
          SELECT o.id, l.prodotto_id, l.codice_prodotto, l.prodotto_nome, l.qt, l.prezzo, l.prezzo_reale FROM o, l
        ), s AS (
          UPDATE prodotti p SET disponibilita = p.disponibilita - l.qt, popolarita = p.popolarita + 1, updated_at = now()
          FROM l, o WHERE p.id = l.prodotto_id
        )
        SELECT id FROM o`);
      if (!ordine) return null; // the same key committed meanwhile
      return { id: ordine.id, totale, righe };
    });
    if (!esito) return (await ordineGiaCreato(db, utente.id, key!))!;
    void mailer.send({
      to: utente.username,
      subject: `Conferma ordine #${esito.id}`,
      text: [
        `Gentile ${utente.nome} ${utente.cognome},`,
        `abbiamo ricevuto il suo ordine #${esito.id} per ${cliente.ragioneSociale} (${cliente.codice}).`,
        req.nome ? `Nome ordine: ${req.nome}` : '',
        '',
        ...esito.righe.map((r) => `${r.codice_prodotto}  ${r.titolo}  x${r.qt}  ${euro.format(Number(r.prezzo_reale))}`),
        '',
        `Totale: ${euro.format(Number(esito.totale))}`,
        req.note ? `Note: ${req.note}` : '',
      ].filter((l, i, a) => l !== '' || a[i - 1] !== '').join('\n'),
    }).catch(() => { /* the order stands even when the mail cannot be sent */ });
    return { status: 0, msg: `Ordine #${esito.id} inviato correttamente.`, ordine_id: esito.id };
  } catch (err) {
    if (err instanceof Rifiutato) return rifiuto(err.message);
    throw err;
  }
}

async function ordineGiaCreato(db: DbOrTx, utenteId: number, key: string): Promise<Esito | undefined> {
  const [row] = await db.execute<{ id: number }>(sql`
    SELECT id FROM ordini WHERE utente_id = ${utenteId} AND idempotency_key = ${key}`);
  return row ? { status: 0, msg: `Ordine #${row.id} inviato correttamente.`, ordine_id: row.id } : undefined;
}

/** The user's orders for one client, newest first, with their lines aggregated in the same query. */
export async function leggiOrdini(db: DbOrTx, utenteId: number, clienteId: number, limit = 500): Promise<Ordine[]> {
  return db.execute<Ordine>(sql`
    SELECT o.id, to_json(o.created_at)#>>'{}' AS created_at, o.nome, o.note, o.response_code, o.response_status,
      round(o.totale, 3)::float8 AS totale,
      coalesce((SELECT json_agg(json_build_object('codice_prodotto', r.codice_prodotto, 'prodotto_nome', r.prodotto_nome,
          'qt', r.qt, 'prezzo', round(r.prezzo, 3)::float8, 'prezzo_reale', round(r.prezzo_reale, 3)::float8) ORDER BY r.id)
        FROM ordini_righe r WHERE r.ordine_id = o.id), '[]'::json) AS prodotti
    FROM ordini o
    WHERE o.utente_id = ${utenteId} AND o.cliente_id = ${clienteId}
    ORDER BY o.created_at DESC, o.id DESC
    LIMIT ${limit}`);
}

/** Monthly turnover of a client (accepted orders of all its users). */
export async function fatturatoMensile(db: DbOrTx, clienteId: number) {
  return db.execute<{ anno: number; mese: number; importo_totale: number }>(sql`
    SELECT extract(year FROM created_at)::int AS anno, extract(month FROM created_at)::int AS mese,
      round(sum(totale), 2)::float8 AS importo_totale
    FROM ordini WHERE cliente_id = ${clienteId} AND response_code = ${RESPONSE_CODE_OK}
    GROUP BY 1, 2 ORDER BY 1, 2`);
}
