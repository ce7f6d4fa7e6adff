import type { CarrelloResponse } from '../../shared/carrello.js';
import { LIMITI_CARRELLO, MSG_CARRELLO } from '../../shared/carrello-costanti.js';
import type { ClienteSessione, UtenteSessione } from '../auth/utente-sessione.js';
import type { CatalogoCache } from '../catalogo/catalogo.cache.js';
import { prezziDi } from '../catalogo/prezzi.js';
import { leggiProdotti } from '../catalogo/prodotti.queries.js';
import { type Db, inTransazione } from '../db/client.js';
import { badRequest } from '../lib/errors.js';

type Riga = { codice_prodotto: string; quantita: number };

/**
 * The user's cart for the client (docs/regole/ordini.md#cart): each line's product read by the
 * catalogue's reader, priced for the client as it is now, in the order the lines were added. A
 * product withdrawn or switched off since is left out of the answer (an order would refuse it).
 */
export async function leggiCarrello(db: Db, cache: CatalogoCache, utente: UtenteSessione, cliente: ClienteSessione): Promise<CarrelloResponse> {
  const righe = await db.$client<{ id: number; quantita: number }[]>`
    SELECT p.id, r.quantita
    FROM carrelli c
    JOIN carrelli_righe r ON r.carrello_id = c.id
    JOIN prodotti p ON p.id = r.prodotto_id AND p.status = 0 AND p.deleted_at IS NULL
    WHERE c.utente_id = ${utente.id} AND c.cliente_id = ${cliente.id}
    ORDER BY r.posizione`;
  if (righe.length === 0) return { righe: [] };
  const prodotti = await leggiProdotti(db, cache, prezziDi(cliente), righe.map((r) => r.id));
  const quantita = new Map(righe.map((r) => [r.id, r.quantita]));
  return { righe: prodotti.map((p) => ({ ...p, quantita: quantita.get(p.id)! })) };
}

/**
 * carrello/salva ('sostituisci': the cart becomes these lines) and carrello/unisci ('unisci': these
 * lines are added, a product already there keeps the larger quantity). Quantities are absolute, so
 * the same request twice leaves the same cart. All or nothing: a code that names no product on sale
 * (400 with the codes) or a merge beyond LIMITI_CARRELLO.righe changes nothing. The cart's own row
 * is written first, which makes two writes to one cart take turns.
 */
