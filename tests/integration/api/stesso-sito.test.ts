import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { liste, utenti } from '../../../server/db/schema/index.js';
import { MSG_ALTRO_SITO } from '../../../server/lib/stesso-sito.js';
import { createAdmin, createAzienda, createCliente, createUtente } from '../../support/factories.js';
import { loginAdmin, loginCliente, useTestApp } from '../../support/harness.js';

// Cross-site requests (issue 17, item 6): with the session cookie in hand, a page of another site
// must not get a call through, whatever the method or the way the path is written.
const t = useTestApp();
let cliente = '';
let admin = '';
let tecnico = '';
let utenteId = 0;
let S = '';
const CROSS_SITE = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };

beforeAll(async () => {
  const { db } = t().database;
  const az = await createAzienda(db, { codice: '0001' });
  const c = await createCliente(db, { aziendaCodice: az.codice, codice: '000100' });
  const u = await createUtente(db, { clienti: [c.id] });
  utenteId = u.id;
  S = `utente_codice=${u.codice}&azienda_codice=0001&cliente_codice=000100`;
  cliente = await loginCliente(t().app, u);
  admin = await loginAdmin(t().app, await createAdmin(db, { username: 'amm.sito' }));
  tecnico = await loginAdmin(t().app, await createAdmin(db, { username: 'tec.sito', tipologia: 'tecnico' }));
});

const nListe = async () => (await t().database.db.select().from(liste)).length;

describe('cross-site requests', () => {
  it.each<[string, Record<string, string>]>([
    ['Sec-Fetch-Site cross-site and a foreign Origin', CROSS_SITE],
    ['Sec-Fetch-Site cross-site alone', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site same-site (a sibling host)', { 'sec-fetch-site': 'same-site' }],
    ['a foreign Origin alone (an older browser)', { origin: 'https://evil.example' }],
    ['Origin null (a sandboxed frame)', { origin: 'null' }],
    ['an Origin on another port of the same host', { origin: 'http://localhost:4444' }],
  ])('refuses GET liste/create with %s, and creates nothing', async (_n, headers) => {
    const prima = await nListe();
    const res = await t().app.inject({ url: `/api/liste/create?${S}&nome=Intrusa`, headers: { cookie: cliente, host: 'localhost:3000', ...headers } });
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe(MSG_ALTRO_SITO);
    expect(await nListe()).toBe(prima);
  });

  it('refuses a form-encoded POST liste/create from another site', async () => {
    const prima = await nListe();
    const res = await t().app.inject({
      method: 'POST', url: '/api/liste/create',
      headers: { cookie: cliente, 'content-type': 'application/x-www-form-urlencoded', ...CROSS_SITE },
      payload: `${S}&nome=Intrusa`,
    });
    expect(res.statusCode).toBe(403);
    expect(await nListe()).toBe(prima);
  });

  it('refuses GET utente/toggle_fatturato_metrica from another site, the flag unchanged', async () => {
    const flag = async () => (await t().database.db.select({ f: utenti.fatturatoMetrica }).from(utenti).where(eq(utenti.id, utenteId)))[0]!.f;
    const prima = await flag();
    const res = await t().app.inject({ url: `/api/utente/toggle_fatturato_metrica?utente_id=${utenteId}`, headers: { cookie: admin, ...CROSS_SITE } });
    expect(res.statusCode).toBe(403);
    expect(await flag()).toBe(prima);
  });

  it('judges the route, not the raw URL: /%61pi/… is the API too', async () => {
    const prima = await nListe();
    const res = await t().app.inject({ url: `/%61pi/liste/create?${S}&nome=Intrusa`, headers: { cookie: cliente, ...CROSS_SITE } });
    expect(res.statusCode).toBe(403);
    expect(await nListe()).toBe(prima);
  });

  it('refuses before the session is looked at: no session and cross-site is 403, not 401', async () => {
    const res = await t().app.inject({ url: `/api/liste/create?${S}&nome=X`, headers: CROSS_SITE });
    expect(res.statusCode).toBe(403);
  });

  it('lets the portal itself through: same origin, a typed address, no headers at all', async () => {
    for (const headers of [
      { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin', host: 'localhost:3000' },
      { 'sec-fetch-site': 'none' },
      { origin: 'https://PORTALE.example', host: 'portale.example' },
      {},
    ]) {
      const res = await t().app.inject({ url: `/api/liste/create?${S}&nome=Mia`, headers: { cookie: cliente, ...headers } });
      expect(res.statusCode, `${JSON.stringify(headers)} ${res.body}`).toBe(200);
    }
  });

  it('lets a same-origin upload and a login through, and the ERP token with no Origin', async () => {
    const login = await t().app.inject({
      method: 'POST', url: '/api/login', headers: { origin: 'http://localhost', host: 'localhost', 'sec-fetch-site': 'same-origin' },
      payload: { username: 'nessuno', password: 'x' },
    });
    expect(login.statusCode).not.toBe(403);
    const creato = await t().app.inject({ method: 'POST', url: '/api/token/create', headers: { cookie: tecnico }, payload: { nome: 'ERP' } });
    const token = creato.json().token as string;
    const esito = await t().app.inject({ url: '/api/importazioni/esito?id=999999', headers: { authorization: `Bearer ${token}` } });
    expect(esito.statusCode).toBe(404);
    const daFuori = await t().app.inject({ url: '/api/importazioni/esito?id=999999', headers: { authorization: `Bearer ${token}`, ...CROSS_SITE } });
    expect(daFuori.statusCode).toBe(403);
  });
});
