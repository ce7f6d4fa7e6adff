/**
 * Many clients and customer users for benchmarks (`npm run seed -- --products N`, which grows
 * them to 20,000 clients and 25,000 users unless told otherwise): client n and user n are always
 * the same (seeded per item, seed/prng.ts), whatever existed before, like the catalogue generator.
 * Clients spread over the two demo companies; every generated client gets at least one user once
 * there are as many users as clients, and some users work for two clients.
 */
import type postgres from 'postgres';
import { ATTIVITA, CASELLE, CITTA, COGNOMI, FORME, NOMI, STRADE, type Citta } from './anagrafica-data.js';
import { copyObjects, syncSequence } from '../server/db/copy.js';
import { CLIENTI, DEMO_PASSWORD_HASH, partitaIva } from './demo-anagrafica.js';
import { chance, int, pick, rngFor, type Rng } from './prng.js';

const SEED_CLIENTI = 31_337;
const SEED_UTENTI = 41_443;
/** Generated client codes start here, far from the demo's (001001, 000215...). */
const PRIMO_CODICE = 100_000;
const BATCH = 5_000;

export interface GeneratedCliente {
  azienda: '0001' | '0002';
  codice: string;
  ragioneSociale: string;
  email: string;
  telefono: string;
  partitaIva: string;
  lisMaga: number;
  sconto: number;
  citta: Citta;
  sedi: { descrizione: string; indirizzo: string; cap: string; citta: string; provincia: string }[];
}

/** Lower case letters and digits only: 'Cantù & Figli' -> 'cantufigli' (for e-mail domains). */
export const slug = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]/g, '');

function ragioneSociale(r: Rng, citta: Citta): { nome: string; marchio: string } {
  const cognome = pick(r, COGNOMI);
  const forma = pick(r, FORME);
  const att = pick(r, ATTIVITA);
  const conForma = (s: string) => (forma ? `${s} ${forma}` : s);
  const x = r();
  if (x < 0.5) return { nome: conForma(`${att} ${cognome}`), marchio: `${att}${cognome}` };
  if (x < 0.6) return { nome: `${att} ${cognome} di ${pick(r, NOMI)} ${cognome}`, marchio: `${att}${cognome}` };
  if (x < 0.7) return { nome: conForma(`F.lli ${cognome}`), marchio: `fratelli${cognome}` };
  if (x < 0.8) return { nome: conForma(`${att} ${citta.nome}`), marchio: `${att}${citta.nome}` };
  if (x < 0.9) {
    const altro = pick(r, COGNOMI);
    return { nome: conForma(`${cognome} & ${altro}`), marchio: `${cognome}${altro}` };
  }
  return { nome: `${att} ${cognome} & Figli${forma ? ` ${forma}` : ''}`, marchio: `${att}${cognome}` };
}

function telefono(r: Rng, citta: Citta): string {
  if (chance(r, 0.12)) return `3${int(r, 20, 49)} ${int(r, 100, 999)} ${int(r, 1000, 9999)}`;
  const cifre = 10 - citta.prefisso.length;
  const n = String(int(r, 10 ** (cifre - 1), 10 ** cifre - 1));
  return `${citta.prefisso} ${n.slice(0, cifre - 4)} ${n.slice(cifre - 4)}`;
}

/** Client n of the generator (n counts every client, the demo's included). */
export function generateCliente(n: number): GeneratedCliente {
  const r = rngFor(SEED_CLIENTI, n);
  const citta = pick(r, CITTA);
  const { nome, marchio } = ragioneSociale(r, citta);
  const dominio = slug(marchio);
  const x = r();
  const email = x < 0.02 ? ''
    : x < 0.07 ? `${dominio}@pec.it`
      : x < 0.12 ? `${dominio}${int(r, 1, 99)}@gmail.com`
        : `${pick(r, CASELLE)}@${dominio}.it`;
  const strada = () => `${pick(r, STRADE)} ${int(r, 1, 250)}`;
  const sedi = [{ descrizione: 'Sede legale', indirizzo: strada(), cap: citta.cap, citta: citta.nome, provincia: citta.provincia }];
  if (chance(r, 0.3)) sedi.push({ descrizione: pick(r, ['Magazzino', 'Punto vendita', 'Deposito']), indirizzo: strada(), cap: citta.cap, citta: citta.nome, provincia: citta.provincia });
  return {
    azienda: chance(r, 0.6) ? '0001' : '0002',
    codice: String(PRIMO_CODICE + n),
    ragioneSociale: nome,
    email,
    telefono: telefono(r, citta),
    partitaIva: partitaIva(int(r, 1, 9_999_999), int(r, 1, 100)),
    lisMaga: chance(r, 0.7) ? 1 : 2,
    sconto: pick(r, [0, 0, 0, 2, 5, 5, 10]),
    citta,
    sedi,
  };
}

export interface LargeAnagraficaOptions {
  /** Total number of clients wanted (undefined: leave them as they are). */
  clienti?: number;
  /** Total number of customer users wanted (undefined: leave them as they are). */
  utenti?: number;
  now: Date;
}

