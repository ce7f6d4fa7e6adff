import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { ArchivioLocale } from '../../../server/lib/archivio/archivio-locale.js';
import { seedDemo } from '../../../seed/demo.js';
import { cookieFrom, fingerprint, useTestApp } from '../../support/harness.js';

/**
 * No API answer stays in the browser's HTTP cache (docs/decisions/api-no-store.md): on a shared
 * counter PC the next user, or anyone after logout, could read it back with
 * fetch(url, {cache: 'only-if-cached'}). Run on the demo data, as the demo customer.
 */
const t = useTestApp();
let mario = '';
let tecnico = '';
let codici = { azienda_codice: '', cliente_codice: '', utente_codice: '' };

const login = async (url: string, payload: Record<string, string>) =>
  cookieFrom(await t().app.inject({ method: 'POST', url, payload }));

beforeAll(async () => {
  const { database, config } = t();
  await seedDemo(database.db, database.sql, { archivio: new ArchivioLocale(config.mediaDir) });
  mario = await login('/api/login/frontendfingerprint', { username: 'mario.rossi@ferramentarossi.it', password: 'Demo2024!', fingerprint: fingerprint() });
  tecnico = await login('/api/login/backend', { username: 'tecnico', password: 'Tecnico2024!' });
  const { utente } = (await t().app.inject({ url: '/api/sessione', headers: { cookie: mario } })).json();
  codici = { azienda_codice: utente.clienti[0].azienda_codice, cliente_codice: utente.clienti[0].cliente_codice, utente_codice: utente.utente_codice };
}, 120_000);

const get = (path: string, query: Record<string, string | number> = {}, cookie = mario) =>
  t().app.inject({ url: `/api/${path}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`, headers: { cookie } });

const nonConservata = (res: LightMyRequestResponse, what: string) => {
  expect(res.headers['cache-control'], `${what} (${res.statusCode})`).toMatch(/(^|[\s,])no-store($|[\s,])/);
};

describe("the demo customer's private answers", () => {
  it('are sent with Cache-Control: no-store: price list, orders and their PDF, documents, credit, own codes, session', async () => {
    const cliente = { azienda_codice: codici.azienda_codice, cliente_codice: codici.cliente_codice };
    const ordini = await get('ordini/read', codici);
    expect(ordini.statusCode).toBe(200);
    const ordine = ordini.json().ordini[0];
    const documenti = await get('documenti/read', cliente);
    expect(documenti.statusCode).toBe(200);
    const docs: { id: number; xml: boolean }[] = documenti.json().documenti;
    const fattura = docs.find((d) => d.xml)!;
    const attese: [string, Record<string, string | number>, number][] = [
      ['sessione', {}, 200],
      ['listino/export', { ...codici, formato: 'xlsx' }, 200],
      ['listino/export', { ...codici, formato: 'csv' }, 200],
      ['ordini/read', codici, 200],
      ['ordini/pdf', { ...codici, id: ordine.id }, 200],
      ['ordini/esporta', { ...codici, formato: 'csv' }, 200],
      ['documenti/read', cliente, 200],
      ['documenti/file', { ...cliente, id: docs[0]!.id }, 200],
      ['documenti/fatturapa', { ...cliente, id: fattura.id }, 200],
      ['documenti/zip', { ...cliente, ids: docs.slice(0, 2).map((d) => d.id).join(',') }, 200],
      ['contabilita/situazione', cliente, 200],
      ['codici-cliente/leggi', { ...cliente, prodotti: 'X' }, 200],
    ];
    for (const [path, query, status] of attese) {
      const res = await get(path, query);
      expect(res.statusCode, `${path}: ${res.body.slice(0, 200)}`).toBe(status);
      nonConservata(res, path);
    }
    nonConservata(ordini, 'ordini/read');
    nonConservata(documenti, 'documenti/read');
  });

  it('errors, the not-found answer under /api and the health checks are no-store too; /media/ keeps its own caching', async () => {
    const { app } = t();
    nonConservata(await get('ordini/pdf', { ...codici, id: 999_999_999 }), 'ordini/pdf di un ordine inesistente');
    nonConservata(await get('ordini/read', {}, ''), 'ordini/read senza sessione');
    nonConservata(await get('ordini/read', { ...codici, cliente_codice: 'ZZZZ' }), 'ordini/read di un altro cliente');
    nonConservata(await app.inject({ url: '/api/ordini/read', headers: { cookie: mario, 'sec-fetch-site': 'cross-site' } }), 'altro sito');
    nonConservata(await app.inject({ url: '/api/non-esiste' }), '404 sotto /api');
    nonConservata(await app.inject({ url: '/api' }), '/api');
    nonConservata(await app.inject({ method: 'POST', url: '/api/non-esiste', payload: {} }), 'POST 404 sotto /api');
    nonConservata(await app.inject({ url: '/%61pi/sessione', headers: { cookie: mario } }), '/%61pi/ preso per /api/');
    nonConservata(await app.inject({ url: '/api/%c0%ae' }), 'indirizzo che non si decodifica');
    nonConservata(await app.inject({ url: '/api/health' }), 'health');
    nonConservata(await app.inject({ url: '/api/ready' }), 'ready');
    for (const url of ['/api/docs', '/api/docs/json', '/api/docs/static/swagger-ui.css']) nonConservata(await app.inject({ url }), url);
    const foto: string = (await get('prodotti/random', { cod_azienda: codici.azienda_codice, cod_cliente: codici.cliente_codice })).json().prodotti[0].foto_miniatura;
    const media = await app.inject({ url: `/media/${foto}` });
    expect(media.statusCode).toBe(200);
    expect(media.headers['cache-control']).toBe('public, max-age=3600');
  });
});

describe('every call of the OpenAPI document', () => {
  it('answers with Cache-Control: no-store, with and without a session of its kind', async () => {
    const doc = (await t().app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const chiamate = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => ({ path, method: m.toUpperCase() })))
      // A logout would end the sessions the other calls use: the last describe checks them.
      .filter(({ path }) => !path.startsWith('/api/logout'));
    expect(chiamate.length).toBeGreaterThan(80);
    for (const cookie of [undefined, mario, tecnico]) {
      for (const { path, method } of chiamate) {
        const res = await t().app.inject({
          method: method as 'GET' | 'POST', url: path, headers: cookie ? { cookie } : {}, ...(method === 'GET' ? {} : { payload: {} }),
        });
        nonConservata(res, `${method} ${path} ${cookie ? cookie.split('=')[0] : 'senza sessione'}`);
      }
    }
  }, 60_000);
});

describe('logout', () => {
  it('asks the browser to clear its cache of the portal (Clear-Site-Data: "cache"), customer and admin, with or without a session', async () => {
    for (const [url, cookie] of [['/api/logout', mario], ['/api/logout/backend', tecnico], ['/api/logout', ''], ['/api/logout/backend', '']] as const) {
      const res = await t().app.inject({ method: 'POST', url, headers: cookie ? { cookie } : {}, payload: {} });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['clear-site-data'], url).toBe('"cache"');
      nonConservata(res, url);
    }
    expect((await get('sessione')).statusCode).toBe(401);
  });
});
