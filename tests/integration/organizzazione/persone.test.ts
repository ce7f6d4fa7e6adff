import crypto from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG_PERMESSO } from '../../../shared/organizzazione-costanti.js';
import { MSG_ORGANIZZAZIONE as MSG } from '../../../shared/organizzazione-persone-costanti.js';
import { MSG_PASSWORD } from '../../../shared/utenti.js';
import { MSG_INVITO_SUPERATO } from '../../../server/posta/invia-mail.js';
import { createAzienda, createCliente, createOrdine, createUtente } from '../../support/factories.js';
import { fingerprint, useTestApp } from '../../support/harness.js';
import { mailPer } from '../../support/mail.js';

/**
 * "La mia azienda" (docs/regole/organizzazione.md#people): organizzazione/utenti, invita, reinvia,
 * utente, storico and invito/accetta, with the hostile cases: other roles, another client's codes
 * or people, replayed and expired links, two requests at once, the last Titolare.
 */
const t = useTestApp();
const sql = () => t().database.db.$client;

const AZ = '0001';
let A = { id: 0, codice: '' };
let B = { id: 0, codice: '' };
type Persona = { id: number; codice: string; username: string; password: string };
let mario: Persona; // Titolare of A
let luca: Persona; // Operatore of A
let anna: Persona; // Consultazione of A
let paola: Persona; // Acquisti of A
let giulia: Persona; // Titolare of B
const cookies = new Map<string, string>();

async function persona(username: string, clienti: { id: number; ruolo: string }[]): Promise<Persona> {
  const u = await createUtente(t().database.db, { username, clienti: clienti.map((c) => c.id), password: 'Vecchia-Password-1' });
  for (const c of clienti) await sql()`UPDATE utenti_clienti SET ruolo = ${c.ruolo} WHERE utente_id = ${u.id} AND cliente_id = ${c.id}`;
  return u;
}

const login = (username: string, password: string, device = 'device-1') => t().app.inject({
  method: 'POST', url: '/api/login/frontendfingerprint', payload: { username, password, fingerprint: fingerprint(device) },
});
async function sessione(p: { username: string; password: string }, device = 'device-1'): Promise<string> {
  const chiave = `${p.username}/${device}`;
  if (!cookies.has(chiave)) {
    const c = (await login(p.username, p.password, device)).cookies.find((k) => k.name === 'sid');
    if (!c) throw new Error(`login fallito: ${p.username}`);
    cookies.set(chiave, `sid=${c.value}`);
  }
  return cookies.get(chiave)!;
}

const scopeA = () => ({ azienda_codice: AZ, cliente_codice: A.codice });
const scopeB = () => ({ azienda_codice: AZ, cliente_codice: B.codice });
const get = (cookie: string | undefined, path: string, query: Record<string, string | number>) => t().app.inject({
  method: 'GET', url: `/api/${path}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`,
  headers: cookie ? { cookie } : {},
});
const post = (cookie: string | undefined, path: string, payload: object, remoteAddress = '127.0.0.1') =>
  t().app.inject({ method: 'POST', url: `/api/${path}`, payload, headers: cookie ? { cookie } : {}, remoteAddress });

const accetta = (token: string, password: string, remoteAddress = '10.9.0.1') => post(undefined, 'invito/accetta', { token, password }, remoteAddress);
const link = (utenteId: number, clienteId: number) =>
  sql()<{ ruolo: string; stato: string; limite_ordine: string | null; budget_mensile: string | null; vede_prezzi: boolean; vede_documenti: boolean }[]>`
    SELECT ruolo, stato, limite_ordine::text, budget_mensile::text, vede_prezzi, vede_documenti
    FROM utenti_clienti WHERE utente_id = ${utenteId} AND cliente_id = ${clienteId}`.then((r) => r[0]);
const eventi = (clienteId: number) =>
  sql()<{ azione: string; soggetto_nome: string; autore_nome: string; dettagli: Record<string, unknown> }[]>`
    SELECT azione, soggetto_nome, autore_nome, dettagli FROM eventi_organizzazione WHERE cliente_id = ${clienteId} ORDER BY id`;

/** The invitation's link of the n-th invitation mail to `to`, once the job has written it. */
const tokenDellInvito = (to: string, n = 1) => vi.waitFor(async () => {
  await t().app.deps.lavori.esegui();
  const mails = mailPer(t().config.mailDir, to).filter((m) => m.includes('Subject: Invito al portale ordini'));
  expect(mails.length).toBeGreaterThanOrEqual(n);
  const l = /https?:\/\/\S+\/invito\?token=([A-Za-z0-9_-]{43})/.exec(mails[n - 1]!);
  expect(l, mails[n - 1]).not.toBeNull();
  return l![1]!;
}, { timeout: 10_000 });

