import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createAzienda, createCliente, createUtente } from '../../support/factories.js';
import { loginAdmin, loginCliente, useTestApp } from '../../support/harness.js';

// A built SPA of one page: what the server sends for a page is all this test looks at.
const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-test-web-'));
fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Portale</title><div id="root"></div>');
/** The shop frame's calls, named for every page. */
const NEGOZIO = ['</api/sessione>; rel=preload; as=fetch; crossorigin', '</api/categorie/list>; rel=preload; as=fetch; crossorigin'];
const t = useTestApp({ webDir });
afterAll(() => fs.rmSync(webDir, { recursive: true, force: true }));

let cliente = '';
let temporanea = '';
let admin = '';
beforeAll(async () => {
  const { db } = t().database;
  const az = await createAzienda(db, { codice: '0001' });
  const c = await createCliente(db, { aziendaCodice: az.codice, codice: '000100' });
  cliente = await loginCliente(t().app, await createUtente(db, { clienti: [c.id] }));
  temporanea = await loginCliente(t().app, await createUtente(db, { clienti: [c.id], passwordTemporanea: true }));
  admin = await loginAdmin(t().app, await createAdmin(db));
});

const pagina = (url: string, cookie?: string) => t().app.inject({ url, headers: cookie ? { cookie } : {} });

describe("a customer's page names the shop frame's calls in a preload header (server/catalogo/precarica-negozio.ts)", () => {
  it('every page of a customer session names the same: the session and the category tree', async () => {
    for (const url of ['/home2', '/home', '/home2?x=1', '/categoria/01/Utensili?start=25', '/ricerca?stringaRicerca=trapano', '/checkout', '/dispatcher']) {
      const res = await pagina(url, cliente);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers.link, url).toBe(NEGOZIO.join(', '));
    }
    // What they name answers that session (the SPA then takes these answers).
    for (const url of ['/api/sessione', '/api/categorie/list']) expect((await pagina(url, cliente)).statusCode, url).toBe(200);
  });

  it('no header without a customer session, or for an admin', async () => {
    const casi: [string, string | undefined][] = [
      ['/home2', undefined], ['/home2', admin], ['/categoria/01/Utensili', undefined], ['/', undefined], ['/adminhome', admin],
    ];
    for (const [url, cookie] of casi) {
      const res = await pagina(url, cookie);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers.link, `${url} ${cookie ?? ''}`).toBeUndefined();
    }
  });

  it('a session ended on the server gets no header: what it would name answers 401', async () => {
    const { db } = t().database;
    const az = await createAzienda(db, { codice: '0002' });
    const c = await createCliente(db, { aziendaCodice: az.codice, codice: '000200' });
    const uscito = await loginCliente(t().app, await createUtente(db, { clienti: [c.id] }));
    expect((await t().app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: uscito } })).statusCode).toBeLessThan(300);
    const res = await pagina('/home2', uscito);
    expect(res.statusCode).toBe(200);
    expect(res.headers.link).toBeUndefined();
  });

  it('while the password is temporary only the session is named: every other call answers 403 until it is changed', async () => {
    const res = await pagina('/cambia-password', temporanea);
    expect(res.headers.link).toBe(NEGOZIO[0]);
    expect((await pagina('/api/sessione', temporanea)).statusCode).toBe(200);
    expect((await pagina('/api/categorie/list', temporanea)).statusCode).toBe(403);
  });

  it('in maintenance nothing is named (every call answers 503)', async () => {
    await t().app.deps.impostazioni.set('manutenzione', true);
    try {
      expect((await pagina('/home2', cliente)).headers.link).toBeUndefined();
    } finally {
      await t().app.deps.impostazioni.set('manutenzione', false);
    }
  });
});
