import { sql as dsql } from 'drizzle-orm';
import type { Db } from '../../server/db/client.js';
import { hashPassword } from '../../server/auth/passwords.js';
import {
  adminUtenti, aziende, brand, categorie, clienti, giacenze, prodotti, prodottiPrezzi, utenti, utentiClienti,
} from '../../server/db/schema/index.js';

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
  o: Partial<typeof utenti.$inferInsert> & { password?: string; clienti?: number[] } = {},
) {
  const n = next();
  const { password = 'Segreta123!', clienti: links = [], ...rest } = o;
  const [row] = await db.insert(utenti).values({
    codice: `U${String(n).padStart(5, '0')}`, username: `utente${n}@test.local`, nome: 'Nome', cognome: `Cognome${n}`,
    passwordHash: await hashOf(password), ...rest,
  }).returning();
  if (links.length) await db.insert(utentiClienti).values(links.map((clienteId) => ({ utenteId: row!.id, clienteId })));
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