beforeAll(async () => {
  // The mail jobs run when a test says so (esegui).
  await t().app.deps.lavori.stop();
  const { db } = t().database;
  await createAzienda(db, { codice: AZ, ragioneSociale: 'Ferramenta Distribuzione S.p.A.' });
  A = await createCliente(db, { aziendaCodice: AZ, codice: '000100', ragioneSociale: 'Ferramenta Rossi S.n.c.' });
  B = await createCliente(db, { aziendaCodice: AZ, codice: '000200', ragioneSociale: 'Edil Bianchi S.r.l.' });
  mario = await persona('mario@rossi.test', [{ id: A.id, ruolo: 'titolare' }]);
  luca = await persona('luca@rossi.test', [{ id: A.id, ruolo: 'operatore' }]);
  anna = await persona('anna@rossi.test', [{ id: A.id, ruolo: 'consultazione' }]);
  paola = await persona('paola@rossi.test', [{ id: A.id, ruolo: 'acquisti' }]);
  giulia = await persona('giulia@bianchi.test', [{ id: B.id, ruolo: 'titolare' }]);
  await sql()`UPDATE utenti_clienti SET limite_ordine = 500, budget_mensile = 2000 WHERE utente_id = ${luca.id}`;
});

describe('access', () => {
  it('answers 401 without a session before reading the input', async () => {
    for (const [m, path] of [['GET', 'organizzazione/utenti'], ['POST', 'organizzazione/invita'], ['POST', 'organizzazione/reinvia'],
      ['POST', 'organizzazione/utente'], ['GET', 'organizzazione/storico']] as const) {
      const r = await t().app.inject({ method: m, url: `/api/${path}?azienda_codice=%00`, ...(m === 'POST' ? { payload: { x: 1 } } : {}) });
      expect(r.statusCode, path).toBe(401);
      expect(r.json().code).toBe('sessione_scaduta');
    }
  });

  it('refuses Operatore, Consultazione and Acquisti on every organizzazione call (403), changing nothing', async () => {
    for (const p of [luca, anna, paola]) {
      const c = await sessione(p);
      const risposte = [
        await get(c, 'organizzazione/utenti', scopeA()),
        await post(c, 'organizzazione/invita', { ...scopeA(), email: 'nuovo.x@rossi.test', nominativo: 'Nuovo X', ruolo: 'titolare' }),
        await post(c, 'organizzazione/reinvia', { ...scopeA(), utente_codice: luca.codice }),
        await post(c, 'organizzazione/utente', { ...scopeA(), utente_codice: mario.codice, sospeso: true }),
        await get(c, 'organizzazione/storico', scopeA()),
      ];
      for (const r of risposte) {
        expect(r.statusCode, `${p.username} ${r.body}`).toBe(403);
        expect(r.json()).toMatchObject({ code: 'accesso_negato', msg: MSG_PERMESSO.organizzazione });
      }
    }
    expect(await sql()`SELECT 1 FROM utenti WHERE username = 'nuovo.x@rossi.test'`).toEqual([]);
    expect((await link(mario.id, A.id))!.stato).toBe('attivo');
  });

  it('an Operatore cannot raise their own limit or role (403); nothing changes', async () => {
    const c = await sessione(luca);
    for (const cambio of [{ limite_ordine: 99999 }, { budget_mensile: null }, { ruolo: 'titolare' }, { vede_prezzi: true }]) {
      const r = await post(c, 'organizzazione/utente', { ...scopeA(), utente_codice: luca.codice, ...cambio });
      expect(r.statusCode).toBe(403);
    }
    expect(await link(luca.id, A.id)).toMatchObject({ ruolo: 'operatore', limite_ordine: '500.00', budget_mensile: '2000.00' });
  });

  it("a Titolare of one client cannot act on another client's codes, nor on a person of another client (403, nothing changed)", async () => {
    const c = await sessione(giulia);
    const suA = [
      await get(c, 'organizzazione/utenti', scopeA()),
      await post(c, 'organizzazione/invita', { ...scopeA(), email: 'intruso@bianchi.test', nominativo: 'Intruso', ruolo: 'titolare' }),
      await post(c, 'organizzazione/utente', { ...scopeA(), utente_codice: mario.codice, ruolo: 'consultazione' }),
      await post(c, 'organizzazione/reinvia', { ...scopeA(), utente_codice: mario.codice }),
      await get(c, 'organizzazione/storico', scopeA()),
    ];
    for (const r of suA) expect(r.statusCode, r.body).toBe(403);
    // Her own client's codes, someone else's person: refused too.
    for (const cambio of [{ ruolo: 'consultazione' }, { sospeso: true }, { rimuovi: true }, { limite_ordine: 1 }]) {
      const r = await post(c, 'organizzazione/utente', { ...scopeB(), utente_codice: mario.codice, ...cambio });
      expect(r.statusCode).toBe(403);
      expect(r.json().msg).toBe(MSG.personaSconosciuta);
    }
    expect((await post(c, 'organizzazione/reinvia', { ...scopeB(), utente_codice: luca.codice })).statusCode).toBe(403);
    expect((await post(c, 'organizzazione/utente', { ...scopeB(), utente_codice: 'U-NESSUNO', sospeso: true })).statusCode).toBe(403);
    expect(await sql()`SELECT 1 FROM utenti WHERE username = 'intruso@bianchi.test'`).toEqual([]);
    expect(await link(mario.id, A.id)).toMatchObject({ ruolo: 'titolare', stato: 'attivo' });
    expect(await eventi(A.id)).toEqual([]);
  });
});

