import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../server/auth/login.service.js';
import { dispositivi, modificheAdmin, sessioni, tentativiLogin } from '../../../server/db/schema/index.js';
import { createAdmin, createAzienda, createCliente, createUtente } from '../../support/factories.js';
import { cookieFrom, fingerprint, loginAdmin, useTestApp } from '../../support/harness.js';

const t = useTestApp();
let tecnico = '';
let amministratore = '';
let cliente = '';
let u1: Awaited<ReturnType<typeof createUtente>>;
let u2: Awaited<ReturnType<typeof createUtente>>;

const login = (u: { username: string; password: string }, seed: string, ip = '10.1.1.1') => t().app.inject({
  method: 'POST', url: '/api/login/frontendfingerprint', remoteAddress: ip,
  payload: {
    username: u.username, password: u.password, fingerprint: fingerprint(seed), screen_resolution: '1920x1080', timezone: 'Europe/Rome',
    language: 'it-IT', platform: 'Win32', browserInfo: { userAgent: 'Mozilla/5.0 prova', colorDepth: 24, pixelRatio: 1.25, cookieEnabled: true },
  },
});
const get = (url: string, cookie = tecnico) => t().app.inject({ url: `/api/${url}`, headers: { cookie } });
const post = (url: string, payload: object, cookie = tecnico) => t().app.inject({ method: 'POST', url: `/api/${url}`, headers: { cookie }, payload });
const sessione = (cookie: string) => t().app.inject({ url: '/api/sessione', headers: { cookie } });
const approvazione = (v: 0 | 1) => post('impostazioni/update', { approvazione_dispositivi: v });
const device = (u: { id: number }, seed: string) => ({ user_id: u.id, fingerprint: fingerprint(seed), ip: '10.1.1.1' });
const riga = async (u: { id: number }, seed: string) => (await t().database.db.select().from(dispositivi)
  .where(and(eq(dispositivi.utenteId, u.id), eq(dispositivi.fingerprint, fingerprint(seed)))))[0];

beforeAll(async () => {
  const { db } = t().database;
  const c = await createCliente(db, { aziendaCodice: (await createAzienda(db)).codice });
  u1 = await createUtente(db, { nome: 'Mario', cognome: 'Rossi', clienti: [c.id] });
  u2 = await createUtente(db, { nome: 'Giulia', cognome: 'Bianchi', clienti: [c.id] });
  tecnico = await loginAdmin(t().app, await createAdmin(db, { username: 'tecnico.disp', tipologia: 'tecnico' }));
  amministratore = await loginAdmin(t().app, await createAdmin(db, { tipologia: 'amministratore' }));
  cliente = cookieFrom(await login(u1, 'pc-ufficio'));
  await login(u1, 'tablet');
  await login(u2, 'pc-magazzino');
});

afterAll(async () => {
  await approvazione(0);
});

