import type { z } from 'zod';
import { aliquotaDi, calcolaPreventivo } from '../../shared/preventivi-cliente-calcolo.js';
import type {
  PreventivoCliente, preventiviClienteCreaRequest, preventiviClienteModificaRequest,
} from '../../shared/preventivi-cliente.js';
import {
  MSG_PREVENTIVI_CLIENTE as MSG, PASSAGGI_STATO_PREVENTIVO_CLIENTE, type StatoPreventivoCliente,
} from '../../shared/preventivi-cliente-costanti.js';
import { ETICHETTA_CLIENTE, STATI_CON_PREZZI_QUOTATI } from '../../shared/preventivi-costanti.js';
import type { CarrelloResponse } from '../../shared/carrello.js';
import type { ClienteSessione, UtenteSessione } from '../auth/utente-sessione.js';
import type { CatalogoCache } from '../catalogo/catalogo.cache.js';
import { joinPrezzi, prezziDi, prezzoCliente } from '../catalogo/prezzi.js';
import { scriviCarrello } from '../carrello/carrello.service.js';
import { type Db, inTransazione, type Sql } from '../db/client.js';
import { badRequest, forbidden, giaDeciso } from '../lib/errors.js';
import { righeQuotate } from '../preventivi/preventivi.queries.js';
import {
  componi, daCalcolare, leggiPreventivo, type ProdottoPerRiga, type RigaSalvata, type TestataSalvata,
} from './preventivi-cliente.queries.js';

/** The quote of the client read whole, or 403: another client's id reads as unknown. */
export async function uno(db: Db, cliente: ClienteSessione, id: number): Promise<PreventivoCliente> {
  const p = await leggiPreventivo(db, cliente.id, id);
  if (!p) throw forbidden(MSG.sconosciuto);
  return componi(p.testata, p.righe);
}

const nomeDi = (u: UtenteSessione) => `${u.nome} ${u.cognome}`.trim() || u.username;

/**
 * The products on sale among `codici`, priced for the client now (the one rule, server/catalogo/prezzi.ts).
 * Only for a person who sees net prices: every call here requires it (permesso `prezzi_netti`).
 */
async function prodottiPerRighe(sql: Sql, cliente: ClienteSessione, codici: string[]): Promise<Map<string, ProdottoPerRiga>> {
  if (codici.length === 0) return new Map();
  const ctx = prezziDi(cliente);
  const righe = await sql<{ codice: string; id: number; descrizione: string; categoria: string; costo: string; iva: string }[]>`
    SELECT p.codice_prodotto AS codice, p.id, coalesce(nullif(p.titolo_portale, ''), p.descrizione1) AS descrizione,
      p.famiglia AS categoria, ${prezzoCliente(sql, ctx)}::text AS costo, p.iva_aliquota::text AS iva
    FROM prodotti p
    ${joinPrezzi(sql, ctx)}
    WHERE p.codice_prodotto = ANY(${codici}::text[]) AND p.status = 0 AND p.deleted_at IS NULL`;
  return new Map(righe.map((r) => [r.codice, {
    codice: r.codice, id: r.id, descrizione: r.descrizione, categoria: r.categoria, costo: Number(r.costo), aliquota: aliquotaDi(Number(r.iva)),
  }]));
}

/** Catalogue lines from products at today's net price, in the order given. */
const righeDaProdotti = (ordine: { codice: string; quantita: number }[], prodotti: Map<string, ProdottoPerRiga>): RigaSalvata[] =>
  ordine.flatMap(({ codice, quantita }) => {
    const p = prodotti.get(codice);
    return p ? [{
      tipo: 'catalogo' as const, prodotto_id: p.id, codice_prodotto: p.codice, descrizione: p.descrizione, categoria: p.categoria,
      quantita, costo: p.costo, ricarico: null, aliquota: p.aliquota, beni_significativi: false,
    }] : [];
  });

/** Writes a quote's lines (after deleting the old ones) in one statement. */
async function scriviRighe(sql: Sql, id: number, righe: readonly RigaSalvata[]): Promise<void> {
  await sql`DELETE FROM preventivi_cliente_righe WHERE preventivo_id = ${id}`;
  if (righe.length === 0) return;
  const json = righe.map((r, i) => ({ ...r, posizione: i + 1 }));
  await sql`
    INSERT INTO preventivi_cliente_righe (preventivo_id, posizione, tipo, prodotto_id, codice_prodotto, descrizione, categoria,
      quantita, costo, ricarico, aliquota, beni_significativi)
    SELECT ${id}, r.posizione, r.tipo, r.prodotto_id, r.codice_prodotto, r.descrizione, r.categoria,
      r.quantita, r.costo, r.ricarico, r.aliquota, r.beni_significativi
    FROM jsonb_to_recordset(${JSON.stringify(json)}::jsonb) AS r(posizione int, tipo text, prodotto_id int, codice_prodotto text, descrizione text,
      categoria text, quantita numeric, costo numeric, ricarico numeric, aliquota int, beni_significativi boolean)`;
}