export async function scriviCarrello(
  db: Db, cache: CatalogoCache, utente: UtenteSessione, cliente: ClienteSessione, righe: Riga[], modo: 'sostituisci' | 'unisci',
): Promise<CarrelloResponse> {
  await inTransazione(db, async (tx) => {
    const sql = tx.$client;
    const [carrello] = await sql<{ id: number }[]>`
      INSERT INTO carrelli (utente_id, cliente_id) VALUES (${utente.id}, ${cliente.id})
      ON CONFLICT (utente_id, cliente_id) DO UPDATE SET aggiornato_at = now()
      RETURNING id`;
    const codici = righe.map((r) => r.codice_prodotto);
    const trovati = await sql<{ codice: string; id: number | null }[]>`
      SELECT k.codice, p.id
      FROM unnest(${codici}::text[]) WITH ORDINALITY AS k(codice, ord)
      LEFT JOIN prodotti p ON p.codice_prodotto = k.codice AND p.status = 0 AND p.deleted_at IS NULL
      ORDER BY k.ord`;
    const mancanti = trovati.filter((t) => t.id === null).map((t) => t.codice);
    if (mancanti.length > 0) throw badRequest(MSG_CARRELLO.sconosciuti(mancanti));
    const ids = trovati.map((t) => t.id!);
    const quantita = righe.map((r) => r.quantita);
    if (modo === 'sostituisci') {
      await sql`DELETE FROM carrelli_righe WHERE carrello_id = ${carrello!.id}`;
      await sql`
        INSERT INTO carrelli_righe (carrello_id, prodotto_id, quantita, posizione)
        SELECT ${carrello!.id}, k.id, k.quantita, k.ord
        FROM unnest(${ids}::int[], ${quantita}::int[]) WITH ORDINALITY AS k(id, quantita, ord)`;
      return;
    }
    // New lines go after the ones there, in the order sent.
    await sql`
      INSERT INTO carrelli_righe (carrello_id, prodotto_id, quantita, posizione)
      SELECT ${carrello!.id}, k.id, k.quantita,
        k.ord + (SELECT coalesce(max(posizione), 0) FROM carrelli_righe WHERE carrello_id = ${carrello!.id})
      FROM unnest(${ids}::int[], ${quantita}::int[]) WITH ORDINALITY AS k(id, quantita, ord)
      ON CONFLICT (carrello_id, prodotto_id) DO UPDATE SET quantita = greatest(carrelli_righe.quantita, excluded.quantita)`;
    const [n] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM carrelli_righe WHERE carrello_id = ${carrello!.id}`;
    if (n!.n > LIMITI_CARRELLO.righe) throw badRequest(MSG_CARRELLO.troppeRighe);
  });
  return leggiCarrello(db, cache, utente, cliente);
}

/** carrello/svuota; an order empties the cart itself, in crea_ordine's statement (server/ordini/sql/crea_ordine.sql). */
export async function svuotaCarrello(db: Db, utente: UtenteSessione, cliente: ClienteSessione): Promise<CarrelloResponse> {
  await db.$client`DELETE FROM carrelli WHERE utente_id = ${utente.id} AND cliente_id = ${cliente.id}`;
  return { righe: [] };
}

/**
 * Adds `quantita` of a product on sale to the user's cart for the client, once per `chiave` (the
 * agent's one tap, docs/regole/agenti.md#one-tap): the same key again adds nothing, two keys add
 * twice. The cart's row is written first, so two taps take turns; the quantity stops at
 * LIMITI_CARRELLO.quantita. A product not on sale is 400 and a cart past LIMITI_CARRELLO.righe too,
 * with nothing changed. Answers the product's quantity in the cart now.
 */
export async function aggiungiUnaVolta(
  db: Db, utenteId: number, clienteId: number, r: Riga & { chiave: string },
): Promise<{ quantita: number; aggiunto: boolean }> {
  return inTransazione(db, async (tx) => {
    const sql = tx.$client;
    const [carrello] = await sql<{ id: number }[]>`
      INSERT INTO carrelli (utente_id, cliente_id) VALUES (${utenteId}, ${clienteId})
      ON CONFLICT (utente_id, cliente_id) DO UPDATE SET aggiornato_at = now()
      RETURNING id`;
    const [p] = await sql<{ id: number }[]>`
      SELECT id FROM prodotti WHERE codice_prodotto = ${r.codice_prodotto} AND status = 0 AND deleted_at IS NULL`;
    if (!p) throw badRequest(MSG_CARRELLO.sconosciuti([r.codice_prodotto]));
    const nuova = await sql`INSERT INTO carrelli_aggiunte (carrello_id, chiave) VALUES (${carrello!.id}, ${r.chiave})
      ON CONFLICT DO NOTHING RETURNING chiave`;
    if (nuova.length > 0) {
      await sql`
        INSERT INTO carrelli_righe (carrello_id, prodotto_id, quantita, posizione)
        VALUES (${carrello!.id}, ${p.id}, ${r.quantita},
          (SELECT coalesce(max(posizione), 0) + 1 FROM carrelli_righe WHERE carrello_id = ${carrello!.id}))
        ON CONFLICT (carrello_id, prodotto_id) DO UPDATE
          SET quantita = least(carrelli_righe.quantita + excluded.quantita, ${LIMITI_CARRELLO.quantita})`;
      const [n] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM carrelli_righe WHERE carrello_id = ${carrello!.id}`;
      if (n!.n > LIMITI_CARRELLO.righe) throw badRequest(MSG_CARRELLO.troppeRighe);
    }
    const [riga] = await sql<{ quantita: number }[]>`
      SELECT quantita FROM carrelli_righe WHERE carrello_id = ${carrello!.id} AND prodotto_id = ${p.id}`;
    return { quantita: riga?.quantita ?? 0, aggiunto: nuova.length > 0 };
  });
}