describe('devices/all and devices/byuser', () => {
  it('devices/all lists every device with its user, newest first, with the documented fields', async () => {
    const res = await get('devices/all');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.status).toBe('0');
    expect(body.totale).toBe(3);
    expect(body.devices.map((d: { fingerprint: string }) => d.fingerprint))
      .toEqual([fingerprint('pc-magazzino'), fingerprint('tablet'), fingerprint('pc-ufficio')]);
    expect(body.devices[2]).toEqual({
      id: expect.any(Number), user_id: u1.id, utente_nome: 'Mario', utente_cognome: 'Rossi', platform: 'Win32',
      user_agent: 'Mozilla/5.0 prova', ip: '10.1.1.1', fingerprint: fingerprint('pc-ufficio'), cookie_enabled: 1,
      screen_resolution: '1920x1080', color_depth: 24, pixel_ratio: 1.25, language: 'it-IT', timezone: 'Europe/Rome',
      authorized: 1, created_at: expect.any(String), updated_at: expect.any(String),
    });
    expect(Number.isNaN(Date.parse(body.devices[2].created_at))).toBe(false);
  });

  it('devices/all pages with start and limit, and refuses a bad page', async () => {
    const page = (await get('devices/all?start=1&limit=1')).json();
    expect(page.devices.map((d: { fingerprint: string }) => d.fingerprint)).toEqual([fingerprint('tablet')]);
    expect(page.totale).toBe(3);
    expect((await get('devices/all?limit=0')).statusCode).toBe(400);
    expect((await get('devices/all?limit=5000')).statusCode).toBe(400);
    expect((await get('devices/all?start=-1')).statusCode).toBe(400);
  });

  it("devices/byuser gives one user's devices to every admin", async () => {
    for (const cookie of [amministratore, tecnico]) {
      const body = (await get(`devices/byuser?user_id=${u1.id}`, cookie)).json();
      expect(body.status).toBe('success');
      expect(body.devices.map((d: { fingerprint: string }) => d.fingerprint)).toEqual([fingerprint('tablet'), fingerprint('pc-ufficio')]);
      expect(body.devices.every((d: { user_id: number; utente_cognome: string }) => d.user_id === u1.id && d.utente_cognome === 'Rossi')).toBe(true);
    }
    const { db } = t().database;
    const senza = await createUtente(db);
    expect((await get(`devices/byuser?user_id=${senza.id}`, amministratore)).json()).toEqual({ status: 'success', devices: [], totale: 0 });
  });

  it('devices/byuser refuses a missing, malformed or unknown user', async () => {
    const missing = await get('devices/byuser', amministratore);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toMatch(/user_id obbligatorio/);
    expect((await get('devices/byuser?user_id=abc', amministratore)).statusCode).toBe(400);
    expect((await get('devices/byuser?user_id=0', amministratore)).statusCode).toBe(400);
    const unknown = await get('devices/byuser?user_id=999999', amministratore);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().msg).toMatch(/Utente 999999 non trovato/);
  });

  it('answer 401 without a session and 403 to a customer; devices/all is for a tecnico only', async () => {
    for (const url of ['devices/all', `devices/byuser?user_id=${u1.id}`]) {
      expect((await t().app.inject({ url: `/api/${url}` })).statusCode).toBe(401);
      expect((await get(url, cliente)).statusCode).toBe(403);
    }
    expect((await get('devices/all', amministratore)).statusCode).toBe(403);
  });
});

describe('device/accept and device/revoke', () => {
  it("with 'Approvazione dispositivi' on, a new device waits, login is refused until device/accept, then it logs in", async () => {
    expect((await approvazione(1)).json().approvazione_dispositivi).toBe(1);
    const refused = await login(u2, 'portatile-nuovo');
    expect(refused.json().utente).toEqual({ status: 1, msg: MSG.dispositivo, clienti: [] });
    expect(refused.cookies).toHaveLength(0);
    const waiting = (await get(`devices/byuser?user_id=${u2.id}`)).json().devices[0];
    expect(waiting).toMatchObject({ fingerprint: fingerprint('portatile-nuovo'), authorized: 0 });
    expect((await login(u2, 'portatile-nuovo')).json().utente.status).toBe(1);

    const res = await post('device/accept', device(u2, 'portatile-nuovo'));
    expect(res.json()).toEqual({ status: '0', msg: 'Dispositivo autorizzato.' });
    const ok = await login(u2, 'portatile-nuovo');
    expect(ok.json().utente.status).toBe(0);
    expect((await sessione(cookieFrom(ok))).statusCode).toBe(200);
    // A device already authorised is not affected by the switch.
    expect((await login(u2, 'pc-magazzino')).json().utente.status).toBe(0);
    const [m] = await t().database.db.select().from(modificheAdmin).where(eq(modificheAdmin.azione, 'dispositivo.autorizza'));
    expect(m).toMatchObject({ adminUsername: 'tecnico.disp', entita: 'dispositivo', entitaId: String(waiting.id), utenteId: u2.id });
    await approvazione(0);
  });

  it("revoke ends the device's sessions at once, only that device's, and accepting again does not revive them", async () => {
    const a = cookieFrom(await login(u1, 'revocando'));
    const b = cookieFrom(await login(u1, 'revocando'));
    const altro = cookieFrom(await login(u1, 'resta'));
    for (const c of [a, b, altro]) expect((await sessione(c)).statusCode).toBe(200); // remembered by the app
    const { id } = (await riga(u1, 'revocando'))!;

    const res = await post('device/revoke', { user_id: String(u1.id), fingerprint: fingerprint('revocando').toUpperCase() });
    expect(res.json()).toEqual({ status: '0', msg: 'Dispositivo disabilitato: le sue sessioni sono state chiuse.' });
    expect((await sessione(a)).statusCode).toBe(401);
    expect((await sessione(b)).statusCode).toBe(401);
    expect((await sessione(altro)).statusCode).toBe(200);
    expect(await t().database.db.select().from(sessioni).where(eq(sessioni.dispositivoId, id))).toEqual([]);
    expect((await riga(u1, 'revocando'))?.authorized).toBe(0);
    expect((await login(u1, 'revocando')).json().utente).toMatchObject({ status: 1, msg: MSG.dispositivo });
    const [m] = await t().database.db.select().from(modificheAdmin).where(eq(modificheAdmin.azione, 'dispositivo.disabilita'));
    expect(m).toMatchObject({ utenteId: u1.id, entitaId: String(id), dettagli: { fingerprint: fingerprint('revocando'), sessioni_chiuse: 2 } });

    await post('device/accept', device(u1, 'revocando'));
    expect((await sessione(a)).statusCode).toBe(401);
    expect((await login(u1, 'revocando')).json().utente.status).toBe(0);
  });

  it.each(['device/accept', 'device/revoke'])('%s refuses missing, malformed and unknown devices', async (url) => {
    const missingFp = await post(url, { user_id: u1.id });
    expect(missingFp.statusCode).toBe(400);
    expect(missingFp.json().msg).toMatch(/Fingerprint obbligatorio/);
    expect((await post(url, { fingerprint: fingerprint('tablet') })).json().msg).toMatch(/user_id obbligatorio/);
    expect((await post(url, { user_id: u1.id, fingerprint: 'abc' })).statusCode).toBe(400);
    expect((await post(url, { user_id: 'uno', fingerprint: fingerprint('tablet') })).statusCode).toBe(400);
    expect((await post(url, { user_id: u1.id, fingerprint: fingerprint('tablet'), ip: 'x'.repeat(200) })).statusCode).toBe(400);
    for (const d of [{ user_id: 999999, fingerprint: fingerprint('tablet') }, device(u2, 'tablet'), device(u1, 'mai-visto')]) {
      const res = await post(url, d);
      expect(res.statusCode).toBe(404);
      expect(res.json().msg).toBe('Dispositivo non trovato.');
    }
    expect((await riga(u1, 'tablet'))?.authorized).toBe(1);
  });

  it.each(['device/accept', 'device/revoke'])('%s answers 401 without a session, 403 to a customer and to an amministratore', async (url) => {
    const d = device(u1, 'tablet');
    expect((await t().app.inject({ method: 'POST', url: `/api/${url}`, payload: d })).statusCode).toBe(401);
    expect((await post(url, d, cliente)).statusCode).toBe(403);
    expect((await post(url, d, amministratore)).statusCode).toBe(403);
    expect((await riga(u1, 'tablet'))?.authorized).toBe(1);
  });
});