type Creato = { id: number; anno: number; numero: number };

/**
 * A new quote of the client, numbered per client and year. The client's quotes are made one at a
 * time (a transaction lock on the client), which gives the next number without gaps and makes the
 * same Idempotency-Key sent twice at once find the first quote instead of a second.
 */
async function nuovo(
  tx: Db, utente: UtenteSessione, cliente: ClienteSessione, chiave: string | undefined,
  testata: Partial<Omit<TestataSalvata, 'id' | 'anno' | 'numero' | 'stato' | 'versione' | 'utente_nome' | 'created_at' | 'updated_at'>>,
  righe: () => Promise<RigaSalvata[]>, copiatoDa: number | null = null,
): Promise<Creato> {
  const sql = tx.$client;
  await sql`SELECT pg_advisory_xact_lock(hashtext('preventivi_cliente'), ${cliente.id})`;
  if (chiave !== undefined) {
    const [gia] = await sql<Creato[]>`SELECT id, anno, numero FROM preventivi_cliente WHERE cliente_id = ${cliente.id} AND chiave = ${chiave}`;
    if (gia) return gia;
  }
  const r = await righe();
  const t = { ricarico_generale: 0, ricarichi_categoria: {}, sconto_percentuale: 0, ...testata };
  const totale = calcolaPreventivo(daCalcolare(t, r)).totale;
  const [c] = await sql<Creato[]>`
    INSERT INTO preventivi_cliente (cliente_id, utente_id, utente_nome, anno, numero, chiave, cliente_finale_nome, cliente_finale_indirizzo,
      ricarico_generale, ricarichi_categoria, sconto_percentuale, note, condizioni, totale, copiato_da)
    SELECT ${cliente.id}, ${utente.id}, ${nomeDi(utente)}, a.anno,
      coalesce((SELECT max(numero) FROM preventivi_cliente WHERE cliente_id = ${cliente.id} AND anno = a.anno), 0) + 1,
      ${chiave ?? null}, ${t.cliente_finale_nome ?? ''}, ${t.cliente_finale_indirizzo ?? ''}, ${t.ricarico_generale},
      ${JSON.stringify(t.ricarichi_categoria)}::jsonb, ${t.sconto_percentuale}, ${t.note ?? ''}, ${t.condizioni ?? ''}, ${totale}, ${copiatoDa}
    FROM (SELECT extract(year FROM now() AT TIME ZONE 'Europe/Rome')::int AS anno) a
    RETURNING id, anno, numero`;
  await scriviRighe(sql, c!.id, r);
  return c!;
}

/**
 * The lines of a wholesaler's quote of the client at its quoted prices, the client's cost
 * (docs/regole/preventivi-cliente.md#lines): only while those prices are theirs (a valid offer,
 * accepted or ordered: 409 otherwise); another client's quote is 403. Catalogue lines still on sale
 * keep the product's family and VAT rate, free lines become free lines at their price.
 */
async function righeDaPreventivo(tx: Db, cliente: ClienteSessione, id: number): Promise<RigaSalvata[]> {
  const q = await righeQuotate(tx, cliente.id, id);
  if (!q) throw forbidden(MSG.preventivoSconosciuto);
  if (!STATI_CON_PREZZI_QUOTATI.includes(q.stato)) throw giaDeciso(MSG.preventivoSenzaPrezzi(ETICHETTA_CLIENTE[q.stato]));
  const righe = q.righe.flatMap((r): RigaSalvata[] => {
    const base = { descrizione: r.descrizione, quantita: r.quantita, costo: r.prezzo, ricarico: null, beni_significativi: false };
    if (r.codice_prodotto === null) return [{ ...base, tipo: 'libera', prodotto_id: null, codice_prodotto: null, categoria: '', aliquota: 22 }];
    if (r.prodotto_id === null) return [];
    return [{ ...base, tipo: 'catalogo', prodotto_id: r.prodotto_id, codice_prodotto: r.codice_prodotto, categoria: r.categoria, aliquota: aliquotaDi(r.iva ?? 22) }];
  });
  if (righe.length === 0) throw badRequest(MSG.preventivoVuoto);
  return righe;
}

/**
 * preventivi-cliente/crea: a draft, empty or with the lines of the user's cart (as the device sent
 * it, or the server's) or of one of their lists (quantity 1 each), each product at the client's net price now,
 * or with the lines of a wholesaler's quote at its quoted prices. Products no longer on sale
 * are left out, as the cart leaves them out.
 */
