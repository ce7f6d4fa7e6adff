import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../../server/app.js';
import { motivoPasswordDebole } from '../../../server/auth/cambio-password.js';
import { passwordTemporanea } from '../../../server/auth/passwords.js';
import { mailUscita, utenti } from '../../../server/db/schema/index.js';
import { createAdmin, createAzienda, createCliente, createUtente } from '../../support/factories.js';
import { fingerprint, loginAdmin, useTestApp } from '../../support/harness.js';
import { mailPer, passwordDellaMail } from '../../support/mail.js';

// A second app on the harness's database whose log stream (debug level) is captured.
const t = useTestApp();
let app: FastifyInstance;
const log: string[] = [];
let admin = '';
let cliente: { id: number; codice: string };

beforeAll(async () => {
  const { db } = t().database;
  const az = await createAzienda(db, { codice: '0001', ragioneSociale: 'Ferramenta Distribuzione S.p.A.' });
  cliente = await createCliente(db, { aziendaCodice: az.codice, codice: '000100', ragioneSociale: 'Ferramenta Rossi S.n.c.' });
  app = await buildApp({ ...t().config, logLevel: 'debug' }, { logStream: { write: (l: string) => { log.push(l); } } });
  admin = await loginAdmin(app, await createAdmin(db));
});

afterAll(async () => {
  await app?.close();
});

