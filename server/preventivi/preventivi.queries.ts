import type { PendingQuery, Row } from 'postgres';
import {
  ETICHETTA_CLIENTE, ETICHETTA_STAFF, STATI_DI_ETICHETTA, STATI_DI_ETICHETTA_STAFF, STATI_DA_LAVORARE, statoEffettivo,
  type StatoCliente, type StatoPreventivo, type StatoStaff,
} from '../../shared/preventivi-costanti.js';
import { preventivoDettaglio, type PreventivoDettaglio, type PreventivoElenco, preventivoElenco } from '../../shared/preventivi.js';
import type { Db, Sql } from '../db/client.js';

/**
 * The reads of quotes (issue 37): the customer's list, the staff's queue, one quote whole. A list's
 * page is one index walk in its order (preventivi_cliente_idx, preventivi_cliente_stato_idx,
 * preventivi_aggiornati_idx, preventivi_stato_idx…) that stops at the page's last row; its line
 * count and total are columns of the quote's row (kept by triggers); its total without a filter
 * is preventivi_conti's row. Plans before and after: docs/decisions/preventivi-elenco-piani.md.
 */

/**
 * The stored states a label filters on. A label of one stored state is compared with `=`, so that
 * the index on (…, stato, date) gives the page in its order; 'offerta' is split by its validity
 * (valid offers are 'Risposta ricevuta', past ones 'Scaduta'), told by scade_at, which the state
 * indexes carry.
 */
function condizioneStato(sql: Sql, stati: readonly StatoPreventivo[]) {
  const altri = stati.filter((x) => x !== 'offerta');
  const valide = stati.includes('offerta');
  const scadute = stati.includes('scaduta');
  if (valide && altri.length === 0) return sql`AND q.stato = 'offerta' AND q.scade_at > now()`;
  if (scadute) {
    const tutti = [...altri, 'offerta'];
    return sql`AND q.stato = ANY(${tutti}::text[]) AND (q.stato <> 'offerta' OR q.scade_at <= now())`;
  }
  if (valide) return sql`AND q.stato = ANY(${[...altri, 'offerta']}::text[]) AND (q.stato <> 'offerta' OR q.scade_at > now())`;
  return altri.length === 1 ? sql`AND q.stato = ${altri[0]!}` : sql`AND q.stato = ANY(${altri}::text[])`;
}

/** A number typed whole (P2026/000123) or as its digits (123: at most the six a number has). */
const condizioneNumero = (sql: Sql, numero: string | undefined) => {
  if (!numero) return sql``;
  const cifre = /^\d{1,6}$/.test(numero) ? Number(numero) : null;
  return cifre !== null ? sql`AND q.progressivo = ${cifre}` : sql`AND q.numero = ${numero.toUpperCase()}`;
};

/** A period on the creation date, Europe/Rome's days. */
const condizionePeriodo = (sql: Sql, dal: string | undefined, al: string | undefined) => sql`
  ${dal ? sql`AND q.created_at >= (${dal}::date)::timestamp AT TIME ZONE 'Europe/Rome'` : sql``}
  ${al ? sql`AND q.created_at < ((${al}::date + 1)::timestamp AT TIME ZONE 'Europe/Rome')` : sql``}`;

/** The list columns of the quote q (its client c): both labels are derived in TypeScript from the one state. */
const colonne = (sql: Sql, netti: boolean) => sql`
  q.id, q.numero, iso_utc(q.created_at) AS created_at, iso_utc(q.updated_at) AS updated_at, q.stato,
  q.versione, iso_utc(q.scade_at) AS scade_at, q.righe_n,
  ${netti ? sql`q.totale::float8` : sql`NULL::float8`} AS totale,
  q.utente_nome AS richiedente, q.presa_nome AS presa_da, q.ordine_id,
  json_build_object('azienda_codice', c.azienda_codice, 'codice', c.codice, 'ragione_sociale', c.ragione_sociale) AS cliente`;

type RigaLetta = Omit<PreventivoElenco, 'stato_cliente' | 'stato_staff'> & { stato: StatoPreventivo };