describe('organizzazione/utenti', () => {
  it("lists the client's people with role, state, limits, switches, last login and the month's orders against the budget", async () => {
    const { db } = t().database;
    const inizioMese = new Date();
    // Counted: confirmed, and waiting or approved; not: rejected by approval, refused by the ERP, last month, another client.
    await createOrdine(db, { utenteId: luca.id, clienteId: A.id, righe: [{ qt: 3, prezzo: '100.000' }] });
    await createOrdine(db, { utenteId: luca.id, clienteId: A.id, responseCode: '202', responseStatus: 'In attesa di approvazione', approvazione: 'in_attesa', righe: [{ qt: 1, prezzo: '50.500' }] });
    await createOrdine(db, { utenteId: luca.id, clienteId: A.id, approvazione: 'approvato', righe: [{ qt: 1, prezzo: '20.000' }] });
    await createOrdine(db, { utenteId: luca.id, clienteId: A.id, responseCode: '202', approvazione: 'rifiutato', righe: [{ qt: 1, prezzo: '999.000' }] });
    await createOrdine(db, { utenteId: luca.id, clienteId: A.id, responseCode: '500', righe: [{ qt: 1, prezzo: '777.000' }] });
    await createOrdine(db, { utenteId: luca.id, clienteId: A.id, createdAt: new Date(inizioMese.getFullYear(), inizioMese.getMonth() - 1, 10), righe: [{ qt: 1, prezzo: '555.000' }] });
    await createOrdine(db, { utenteId: luca.id, clienteId: B.id, righe: [{ qt: 1, prezzo: '333.000' }] });
    await sessione(luca);
    const r = await get(await sessione(mario), 'organizzazione/utenti', scopeA());
    expect(r.statusCode, r.body).toBe(200);
    const { utenti } = r.json() as { utenti: Record<string, unknown>[] };
    expect(utenti.map((u) => u.email).sort()).toEqual(['anna@rossi.test', 'luca@rossi.test', 'mario@rossi.test', 'paola@rossi.test']);
    const l = utenti.find((u) => u.email === 'luca@rossi.test')!;
    expect(l).toMatchObject({
      utente_codice: luca.codice, ruolo: 'operatore', stato: 'attivo', limite_ordine: 500, budget_mensile: 2000,
      vede_prezzi: true, vede_documenti: true, ordinato_mese: 370.5, invito_scade: null, io: false,
    });
    expect(typeof l.ultimo_accesso).toBe('string');
    expect(Date.now() - Date.parse(l.ultimo_accesso as string)).toBeLessThan(60_000);
    expect(utenti.find((u) => u.email === 'mario@rossi.test')).toMatchObject({ io: true, ruolo: 'titolare', ordinato_mese: 0 });
  });

  it('refuses malformed codes with 400', async () => {
    const r = await get(await sessione(mario), 'organizzazione/utenti', { azienda_codice: AZ });
    expect(r.statusCode).toBe(400);
  });
});