const login = (username: string, password: string, device = 'device-1') => app.inject({
  method: 'POST', url: '/api/login/frontendfingerprint', payload: { username, password, fingerprint: fingerprint(device) },
});
const cookieOf = (res: Awaited<ReturnType<typeof login>>) => {
  const c = res.cookies.find((k) => k.name === 'sid');
  if (!c) throw new Error(res.body);
  return `sid=${c.value}`;
};
const get = (url: string, cookie: string) => app.inject({ url: `/api/${url}`, headers: { cookie } });
const cambia = (cookie: string, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/password/cambia', headers: { cookie }, payload });
const liste = (u: { codice: string }) => `liste/read?utente_codice=${u.codice}&azienda_codice=0001&cliente_codice=000100`;
const mailDi = (utenteId: number) => t().database.db.select().from(mailUscita).where(eq(mailUscita.utenteId, utenteId));
/** The n-th mail sent to `to` (the apps' workers send it as an .eml file), once it is there. */
const mailInviata = (to: string, n = 1) => vi.waitFor(() => {
  const mails = mailPer(t().config.mailDir, to);
  expect(mails.length).toBeGreaterThanOrEqual(n);
  return mails[n - 1]!;
}, { timeout: 10_000 });

describe('utenti/mandacredenziali', () => {
  it('mails a fresh readable temporary password; the old one and its sessions stop; it is in no answer and no log line', async () => {
    const u = await createUtente(t().database.db, { clienti: [cliente.id], username: 'credenziali@test.local', password: 'Vecchia-Password-9' });
    const vecchia = cookieOf(await login(u.username, u.password));
    expect((await get('sessione', vecchia)).statusCode).toBe(200);

    const res = await app.inject({ method: 'POST', url: '/api/utenti/mandacredenziali', headers: { cookie: admin }, payload: { utente_id: u.id } });
    expect(res.json()).toEqual({ status: 0, msg: 'Credenziali inviate con successo.' });
    const mail = await mailInviata(u.username);
    expect(mail).toContain('Subject: Credenziali di accesso al portale');
    expect(mail).toContain('Gentile Nome');
    const password = passwordDellaMail(mail);
    expect(password).toMatch(/^[a-km-zA-HJ-NP-Z2-9]{5}-[a-km-zA-HJ-NP-Z2-9]{5}-[a-km-zA-HJ-NP-Z2-9]{5}$/);

    expect((await get('sessione', vecchia)).statusCode).toBe(401);
    expect((await login(u.username, 'Vecchia-Password-9')).json().utente).toMatchObject({ status: 1 });
    const nuova = await login(u.username, password);
    expect(nuova.json().utente).toMatchObject({ status: 0, cambio_password: 1 });

    const [row] = await t().database.db.select().from(utenti).where(eq(utenti.id, u.id));
    expect(row!.passwordTemporanea).toBe(true);
    const storico = (await app.inject({ url: `/api/modifiche/read?utente_id=${u.id}`, headers: { cookie: admin } })).body;
    expect(storico).toContain('utente.credenziali');
    for (const testo of [res.body, nuova.body, storico, log.join('\n')]) {
      expect(testo).not.toContain(password);
      expect(testo).not.toContain(row!.passwordHash);
    }
    expect(log.some((l) => l.includes('mandacredenziali'))).toBe(true);

    await app.inject({ method: 'POST', url: '/api/utenti/mandacredenziali', headers: { cookie: admin }, payload: { utente_id: u.id } });
    expect(passwordDellaMail(await mailInviata(u.username, 2))).not.toBe(password);
  });

  it("answers status 1 when the username is not an e-mail address, and mails nothing", async () => {
    const u = await createUtente(t().database.db, { username: 'senza-chiocciola' });
    const res = await app.inject({ method: 'POST', url: '/api/utenti/mandacredenziali', headers: { cookie: admin }, payload: { utente_id: u.id } });
    expect(res.json()).toMatchObject({ status: 1 });
    expect(await mailDi(u.id)).toEqual([]);
  });

  it('draws different passwords from the whole alphabet', () => {
    const viste = new Set(Array.from({ length: 200 }, passwordTemporanea));
    expect(viste.size).toBe(200);
    expect(new Set([...viste].join('').replace(/-/g, '')).size).toBeGreaterThan(50);
  });
});

describe('temporary passwords and password/cambia', () => {
  it('blocks every customer call but sessione and password/cambia until a strong new password is set', async () => {
    const { db } = t().database;
    const u = await createUtente(db, { clienti: [cliente.id], username: 'temporanea@test.local', password: 'ferramentarossisnc2024', passwordTemporanea: true });
    const res = await login(u.username, u.password);
    expect(res.json().utente).toMatchObject({ status: 0, cambio_password: 1 });
    const cookie = cookieOf(res);
    const altroDispositivo = cookieOf(await login(u.username, u.password, 'device-2'));

    const bloccata = await get(liste(u), cookie);
    expect(bloccata.statusCode).toBe(403);
    expect(bloccata.json()).toMatchObject({ msg: 'La password è temporanea: impostane una nuova per continuare.', cambio_password: 1 });
    expect(bloccata.json().code).toBe('cambio_password_richiesto');
    expect((await get('prodotti/random?cod_azienda=0001&cod_cliente=000100', cookie)).statusCode).toBe(403);
    expect((await get('sessione', cookie)).json().utente).toMatchObject({ cambio_password: 1 });

    // Refusals are 400s whose code names the field refused, which `campi` names too (for the form).
    const rifiuti: [Record<string, unknown>, string, string][] = [
      [{ password_attuale: 'sbagliata', nuova_password: 'Una-Password-Robusta-1' }, 'password_errata', 'La password attuale non è corretta.'],
      [{ password_attuale: u.password, nuova_password: 'Corta-1!' }, 'password_debole', 'La nuova password deve avere almeno 12 caratteri.'],
      [{ password_attuale: u.password, nuova_password: 'TEMPORANEA@test.local' }, 'password_debole', 'La nuova password non può essere lo username.'],
      [{ password_attuale: u.password, nuova_password: 'FerramentaRossi2024!' }, 'password_debole', "La nuova password non può essere il nome dell'azienda con un anno."],
      [{ password_attuale: u.password, nuova_password: 'Ferramenta Rossi S.n.c. 1999' }, 'password_debole', "La nuova password non può essere il nome dell'azienda con un anno."],
      [{ password_attuale: u.password, nuova_password: u.password }, 'password_debole', 'La nuova password deve essere diversa da quella attuale.'],
    ];
    for (const [payload, code, msg] of rifiuti) {
      const res = await cambia(cookie, payload);
      expect(res.statusCode, msg).toBe(400);
      const campo = code === 'password_errata' ? 'password_attuale' : 'nuova_password';
      expect(res.json(), msg).toEqual({ code, msg, requestId: expect.any(String), campi: { [campo]: msg } });
    }
    expect((await get(liste(u), cookie)).statusCode).toBe(403);

    const ok = await cambia(cookie, { password_attuale: u.password, nuova_password: 'Chiave inglese da 17!' });
    expect(ok.json()).toEqual({ status: 0, msg: 'Password modificata con successo.' });
    expect((await get(liste(u), cookie)).statusCode).toBe(200);
    expect((await get('sessione', cookie)).json().utente).toMatchObject({ cambio_password: 0 });
    // The other device's session was opened with the old password: it ends.
    expect((await get('sessione', altroDispositivo)).statusCode).toBe(401);
    expect((await login(u.username, u.password)).json().utente.status).toBe(1);
    expect((await login(u.username, 'Chiave inglese da 17!')).json().utente).toMatchObject({ status: 0, cambio_password: 0 });
    expect(log.join('\n')).not.toContain('Chiave inglese da 17!');
  });

  it('lets a customer without a temporary password change it too (I miei Dati)', async () => {
    const u = await createUtente(t().database.db, { clienti: [cliente.id], password: 'Password-Normale-1' });
    const cookie = cookieOf(await login(u.username, u.password));
    expect((await login(u.username, u.password)).json().utente.cambio_password).toBe(0);
    expect((await cambia(cookie, { password_attuale: u.password, nuova_password: 'Un-altra-password-2' })).json().status).toBe(0);
    expect((await get(liste(u), cookie)).statusCode).toBe(200);
  });

  it('answers 400 for missing or malformed fields, 404 to GET, 401 without a customer session', async () => {
    const u = await createUtente(t().database.db, { clienti: [cliente.id], password: 'Password-Normale-3' });
    const cookie = cookieOf(await login(u.username, u.password));
    for (const payload of [{}, { password_attuale: 'x' }, { nuova_password: 'Una-Password-Lunga' }, { password_attuale: 1, nuova_password: 2 }, { password_attuale: 'x', nuova_password: 'y'.repeat(201) }]) {
      const res = await cambia(cookie, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().msg).toMatch(/[Pp]assword/);
    }
    expect((await app.inject({ url: '/api/password/cambia?password_attuale=a&nuova_password=b', headers: { cookie } })).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: '/api/password/cambia', payload: { password_attuale: 'a', nuova_password: 'b' } })).statusCode).toBe(401);
    expect((await cambia(admin, { password_attuale: 'a', nuova_password: 'b' })).statusCode).toBe(401);
  });

  it('judges weak passwords by length, username and company name with a year', () => {
    const u = { username: 'mario.rossi@ferramentarossi.it', aziende: ['Ferramenta Rossi S.n.c.', 'Ferramenta Distribuzione S.p.A.'] };
    expect(motivoPasswordDebole('ferramentarossisnc2024', u)).toMatch(/azienda/);
    expect(motivoPasswordDebole('2023-Ferramenta-Rossi', u)).toMatch(/azienda/);
    expect(motivoPasswordDebole('FerramentaDistribuzione24', u)).toMatch(/azienda/);
    expect(motivoPasswordDebole('Mario.Rossi@FerramentaRossi.it', u)).toMatch(/username/);
    expect(motivoPasswordDebole('abcdefghijk', u)).toMatch(/12 caratteri/);
    expect(motivoPasswordDebole('ferramentarossi2024 e non solo', u)).toBeNull();
    expect(motivoPasswordDebole('Chiave inglese da 17!', u)).toBeNull();
  });
});
