import { type Db, inTransazione, type Sql } from '../db/client.js';
import { colonnePrezzi, joinPrezzi, type PrezziCliente } from '../catalogo/prezzi.js';

/** Which products an export holds (docs/regole/listino.md#scope): all the client sees, or one category, brand or list. */
export type AmbitoListino =
  | { tipo: 'tutti' }
  | { tipo: 'categoria'; categoriaId: number }
  | { tipo: 'marchio'; brandCodice: string }
  | { tipo: 'lista'; listaId: number };

/** A row of the customer's price list: the product as the portal shows it to the client. */
export interface RigaListino {
  codice_prodotto: string;
  /** The client's own code of the product (docs/regole/ordine-rapido.md#own-codes), null when none. */
  codice_cliente: string | null;
  ean: string | null;
  descrizione: string;
  um: string;
  pz_conf: number;
  multiplo: number;
  minimo: number;
  brand_codice: string;
  famiglia_sconto: string | null;
  iva_aliquota: string;
  /** Numeric text, as the catalogue answers read them (server/catalogo/prezzi.ts); null: no list price (0). */
  prezzo: string | null;
  prezzo_reale: string | null;
  sconti: string;
  disponibilita: number;
  ord_forn: number;
}

function filtro(sql: Sql, a: AmbitoListino) {
  switch (a.tipo) {
    case 'tutti': return sql``;
    // prodotti_categorie holds a category's products and its sub-categories' (the category page's list).
    case 'categoria': return sql`AND p.id IN (SELECT pc.prodotto_id FROM prodotti_categorie pc WHERE pc.categoria_id = ${a.categoriaId})`;
    case 'marchio': return sql`AND p.brand_codice = ${a.brandCodice}`;
    case 'lista': return sql`AND p.id IN (SELECT lp2.prodotto_id FROM liste_prodotti lp2 WHERE lp2.lista_id = ${a.listaId})`;
  }
}

/**
 * The longest an export may take, download included. A cursor's batches count as one statement
 * for the statement timeout (the app's 15 s by default cut a 200,000-row XLSX half-way), so the
 * export's transaction raises it for itself; a stalled download still ends here.
 */
const MAX_ESPORTAZIONE_MS = 10 * 60_000;

const FERMATO = Symbol('fermato');

/**
 * The batches `leggi` reads inside a transaction, handed to the caller one at a time. The next
 * batch is read while the caller works on the current one, and the transaction waits once it holds
 * one batch the caller has not taken: a slow download never piles rows up in memory (at most three
 * batches), the database and the file's writing overlap. The transaction ends when the caller
 * stops early, and rolls back on an error, which the caller receives.
 */
async function* lottiInTransazione<T>(db: Db, leggi: (tx: Db) => AsyncIterable<T>): AsyncGenerator<T> {
  type Messaggio = { lotto: T } | { fine: true } | { errore: unknown };
  let invia: (m: Messaggio) => void = () => undefined;
  const prossimo = () => new Promise<Messaggio>((r) => { invia = r; });
  let attesa = prossimo();
  // Resolved once the caller has taken the last batch handed over: only then is the next one handed.
  let preso: () => void = () => undefined;
  let spazio = Promise.resolve();
  let fermato = false;
  const fatto = inTransazione(db, async (tx) => {
    for await (const lotto of leggi(tx)) {
      await spazio;
      if (fermato) throw FERMATO;
      spazio = new Promise<void>((r) => { preso = r; });
      invia({ lotto });
    }
  }).then((): Messaggio => ({ fine: true }), (errore: unknown): Messaggio => ({ errore }))
    .then(async (m) => {
      await spazio;
      invia(m);
    });
  try {
    for (;;) {
      const m = await attesa;
      if ('fine' in m) return;
      if ('errore' in m) throw m.errore;
      attesa = prossimo();
      preso();
      yield m.lotto;
    }
  } finally {
    fermato = true;
    preso();
    await fatto;
  }
}

/**
 * The client's price list, ordered by product code, read in batches through a cursor so that an
 * export of the whole catalogue never holds its rows in memory (as the order history's export),
 * in one transaction: one snapshot, and the statement timeout raised for it alone
 * (docs/decisions/listino-export.md). Only products the client sees: the rule of search and the
 * quick order (prodotto_visibile), the categories switched off read once in a CTE. Prices by the one expression of the catalogue's answers (joinPrezzi, colonnePrezzi);
 * the EAN is the product's first one; the client's own code by its index (codici_cliente_prodotto_idx).
 */
export function righeListino(db: Db, ctx: PrezziCliente, ambito: AmbitoListino): AsyncIterable<RigaListino[]> {
  return lottiInTransazione(db, async function* (tx) {
    const sql = tx.$client;
    await sql`SELECT set_config('statement_timeout', ${String(MAX_ESPORTAZIONE_MS)}, true)`;
    yield* sql<RigaListino[]>`
      WITH n AS MATERIALIZED (SELECT categorie_nascoste() AS ids)
      SELECT p.codice_prodotto,
        (SELECT cc.codice FROM codici_cliente cc WHERE cc.cliente_id = ${ctx.clienteId} AND cc.prodotto_id = p.id) AS codice_cliente,
        (SELECT c.codice FROM prodotti_codici c WHERE c.prodotto_id = p.id AND c.tipo = 'ean' ORDER BY c.id LIMIT 1) AS ean,
        coalesce(nullif(p.titolo_portale, ''), p.descrizione1) AS descrizione, p.um, p.pz_conf, p.multiplo, p.minimo,
        p.brand_codice, p.famiglia_sconto, p.iva_aliquota::text AS iva_aliquota,
        ${colonnePrezzi(sql, ctx)}, g.disponibilita, g.ord_forn
      FROM n, prodotti p
      JOIN giacenze g ON g.prodotto_id = p.id
      ${joinPrezzi(sql, ctx)}
      WHERE prodotto_visibile(p.status, p.deleted_at, p.categoria_id, n.ids)
        ${filtro(sql, ambito)}
      ORDER BY p.codice_prodotto`.cursor(1000);
  });
}

/** The list's owner and client, or undefined when there is no such list. */
export async function proprietarioLista(db: Db, listaId: number): Promise<{ utente_id: number; cliente_id: number } | undefined> {
  const [r] = await db.$client<{ utente_id: number; cliente_id: number }[]>`
    SELECT utente_id, cliente_id FROM liste WHERE id = ${listaId}`;
  return r;
}

export async function marchioEsiste(db: Db, brandCodice: string): Promise<boolean> {
  const r = await db.$client`SELECT 1 FROM brand WHERE brand_codice = ${brandCodice}`;
  return r.length > 0;
}
