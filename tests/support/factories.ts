import crypto from 'node:crypto';
import { eq, sql as dsql } from 'drizzle-orm';
import type { Db } from '../../server/db/client.js';
import { hashPassword } from '../../server/auth/passwords.js';
import {
  adminUtenti, aziende, brand, categorie, clienti, documenti, documentiOrdini, giacenze, ordini, ordiniRighe, prodotti, prodottiPrezzi,
  utenti, utentiClienti,
} from '../../server/db/schema/index.js';
import type { ArchivioMedia } from '../../server/lib/archivio/archivio.js';

let seq = 0;
const next = () => ++seq;
const hashes = new Map<string, Promise<string>>();
/** argon2 is slow on purpose: hash each test password once per file. */
const hashOf = (pw: string) => {
  if (!hashes.has(pw)) hashes.set(pw, hashPassword(pw));
  return hashes.get(pw)!;
};

export async function createAzienda(db: Db, o: Partial<typeof aziende.$inferInsert> = {}) {
  const n = next();
  const [row] = await db.insert(aziende).values({ codice: String(n).padStart(4, '0'), ragioneSociale: `Azienda ${n}`, ...o })
    .onConflictDoUpdate({ target: aziende.codice, set: { ragioneSociale: dsql`excluded.ragione_sociale` } }).returning();
  return row!;
}

export async function createCliente(db: Db, o: Partial<typeof clienti.$inferInsert> = {}) {
  const n = next();
  const aziendaCodice = o.aziendaCodice ?? (await createAzienda(db)).codice;
  const [row] = await db.insert(clienti).values({
    codice: `C${String(n).padStart(5, '0')}`, ragioneSociale: `Cliente ${n} S.r.l.`, email: `cliente${n}@test.local`, ...o, aziendaCodice,
  }).returning();
  return row!;
}

export async function createUtente(
  db: Db,
  o: Partial<typeof utenti.$inferInsert> & {
    password?: string;
    clienti?: number[];
    /** Role, limits, switches, state on every linked client (docs/regole/organizzazione.md); left out: Titolare, as the column's default. */
    collegamento?: Partial<Omit<typeof utentiClienti.$inferInsert, 'utenteId' | 'clienteId'>>;
  } = {},
) {
  const n = next();
  const { password = 'Segreta123!', clienti: links = [], collegamento = {}, ...rest } = o;
  const [row] = await db.insert(utenti).values({
    codice: `U${String(n).padStart(5, '0')}`, username: `utente${n}@test.local`, nome: 'Nome', cognome: `Cognome${n}`,
    passwordHash: await hashOf(password), ...rest,
  }).returning();
  if (links.length) await db.insert(utentiClienti).values(links.map((clienteId) => ({ ...collegamento, utenteId: row!.id, clienteId })));
  return { ...row!, password };
}

export async function createAdmin(db: Db, o: { username?: string; password?: string; tipologia?: 'amministratore' | 'tecnico' } = {}) {
  const n = next();
  const password = o.password ?? 'Admin123!';
  const [row] = await db.insert(adminUtenti).values({
    username: o.username ?? `admin${n}`, passwordHash: await hashOf(password), nome: 'Admin', cognome: `N${n}`,
    tipologia: o.tipologia ?? 'amministratore',
  }).returning();
  return { ...row!, password };
}

export async function createCategoria(db: Db, o: { nome?: string; parentId?: number; codCat?: string } = {}) {
  const n = next();
  const parent = o.parentId
    ? (await db.select().from(categorie).where(dsql`${categorie.id} = ${o.parentId}`))[0]
    : undefined;
  const [row] = await db.insert(categorie).values({
    codCat: o.codCat ?? `K${n}`, nome: o.nome ?? `Categoria ${n}`, livello: parent ? parent.livello + 1 : 0, parentId: parent?.id,
  }).returning();
  const pathIds = [...(parent?.pathIds ?? []), row!.id];
  await db.update(categorie).set({ pathIds }).where(dsql`${categorie.id} = ${row!.id}`);
  return { ...row!, pathIds };
}

export async function createBrand(db: Db, o: Partial<typeof brand.$inferInsert> = {}) {
  const n = next();
  const [row] = await db.insert(brand).values({ brandCodice: String(n).padStart(3, '0'), nome: `Marca ${n}`, ...o })
    .onConflictDoNothing().returning();
  return row ?? (await db.select().from(brand).where(dsql`${brand.brandCodice} = ${o.brandCodice ?? ''}`))[0]!;
}