export async function creaPreventivo(
  db: Db, utente: UtenteSessione, cliente: ClienteSessione, input: z.output<typeof preventiviClienteCreaRequest>, chiave: string | undefined,
): Promise<Creato> {
  return inTransazione(db, (tx) => nuovo(tx, utente, cliente, chiave, { cliente_finale_nome: input.cliente_finale_nome ?? '' }, async () => {
    const sql = tx.$client;
    if (input.da === 'vuoto') return [];
    if (input.da === 'preventivo') return righeDaPreventivo(tx, cliente, input.preventivo_id!);
    let ordine: { codice: string; quantita: number }[];
    if (input.da === 'carrello' && input.righe) {
      ordine = input.righe.map((r) => ({ codice: r.codice_prodotto, quantita: r.quantita }));
    } else if (input.da === 'carrello') {
      ordine = await sql<{ codice: string; quantita: number }[]>`
        SELECT p.codice_prodotto AS codice, r.quantita
        FROM carrelli c JOIN carrelli_righe r ON r.carrello_id = c.id JOIN prodotti p ON p.id = r.prodotto_id
        WHERE c.utente_id = ${utente.id} AND c.cliente_id = ${cliente.id}
        ORDER BY r.posizione`;
      if (ordine.length === 0) throw badRequest(MSG.carrelloVuoto);
    } else {
      const [lista] = await sql<{ id: number }[]>`
        SELECT id FROM liste WHERE id = ${input.lista_id!} AND utente_id = ${utente.id} AND cliente_id = ${cliente.id}`;
      if (!lista) throw forbidden(MSG.listaSconosciuta);
      ordine = await sql<{ codice: string; quantita: number }[]>`
        SELECT p.codice_prodotto AS codice, 1 AS quantita
        FROM liste_prodotti lp JOIN prodotti p ON p.id = lp.prodotto_id
        WHERE lp.lista_id = ${lista.id} ORDER BY lp.created_at, p.codice_prodotto`;
      if (ordine.length === 0) throw badRequest(MSG.listaVuota);
    }
    return righeDaProdotti(ordine, await prodottiPerRighe(sql, cliente, ordine.map((o) => o.codice)));
  }));
}

/** preventivi-cliente/copia: a draft with the same customer, markups, lines and prices as the original (of the client). */
export async function copiaPreventivo(db: Db, utente: UtenteSessione, cliente: ClienteSessione, id: number, chiave: string | undefined): Promise<Creato> {
  return inTransazione(db, async (tx) => {
    const o = await leggiPreventivo(tx, cliente.id, id);
    if (!o) throw forbidden(MSG.sconosciuto);
    const { id: _id, anno: _a, numero: _n, stato: _s, versione: _v, utente_nome: _u, created_at: _c, updated_at: _up, ...testata } = o.testata;
    return nuovo(tx, utente, cliente, chiave, testata, async () => o.righe, id);
  });
}

/**
 * preventivi-cliente/modifica: the draft's fields and lines, all at once, from the version the editor
 * read (another version: 409, nothing changed, so a stale window never overwrites a newer change).
 * A catalogue line without a cost takes the client's net price now with the product's description
 * and family; a code no longer on sale then is refused (400).
 */