function conEtichette<T extends RigaLetta>(r: T): T & Pick<PreventivoElenco, 'stato' | 'stato_cliente' | 'stato_staff'> {
  const stato = statoEffettivo(r.stato, r.scade_at);
  return { ...r, stato, stato_cliente: ETICHETTA_CLIENTE[stato], stato_staff: ETICHETTA_STAFF[stato] };
}

export interface FiltriElenco { numero?: string | undefined; dal?: string | undefined; al?: string | undefined; start: number; limit: number }

/**
 * One page in `ordine` and the total: the rows' columns are read in the same walk (the skipped
 * rows of an offset cost an index entry and a row each, nothing more), and the total is `conto`
 * when the filter is none, else a count on the same index.
 */
async function pagina(
  sql: Sql, dove: PendingQuery<Row[]>, ordine: PendingQuery<Row[]>, f: FiltriElenco, netti: boolean, conto: PendingQuery<{ n: number }[]> | null,
): Promise<{ preventivi: PreventivoElenco[]; totale: number }> {
  const [righe, [tot]] = await Promise.all([
    sql<RigaLetta[]>`
      SELECT ${colonne(sql, netti)} FROM preventivi q JOIN clienti c ON c.id = q.cliente_id
      WHERE ${dove} ORDER BY ${ordine} LIMIT ${f.limit} OFFSET ${f.start}`,
    conto ?? sql<{ n: number }[]>`SELECT count(*)::int AS n FROM preventivi q WHERE ${dove}`,
  ]);
  return { preventivi: righe.map((r) => preventivoElenco.parse(conEtichette(r))), totale: (tot as { n: number }).n };
}

/** Whether a list's filters leave only the client (or every client): then its total is preventivi_conti's. */
const senzaFiltri = (f: FiltriElenco & { stato?: string | undefined; miei?: '0' | '1' | undefined }) => !f.stato && !f.numero && !f.dal && !f.al && f.miei !== '1';

/** The client's quotes, newest first, one page. */
export async function elencoCliente(
  db: Db, clienteId: number, netti: boolean, f: FiltriElenco & { stato?: StatoCliente | undefined },
): Promise<{ preventivi: PreventivoElenco[]; totale: number }> {
  const sql = db.$client;
  const dove = sql`q.cliente_id = ${clienteId}
    ${f.stato ? condizioneStato(sql, STATI_DI_ETICHETTA[f.stato]) : sql``}
    ${condizioneNumero(sql, f.numero)} ${condizionePeriodo(sql, f.dal, f.al)}`;
  const conto = senzaFiltri(f) ? sql<{ n: number }[]>`SELECT coalesce((SELECT n FROM preventivi_conti WHERE cliente_id = ${clienteId}), 0)::int AS n` : null;
  return pagina(sql, dove, sql`q.created_at DESC, q.id DESC`, f, netti, conto);
}

/** The staff's queue: every client's quotes, the last touched first, by staff label, client code, number, period, or one's own. */
export async function codaStaff(
  db: Db, adminId: number, f: FiltriElenco & { stato?: StatoStaff | undefined; cliente?: string | undefined; miei?: '0' | '1' | undefined },
): Promise<{ preventivi: PreventivoElenco[]; totale: number }> {
  const sql = db.$client;
  // The client's code names its clients first (one, but a code may be in two companies): the queue
  // then walks that client's own index (preventivi_cliente_aggiornati_idx), not every quote.
  const clienti = f.cliente === undefined ? null : (await sql<{ id: number }[]>`
    SELECT id FROM clienti WHERE lower(codice) COLLATE "C" = lower(${f.cliente}) COLLATE "C" AND codice = ${f.cliente}`).map((c) => c.id);
  if (clienti?.length === 0) return { preventivi: [], totale: 0 };
  const dove = sql`TRUE
    ${f.stato ? condizioneStato(sql, STATI_DI_ETICHETTA_STAFF[f.stato]) : sql``}
    ${clienti === null ? sql`` : clienti.length === 1 ? sql`AND q.cliente_id = ${clienti[0]!}` : sql`AND q.cliente_id = ANY(${clienti}::int[])`}
    ${f.miei === '1' ? sql`AND q.presa_admin_id = ${adminId}` : sql``}
    ${condizioneNumero(sql, f.numero)} ${condizionePeriodo(sql, f.dal, f.al)}`;
  // Without a filter, or with the client's code alone, the total is the clients' counts.
  const conto = !senzaFiltri(f) ? null
    : sql<{ n: number }[]>`SELECT coalesce(sum(k.n), 0)::int AS n FROM preventivi_conti k ${clienti === null ? sql`` : sql`WHERE k.cliente_id = ANY(${clienti}::int[])`}`;
  return pagina(sql, dove, sql`q.updated_at DESC, q.id DESC`, f, true, conto);
}