/** A product with its category and brand created when not given; prices per list as { 1: '10.5' }. */
export async function createProdotto(
  db: Db,
  o: Partial<typeof prodotti.$inferInsert> & Partial<Omit<typeof giacenze.$inferInsert, 'prodottoId'>> & { prezzi?: Record<number, string> } = {},
) {
  const n = next();
  const { prezzi = { 1: '10.000', 2: '9.000' }, giacAttuale, disponibilita = 100, ordForn = 0, ...rest } = o;
  const categoriaId = rest.categoriaId ?? (await createCategoria(db)).id;
  const brandCodice = rest.brandCodice ?? '000';
  if (brandCodice === '000') await createBrand(db, { brandCodice: '000', nome: 'Senza marchio' });
  const [row] = await db.insert(prodotti).values({
    codiceProdotto: `P-${String(n).padStart(6, '0')}`, descrizione1: `Prodotto di prova ${n}`,
    ...rest, categoriaId, brandCodice,
  }).returning();
  // Its stock row exists from the insert (prodotti_giacenze_trg).
  const stock = { giacAttuale: giacAttuale ?? disponibilita, disponibilita, ordForn };
  await db.update(giacenze).set(stock).where(dsql`${giacenze.prodottoId} = ${row!.id}`);
  const lists = Object.entries(prezzi);
  if (lists.length) {
    await db.insert(prodottiPrezzi).values(lists.map(([listino, prezzo]) => ({ prodottoId: row!.id, listino: Number(listino), prezzo })));
  }
  return { ...row!, ...stock };
}

/** An order line as a test gives it: every field may be left out (codiceProdotto, prodottoNome, qt 1, prezzo 10). */
export type NuovaRigaOrdine = Partial<Omit<typeof ordiniRighe.$inferInsert, 'id' | 'ordineId'>>;
/** An order as a test gives it: its header's fields, all optional, and its lines. */
export type NuovoOrdine = Partial<Omit<typeof ordini.$inferInsert, 'id'>> & { righe?: NuovaRigaOrdine[] };

/** Thousandths, so that totals add up exactly as numeric(…, 3) does. */
const millesimi = (v: string | number) => Math.round(Number(v) * 1000);
const daMillesimi = (m: number) => (m / 1000).toFixed(3);

/**
 * Postgres takes at most 65,535 parameters a statement: rows go in batches. The ids come back in
 * the order of the VALUES (Postgres inserts and returns a multi-row VALUES list in its order).
 */
const LOTTO = 1000;

/**
 * Orders copied in as the seeds do (not placed through crea_ordine): header and lines in a few
 * statements, however many. Defaults, each overridable: a client created when none is given
 * (codes and name read from it when only its id is), the user's code and name read from
 * `utenteId` when given, one line of 10 € when no `righe`, totale the sum of the lines'
 * qt × prezzo_reale (prezzo_reale = prezzo unless given), state 'Confermato' ('201', or
 * 'Rifiutato dal gestionale' for another response code), created now, erp_stato 'precedente'
 * (no job is queued for it; give 'in_attesa' for an order the ERP hand-over should see).
 */
export async function createOrdini(db: Db, lista: NuovoOrdine[]) {
  const clientiLetti = new Map<number, { aziendaCodice: string; codice: string; ragioneSociale: string }>();
  const utentiLetti = new Map<number, { codice: string; nome: string; cognome: string }>();
  const intestazioni: (typeof ordini.$inferInsert)[] = [];
  const righe: Required<Pick<NuovoOrdine, 'righe'>>['righe'][] = [];
  for (const o of lista) {
    const { righe: date, ...testa } = o;
    let clienteId = testa.clienteId;
    if (clienteId === undefined) {
      const c = await createCliente(db);
      clienteId = c.id;
      clientiLetti.set(c.id, c);
    } else if (!clientiLetti.has(clienteId) && (testa.aziendaCodice === undefined || testa.clienteCodice === undefined || testa.clienteNome === undefined)) {
      const [c] = await db.select().from(clienti).where(eq(clienti.id, clienteId));
      if (!c) throw new Error(`createOrdini: cliente ${clienteId} inesistente`);
      clientiLetti.set(c.id, c);
    }
    const cliente = clientiLetti.get(clienteId);
    let utente: { codice: string; nome: string; cognome: string } | undefined;
    if (testa.utenteId != null && (testa.utenteCodice === undefined || testa.utenteNome === undefined)) {
      utente = utentiLetti.get(testa.utenteId);
      if (!utente) {
        const [u] = await db.select().from(utenti).where(eq(utenti.id, testa.utenteId));
        if (!u) throw new Error(`createOrdini: utente ${testa.utenteId} inesistente`);
        utente = u;
        utentiLetti.set(u.id, u);
      }
    }
    const n = next();
    const linee = (date ?? [{}]).map((r, i) => {
      const prezzo = r.prezzo ?? '10.000';
      return {
        codiceProdotto: `ART-${n}-${i + 1}`, prodottoNome: `Articolo ${n}.${i + 1}`, qt: 1, ...r, prezzo, prezzoReale: r.prezzoReale ?? prezzo,
      };
    });
    const responseCode = testa.responseCode ?? '201';
    intestazioni.push({
      aziendaCodice: cliente?.aziendaCodice, clienteCodice: cliente?.codice, clienteNome: cliente?.ragioneSociale,
      utenteCodice: utente?.codice ?? 'U-TEST', utenteNome: utente ? `${utente.nome} ${utente.cognome}` : '',
      responseStatus: responseCode === '201' ? 'Confermato' : 'Rifiutato dal gestionale', erpStato: 'precedente',
      totale: daMillesimi(linee.reduce((s, r) => s + millesimi(r.prezzoReale) * r.qt, 0)),
      ...testa, clienteId, responseCode,
    } as typeof ordini.$inferInsert);
    righe.push(linee);
  }
  const creati: (typeof ordini.$inferSelect)[] = [];
  for (let i = 0; i < intestazioni.length; i += LOTTO) creati.push(...await db.insert(ordini).values(intestazioni.slice(i, i + LOTTO)).returning());
  const tutteLeRighe = creati.flatMap((o, i) => righe[i]!.map((r) => ({ ...r, ordineId: o.id })) as (typeof ordiniRighe.$inferInsert)[]);
  const righeCreate: (typeof ordiniRighe.$inferSelect)[] = [];
  for (let i = 0; i < tutteLeRighe.length; i += LOTTO) righeCreate.push(...await db.insert(ordiniRighe).values(tutteLeRighe.slice(i, i + LOTTO)).returning());
  const perOrdine = new Map<number, (typeof ordiniRighe.$inferSelect)[]>();
  for (const r of righeCreate) {
    if (!perOrdine.has(r.ordineId)) perOrdine.set(r.ordineId, []);
    perOrdine.get(r.ordineId)!.push(r);
  }
  return creati.map((o) => ({ ...o, righe: perOrdine.get(o.id) ?? [] }));
}