describe('invitations', () => {
  it('invites a new person: a user invited, a mail whose link is stored only hashed; the link sets the password, once, and the person logs in', async () => {
    const c = await sessione(mario);
    const r = await post(c, 'organizzazione/invita', {
      ...scopeA(), email: 'Nuovo.Magazziniere@Rossi.test', nominativo: 'Marco De Santis', ruolo: 'operatore',
      limite_ordine: '250,50', budget_mensile: 1000, vede_prezzi: false,
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ status: 0, stato: 'invitato', msg: MSG.invitata('Nuovo.Magazziniere@Rossi.test') });
    const codice = r.json().utente_codice as string;
    const [u] = await sql()<{ id: number; nome: string; cognome: string; username: string; password_temporanea: boolean }[]>`
      SELECT id, nome, cognome, username, password_temporanea FROM utenti WHERE codice = ${codice}`;
    expect(u).toMatchObject({ nome: 'Marco', cognome: 'De Santis', username: 'Nuovo.Magazziniere@Rossi.test', password_temporanea: false });
    expect(await link(u!.id, A.id)).toMatchObject({ ruolo: 'operatore', stato: 'invitato', limite_ordine: '250.50', budget_mensile: '1000.00', vede_prezzi: false, vede_documenti: true });
    // Invited: no login yet, whatever the password.
    expect((await login(u!.username, 'Vecchia-Password-1')).json().utente.status).toBe(1);

    const token = await tokenDellInvito(u!.username);
    const [inv] = await sql()<{ token_hash: string; giorni: number }[]>`
      SELECT token_hash, round(extract(epoch FROM scade_at - now()) / 86400)::int AS giorni FROM inviti WHERE utente_id = ${u!.id}`;
    expect(inv).toEqual({ token_hash: crypto.createHash('sha256').update(token).digest('hex'), giorni: 7 });
    const mails = await sql()`SELECT destinatario, oggetto, testo, inviata_at FROM mail_uscita WHERE invito_id IS NOT NULL`;
    expect(mails[0]).toMatchObject({ destinatario: u!.username, oggetto: 'Invito al portale ordini', testo: null });
    expect(JSON.stringify(await sql()`SELECT * FROM mail_uscita`)).not.toContain(token);
    expect(JSON.stringify(await sql()`SELECT * FROM inviti`)).not.toContain(token);
    const testo = mailPer(t().config.mailDir, u!.username)[0]!;
    expect(testo).toContain('Ferramenta Rossi S.n.c.');
    expect(testo).toContain('/invito?token=');

    // The portal's password rules, under the field; the link stays usable.
    for (const [debole, msg] of [['corta', MSG_PASSWORD.corta], [u!.username, MSG_PASSWORD.username], ['FerramentaRossi2025', MSG_PASSWORD.azienda]]) {
      const w = await accetta(token, debole!);
      expect(w.statusCode).toBe(400);
      expect(w.json()).toMatchObject({ code: 'password_debole', msg, campi: { password: msg } });
    }
    const ok = await accetta(token, 'Scaffale-Bulloni-77');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ status: 0, msg: MSG.passwordImpostata });
    expect((await link(u!.id, A.id))!.stato).toBe('attivo');
    expect(await sql()`SELECT 1 FROM inviti WHERE utente_id = ${u!.id}`).toEqual([]);
    const l = (await login(u!.username, 'Scaffale-Bulloni-77')).json().utente;
    expect(l).toMatchObject({ status: 0, cambio_password: 0 });
    expect(l.clienti).toEqual([expect.objectContaining({ cliente_codice: A.codice, ruolo: 'operatore', vede_prezzi: false, limite_ordine: 250.5, budget_mensile: 1000 })]);

    // Replayed: refused, the password stays.
    const ancora = await accetta(token, 'Altra-Password-Lunga-9');
    expect(ancora.statusCode).toBe(400);
    expect(ancora.json()).toMatchObject({ code: 'link_non_valido', msg: MSG.linkNonValido });
    expect((await login(u!.username, 'Scaffale-Bulloni-77')).json().utente.status).toBe(0);
    const ev = (await eventi(A.id)).filter((e) => e.soggetto_nome === 'Marco De Santis');
    expect(ev.map((e) => e.azione)).toEqual(['invito', 'invito_accettato']);
    expect(ev[0]!.autore_nome).toContain('Nome');
    expect(ev[0]!.dettagli).toMatchObject({ email: u!.username, dopo: { ruolo: 'operatore', limite_ordine: 250.5, budget_mensile: 1000, vede_prezzi: false } });
  });

  it('refuses a malformed invitation with 400 and the field, creating nothing', async () => {
    const c = await sessione(mario);
    const base = { ...scopeA(), email: 'malformato@rossi.test', nominativo: 'Mal Formato', ruolo: 'operatore' };
    const casi: [object, string][] = [
      [{ email: 'non-una-mail' }, 'email'], [{ email: '' }, 'email'], [{ nominativo: '   ' }, 'nominativo'], [{ ruolo: 'capo' }, 'ruolo'],
      [{ limite_ordine: -1 }, 'limite_ordine'], [{ limite_ordine: '12.345' }, 'limite_ordine'], [{ budget_mensile: 1.005 }, 'budget_mensile'],
      [{ budget_mensile: 'mille' }, 'budget_mensile'], [{ limite_ordine: 1e12 }, 'limite_ordine'], [{ vede_prezzi: 'forse' }, 'vede_prezzi'],
      [{ nominativo: 'x'.repeat(201) }, 'nominativo'],
    ];
    for (const [cambio, campo] of casi) {
      const r = await post(c, 'organizzazione/invita', { ...base, ...cambio });
      expect(r.statusCode, JSON.stringify(cambio)).toBe(400);
      expect(r.json().code).toBe('dati_non_validi');
      expect(Object.keys(r.json().campi ?? {}), JSON.stringify(cambio)).toContain(campo);
    }
    expect(await sql()`SELECT 1 FROM utenti WHERE username = 'malformato@rossi.test'`).toEqual([]);
  });

  it("an e-mail of a portal user links that user, active at once, with a short mail; linked already: 400", async () => {
    const c = await sessione(mario);
    const r = await post(c, 'organizzazione/invita', { ...scopeA(), email: 'GIULIA@bianchi.test', nominativo: 'Giulia', ruolo: 'acquisti' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ status: 0, stato: 'attivo', utente_codice: giulia.codice });
    expect(await link(giulia.id, A.id)).toMatchObject({ ruolo: 'acquisti', stato: 'attivo' });
    expect(await sql()`SELECT count(*)::int AS n FROM utenti WHERE lower(username) = 'giulia@bianchi.test'`).toEqual([{ n: 1 }]);
    expect((await eventi(A.id)).at(-1)).toMatchObject({ azione: 'collegamento', soggetto_nome: expect.stringContaining('Nome') });
    await t().app.deps.lavori.esegui();
    await vi.waitFor(() => expect(mailPer(t().config.mailDir, giulia.username).some((m) => m.includes('Subject: Nuovo cliente nel portale ordini'))).toBe(true));
    const again = await post(c, 'organizzazione/invita', { ...scopeA(), email: 'giulia@bianchi.test', nominativo: 'Giulia', ruolo: 'operatore' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ msg: MSG.giaCollegata, campi: { email: MSG.giaCollegata } });
    expect((await link(giulia.id, A.id))!.ruolo).toBe('acquisti');
    // Her login now offers both clients.
    const l = (await login(giulia.username, giulia.password, 'device-g')).json().utente;
    expect(l.clienti.map((x: { cliente_codice: string }) => x.cliente_codice).sort()).toEqual([A.codice, B.codice]);
    await post(c, 'organizzazione/utente', { ...scopeA(), utente_codice: giulia.codice, rimuovi: true });
  });

  it('the same new address invited twice at once: one user, one link, the other refused', async () => {
    const c = await sessione(mario);
    const body = { ...scopeA(), email: 'doppio.invito@rossi.test', nominativo: 'Doppio Invito', ruolo: 'operatore' };
    const rr = await Promise.all([post(c, 'organizzazione/invita', body), post(c, 'organizzazione/invita', body)]);
    expect(rr.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(await sql()`SELECT count(*)::int AS n FROM utenti WHERE username = 'doppio.invito@rossi.test'`).toEqual([{ n: 1 }]);
  });

  describe('to several of the Titolare\'s clients at once (altri_clienti)', () => {
    // Sara: Titolare of D and of C (another company), Acquisti of B; Pietro already of C.
    let C = { id: 0, codice: '' };
    let D = { id: 0, codice: '' };
    let sara: Persona;
    let pietro: Persona;
    const scopeC = () => ({ azienda_codice: '0002', cliente_codice: C.codice });
    const scopeD = () => ({ azienda_codice: AZ, cliente_codice: D.codice });
    beforeAll(async () => {
      await createAzienda(t().database.db, { codice: '0002', ragioneSociale: 'Bianchi Distribuzione S.r.l.' });
      C = await createCliente(t().database.db, { aziendaCodice: '0002', codice: '000300', ragioneSociale: 'Edil Sara S.r.l.' });
      D = await createCliente(t().database.db, { aziendaCodice: AZ, codice: '000400', ragioneSociale: 'Sara Utensili S.a.s.' });
      sara = await persona('sara@multi.test', [{ id: D.id, ruolo: 'titolare' }, { id: B.id, ruolo: 'acquisti' }, { id: C.id, ruolo: 'titolare' }]);
      pietro = await persona('pietro@multi.test', [{ id: C.id, ruolo: 'operatore' }]);
    });
    const utente = async (email: string) => (await sql()<{ id: number }[]>`SELECT id FROM utenti WHERE lower(username) = ${email}`)[0];

    it('one user, linked with the same role and limits to each chosen client, one invitation and one mail naming them; the link activates all', async () => {
      const c = await sessione(sara);
      const r = await post(c, 'organizzazione/invita', {
        ...scopeD(), email: 'multi@nuovo.test', nominativo: 'Carla Multi', ruolo: 'operatore', limite_ordine: 300, altri_clienti: [scopeC()],
      });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json()).toMatchObject({ status: 0, stato: 'invitato' });
      const u = (await utente('multi@nuovo.test'))!;
      for (const cl of [D, C]) expect(await link(u.id, cl.id)).toMatchObject({ ruolo: 'operatore', stato: 'invitato', limite_ordine: '300.00' });
      expect(await link(u.id, B.id)).toBeUndefined();
      expect(await sql()`SELECT count(*)::int AS n FROM inviti WHERE utente_id = ${u.id}`).toEqual([{ n: 1 }]);
      const token = await tokenDellInvito('multi@nuovo.test');
      const mails = mailPer(t().config.mailDir, 'multi@nuovo.test');
      expect(mails.length).toBe(1);
      expect(mails[0]).toContain('Edil Sara S.r.l.');
      expect(mails[0]).toContain('Sara Utensili S.a.s.');
      expect((await accetta(token, 'Cantiere-Multiplo-42')).statusCode).toBe(200);
      for (const cl of [D, C]) expect((await link(u.id, cl.id))!.stato).toBe('attivo');
      for (const cl of [D, C]) expect((await eventi(cl.id)).filter((e) => e.soggetto_nome === 'Carla Multi').map((e) => e.azione)).toEqual(['invito', 'invito_accettato']);
    });

    it('refuses (403) a client the Titolare is not Titolare of, or not linked to, creating nothing', async () => {
      const c = await sessione(sara);
      const body = { ...scopeD(), email: 'mai@creato.test', nominativo: 'Mai Creato', ruolo: 'operatore' };
      for (const altri of [[scopeB()], [scopeC(), scopeA()], [scopeC(), { azienda_codice: AZ, cliente_codice: '999999' }]]) {
        const r = await post(c, 'organizzazione/invita', { ...body, altri_clienti: altri });
        expect(r.statusCode, r.body).toBe(403);
      }
      // Giulia, Titolare of B only, naming D.
      expect((await post(await sessione(giulia), 'organizzazione/invita', { ...body, ...scopeB(), altri_clienti: [scopeD()] })).statusCode).toBe(403);
      expect(await utente('mai@creato.test')).toBeUndefined();
      expect(await sql()`SELECT 1 FROM eventi_organizzazione WHERE dettagli->>'email' = 'mai@creato.test'`).toEqual([]);
      const bad = await post(c, 'organizzazione/invita', { ...body, altri_clienti: [{ azienda_codice: AZ }] });
      expect(bad.statusCode).toBe(400);
    });

    it('twice at once creates one user with its links once; a person already linked to one of the clients: 400, nothing added', async () => {
      const c = await sessione(sara);
      const body = { ...scopeD(), email: 'doppio@multi.test', nominativo: 'Doppio Multi', ruolo: 'consultazione', altri_clienti: [scopeC()] };
      const rr = await Promise.all([post(c, 'organizzazione/invita', body), post(c, 'organizzazione/invita', body)]);
      expect(rr.map((r) => r.statusCode).sort()).toEqual([200, 400]);
      const u = (await utente('doppio@multi.test'))!;
      expect(await sql()`SELECT count(*)::int AS n FROM utenti_clienti WHERE utente_id = ${u.id}`).toEqual([{ n: 2 }]);
      expect(await sql()`SELECT count(*)::int AS n FROM eventi_organizzazione WHERE dettagli->>'email' = 'doppio@multi.test'`).toEqual([{ n: 2 }]);
      // Pietro is already of C: inviting him to D and C adds nothing.
      const gia = await post(c, 'organizzazione/invita', { ...scopeD(), email: pietro.username, nominativo: 'Pietro', ruolo: 'operatore', altri_clienti: [scopeC()] });
      expect(gia.statusCode).toBe(400);
      expect(gia.json().campi.email).toBe(MSG.giaCollegataA('Edil Sara S.r.l.'));
      expect(await link(pietro.id, D.id)).toBeUndefined();
    });
  });

  it('re-sending voids the old link; an expired link is refused as expired; two accepts at once: one wins', async () => {
    const c = await sessione(mario);
    const r = await post(c, 'organizzazione/invita', { ...scopeA(), email: 'reinvio@rossi.test', nominativo: 'Rita Invio', ruolo: 'consultazione' });
    const codice = r.json().utente_codice as string;
    const primo = await tokenDellInvito('reinvio@rossi.test', 1);
    const re = await post(c, 'organizzazione/reinvia', { ...scopeA(), utente_codice: codice });
    expect(re.statusCode, re.body).toBe(200);
    expect(re.json()).toEqual({ status: 0, msg: MSG.reinviato('reinvio@rossi.test') });
    // Void at once, before the new mail leaves.
    expect((await accetta(primo, 'Scaffale-Bulloni-77')).json().code).toBe('link_non_valido');
    const secondo = await tokenDellInvito('reinvio@rossi.test', 2);
    expect(secondo).not.toBe(primo);
    expect((await accetta(primo, 'Scaffale-Bulloni-77')).json().code).toBe('link_non_valido');

    // Expired.
    await sql()`UPDATE inviti SET scade_at = now() - interval '1 minute' WHERE utente_id = (SELECT id FROM utenti WHERE codice = ${codice})`;
    const scaduto = await accetta(secondo, 'Scaffale-Bulloni-77');
    expect(scaduto.statusCode).toBe(400);
    expect(scaduto.json()).toMatchObject({ code: 'link_scaduto', msg: MSG.linkScaduto });
    // Its mail waiting past the days is not sent.
    await post(c, 'organizzazione/reinvia', { ...scopeA(), utente_codice: codice });
    await sql()`UPDATE inviti SET scade_at = now() - interval '1 minute' WHERE utente_id = (SELECT id FROM utenti WHERE codice = ${codice})`;
    await t().app.deps.lavori.esegui();
    const [ultima] = await sql()`SELECT inviata_at, ultimo_errore FROM mail_uscita WHERE invito_id IS NOT NULL ORDER BY id DESC LIMIT 1`;
    expect(ultima).toMatchObject({ inviata_at: null, ultimo_errore: MSG_INVITO_SUPERATO });

    // A fresh one, used twice at once.
    await post(c, 'organizzazione/reinvia', { ...scopeA(), utente_codice: codice });
    const terzo = await tokenDellInvito('reinvio@rossi.test', 3);
    const due = await Promise.all([accetta(terzo, 'Scaffale-Bulloni-77', '10.9.0.2'), accetta(terzo, 'Chiave-Inglese-2030', '10.9.0.2')]);
    expect(due.map((x) => x.statusCode).sort()).toEqual([200, 400]);
    const vinta = due[0]!.statusCode === 200 ? 'Scaffale-Bulloni-77' : 'Chiave-Inglese-2030';
    expect((await login('reinvio@rossi.test', vinta)).json().utente.status).toBe(0);
    expect((await eventi(A.id)).filter((e) => e.soggetto_nome === 'Rita Invio').map((e) => e.azione))
      .toEqual(['invito', 'invito_reinviato', 'invito_reinviato', 'invito_reinviato', 'invito_accettato']);
    // Malformed: 400, nothing sent.
    for (const body of [{ ...scopeA() }, { ...scopeA(), utente_codice: '' }, { ...scopeA(), utente_codice: 42 }]) {
      const r = await post(c, 'organizzazione/reinvia', body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json().code).toBe('dati_non_validi');
    }
    // Accepted: nothing left to send again.
    const dopo = await post(c, 'organizzazione/reinvia', { ...scopeA(), utente_codice: codice });
    expect(dopo.statusCode).toBe(400);
    expect(dopo.json().msg).toBe(MSG.nonInvitata);
  });

  it('malformed and unknown tokens are refused, then limited per address (429)', async () => {
    for (const token of ['', 'abc', `${'a'.repeat(43)}!`]) {
      const r = await accetta(token, 'Scaffale-Bulloni-77');
      expect(r.statusCode).toBe(400);
      expect(r.json()).toMatchObject({ code: 'dati_non_validi', campi: { token: MSG.linkNonValido } });
    }
    const da = '10.9.9.9';
    for (let i = 0; i < 10; i++) expect((await accetta(crypto.randomBytes(32).toString('base64url'), 'Scaffale-Bulloni-77', da)).statusCode).toBe(400);
    const troppi = await accetta(crypto.randomBytes(32).toString('base64url'), 'Scaffale-Bulloni-77', da);
    expect(troppi.statusCode).toBe(429);
    expect(troppi.headers['retry-after']).toBeDefined();
  });
});

