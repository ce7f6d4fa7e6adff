import { and, eq, sql as dsql } from 'drizzle-orm';
import type { Lista } from '../../shared/liste.js';
import { MSG_LISTE } from '../../shared/liste-costanti.js';
import type { ClienteSessione, UtenteSessione } from '../auth/utente-sessione.js';
import { prezziDi } from '../catalogo/prezzi.js';
import type { CatalogoCache } from '../catalogo/catalogo.cache.js';
import { leggiProdotti } from '../catalogo/prodotti.queries.js';
import type { Db } from '../db/client.js';
import { liste, listeProdotti, prodotti } from '../db/schema/index.js';
import { notFound } from '../lib/errors.js';

/**
 * The user's lists for one client with their products priced for that client and the client's own
 * code of each (two queries: the lists with their products' ids and own codes, then the products).
 */
export async function leggiListe(
  db: Db, catalogo: CatalogoCache, utente: UtenteSessione, cliente: ClienteSessione,
): Promise<Lista[]> {
  const rows = await db.$client<{ id: number; nome: string; descrizione: string; prodotti: number[]; codici: (string | null)[] }[]>`
    SELECT l.id, l.nome, l.descrizione, coalesce(r.prodotti, '{}') AS prodotti, coalesce(r.codici, '[]') AS codici
    FROM liste l
    LEFT JOIN LATERAL (
      SELECT array_agg(lp.prodotto_id ORDER BY lp.created_at, lp.prodotto_id) AS prodotti,
        json_agg(cc.codice ORDER BY lp.created_at, lp.prodotto_id) AS codici
      FROM liste_prodotti lp
      LEFT JOIN codici_cliente cc ON cc.cliente_id = l.cliente_id AND cc.prodotto_id = lp.prodotto_id
      WHERE lp.lista_id = l.id) r ON true
    WHERE l.utente_id = ${utente.id} AND l.cliente_id = ${cliente.id}
    ORDER BY l.id`;
  const ids = [...new Set(rows.flatMap((r) => r.prodotti))];
  const byId = new Map((await leggiProdotti(db, catalogo, prezziDi(cliente), ids)).map((p) => [p.id, p]));
  return rows.map((r) => ({
    id: r.id,
    nome: r.nome,
    descrizione: r.descrizione,
    prodotti: r.prodotti.flatMap((id, i) => {
      const p = byId.get(id);
      return p ? [{ ...p, prodotto_id: id, codice_cliente: r.codici[i] ?? null }] : [];
    }),
  })) as Lista[];
}

export async function creaLista(
  db: Db, utente: UtenteSessione, cliente: ClienteSessione, nome: string, descrizione: string,
): Promise<Lista> {
  const [row] = await db.insert(liste).values({ utenteId: utente.id, clienteId: cliente.id, nome, descrizione }).returning();
  return { id: row!.id, nome: row!.nome, descrizione: row!.descrizione, prodotti: [] };
}

/** Loads a list of the user's: someone else's answers 404 as a missing one (ids tell nothing apart). */
async function propria(db: Db, utente: UtenteSessione, listaId: number) {
  const [row] = await db.select().from(liste).where(eq(liste.id, listaId));
  if (!row || row.utenteId !== utente.id || !utente.clienti.some((c) => c.id === row.clienteId)) throw notFound(MSG_LISTE.sconosciuta);
  return row;
}

export async function rinominaLista(db: Db, utente: UtenteSessione, listaId: number, nome: string) {
  await propria(db, utente, listaId);
  const nuovo = nome.trim();
  if (!nuovo) return { status: 1, msg: MSG_LISTE.nuovoNomeObbligatorio };
  await db.update(liste).set({ nome: nuovo }).where(eq(liste.id, listaId));
  return { status: 0, msg: 'Lista aggiornata correttamente.' };
}

export async function cancellaLista(db: Db, utente: UtenteSessione, listaId: number) {
  await propria(db, utente, listaId);
  await db.delete(liste).where(eq(liste.id, listaId));
  return { status: 0, msg: `Lista #${listaId} cancellata.` };
}

export async function aggiungiProdotto(db: Db, utente: UtenteSessione, listaId: number, prodottoId: number) {
  await propria(db, utente, listaId);
  const [p] = await db.select({ id: prodotti.id }).from(prodotti)
    .where(and(eq(prodotti.id, prodottoId), eq(prodotti.status, 0), dsql`${prodotti.deletedAt} IS NULL`));
  if (!p) throw notFound(`Prodotto ${prodottoId} non trovato.`);
  await db.insert(listeProdotti).values({ listaId, prodottoId }).onConflictDoNothing();
  return { status: 0, msg: MSG_LISTE.assegnato };
}

export async function rimuoviProdotto(db: Db, utente: UtenteSessione, listaId: number, prodottoId: number) {
  await propria(db, utente, listaId);
  await db.delete(listeProdotti).where(and(eq(listeProdotti.listaId, listaId), eq(listeProdotti.prodottoId, prodottoId)));
  return { status: 0, msg: 'Prodotto rimosso dalla lista.' };
}
