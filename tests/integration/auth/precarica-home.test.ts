import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createAzienda, createCliente, createUtente } from '../../support/factories.js';
import { loginAdmin, loginCliente, useTestApp } from '../../support/harness.js';

// A built SPA of one file: what the server sends for a page is all this test looks at.
const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-test-web-'));
fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Portale</title><div id="root"></div>');
const t = useTestApp({ webDir });
afterAll(() => fs.rmSync(webDir, { recursive: true, force: true }));

let cliente = '';
let admin = '';
beforeAll(async () => {
  const { db } = t().database;
  const az = await createAzienda(db, { codice: '0001' });
  const c = await createCliente(db, { aziendaCodice: az.codice, codice: '000100' });
  cliente = await loginCliente(t().app, await createUtente(db, { clienti: [c.id] }));
  admin = await loginAdmin(t().app, await createAdmin(db));
});

const pagina = (url: string, cookie?: string) => t().app.inject({ url, headers: cookie ? { cookie } : {} });

describe("the customer's home names its first calls in a preload header (server/auth/precarica-home.ts)", () => {
  it('with a customer session, /home2 and /home carry the session, category tree and flyers calls', async () => {
    for (const url of ['/home2', '/home', '/home2?x=1']) {
      const res = await pagina(url, cliente);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers.link).toBe([
        '</api/sessione>; rel=preload; as=fetch; crossorigin',
        '</api/categorie/list>; rel=preload; as=fetch; crossorigin',
        '</api/volantini/list>; rel=preload; as=fetch; crossorigin',
      ].join(', '));
    }
    // What they name answers that session (the SPA then takes these answers).
    for (const url of ['/api/sessione', '/api/categorie/list', '/api/volantini/list']) {
      expect((await pagina(url, cliente)).statusCode, url).toBe(200);
    }
  });

  it('no header without a customer session, on other pages, or for an admin', async () => {
    const casi: [string, string | undefined][] = [
      ['/home2', undefined], ['/home2', admin],
      ['/categoria/01/Utensili', cliente], ['/', cliente], ['/adminhome', admin], ['/home2/altro', cliente],
    ];
    for (const [url, cookie] of casi) {
      const res = await pagina(url, cookie);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers.link, `${url} ${cookie ?? ''}`).toBeUndefined();
    }
  });
});
