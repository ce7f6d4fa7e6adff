import { eq, sql as dsql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../../server/auth/passwords.js';
import { modificheAdmin, ordini, sessioni, utenti, utentiClienti } from '../../../server/db/schema/index.js';
import { createAdmin, createAzienda, createCliente, createOrdine, createUtente } from '../../support/factories.js';
import { loginAdmin, loginCliente, useTestApp } from '../../support/harness.js';

const t = useTestApp();
let admin = '';
let cliente = '';
let c1: { id: number; codice: string };
let c2: { id: number; codice: string };

beforeAll(async () => {
  const { db } = t().database;
  const az = await createAzienda(db, { codice: '0001', ragioneSociale: 'Ferramenta Distribuzione S.p.A.' });
  c1 = await createCliente(db, { aziendaCodice: az.codice, codice: '000100', ragioneSociale: 'Ferramenta Rossi S.n.c.' });
  c2 = await createCliente(db, { aziendaCodice: az.codice, codice: '000200', ragioneSociale: 'Edil Bianchi S.r.l.' });
  admin = await loginAdmin(t().app, await createAdmin(db, { username: 'admin.utenti' }));
  cliente = await loginCliente(t().app, await createUtente(db, { clienti: [c1.id], cognome: 'Cliente' }));
});

const call = (method: 'GET' | 'POST', path: string, payload?: Record<string, unknown>, cookie = admin) =>
  t().app.inject({ method, url: `/api/${path}`, headers: { cookie }, ...(method === 'POST' ? { payload: payload ?? {} } : {}) });
const post = (path: string, payload: Record<string, unknown>, cookie = admin) => call('POST', path, payload, cookie);
const get = (url: string, cookie = admin) => call('GET', url, undefined, cookie);
const nuovo = (o: Record<string, unknown> = {}) => ({
  username: `nuovo${Math.random().toString(36).slice(2, 8)}@test.local`, password: 'ferramentarossisnc2024', nome: 'Nuovo', cognome: 'Utente',
  tipologia_account: 'cliente', clienti: [c1.id], ...o,
});
const storico = async (q: string) => (await get(`modifiche/read?${q}`)).json().modifiche as { azione: string; dettagli: Record<string, unknown> }[];

describe('utenti/create', () => {
  it('creates a user with a code like the others, fatturato_metrica 0, a temporary password, the links, and an audit row per client', async () => {
    const input = nuovo({ clienti: [c1.id, c2.id], fatturato_metrica: 1 });
    const res = await post('utenti/create', input);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 0, msg: 'Utente Inserito Correttamente' });
    const [u] = await t().database.db.select().from(utenti).where(eq(utenti.id, body.utente_id));
    expect(u).toMatchObject({ codice: `U${String(body.utente_id).padStart(4, '0')}`, fatturatoMetrica: 0, statusLogin: 0, passwordTemporanea: true, nominativo: 'Nuovo Utente' });
    expect(u!.passwordHash.startsWith('$argon2id$')).toBe(true);
    expect(await verifyPassword(u!.passwordHash, input.password as string)).toBe(true);
    const links = await t().database.db.select().from(utentiClienti).where(eq(utentiClienti.utenteId, body.utente_id));
    expect(links.map((l) => l.clienteId).sort()).toEqual([c1.id, c2.id].sort());
    const perUtente = await storico(`utente_id=${body.utente_id}`);
    expect(perUtente).toHaveLength(1);
    expect(perUtente[0]).toMatchObject({ azione: 'utente.crea', dettagli: { username: input.username, password_impostata: true } });
    expect(JSON.stringify(perUtente)).not.toContain(input.password as string);
    expect((await storico(`cliente_id=${c2.id}`)).some((m) => m.azione === 'utente.crea' && m.dettagli.username === input.username)).toBe(true);
    expect(res.body).not.toContain(input.password as string);
  });

  it('works with the documented GET form (clienti=1,2 or repeated)', async () => {
    const u = nuovo();
    const q = new URLSearchParams({ username: u.username, password: 'Temporanea-2024', nome: 'Get', cognome: 'Form' });
    const res = await get(`utenti/create?${q}&clienti=${c1.id}&clienti=${c2.id}`);
    expect(res.json()).toMatchObject({ status: 0 });
    const l = (await get(`utenti/read?utente_id=${res.json().utente_id}`)).json().utenti[0];
    expect(l.clienti.map((c: { id: number }) => c.id).sort()).toEqual([c1.id, c2.id].sort());
    const u2 = nuovo();
    const res2 = await get(`utenti/create?${new URLSearchParams({ username: u2.username, password: 'x', nome: 'A', cognome: 'B' })}&clienti=${c1.id},${c2.id}`);
    expect(res2.json().status).toBe(0);
  });

  it('refuses a username taken in any case, and an unknown client, with status 1 and nothing stored', async () => {
    const first = nuovo();
    expect((await post('utenti/create', first)).json().status).toBe(0);
    const again = await post('utenti/create', nuovo({ username: first.username.toUpperCase() }));
    expect(again.json()).toEqual({ status: 1, msg: 'Username già utilizzato da un altro utente.' });
    const u = nuovo({ clienti: [c1.id, 999999] });
    expect((await post('utenti/create', u)).json()).toEqual({ status: 1, msg: 'Cliente non trovato: 999999.' });
    const [n] = await t().database.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM utenti WHERE username = ${u.username}`;
    expect(n!.n).toBe(0);
  });

  it('updates: an empty password keeps the old one, a missing clienti keeps the links, a new password is temporary and ends the sessions', async () => {
    const { db } = t().database;
    const u = await createUtente(db, { clienti: [c1.id], username: 'modifica@test.local', password: 'Vecchia-Password-1' });
    const sessione = await loginCliente(t().app, u);
    const res = await post('utenti/create', { utente_id: u.id, username: 'Modifica2@test.local', password: '', nome: 'Mario', cognome: 'Verdi', tipologia_account: 'user' });
    expect(res.json()).toEqual({ status: 0, msg: 'Utente Aggiornato Correttamente', utente_id: u.id });
    const [dopo] = await db.select().from(utenti).where(eq(utenti.id, u.id));
    expect(dopo).toMatchObject({ username: 'Modifica2@test.local', nome: 'Mario', cognome: 'Verdi', nominativo: 'Mario Verdi', tipologiaAccount: 'user', passwordTemporanea: false, codice: u.codice });
    expect(await verifyPassword(dopo!.passwordHash, 'Vecchia-Password-1')).toBe(true);
    expect((await db.select().from(utentiClienti).where(eq(utentiClienti.utenteId, u.id))).map((l) => l.clienteId)).toEqual([c1.id]);
    // Still logged in: nothing about the login changed.
    expect((await get('sessione', sessione)).statusCode).toBe(200);

    await post('utenti/create', { utente_id: u.id, username: 'modifica2@test.local', password: 'Nuova-Temporanea', nome: 'Mario', cognome: 'Verdi', clienti: [c2.id] });
    const [ancora] = await db.select().from(utenti).where(eq(utenti.id, u.id));
    expect(await verifyPassword(ancora!.passwordHash, 'Nuova-Temporanea')).toBe(true);
    expect(ancora!.passwordTemporanea).toBe(true);
    expect((await db.select().from(utentiClienti).where(eq(utentiClienti.utenteId, u.id))).map((l) => l.clienteId)).toEqual([c2.id]);
    expect((await get('sessione', sessione)).statusCode).toBe(401);
    // The change shows in the history of the user and of the client it left and the one it joined.
    for (const q of [`utente_id=${u.id}`, `cliente_id=${c1.id}`, `cliente_id=${c2.id}`]) {
      expect((await storico(q)).filter((m) => m.azione === 'utente.modifica').length).toBeGreaterThan(0);
    }
    expect(JSON.stringify(await storico(`utente_id=${u.id}`))).not.toContain('Nuova-Temporanea');
  });

  it("keeps a user's own username on update but not another's", async () => {
    const { db } = t().database;
    const a = await createUtente(db, { username: 'primo@test.local' });
    await createUtente(db, { username: 'secondo@test.local' });
    expect((await post('utenti/create', { utente_id: a.id, username: 'PRIMO@test.local', nome: 'A', cognome: 'B' })).json().status).toBe(0);
    expect((await post('utenti/create', { utente_id: a.id, username: 'secondo@test.local', nome: 'A', cognome: 'B' })).json().status).toBe(1);
  });

  it('answers 400 with an Italian msg for missing and malformed fields, 404 for an unknown utente_id', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [nuovo({ username: undefined }), /campi richiesti/],
      [nuovo({ username: 'non-una-email' }), /indirizzo email/],
      [nuovo({ nome: '   ' }), /campi richiesti/],
      [nuovo({ cognome: undefined }), /campi richiesti/],
      [nuovo({ password: '' }), /campi richiesti/],
      [nuovo({ clienti: [] }), /seleziona almeno un cliente/],
      [nuovo({ clienti: undefined }), /seleziona almeno un cliente/],
      [nuovo({ clienti: ['abc'] }), /clienti non valido/],
      [nuovo({ clienti: 'x,y' }), /clienti non valido/],
      [nuovo({ tipologia_account: 'admin' }), /tipologia_account/],
      [nuovo({ utente_id: 'uno' }), /utente_id non valido/],
      [nuovo({ utente_id: 99999999999 }), /utente_id non valido/],
      [nuovo({ nome: 'x'.repeat(101) }), /troppo lungo/],
    ];
    for (const [payload, msg] of cases) {
      const res = await post('utenti/create', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().msg).toMatch(msg);
    }
    const ignoto = await post('utenti/create', nuovo({ utente_id: 987654 }));
    expect(ignoto.statusCode).toBe(404);
    expect(ignoto.json().msg).toBe('Utente non trovato.');
  });
});

describe('utenti/read', () => {
  it('lists users with their clients, never a password, filters by client, id and words, pages with totale', async () => {
    const { db } = t().database;
    const cx = await createCliente(db, { aziendaCodice: '0001', codice: '000900', ragioneSociale: 'Lettura S.r.l.' });
    const giallo = await createUtente(db, { clienti: [cx.id], nome: 'Anna', cognome: 'Giallo', username: 'anna.giallo@lettura.it' });
    const blu = await createUtente(db, { clienti: [cx.id], nome: 'Bruno', cognome: 'Blu', username: 'bruno.blu@lettura.it' });
    const res = await get(`utenti/read?cliente_id=${cx.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.totale).toBe(2);
    expect(body.utenti.map((u: { id: number }) => u.id)).toEqual([blu.id, giallo.id]);
    expect(body.utenti[0]).toEqual({
      id: blu.id, username: 'bruno.blu@lettura.it', nome: 'Bruno', cognome: 'Blu', nominativo: '', tipologia_account: 'cliente',
      status_login: 0, fatturato_metrica: 0, created_at: expect.any(String), updated_at: expect.any(String),
      clienti: [{
        id: cx.id, azienda_codice: '0001', azienda_ragionesociale: 'Ferramenta Distribuzione S.p.A.', cliente_codice: '000900', cliente_ragionesociale: 'Lettura S.r.l.',
        ruolo: 'titolare', stato: 'attivo', limite_ordine: null, budget_mensile: null, vede_prezzi: true, vede_documenti: true,
      }],
    });
    expect(res.body).not.toMatch(/password|argon2/i);
    expect((await get(`utenti/read?utente_id=${giallo.id}`)).json().utenti.map((u: { id: number }) => u.id)).toEqual([giallo.id]);
    expect((await get('utenti/read?stringa=%20LETTURA.it%20%20anna%20')).json().utenti.map((u: { id: number }) => u.id)).toEqual([giallo.id]);
    expect((await get('utenti/read?stringa=lettura%25')).json().totale).toBe(0);
    const pagina = (await get(`utenti/read?cliente_id=${cx.id}&start=1&limit=1`)).json();
    expect(pagina).toMatchObject({ totale: 2, utenti: [{ id: giallo.id }] });
    const tutti = (await get('utenti/read')).json();
    expect(tutti.totale).toBeGreaterThan(2);
    expect((await get('utenti/read?limit=500')).statusCode).toBe(200);
    expect((await get('utenti/read?cliente_id=424242')).json()).toEqual({ utenti: [], totale: 0 });
    expect((await get('utenti/read?utente_id=424242')).json()).toEqual({ utenti: [], totale: 0 });
  });

  it('answers 400 to malformed parameters', async () => {
    for (const q of ['limit=501', 'limit=0', 'start=-1', 'cliente_id=abc', 'utente_id=0', 'utente_id=1.5', `stringa=${'a'.repeat(101)}`]) {
      const res = await get(`utenti/read?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().msg).toEqual(expect.any(String));
    }
  });
});

describe('utenti/changeStatusLogin, utente/toggle_fatturato_metrica', () => {
  it('toggles the login and the turnover flag, records both, and disabling refuses the next login', async () => {
    const { db } = t().database;
    const u = await createUtente(db, { clienti: [c1.id], password: 'Password-Stato-1' });
    const res = await post('utenti/changeStatusLogin', { utente_id: u.id });
    expect(res.json()).toEqual({ status: 0, msg: 'Stato login utente aggiornato con successo.', status_login: 1 });
    const login = await t().app.inject({ method: 'POST', url: '/api/login/frontendfingerprint', payload: { username: u.username, password: u.password, fingerprint: 'a'.repeat(64) } });
    expect(login.json().utente.status).toBe(1);
    expect((await get(`utenti/changeStatusLogin?utente_id=${u.id}`)).json().status_login).toBe(0);
    expect((await post('utente/toggle_fatturato_metrica', { utente_id: u.id })).json()).toEqual({ status: 0, new_value: 1 });
    expect((await get(`utente/toggle_fatturato_metrica?utente_id=${u.id}`)).json()).toEqual({ status: 0, new_value: 0 });
    const azioni = (await storico(`utente_id=${u.id}`)).map((m) => m.azione);
    expect(azioni).toEqual(['utente.fatturato_metrica', 'utente.fatturato_metrica', 'utente.abilita', 'utente.disabilita']);
    expect((await storico(`cliente_id=${c1.id}`)).some((m) => m.azione === 'utente.disabilita')).toBe(true);
  });
});

describe('utenti/delete', () => {
  it("deletes the user and its sessions, keeps its orders with its code and name, frees the username", async () => {
    const { db } = t().database;
    const u = await createUtente(db, { clienti: [c1.id], username: 'cancellami@test.local' });
    const sessione = await loginCliente(t().app, u);
    const o = await createOrdine(db, { utenteId: u.id, clienteId: c1.id, utenteNome: 'Nome Cognome', totale: '12.500' });
    const res = await post('utenti/delete', { utente_id: u.id });
    expect(res.json()).toEqual({ status: 0, msg: 'Utente cancellato con successo.' });
    expect(await db.select().from(utenti).where(eq(utenti.id, u.id))).toEqual([]);
    expect(await db.select().from(sessioni).where(eq(sessioni.utenteId, u.id))).toEqual([]);
    const [kept] = await db.select().from(ordini).where(eq(ordini.id, o.id));
    expect(kept).toMatchObject({ utenteId: null, utenteCodice: u.codice, utenteNome: 'Nome Cognome', totale: '12.500' });
    expect((await get('sessione', sessione)).statusCode).toBe(401);
    const [audit] = await db.select().from(modificheAdmin).where(dsql`${modificheAdmin.utenteId} = ${u.id} AND ${modificheAdmin.azione} = 'utente.cancella'`);
    expect(audit).toMatchObject({ clienteId: c1.id, dettagli: { username: 'cancellami@test.local', codice: u.codice } });
    expect((await post('utenti/create', nuovo({ username: 'cancellami@test.local' }))).json().status).toBe(0);
    expect((await post('utenti/delete', { utente_id: u.id })).statusCode).toBe(404);
  });
});

describe('every user call', () => {
  const calls = ['utenti/changeStatusLogin', 'utenti/delete', 'utenti/mandacredenziali', 'utente/toggle_fatturato_metrica'];

  it.each(calls)('%s: 400 without or with a malformed utente_id, 404 for an unknown one', async (path) => {
    for (const payload of [{}, { utente_id: 'abc' }, { utente_id: -1 }, { utente_id: 3_000_000_000 }]) {
      const res = await post(path, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().msg).toMatch(/utente_id/);
    }
    const res = await post(path, { utente_id: 777777 });
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe('Utente non trovato.');
  });

  it.each([...calls, 'utenti/read', 'utenti/create'])('%s: 401 without a session, 403 for a customer', async (path) => {
    const method = path === 'utenti/read' ? 'GET' : 'POST';
    expect((await t().app.inject({ method, url: `/api/${path}?utente_id=1` })).statusCode).toBe(401);
    expect((await call(method, `${path}?utente_id=1`, { utente_id: 1 }, cliente)).statusCode).toBe(403);
  });
});