export interface LargeAnagraficaResult { clientiAggiunti: number; utentiAggiunti: number }

/** Grows clients (with their branches) and users (with their links) to the wanted totals, in one transaction. */
export async function seedLargeAnagrafica(sql: postgres.Sql, o: LargeAnagraficaOptions): Promise<LargeAnagraficaResult> {
  return sql.begin(async (tx) => {
    const clientiAggiunti = o.clienti === undefined ? 0 : await growClienti(tx, o.clienti, o.now);
    const utentiAggiunti = o.utenti === undefined ? 0 : await growUtenti(tx, o.utenti, o.now);
    if (clientiAggiunti + utentiAggiunti > 0) await tx`analyze clienti, sedi, utenti, utenti_clienti`;
    return { clientiAggiunti, utentiAggiunti };
  });
}

async function growClienti(tx: postgres.TransactionSql, totale: number, now: Date): Promise<number> {
  const [{ n, maxId }] = await tx<{ n: number; maxId: number }[]>`
    select count(*)::int as n, coalesce(max(id), 0)::int as "maxId" from clienti`;
  for (let from = n; from < totale; from += BATCH) {
    const to = Math.min(totale, from + BATCH);
    const batch = Array.from({ length: to - from }, (_, k) => ({ id: maxId + 1 + (from - n) + k, c: generateCliente(from + k) }));
    await copyObjects(tx, 'clienti', batch.map(({ id, c }) => ({
      id, azienda_codice: c.azienda, codice: c.codice, ragione_sociale: c.ragioneSociale, email: c.email, telefono: c.telefono,
      partita_iva: c.partitaIva, lis_maga: c.lisMaga, sconto: String(c.sconto), created_at: now,
    })));
    await copyObjects(tx, 'sedi', batch.flatMap(({ id, c }) => c.sedi.map((s) => ({ cliente_id: id, ...s }))));
  }
  await syncSequence(tx, 'clienti');
  return Math.max(0, totale - n);
}

/**
 * Users n of the generator: user n works for generated client n (modulo their number), 8 % of
 * them also for a second one; the username is name.surname at the client's domain, numbered when
 * taken. All share the demo password's hash (DEMO_PASSWORD_HASH).
 */
async function growUtenti(tx: postgres.TransactionSql, totale: number, now: Date): Promise<number> {
  const [{ n, maxId }] = await tx<{ n: number; maxId: number }[]>`
    select count(*)::int as n, coalesce(max(id), 0)::int as "maxId" from utenti`;
  if (n >= totale) return 0;
  // Only generated clients: the demo's keep the users the demo gives them.
  const demoMax = Math.max(...CLIENTI.map((c) => c.id));
  const clienti = await tx<{ id: number; email: string; ragioneSociale: string }[]>`
    select id, email, ragione_sociale as "ragioneSociale" from clienti where id > ${demoMax} order by id`;
  if (clienti.length === 0) return 0;
  const presi = new Set((await tx<{ u: string }[]>`select lower(username) as u from utenti`).map((x) => x.u));
  const dominio = (c: { email: string; ragioneSociale: string }) => {
    const d = c.email.split('@')[1];
    return d && d !== 'pec.it' && d !== 'gmail.com' ? d : `${slug(c.ragioneSociale).slice(0, 30)}.it`;
  };

  for (let from = n; from < totale; from += BATCH) {
    const to = Math.min(totale, from + BATCH);
    const utenti: Record<string, string | number | Date>[] = [];
    const links: { utente_id: number; cliente_id: number }[] = [];
    for (let j = from; j < to; j++) {
      const r = rngFor(SEED_UTENTI, j);
      const id = maxId + 1 + (j - n);
      const nome = pick(r, NOMI);
      const cognome = pick(r, COGNOMI);
      const cliente = clienti[j % clienti.length]!;
      const base = `${slug(nome)}.${slug(cognome)}`;
      let username = `${base}@${dominio(cliente)}`;
      for (let k = 2; presi.has(username); k++) username = `${base}${k}@${dominio(cliente)}`;
      presi.add(username);
      utenti.push({
        id, codice: `U${PRIMO_CODICE + j}`, username, password_hash: DEMO_PASSWORD_HASH, nome, cognome, nominativo: `${nome} ${cognome}`,
        tipologia_account: chance(r, 0.85) ? 'cliente' : 'user', status_login: chance(r, 0.05) ? 1 : 0,
        fatturato_metrica: chance(r, 0.2) ? 1 : 0, created_at: now, updated_at: now,
      });
      links.push({ utente_id: id, cliente_id: cliente.id });
      if (chance(r, 0.08)) {
        const altro = clienti[int(r, 0, clienti.length - 1)]!;
        if (altro.id !== cliente.id) links.push({ utente_id: id, cliente_id: altro.id });
      }
    }
    await copyObjects(tx, 'utenti', utenti);
    await copyObjects(tx, 'utenti_clienti', links);
  }
  await syncSequence(tx, 'utenti');
  return totale - n;
}
