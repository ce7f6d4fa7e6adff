import { z } from 'zod';
import { type DisponibilitaRiga, ordine, type Ordine, type ordiniCreateRequest, type OrdiniCreateResponse, type Superamento } from '../../shared/ordini.js';
import { testoSuperamento } from '../../shared/approvazioni-costanti.js';
import { GIORNI_APPROVAZIONE_PREDEFINITI } from '../../shared/organizzazione-costanti.js';
import { dopoTrattenuto } from '../approvazioni/approvazioni.service.js';
import { MSG_DISPONIBILITA, RESPONSE_CODE_OK } from '../../shared/ordini-costanti.js';
import type { ClienteSessione, UtenteSessione } from '../auth/utente-sessione.js';
import { prezziDi } from '../catalogo/prezzi.js';
import type { ErpConfig } from '../config.js';
import { type Db, inTransazione } from '../db/client.js';
import { bloccoFido, haBloccoFido, OltreFido } from '../contabilita/contabilita.service.js';
import { euro } from '../../shared/contabilita.js';
import { MSG_CONTABILITA } from '../../shared/contabilita-costanti.js';
import { aggiornaDaErp, type Log } from '../erp/disponibilita-live.js';
import { accodaLavori } from './lavori-ordini.js';
import { erpConfigurato } from '../erp/esporta-ordine.js';
import { parseQuantita } from './quantita.js';
import { ordiniVisibili, type VistaOrdini } from './vista.js';
import { type Confezione, msgQuantitaArrotondata, quantitaConfezione } from '../../shared/confezioni.js';

/**
 * What each asked line can be promised (ordini/check, docs/regole/catalogo.md#promisable-stock): stock plus the quantity on order
 * from the supplier, by the same rule as crea_ordine, after the ERP's live figures (when configured).
 * Unknown codes answer 0, not available.
 */
export async function verificaDisponibilita(
  db: Db, erp: ErpConfig | undefined, righe: { codice_prodotto: string; quantita: number | string }[], log: Log,
): Promise<DisponibilitaRiga[]> {
  await aggiornaDaErp(db, erp, righe, log);
  const sql = db.$client;
  if (righe.length === 0) return [];
  const codes = [...new Set(righe.map((r) => r.codice_prodotto))];
  const rows = await sql<({ codice_prodotto: string; promettibile: number } & Confezione)[]>`
    SELECT p.codice_prodotto, greatest(g.disponibilita + g.ord_forn, 0) AS promettibile, p.multiplo, p.minimo
    FROM prodotti p JOIN giacenze g ON g.prodotto_id = p.id
    WHERE p.codice_prodotto = ANY(${codes}::text[]) AND p.status = 0 AND p.deleted_at IS NULL`;
  const prodotti = new Map(rows.map((r) => [r.codice_prodotto, r]));
  return righe.map((r) => {
    const p = prodotti.get(r.codice_prodotto);
    const disponibilita = p?.promettibile ?? 0;
    const chiesta = parseQuantita(r.quantita);
    // Judged on whole packs (docs/regole/ordini.md#packs): the quantity the order would carry, and why when it differs.
    const q = chiesta === undefined || !p ? chiesta : quantitaConfezione(chiesta, p);
    const messaggio = q !== undefined && chiesta !== undefined && q !== chiesta && p ? msgQuantitaArrotondata(r.codice_prodotto, chiesta, q, p) : '';
    return { codice_prodotto: r.codice_prodotto, disponibile: q !== undefined && q <= disponibilita, disponibilita, quantita: q ?? null, messaggio };
  });
}

/** An order's idempotency key, from the header or the body; null when it is not a valid one. */
export function chiaveIdempotenza(header: string | string[] | undefined, body: string | undefined): string | undefined | null {
  const key = (Array.isArray(header) ? header[0] : header) ?? body;
  return key !== undefined && !/^[A-Za-z0-9_-]{8,100}$/.test(key) ? null : key;
}

type Esito = OrdiniCreateResponse;

const rifiuto = (msg: string): Esito => ({ status: 1, msg });

/**
 * crea_ordine's one argument (server/ordini/sql/crea_ordine.sql), checked before the call: the
 * order's own fields picked from the read model (shared/ordini.ts), under their column names, with
 * the client's prices, the lines and whether an ERP takes the order.
 */
const argomentoCreaOrdine = ordine.pick({
  azienda_codice: true, cliente_codice: true, utente_codice: true, azienda_nome: true, cliente_nome: true, utente_nome: true,
  nome: true, note: true, riferimento_cantiere: true, inserito_da_agente: true,
}).extend({
  utente_id: z.number().int(),
  cliente_id: z.number().int(),
  listino: z.number().int(),
  /** The client's discount percentage, a numeric string. */
  sconto: z.string().regex(/^\d+(?:\.\d+)?$/),
  righe: z.array(z.object({ codice_prodotto: z.string(), qt: z.number().int().min(1) })).min(1),
  idempotency_key: z.string().nullable(),
  esporta: z.boolean(),
  /** How long a held order waits when the setting giorni_approvazione is not there. */
  giorni_approvazione: z.number().int().min(1),
  /** A Consultazione's cart sent to the approvers: always held. */
  richiesta: z.boolean(),
  /** A quote's agreed net unit prices by product (server/preventivi/): they replace the client's net price. */
  prezzi: z.record(z.string(), z.number().min(0)).optional(),
  /** A quote's order leaves the user's cart as it is. */
  tieni_carrello: z.boolean().optional(),
});