export async function modificaPreventivo(
  db: Db, cliente: ClienteSessione, input: z.output<typeof preventiviClienteModificaRequest>,
): Promise<PreventivoCliente> {
  return inTransazione(db, async (tx) => {
    const sql = tx.$client;
    const o = await leggiPreventivo(tx, cliente.id, input.id, true);
    if (!o) throw forbidden(MSG.sconosciuto);
    if (o.testata.versione !== input.versione) throw giaDeciso(MSG.versione);
    if (o.testata.stato !== 'bozza') throw giaDeciso(MSG.soloBozza);
    const codici = [...new Set(input.righe.flatMap((r) => (r.tipo === 'catalogo' ? [r.codice_prodotto!] : [])))];
    const prodotti = await prodottiPerRighe(sql, cliente, codici);
    // The lines already there keep what they were (their product may have gone since).
    const gia = new Map(o.righe.filter((r) => r.codice_prodotto !== null).map((r) => [r.codice_prodotto!, r]));
    const mancanti: string[] = [];
    const righe: RigaSalvata[] = input.righe.flatMap((r): RigaSalvata[] => {
      const base = { quantita: r.quantita, ricarico: r.ricarico ?? null, aliquota: r.aliquota, beni_significativi: r.beni_significativi };
      if (r.tipo !== 'catalogo') {
        return [{ ...base, tipo: r.tipo, prodotto_id: null, codice_prodotto: null, descrizione: r.descrizione!, categoria: r.categoria ?? '', costo: r.costo! }];
      }
      const p = prodotti.get(r.codice_prodotto!);
      const prima = gia.get(r.codice_prodotto!);
      const costo = r.costo ?? p?.costo;
      if (costo === undefined || (!p && !prima)) {
        mancanti.push(r.codice_prodotto!);
        return [];
      }
      return [{
        ...base, tipo: 'catalogo', prodotto_id: p?.id ?? prima?.prodotto_id ?? null, codice_prodotto: r.codice_prodotto!,
        descrizione: r.descrizione || (p?.descrizione ?? prima!.descrizione), categoria: r.categoria ?? p?.categoria ?? prima!.categoria, costo,
      }];
    });
    if (mancanti.length > 0) throw badRequest(MSG.sconosciuti(mancanti));
    const ricarichi = Object.fromEntries(input.ricarichi_categoria.map((r) => [r.categoria, r.ricarico]));
    const totale = calcolaPreventivo(daCalcolare({ ...input, ricarichi_categoria: ricarichi }, righe)).totale;
    await sql`
      UPDATE preventivi_cliente SET cliente_finale_nome = ${input.cliente_finale_nome}, cliente_finale_indirizzo = ${input.cliente_finale_indirizzo},
        ricarico_generale = ${input.ricarico_generale}, ricarichi_categoria = ${JSON.stringify(ricarichi)}::jsonb, sconto_percentuale = ${input.sconto_percentuale},
        note = ${input.note}, condizioni = ${input.condizioni}, totale = ${totale}, versione = versione + 1, updated_at = now()
      WHERE id = ${input.id}`;
    await scriviRighe(sql, input.id, righe);
    const n = await leggiPreventivo(tx, cliente.id, input.id);
    return componi(n!.testata, n!.righe);
  });
}

/**
 * preventivi-cliente/stato: the passages PASSAGGI_STATO_PREVENTIVO_CLIENTE allows (409 otherwise).
 * Asking for the state it already has changes nothing and answers it: a retry or a second click is harmless.
 */
export async function cambiaStato(db: Db, cliente: ClienteSessione, id: number, stato: StatoPreventivoCliente): Promise<PreventivoCliente> {
  return inTransazione(db, async (tx) => {
    const o = await leggiPreventivo(tx, cliente.id, id, true);
    if (!o) throw forbidden(MSG.sconosciuto);
    if (o.testata.stato === stato) return componi(o.testata, o.righe);
    if (!PASSAGGI_STATO_PREVENTIVO_CLIENTE[o.testata.stato].includes(stato)) throw giaDeciso(MSG.passaggio(o.testata.stato, stato));
    await tx.$client`UPDATE preventivi_cliente SET stato = ${stato}, versione = versione + 1, updated_at = now() WHERE id = ${id}`;
    const n = await leggiPreventivo(tx, cliente.id, id);
    return componi(n!.testata, n!.righe);
  });
}

/**
 * preventivi-cliente/nel-carrello: the catalogue lines of an accepted quote still on sale go to the
 * user's cart (merged: a product already there keeps the larger quantity, so doing it twice changes
 * nothing more), priced as every cart is, at today's prices and not the quote's. Hours aside,
 * quantities may have decimals: the cart takes whole pieces, rounded up.
 */
export async function nelCarrello(
  db: Db, cache: CatalogoCache, utente: UtenteSessione, cliente: ClienteSessione, id: number,
): Promise<{ righe_n: number; msg: string; righe: CarrelloResponse['righe'] }> {
  const o = await leggiPreventivo(db, cliente.id, id);
  if (!o) throw forbidden(MSG.sconosciuto);
  if (o.testata.stato !== 'accettato') throw giaDeciso(MSG.soloAccettato);
  const quantita = new Map<string, number>();
  for (const r of o.righe) {
    if (r.tipo === 'catalogo' && r.codice_prodotto) quantita.set(r.codice_prodotto, (quantita.get(r.codice_prodotto) ?? 0) + r.quantita);
  }
  const inVendita = await db.$client<{ codice: string }[]>`
    SELECT codice_prodotto AS codice FROM prodotti
    WHERE codice_prodotto = ANY(${[...quantita.keys()]}::text[]) AND status = 0 AND deleted_at IS NULL`;
  const righe = inVendita.map((p) => ({ codice_prodotto: p.codice, quantita: Math.ceil(quantita.get(p.codice)!) }));
  if (righe.length === 0) throw badRequest(MSG.nessunArticolo);
  const carrello = await scriviCarrello(db, cache, utente, cliente, righe, 'unisci');
  return { righe_n: righe.length, msg: MSG.nelCarrello(righe.length), righe: carrello.righe.filter((r) => quantita.has(r.codice_prodotto)) };
}