/** How many requests wait for staff (the admin home's counter): an index count on preventivi_stato_idx. */
export async function daLavorare(db: Db): Promise<number> {
  const [r] = await db.$client<{ n: number }[]>`SELECT count(*)::int AS n FROM preventivi WHERE stato = ANY(${STATI_DA_LAVORARE}::text[])`;
  return r!.n;
}

/**
 * One quote whole: its versions (0: the request) with their lines, the customer's net price today
 * for each catalogue line (priced as the client, as every answer prices: prezzo_netto), the
 * thread and the attachments, in one statement. `clienteId` null: staff, any client.
 * Without net prices (`netti` false) the prices are left out.
 */
export async function leggiPreventivo(db: Db, id: number, clienteId: number | null, netti: boolean): Promise<PreventivoDettaglio | undefined> {
  const sql = db.$client;
  const [r] = await sql<(RigaLetta & { versioni: PreventivoDettaglio['versioni']; messaggi: unknown; allegati: unknown; motivo_rifiuto: string | null })[]>`
    SELECT ${colonne(sql, netti)}, q.motivo_rifiuto,
      (SELECT coalesce(json_agg(v ORDER BY v.versione), '[]') FROM (
        SELECT n.versione, iso_utc(coalesce(pv.created_at, q.created_at)) AS created_at, iso_utc(pv.scade_at) AS scade_at,
          coalesce(pv.admin_nome, q.utente_nome) AS autore,
          ${netti ? sql`CASE WHEN n.versione > 0 THEN (SELECT round(coalesce(sum(r.prezzo * r.quantita), 0), 2)::float8
            FROM preventivi_righe r WHERE r.preventivo_id = q.id AND r.versione = n.versione) END` : sql`NULL::float8`} AS totale,
          (SELECT coalesce(json_agg(json_build_object(
              'riga_id', r.id, 'codice_prodotto', r.codice_prodotto, 'descrizione', r.descrizione, 'quantita', r.quantita,
              'prezzo_obiettivo', r.prezzo_obiettivo::float8, 'nota_cliente', r.nota_cliente,
              'prezzo_netto', ${netti ? sql`r.prezzo_netto::float8` : sql`NULL::float8`},
              'prezzo_oggi', ${netti ? sql`oggi.prezzo::float8` : sql`NULL::float8`},
              'prezzo', ${netti ? sql`r.prezzo::float8` : sql`NULL::float8`},
              'sconti', ${netti ? sql`r.sconti` : sql`NULL::text`},
              'codice_originale', r.codice_originale, 'giorni_consegna', r.giorni_consegna, 'nota', r.nota) ORDER BY r.posizione), '[]')
            FROM preventivi_righe r
            LEFT JOIN LATERAL (
              SELECT prezzo_netto(lp.prezzo, ps.prezzo, coalesce(sp.fattore, sf.fattore), c.sconto) AS prezzo
              FROM prodotti p
              LEFT JOIN prodotti_prezzi lp ON lp.prodotto_id = p.id AND lp.listino = CASE WHEN c.lis_maga > 0 THEN c.lis_maga ELSE 1 END
              LEFT JOIN prezzi_speciali ps ON ps.prodotto_id = p.id AND ps.cliente_id = c.id
              LEFT JOIN sconti_clienti sp ON sp.cliente_id = c.id AND sp.prodotto_id = p.id
              LEFT JOIN sconti_clienti sf ON sf.cliente_id = c.id AND sf.famiglia_sconto = p.famiglia_sconto
              WHERE p.codice_prodotto = r.codice_prodotto AND p.deleted_at IS NULL) oggi ON r.codice_prodotto IS NOT NULL
            WHERE r.preventivo_id = q.id AND r.versione = n.versione) AS righe
        FROM generate_series(0, q.versione) n(versione)
        LEFT JOIN preventivi_versioni pv ON pv.preventivo_id = q.id AND pv.versione = n.versione) v) AS versioni,
      (SELECT coalesce(json_agg(json_build_object('autore', m.autore, 'autore_nome', m.autore_nome, 'tipo', m.tipo,
          'versione', m.versione, 'testo', m.testo, 'created_at', iso_utc(m.created_at)) ORDER BY m.id), '[]')
        FROM preventivi_messaggi m WHERE m.preventivo_id = q.id) AS messaggi,
      (SELECT coalesce(json_agg(json_build_object('id', a.id, 'nome', a.nome, 'mime', a.mime, 'bytes', a.bytes) ORDER BY a.id), '[]')
        FROM preventivi_allegati a WHERE a.preventivo_id = q.id) AS allegati
    FROM preventivi q JOIN clienti c ON c.id = q.cliente_id
    WHERE q.id = ${id} ${clienteId === null ? sql`` : sql`AND q.cliente_id = ${clienteId}`}`;
  if (!r) return undefined;
  const versioni = r.versioni;
  return preventivoDettaglio.parse({ ...conEtichette(r), versioni, righe: versioni[versioni.length - 1]?.righe ?? [] });
}