describe('organizzazione/utente', () => {
  it('changes role, limits and switches, each an event with before and after; the person sees it at their next call', async () => {
    const c = await sessione(mario);
    const lc = await sessione(luca);
    const r = await post(c, 'organizzazione/utente', {
      ...scopeA(), utente_codice: luca.codice, ruolo: 'acquisti', limite_ordine: null, budget_mensile: '1500', vede_documenti: false,
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ status: 0, utente: { utente_codice: luca.codice, ruolo: 'acquisti', limite_ordine: null, budget_mensile: 1500, vede_documenti: false } });
    expect(await link(luca.id, A.id)).toMatchObject({ ruolo: 'acquisti', limite_ordine: null, budget_mensile: '1500.00', vede_documenti: false });
    const ultimi = (await eventi(A.id)).slice(-3);
    expect(ultimi).toEqual([
      expect.objectContaining({ azione: 'ruolo', dettagli: { prima: { ruolo: 'operatore' }, dopo: { ruolo: 'acquisti' } } }),
      expect.objectContaining({ azione: 'limiti', dettagli: { prima: { limite_ordine: 500, budget_mensile: 2000 }, dopo: { limite_ordine: null, budget_mensile: 1500 } } }),
      expect.objectContaining({ azione: 'permessi', dettagli: { prima: { vede_prezzi: true, vede_documenti: true }, dopo: { vede_prezzi: true, vede_documenti: false } } }),
    ]);
    const s = (await get(lc, 'sessione', {})).json().utente.clienti[0];
    expect(s).toMatchObject({ ruolo: 'acquisti', vede_documenti: false, limite_ordine: null });
    // The same change again: nothing new in the history.
    const n = (await eventi(A.id)).length;
    expect((await post(c, 'organizzazione/utente', { ...scopeA(), utente_codice: luca.codice, ruolo: 'acquisti' })).statusCode).toBe(200);
    expect((await eventi(A.id)).length).toBe(n);
    await post(c, 'organizzazione/utente', { ...scopeA(), utente_codice: luca.codice, ruolo: 'operatore', limite_ordine: 500, budget_mensile: 2000, vede_documenti: true });
  });

  it('refuses malformed changes with 400, changing nothing', async () => {
    const c = await sessione(mario);
    for (const cambio of [{}, { rimuovi: false }, { ruolo: 'boss' }, { limite_ordine: -5 }, { budget_mensile: '1,234' }, { sospeso: 'sì' }]) {
      const r = await post(c, 'organizzazione/utente', { ...scopeA(), utente_codice: luca.codice, ...cambio });
      expect(r.statusCode, JSON.stringify(cambio)).toBe(400);
      expect(r.json().code).toBe('dati_non_validi');
    }
    expect(await link(luca.id, A.id)).toMatchObject({ ruolo: 'operatore', limite_ordine: '500.00', stato: 'attivo' });
  });

  it('a suspended person is refused on that client at once and keeps the others; suspended from the only one, every session ends; reactivated, back', async () => {
    const c = await sessione(mario);
    // Franco works for A and B.
    const franco = await persona('franco@rossi.test', [{ id: A.id, ruolo: 'operatore' }, { id: B.id, ruolo: 'operatore' }]);
    const fc = await sessione(franco);
    expect((await get(fc, 'carrello/leggi', scopeA())).statusCode).toBe(200);
    const r = await post(c, 'organizzazione/utente', { ...scopeA(), utente_codice: franco.codice, sospeso: true });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().utente).toMatchObject({ stato: 'sospeso' });
    expect((await get(fc, 'carrello/leggi', scopeA())).statusCode).toBe(403);
    expect((await get(fc, 'carrello/leggi', scopeB())).statusCode).toBe(200);
    expect((await post(c, 'organizzazione/utente', { ...scopeA(), utente_codice: franco.codice, sospeso: false })).json().utente).toMatchObject({ stato: 'attivo' });
    expect((await get(fc, 'carrello/leggi', scopeA())).statusCode).toBe(200);

    // Anna has only A: suspended, her session ends; her login opens none.
    const ac = await sessione(anna);
    expect((await get(ac, 'carrello/leggi', scopeA())).statusCode).toBe(200);
    expect((await post(c, 'organizzazione/utente', { ...scopeA(), utente_codice: anna.codice, sospeso: true })).statusCode).toBe(200);
    expect((await get(ac, 'carrello/leggi', scopeA())).statusCode).toBe(401);
    expect((await login(anna.username, anna.password)).json().utente).toMatchObject({ status: 0, clienti: [] });
    cookies.delete(`${anna.username}/device-1`);
    expect((await post(c, 'organizzazione/utente', { ...scopeA(), utente_codice: anna.codice, sospeso: false })).statusCode).toBe(200);
    expect((await get(await sessione(anna), 'carrello/leggi', scopeA())).statusCode).toBe(200);
    const suoi = await sql()`SELECT azione FROM eventi_organizzazione WHERE cliente_id = ${A.id} AND soggetto_utente_id = ${anna.id} ORDER BY id`;
    expect(suoi.map((e) => e.azione)).toEqual(['sospensione', 'riattivazione']);
  });

  it('the last active Titolare cannot be demoted, suspended or removed, by themselves either; two demotions at once leave one', async () => {
    const c = await sessione(mario);
    for (const cambio of [{ ruolo: 'acquisti' }, { sospeso: true }, { rimuovi: true }]) {
      const r = await post(c, 'organizzazione/utente', { ...scopeA(), utente_codice: mario.codice, ...cambio });
      expect(r.statusCode, JSON.stringify(cambio)).toBe(400);
      expect(r.json().msg).toBe(MSG.ultimoTitolare);
    }
    expect(await link(mario.id, A.id)).toMatchObject({ ruolo: 'titolare', stato: 'attivo' });

    // A second Titolare: each demotes the other at once; one wins.
    const sara = await persona('sara@rossi.test', [{ id: A.id, ruolo: 'titolare' }]);
    const sc = await sessione(sara);
    const due = await Promise.all([
      post(c, 'organizzazione/utente', { ...scopeA(), utente_codice: sara.codice, ruolo: 'operatore' }),
      post(sc, 'organizzazione/utente', { ...scopeA(), utente_codice: mario.codice, ruolo: 'operatore' }),
    ]);
    expect(due.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const titolari = await sql()`SELECT utente_id FROM utenti_clienti WHERE cliente_id = ${A.id} AND ruolo = 'titolare' AND stato = 'attivo'`;
    expect(titolari).toHaveLength(1);
    // Mario again Titolare for the next tests.
    if (titolari[0]!.utente_id !== mario.id) {
      expect((await post(sc, 'organizzazione/utente', { ...scopeA(), utente_codice: mario.codice, ruolo: 'titolare' })).statusCode).toBe(200);
    }
    expect((await post(c, 'organizzazione/utente', { ...scopeA(), utente_codice: sara.codice, rimuovi: true })).statusCode).toBe(200);
    expect(await link(sara.id, A.id)).toBeUndefined();
    // She had accepted (a password of her own): the user stays, without clients, without sessions.
    expect(await sql()`SELECT 1 FROM utenti WHERE id = ${sara.id}`).toHaveLength(1);
    expect((await get(sc, 'sessione', {})).statusCode).toBe(401);
  });

  it('removing a person only invited, with no other client, deletes the user; their link stops working', async () => {
    const c = await sessione(mario);
    const r = await post(c, 'organizzazione/invita', { ...scopeA(), email: 'solo.invitato@rossi.test', nominativo: 'Solo Invitato', ruolo: 'operatore' });
    const token = await tokenDellInvito('solo.invitato@rossi.test');
    const via = await post(c, 'organizzazione/utente', { ...scopeA(), utente_codice: r.json().utente_codice, rimuovi: true });
    expect(via.statusCode, via.body).toBe(200);
    expect(via.json()).toMatchObject({ status: 0, utente: null });
    expect(await sql()`SELECT 1 FROM utenti WHERE username = 'solo.invitato@rossi.test'`).toEqual([]);
    expect((await accetta(token, 'Scaffale-Bulloni-77')).json().code).toBe('link_non_valido');
    expect((await eventi(A.id)).at(-1)).toMatchObject({ azione: 'rimozione', soggetto_nome: 'Solo Invitato' });
  });
});

