import SwaggerParser from '@apidevtools/swagger-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../../../server/app.js';
import { prezziSpeciali } from '../../../server/db/schema/index.js';
import { defineRoute } from '../../../server/lib/route.js';
import { API_ROUTES } from '../../../server/routes.js';
import { contract, type AnyContract } from '../../../shared/contract.js';
import {
  createAdmin, createAzienda, createCategoria, createCliente, createProdotto, createUtente,
} from '../../support/factories.js';
import { loginAdmin, loginCliente, useTestApp } from '../../support/harness.js';

/** The house rules every call follows, checked over every contract (shared/*.ts) at once. */
const t = useTestApp();
const contracts: AnyContract[] = API_ROUTES.flatMap((g) => Object.values(g.contracts));
const calls = contracts.flatMap((c) => c.methods.map((method) => ({ c, method, name: `${method} /api/${c.path}` })));
let cliente = '';
let amministratore = '';
let tecnico = '';
let categoriaCod = '';

beforeAll(async () => {
  const { db } = t().database;
  const az = await createAzienda(db, { codice: '0001' });
  const az2 = await createAzienda(db, { codice: '0002' });
  const c1 = await createCliente(db, { aziendaCodice: az.codice, codice: '000100', sconto: '10' });
  const c2 = await createCliente(db, { aziendaCodice: az2.codice, codice: '000200', lisMaga: 2 });
  const u = await createUtente(db, { clienti: [c1.id, c2.id] });
  const a = await createAdmin(db, { tipologia: 'amministratore' });
  const tec = await createAdmin(db, { tipologia: 'tecnico' });
  const cat = await createCategoria(db, { codCat: '77' });
  categoriaCod = cat.codCat;
  const p = await createProdotto(db, { codiceProdotto: 'K-1', categoriaId: cat.id, prezzi: { 1: '20.000', 2: '16.000' } });
  await db.insert(prezziSpeciali).values({ clienteId: c1.id, prodottoId: p.id, prezzo: '12.500' });
  cliente = await loginCliente(t().app, u);
  amministratore = await loginAdmin(t().app, a);
  tecnico = await loginAdmin(t().app, tec);
});

const send = (method: string, path: string, cookie?: string, query = '') =>
  t().app.inject({ method: method as 'GET' | 'POST', url: `/api/${path}${query}`, headers: cookie ? { cookie } : {}, ...(method === 'POST' ? { payload: {} } : {}) });

describe('contracts', () => {
  it('publish a valid OpenAPI document with every call', async () => {
    const doc = (await t().app.inject({ url: '/api/docs/json' })).json();
    await SwaggerParser.validate(structuredClone(doc));
    for (const { c, method } of calls) expect(doc.paths[`/api/${c.path}`]?.[method.toLowerCase()], `${method} ${c.path}`).toBeDefined();
  });

  it.each(calls.filter(({ c }) => c.access !== 'public').map((x) => [x.name, x] as const))(
    '%s answers 401 without a session, before reading its input', async (_n, { c, method }) => {
      const res = await send(method, c.path);
      expect(res.statusCode).toBe(401);
      expect(res.json().msg).toMatch(c.access === 'token' ? /Token API/ : /Sessione/);
      expect(res.json().code).toBe(c.access === 'token' ? 'token_non_valido' : 'sessione_scaduta');
    });

  it.each(calls.filter(({ c }) => c.access === 'admin' || c.access === 'tecnico').map((x) => [x.name, x] as const))(
    '%s answers 403 to a customer session', async (_n, { c, method }) => {
      const res = await send(method, c.path, cliente);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('accesso_negato');
    });

  it.each(calls.filter(({ c }) => c.access === 'tecnico').map((x) => [x.name, x] as const))(
    '%s answers 403 to an amministratore and not to a tecnico', async (_n, { c, method }) => {
      expect((await send(method, c.path, amministratore)).statusCode).toBe(403);
      expect((await send(method, c.path, tecnico)).statusCode).not.toBe(403);
    });

  it.each(calls.filter(({ c }) => c.access === 'utente' || c.access === 'cliente').map((x) => [x.name, x] as const))(
    '%s answers 401 to an admin session (customer calls)', async (_n, { c, method }) => {
      expect((await send(method, c.path, amministratore)).statusCode).toBe(401);
    });
});

describe('answers are stripped to their schema', () => {
  const leaky = contract({
    path: 'prova/leaky', methods: ['GET'], access: 'public', tag: 'Prova', summary: 'prova',
    response: z.object({ id: z.number(), nested: z.array(z.object({ nome: z.string() })) }),
  });

  it.each(['production', 'test'] as const)('in %s too: keys a handler adds never leave', async (env) => {
    const app = await buildApp({ ...t().config, env }, { logger: false });
    try {
      defineRoute(app, leaky, async () =>
        ({ id: 1, password_hash: '$argon2id$…', nested: [{ nome: 'a', token: 'segreto' }] }) as never);
      const res = await app.inject({ url: '/api/prova/leaky' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ id: 1, nested: [{ nome: 'a' }] });
      expect(res.body).not.toMatch(/argon2|segreto/);
    } finally {
      await app.close();
    }
  });
});

describe('the catalogue read by an admin', () => {
  const page = (codes: string, cookie: string) =>
    send('GET', 'prodotti/categoriawithcustominfo', cookie, `?${codes}&categoria_cod=${categoriaCod}`);

  it('prices with list 1 and no discount for the codes 0001/0001, which name no client', async () => {
    const res = await page('cod_azienda=0001&cod_cliente=0001', amministratore);
    expect(res.statusCode).toBe(200);
    expect(res.json().prodotti[0]).toMatchObject({ codice_prodotto: 'K-1', prezzo: 20, prezzo_reale: 20, listino: 1 });
  });

  it("prices as a real client when its codes are given (its special price, its list)", async () => {
    expect((await page('cod_azienda=0001&cod_cliente=000100', tecnico)).json().prodotti[0]).toMatchObject({ prezzo_reale: 12.5 });
    expect((await page('cod_azienda=0002&cod_cliente=000200', amministratore)).json().prodotti[0]).toMatchObject({ prezzo: 16, listino: 2 });
  });

  it('still refuses a customer the codes of a client that is not theirs', async () => {
    expect((await page('cod_azienda=0001&cod_cliente=0001', cliente)).statusCode).toBe(403);
    expect((await page('cod_azienda=0001&cod_cliente=000100', cliente)).statusCode).toBe(200);
  });

  it('search/prodottoByCodiceProdotto prices with the client of the company named', async () => {
    const byCode = (q: string) => send('GET', 'search/prodottoByCodiceProdotto', cliente, `?codice_prodotto=K-1${q}`);
    expect((await byCode('&cod_azienda=0002')).json().prodotto[0]).toMatchObject({ prezzo: 16, listino: 2 });
    expect((await byCode('&cod_azienda=0001')).json().prodotto[0]).toMatchObject({ prezzo_reale: 12.5 });
    expect((await byCode('&cod_azienda=0009')).statusCode).toBe(403);
  });
});