describe("login_attempts/delete_all: 'Cancella lista di attesa'", () => {
  it('deletes the devices waiting, keeps the authorised ones, resets failed-login counters, audited', async () => {
    const { db } = t().database;
    await approvazione(1);
    await login(u1, 'attesa-1');
    await login(u2, 'attesa-2');
    await approvazione(0);
    await t().app.inject({ method: 'POST', url: '/api/login/frontendfingerprint', remoteAddress: '10.5.5.5', payload: { username: u1.username, password: 'sbagliata', fingerprint: fingerprint('x') } });
    const attesa = async () => (await db.select().from(dispositivi).where(eq(dispositivi.authorized, 0))).length;
    expect(await attesa()).toBeGreaterThanOrEqual(2);
    expect((await db.select().from(tentativiLogin)).length).toBeGreaterThan(0);
    const autorizzati = (await db.select().from(dispositivi).where(eq(dispositivi.authorized, 1))).length;

    expect((await get('login_attempts/delete_all', amministratore)).statusCode).toBe(403);
    expect((await get('login_attempts/delete_all', cliente)).statusCode).toBe(403);
    expect((await t().app.inject({ url: '/api/login_attempts/delete_all' })).statusCode).toBe(401);
    expect(await attesa()).toBeGreaterThanOrEqual(2);

    const res = await get('login_attempts/delete_all');
    expect(res.json()).toEqual({ status: 'success' });
    expect(await attesa()).toBe(0);
    expect((await db.select().from(dispositivi).where(eq(dispositivi.authorized, 1))).length).toBe(autorizzati);
    expect(await db.select().from(tentativiLogin)).toEqual([]);
    const [m] = await db.select().from(modificheAdmin).where(eq(modificheAdmin.azione, 'lista_attesa.cancella'));
    expect(m).toMatchObject({ adminUsername: 'tecnico.disp', dettagli: { tentativi_eliminati: 1 } });
    expect((m!.dettagli as { dispositivi_eliminati: number }).dispositivi_eliminati).toBeGreaterThanOrEqual(2);
    // POST works the same (the SPA's form).
    expect((await post('login_attempts/delete_all', {})).json()).toEqual({ status: 'success' });
  });
});