/** One attachment of a quote, whole; `clienteId` null: staff, any client. */
export async function leggiAllegato(db: Db, id: number, allegatoId: number, clienteId: number | null) {
  const sql = db.$client;
  const [a] = await sql<{ nome: string; mime: string; contenuto: Buffer }[]>`
    SELECT a.nome, a.mime, a.contenuto FROM preventivi_allegati a JOIN preventivi q ON q.id = a.preventivo_id
    WHERE a.id = ${allegatoId} AND a.preventivo_id = ${id} ${clienteId === null ? sql`` : sql`AND q.cliente_id = ${clienteId}`}`;
  return a;
}

/** A line of the latest version at its quoted price, with the product's family and VAT rate when it is on sale. */
export interface RigaQuotata {
  codice_prodotto: string | null; descrizione: string; quantita: number; prezzo: number;
  prodotto_id: number | null; categoria: string; iva: number | null;
}

/**
 * The latest version of a client's quote, its lines at the quoted prices (those priced), for an
 * installer's quote built on them (docs/regole/preventivi-cliente.md#lines); the state as read now.
 * Another client's id reads as undefined.
 */
export async function righeQuotate(db: Db, clienteId: number, id: number): Promise<{ stato: StatoPreventivo; numero: string; righe: RigaQuotata[] } | undefined> {
  const sql = db.$client;
  const [q] = await sql<{ stato: StatoPreventivo; scade_at: string | null; numero: string; versione: number }[]>`
    SELECT stato, iso_utc(scade_at) AS scade_at, numero, versione FROM preventivi WHERE id = ${id} AND cliente_id = ${clienteId}`;
  if (!q) return undefined;
  const righe = await sql<RigaQuotata[]>`
    SELECT r.codice_prodotto, r.descrizione, r.quantita, r.prezzo::float8 AS prezzo, p.id AS prodotto_id,
      coalesce(p.famiglia, '') AS categoria, p.iva_aliquota::float8 AS iva
    FROM preventivi_righe r
    LEFT JOIN prodotti p ON p.codice_prodotto = r.codice_prodotto AND p.status = 0 AND p.deleted_at IS NULL
    WHERE r.preventivo_id = ${id} AND r.versione = ${q.versione} AND r.prezzo IS NOT NULL
    ORDER BY r.posizione`;
  return { stato: statoEffettivo(q.stato, q.scade_at), numero: q.numero, righe };
}