/**
 * ordini/create (docs/regole/ordini.md#order-creation): the ERP's live stock first (when configured), then the SQL function
 * crea_ordine (server/ordini/sql/) takes the prices from the database for the session's client,
 * promises each line from stock and then from the supplier's incoming quantity under row locks
 * taken in id order (concurrent orders never promise more than stock plus on order, and never
 * deadlock) and stores the order with a snapshot of each line and how much of it is backordered,
 * in one statement, with its confirmation mail queued (server/posta); for a client set to 'blocca oltre fido' the credit
 * check runs around it in the same transaction (docs/regole/contabilita.md#block). Idempotent per user on
 * `key`: a repeated request answers the order it already made.
 * An Operatore's order over their limits (or a Consultazione's request, `richiesta`) is held for
 * approval by crea_ordine (docs/regole/organizzazione.md#limits-and-approvals): answered with
 * stato 'in_approvazione', recorded in the client's history and mailed to its approvers in the
 * same transaction; nothing goes to the ERP. `url`: the portal's address for the mails' links.
 */
export async function creaOrdine(
  db: Db, erp: ErpConfig | undefined, utente: UtenteSessione, cliente: ClienteSessione,
  req: Omit<z.output<typeof ordiniCreateRequest>, 'idempotency_key'>, key: string | undefined, log: Log,
  opzioni: { richiesta?: boolean; url: string; preventivo?: { prezzi: Record<string, number>; accoda: (ordineId: number) => void } },
): Promise<Esito> {
  await aggiornaDaErp(db, erp, req.carrelloItems ?? [], log);
  const esporta = erpConfigurato(erp);
  const righe = req.carrelloItems ?? [];
  if (righe.length === 0) return rifiuto('Il carrello è vuoto: aggiungi almeno un prodotto prima di confermare.');
  const quantita = new Map<string, number>();
  for (const r of righe) {
    const q = parseQuantita(r.quantita);
    if (q === undefined) return rifiuto(`Quantità non valida per il prodotto ${r.codice_prodotto}: deve essere un numero intero maggiore di zero.`);
    quantita.set(r.codice_prodotto, (quantita.get(r.codice_prodotto) ?? 0) + q);
  }
  const ctx = prezziDi(cliente);
  const dati = {
    utente_id: utente.id, cliente_id: cliente.id, listino: ctx.listino, sconto: ctx.sconto, idempotency_key: key ?? null,
    azienda_codice: cliente.aziendaCodice, cliente_codice: cliente.codice, utente_codice: utente.codice,
    cliente_nome: cliente.ragioneSociale, azienda_nome: cliente.aziendaRagioneSociale, utente_nome: `${utente.nome} ${utente.cognome}`.trim(),
    nome: req.nome.trim(), note: req.note.trim(), riferimento_cantiere: req.riferimento_cantiere, esporta,
    // An agent's order in the client's name carries the agent's name (docs/regole/agenti.md#attribution).
    inserito_da_agente: utente.agente ? `${utente.nome} ${utente.cognome}`.trim() : null,
    giorni_approvazione: GIORNI_APPROVAZIONE_PREDEFINITI, richiesta: opzioni.richiesta ?? false,
    ...(opzioni.preventivo ? { prezzi: opzioni.preventivo.prezzi, tieni_carrello: true } : {}),
  };
  // Whether crea_ordine may hold it: then the history and the approvers' mails share its transaction.
  const trattenibile = opzioni.richiesta === true
    || (cliente.ruolo === 'operatore' && (cliente.limiteOrdine !== null || cliente.budgetMensile !== null));
  const trattenuto = (q: Db, e: EsitoCrea) => dopoTrattenuto(q, utente, cliente,
    { ordineId: e.ordine_id!, totale: Number(e.totale), superamento: e.dettagli as Superamento[] }, opzioni.url);
  type EsitoCrea = { esito: string; ordine_id: number | null; totale: string | null; dettagli: unknown };
  const crea = (q: Db) => {
    const arg = argomentoCreaOrdine.parse({ ...dati, righe: [...quantita].map(([codice_prodotto, qt]) => ({ codice_prodotto, qt })) });
    return q.$client<EsitoCrea[]>`SELECT * FROM crea_ordine(${JSON.stringify(arg)}::jsonb)`.then((x) => x[0]);
  };
  // Most clients have no credit block: crea_ordine alone, one statement. A blocked client's order
  // is checked in one transaction with the client's row locked (docs/regole/contabilita.md#block).
  const chiama = async (): Promise<EsitoCrea | undefined> => {
    const fido = await haBloccoFido(db, cliente.id);
    if (!fido && !trattenibile) {
      const e = await crea(db);
      // Limits set since the session was read: held all the same, its follow-up on its own.
      if (e?.esito === 'in_approvazione') await trattenuto(db, e);
      return e;
    }
    return inTransazione(db, async (tx) => {
      // A held order is not confirmed: the credit line is checked when it is approved.
      const controllaFido = fido ? await bloccoFido(tx, cliente.id) : undefined;
      const e = await crea(tx);
      if (e?.esito === 'ok' && controllaFido) await controllaFido(Number(e.totale));
      if (e?.esito === 'in_approvazione') await trattenuto(tx, e);
      return e;
    });
  };
  let r: EsitoCrea | undefined;
  // Quantities that are not whole packs: rounded up by the shared rule and said in the answer
  // (docs/regole/ordini.md#packs); the second call sees whole packs only. Carts from the SPA are rounded already.
  const arrotondate: string[] = [];
  try {
    r = await chiama();
    if (r?.esito === 'confezioni') {
      for (const d of r.dettagli as ({ codice_prodotto: string } & Confezione)[]) {
        const da = quantita.get(d.codice_prodotto)!;
        const a = quantitaConfezione(da, d);
        quantita.set(d.codice_prodotto, a);
        arrotondate.push(msgQuantitaArrotondata(d.codice_prodotto, da, a, d));
      }
      r = await chiama();
    }
  } catch (err) {
    if (err instanceof OltreFido) return rifiuto(MSG_CONTABILITA.rifiutoOltreFido(euro(err.totale), euro(err.disponibile)));
    throw err;
  }
  // The confirmation mail goes to the user who placed the order (server/posta/testi.ts): the SPA says where.
  // An agent's order is confirmed to the client (server/posta/testi.ts), whose address the session does not carry.
  const conferma = !utente.agente && utente.username.includes('@') ? { conferma_a: utente.username } : {};
  const inApprovazione = (id: number, superamento: Superamento[]): Esito => ({
    status: 0, ordine_id: id, stato: 'in_approvazione', superamento,
    msg: [`Ordine #${id} in attesa di approvazione: ${superamento.map(testoSuperamento).join('; ')}.`, ...arrotondate].join(' '),
  });
  switch (r?.esito) {
    case 'duplicato': {
      const d = r.dettagli as { approvazione: string | null; superamento: Superamento[] | null };
      if (d.approvazione === 'in_attesa') return inApprovazione(r.ordine_id!, d.superamento ?? []);
      return { status: 0, msg: `Ordine #${r.ordine_id} inviato correttamente.`, ordine_id: r.ordine_id!, stato: 'confermato', ...conferma };
    }
    case 'in_approvazione':
      // The approvers' mails were written with it; their jobs are queued now that it has committed.
      if (opzioni.preventivo) opzioni.preventivo.accoda(r.ordine_id!);
      else await accodaLavori(db, r.ordine_id!, log);
      return inApprovazione(r.ordine_id!, r.dettagli as Superamento[]);
    case 'sconosciuti':
      return rifiuto(`Prodotti non trovati nel catalogo: ${(r.dettagli as string[]).join(', ')}.`);
    case 'insufficienti':
      return rifiuto([...arrotondate, ...(r.dettagli as { codice_prodotto: string; disponibilita: number }[])
        .map((d) => MSG_DISPONIBILITA.oltre(d.codice_prodotto, d.disponibilita))].join(' '));
    case 'ok':
      break;
    default:
      throw new Error(`crea_ordine: esito inatteso ${r?.esito}`);
  }
  // A quote's order is made inside the quote's transaction: its jobs are queued by the caller after the commit.
  if (opzioni.preventivo) opzioni.preventivo.accoda(r.ordine_id!);
  else await accodaLavori(db, r.ordine_id!, log);
  return { status: 0, msg: [`Ordine #${r.ordine_id} inviato correttamente.`, ...arrotondate].join(' '), ordine_id: r.ordine_id!, stato: 'confermato', ...conferma };
}

/** The orders of the client the person sees (vistaOrdini), newest first, read whole (ordini_letti) in the same statement. */
export async function leggiOrdini(db: Db, v: VistaOrdini, limit = 500): Promise<Ordine[]> {
  const sql = db.$client;
  const righe = await sql<{ ordine: unknown }[]>`
    SELECT ordine FROM ordini_letti(ARRAY(
      SELECT o.id FROM ordini o WHERE ${ordiniVisibili(sql, v)}
      ORDER BY o.created_at DESC, o.id DESC LIMIT ${limit}), ${v.netti})`;
  return righe.map((r) => ordine.parse(r.ordine));
}

/** Monthly turnover of a client (accepted orders of all its users). */
export async function fatturatoMensile(db: Db, clienteId: number) {
  const sql = db.$client;
  return sql<{ anno: number; mese: number; importo_totale: number }[]>`
    SELECT extract(year FROM created_at)::int AS anno, extract(month FROM created_at)::int AS mese,
      round(sum(totale), 2)::float8 AS importo_totale
    FROM ordini WHERE cliente_id = ${clienteId} AND response_code = ${RESPONSE_CODE_OK}
    GROUP BY 1, 2 ORDER BY 1, 2`;
}