/** One order with its lines (createOrdini's defaults). */
export async function createOrdine(db: Db, o: NuovoOrdine = {}) {
  return (await createOrdini(db, [o]))[0]!;
}

/** More lines for an order that exists: as given (prezzo_reale = prezzo unless given); the order's totale is left as it was. */
export async function createRigheOrdine(db: Db, ordineId: number, righe: NuovaRigaOrdine[]) {
  return db.insert(ordiniRighe).values(righe.map((r) => {
    const n = next();
    const prezzo = r.prezzo ?? '10.000';
    return { codiceProdotto: `ART-${n}`, prodottoNome: `Articolo ${n}`, qt: 1, ...r, prezzo, prezzoReale: r.prezzoReale ?? prezzo, ordineId };
  })).returning();
}

const PREFISSI_DOCUMENTO: Record<string, string> = { DDT: 'D', FATTURA: 'F', NOTA_CREDITO: 'NC' };

/**
 * A document as the ERP's push would leave it, and the portal orders it refers to (`ordini`).
 * Defaults, each overridable: an invoice ('FATTURA') dated today, a number of its own, a client
 * created when none is given and its company, imponibile 100 with VAT at 22% and their total,
 * a PDF key under '.documenti/'. With `file` the PDF (and the XML, when `file.xml` is given) are
 * written into that media store under the row's keys; without it the keys name no file.
 */
export async function createDocumento(
  db: Db,
  o: Partial<Omit<typeof documenti.$inferInsert, 'id'>> & { ordini?: number[]; file?: { archivio: ArchivioMedia; pdf?: string | Buffer; xml?: string | Buffer } } = {},
) {
  const { ordini: collegati = [], file, ...rest } = o;
  const n = next();
  const tipo = rest.tipo ?? 'FATTURA';
  let { clienteId, aziendaCodice } = rest;
  if (clienteId === undefined) {
    const c = await createCliente(db, aziendaCodice === undefined ? {} : { aziendaCodice });
    clienteId = c.id;
    aziendaCodice = c.aziendaCodice;
  } else if (aziendaCodice === undefined) {
    const [c] = await db.select({ aziendaCodice: clienti.aziendaCodice }).from(clienti).where(eq(clienti.id, clienteId));
    if (!c) throw new Error(`createDocumento: cliente ${clienteId} inesistente`);
    aziendaCodice = c.aziendaCodice;
  }
  const imponibile = rest.imponibile ?? '100.00';
  const iva = rest.iva ?? (Math.round(Number(imponibile) * 22) / 100).toFixed(2);
  const totale = rest.totale ?? ((Math.round(Number(imponibile) * 100) + Math.round(Number(iva) * 100)) / 100).toFixed(2);
  const pdf = rest.pdf ?? `.documenti/${crypto.randomUUID()}.pdf`;
  const xml = rest.xml ?? (file?.xml !== undefined ? `.documenti/${crypto.randomUUID()}.xml` : null);
  const [row] = await db.insert(documenti).values({
    numero: `${PREFISSI_DOCUMENTO[tipo] ?? 'X'}-${n}`, data: new Date().toISOString().slice(0, 10),
    ...rest, tipo, clienteId, aziendaCodice, imponibile, iva, totale, pdf, xml,
  }).returning();
  if (collegati.length) await db.insert(documentiOrdini).values(collegati.map((ordineId) => ({ documentoId: row!.id, ordineId })));
  if (file) {
    await file.archivio.salva(pdf, Buffer.from(file.pdf ?? `%PDF-1.4\n% ${tipo} ${row!.numero}\n%%EOF\n`));
    if (xml && file.xml !== undefined) await file.archivio.salva(xml, Buffer.from(file.xml));
  }
  return { ...row!, ordini: collegati };
}
