import { and, eq, inArray, ne, sql as dsql } from 'drizzle-orm';
import type { CodiceClienteProdotto } from '../../shared/codici-cliente.js';
import type { Db } from '../db/client.js';
import { codiciCliente, prodotti } from '../db/schema/index.js';
import { campoRifiutato, notFound } from '../lib/errors.js';

/** Codes compare as the database's codice_n: upper-case letters and digits only (code_norm). */
export const normalizzaCodice = (c: string) => c.replace(/[^A-Za-z0-9]/g, '').toUpperCase();

/**
 * A product customers see, by its code (prodotto_visibile.sql, the rule of search and the quick
 * order); 404 otherwise: a withdrawn product, or one under a category switched off, takes no new own code.
 */
const visibile = dsql`prodotto_visibile(${prodotti.status}, ${prodotti.deletedAt}, ${prodotti.categoriaId}, (SELECT categorie_nascoste()))`;
async function prodottoVisibile(db: Db, codiceProdotto: string): Promise<number> {
  const [p] = await db.select({ id: prodotti.id }).from(prodotti)
    .where(and(eq(prodotti.codiceProdotto, codiceProdotto), visibile));
  if (!p) throw notFound(`Prodotto ${codiceProdotto} non trovato.`);
  return p.id;
}

const codiceUsato = (e: unknown): boolean => {
  const err = e as { code?: string; constraint_name?: string; cause?: { code?: string; constraint_name?: string } };
  const pg = err.cause ?? err;
  return pg.code === '23505' && pg.constraint_name === 'codici_cliente_codice_uq';
};

/** The message when the client already gave the same code (as normalised) to another product. */
async function conflitto(db: Db, clienteId: number, prodottoId: number, codice: string): Promise<string | undefined> {
  const [altro] = await db.select({ codiceProdotto: prodotti.codiceProdotto }).from(codiciCliente)
    .innerJoin(prodotti, eq(prodotti.id, codiciCliente.prodottoId))
    .where(and(eq(codiciCliente.clienteId, clienteId), eq(codiciCliente.codiceN, normalizzaCodice(codice)), ne(codiciCliente.prodottoId, prodottoId)));
  return altro && `Il codice ${codice} è già il tuo codice del prodotto ${altro.codiceProdotto}: toglilo da lì o scegline un altro.`;
}

/** Gives a product the client's own code, or changes it (one per product and client). */
export async function salvaCodiceCliente(db: Db, clienteId: number, codiceProdotto: string, codice: string): Promise<CodiceClienteProdotto> {
  const prodottoId = await prodottoVisibile(db, codiceProdotto);
  const occupato = await conflitto(db, clienteId, prodottoId, codice);
  if (occupato) throw campoRifiutato('codice', occupato);
  try {
    await db.insert(codiciCliente).values({ clienteId, prodottoId, codice })
      .onConflictDoUpdate({ target: [codiciCliente.clienteId, codiciCliente.prodottoId], set: { codice, updatedAt: dsql`now()` } });
  } catch (e) {
    // Another request gave the code to another product in between.
    if (codiceUsato(e)) throw campoRifiutato('codice', (await conflitto(db, clienteId, prodottoId, codice)) ?? `Il codice ${codice} è già usato.`);
    throw e;
  }
  return { codice_prodotto: codiceProdotto, codice };
}

/** Takes the client's own code off a product (nothing to do when it has none). */
export async function cancellaCodiceCliente(db: Db, clienteId: number, codiceProdotto: string): Promise<void> {
  await db.delete(codiciCliente).where(and(eq(codiciCliente.clienteId, clienteId),
    inArray(codiciCliente.prodottoId, db.select({ id: prodotti.id }).from(prodotti).where(eq(prodotti.codiceProdotto, codiceProdotto)))));
}

/** The client's own codes of the given products (those that have one). */
export async function leggiCodiciCliente(db: Db, clienteId: number, codiciProdotto: string[]): Promise<CodiceClienteProdotto[]> {
  if (codiciProdotto.length === 0) return [];
  return db.select({ codice_prodotto: prodotti.codiceProdotto, codice: codiciCliente.codice }).from(codiciCliente)
    .innerJoin(prodotti, eq(prodotti.id, codiciCliente.prodottoId))
    .where(and(eq(codiciCliente.clienteId, clienteId), inArray(prodotti.codiceProdotto, codiciProdotto)))
    .orderBy(prodotti.codiceProdotto);
}

/**
 * The visible product a search text is the client's own code of, with that code (search/prodotti
 * lists it first, search_prodotti_cliente.sql, and its card says so); undefined when the text is none.
 */
export async function codiceClienteCercato(db: Db, clienteId: number, testo: string): Promise<CodiceClienteProdotto | undefined> {
  const codiceN = normalizzaCodice(testo);
  if (codiceN === '') return undefined;
  const [r] = await db.select({ codice_prodotto: prodotti.codiceProdotto, codice: codiciCliente.codice }).from(codiciCliente)
    .innerJoin(prodotti, eq(prodotti.id, codiciCliente.prodottoId))
    .where(and(eq(codiciCliente.clienteId, clienteId), eq(codiciCliente.codiceN, codiceN), visibile));
  return r;
}
