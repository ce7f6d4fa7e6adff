import type { PendingQuery, Row } from 'postgres';
import {
  CLIENTI_SEARCH_MAX, type Azienda, type ClienteAdmin, type ClienteDettaglio,
} from '../../shared/anagrafica.js';
import type { Db, Sql } from '../db/client.js';

/** At most this many words of a search count (the rest are ignored): the query stays bounded. */
const MAX_PAROLE = 8;
/** A client's users on its detail page; far above any real client, so the list stays bounded. */
const MAX_UTENTI_DETTAGLIO = 500;

/** The words of a search, LIKE's wildcards escaped (a '%' typed by the admin is a '%'). */
export function paroleDi(stringa: string): string[] {
  const parole = [...new Set(stringa.toLowerCase().split(/\s+/).filter(Boolean))].slice(0, MAX_PAROLE);
  return parole.map((p) => p.replace(/[\\%_]/g, (c) => `\\${c}`));
}

// Columns of a list item, from clienti c joined with aziende a.
const colonne = (sql: Sql) => sql`
  c.id, c.codice, c.ragione_sociale, c.email, c.telefono,
  c.azienda_codice, a.ragione_sociale AS azienda_ragione_sociale, c.lis_maga::int AS lis_maga`;

/**
 * Which clients a search matches and in what order. Every word must occur, in any order, in the
 * client's code, name or e-mail, case and accents aside: the stored column `ricerca`, which the
 * trigram index clienti_ricerca_trgm covers (and `nome_ricerca` for the ranking). A code prefix also
 * matches, through the btree clienti_codice_c on lower(codice) in byte order: a range, which the
 * app's generic plans can use (LIKE with a parameter they cannot). Order: exact code, exact
 * e-mail, code prefix, every word at the start of a word of the name ('Rossi' before 'Grossi'),
 * the rest; then by name.
 */
function ricerca(sql: Sql, stringa: string): { where: PendingQuery<Row[]>; rank: PendingQuery<Row[]> } {
  const parole = paroleDi(stringa);
  const q = stringa.trim().toLowerCase();
  const testo = sql`c.ricerca`;
  const tutte = (dove: PendingQuery<Row[]>, prima: string) => parole.reduce(
    (acc, p) => sql`${acc} AND ${dove} LIKE ${prima} || lower(f_unaccent(${p})) || '%'`, sql`TRUE`);
  const codice = sql`(lower(c.codice) COLLATE "C")`;
  const prefisso = sql`(${codice} >= ${q} AND ${codice} < ${q + '\u{10FFFF}'})`;
  return {
    where: sql`(${prefisso} OR (${tutte(testo, '%')}))`,
    rank: sql`
      CASE
        WHEN lower(c.codice) = ${q} THEN 0
        WHEN lower(c.email) = ${q} THEN 1
        WHEN ${prefisso} THEN 2
        WHEN ${tutte(sql`c.nome_ricerca`, '% ')} THEN 3
        ELSE 4
      END`,
  };
}

export async function leggiAziende(db: Db): Promise<Azienda[]> {
  return db.$client<Azienda[]>`SELECT codice, ragione_sociale FROM aziende ORDER BY codice`;
}

/** The best matches of a search, bounded (the admin's pickers and the user form). */
export async function cercaClienti(db: Db, stringa: string): Promise<ClienteAdmin[]> {
  return queryCercaClienti(db, stringa);
}

/** The query of cercaClienti, not yet sent: a test EXPLAINs it to check that it uses its indexes. */
export function queryCercaClienti(db: Db, stringa: string) {
  const sql = db.$client;
  const { where, rank } = ricerca(sql, stringa);
  return sql<ClienteAdmin[]>`
    SELECT ${colonne(sql)}
    FROM clienti c JOIN aziende a ON a.codice = c.azienda_codice
    WHERE ${where}
    ORDER BY ${rank}, c.ragione_sociale, c.id
    LIMIT ${CLIENTI_SEARCH_MAX}`;
}

/**
 * A page of clients with the total: by name, or with a search term the matches of search/clienti
 * in the same order. Without a term the page walks clienti_ragione_sociale_id.
 */
export async function leggiClienti(
  db: Db, f: { stringa?: string; start: number; limit: number },
): Promise<{ clienti: ClienteAdmin[]; totale: number }> {
  const sql = db.$client;
  const cerca = f.stringa ? ricerca(sql, f.stringa) : undefined;
  const where = cerca?.where ?? sql`TRUE`;
  const [clienti, [tot]] = await Promise.all([
    sql<ClienteAdmin[]>`
      SELECT ${colonne(sql)}
      FROM clienti c JOIN aziende a ON a.codice = c.azienda_codice
      WHERE ${where}
      ORDER BY ${cerca ? sql`${cerca.rank},` : sql``} c.ragione_sociale, c.id
      LIMIT ${f.limit} OFFSET ${f.start}`,
    sql<{ n: number }[]>`SELECT count(*)::int AS n FROM clienti c WHERE ${where}`,
  ]);
  return { clienti, totale: tot?.n ?? 0 };
}

/** One client with its company, its branches and its users; undefined when the id is unknown. */
export async function dettaglioCliente(db: Db, clienteId: number): Promise<ClienteDettaglio | undefined> {
  const sql = db.$client;
  const [[c], sedi, utenti] = await Promise.all([
    sql<(ClienteAdmin & { azienda_id: number })[]>`
      SELECT ${colonne(sql)}, a.id AS azienda_id
      FROM clienti c JOIN aziende a ON a.codice = c.azienda_codice
      WHERE c.id = ${clienteId}`,
    sql<ClienteDettaglio['aziende'][number]['sedi']>`
      SELECT id, descrizione, indirizzo, cap, citta, provincia FROM sedi WHERE cliente_id = ${clienteId} ORDER BY id`,
    sql<ClienteDettaglio['utenti']>`
      SELECT u.id, u.username, u.nome, u.cognome, u.status_login::int AS status_login, uc.ruolo, uc.stato
      FROM utenti_clienti uc JOIN utenti u ON u.id = uc.utente_id
      WHERE uc.cliente_id = ${clienteId}
      ORDER BY u.cognome, u.nome, u.id
      LIMIT ${MAX_UTENTI_DETTAGLIO}`,
  ]);
  if (!c) return undefined;
  const { azienda_id, ...cliente } = c;
  return {
    ...cliente,
    aziende: [{ id: azienda_id, codice: c.azienda_codice, ragione_sociale: c.azienda_ragione_sociale, sedi }],
    utenti,
  };
}