describe('organizzazione/storico', () => {
  it('newest first with Italian labels, author and person, paged, filterable by person', async () => {
    const c = await sessione(mario);
    const r = await get(c, 'organizzazione/storico', { ...scopeA(), limit: 5 });
    expect(r.statusCode, r.body).toBe(200);
    const { eventi: ev, totale } = r.json() as { eventi: { id: number; azione: string; etichetta: string; autore: string; persona: string; created_at: string }[]; totale: number };
    expect(ev).toHaveLength(5);
    expect(totale).toBe((await eventi(A.id)).length);
    expect(ev[0]).toMatchObject({ azione: 'rimozione', etichetta: 'Persona rimossa', persona: 'Solo Invitato' });
    for (let i = 1; i < ev.length; i++) expect(ev[i - 1]!.id).toBeGreaterThan(ev[i]!.id);

    const solo = await get(c, 'organizzazione/storico', { ...scopeA(), utente_codice_persona: luca.codice, limit: 100 });
    const sue = solo.json().eventi as { persona_codice: string; etichetta: string }[];
    expect(sue.length).toBeGreaterThan(0);
    expect(sue.every((e) => e.persona_codice === luca.codice)).toBe(true);
    expect(sue.map((e) => e.etichetta)).toContain('Ruolo cambiato');
    // Another client's person: nothing of theirs here.
    expect((await get(c, 'organizzazione/storico', { ...scopeA(), utente_codice_persona: giulia.codice })).json().eventi
      .filter((e: { azione: string }) => e.azione !== 'collegamento' && e.azione !== 'rimozione')).toEqual([]);
    for (const q of [{ limit: 0 }, { limit: 101 }, { start: -1 }] as Record<string, number>[]) {
      expect((await get(c, 'organizzazione/storico', { ...scopeA(), ...q })).statusCode, JSON.stringify(q)).toBe(400);
    }
  });
});
