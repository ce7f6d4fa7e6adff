import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contract } from '../../../shared/contract.js';
import { accesso } from '../../../server/auth/access.js';
import type { Deps } from '../../../server/deps.js';
import { registerErrorHandler } from '../../../server/lib/error-handler.js';
import { defineRoute } from '../../../server/lib/route.js';
import { createAdmin } from '../../support/factories.js';
import { loginAdmin, useTestApp } from '../../support/harness.js';

// API tokens (issue "ERP exchange": the import endpoint is called by the ERP with a token a
// tecnico creates and revokes, stored hashed and shown once, never a user session).
const t = useTestApp();
let tecnico = '';
let amministratore = '';
let prova: FastifyInstance;

beforeAll(async () => {
  const { db } = t().database;
  const tec = await createAdmin(db, { username: 'tec.token', tipologia: 'tecnico' });
  const amm = await createAdmin(db, { username: 'amm.token' });
  tecnico = await loginAdmin(t().app, tec);
  amministratore = await loginAdmin(t().app, amm);
  // A call of access 'token' on the real route machinery and the test database.
  prova = Fastify();
  prova.setValidatorCompiler(validatorCompiler);
  prova.setSerializerCompiler(serializerCompiler);
  prova.decorate('deps', { db, config: t().config } as unknown as Deps);
  prova.decorate('accesso', accesso);
  prova.decorateRequest('sessione', null);
  prova.decorateRequest('fileRicevuti', null);
  registerErrorHandler(prova);
  defineRoute(prova, contract({
    path: 'prova/token', methods: ['POST'], access: 'token', tag: 'Prova', summary: 'prova',
    response: z.object({ token_id: z.number(), nome: z.string() }),
  }), async ({ token }) => ({ token_id: token.id, nome: token.nome }));
  await prova.ready();
});
afterAll(async () => { await prova.close(); });

const crea = (cookie: string, nome: unknown) =>
  t().app.inject({ method: 'POST', url: '/api/token/create', headers: { cookie }, payload: { nome } });
const chiama = (headers: Record<string, string>) => prova.inject({ method: 'POST', url: '/api/prova/token', headers, payload: {} });

describe('API tokens', () => {
  it('a tecnico creates a token, shown once; it opens token calls until revoked', async () => {
    const r = await crea(tecnico, '  ERP gestionale  ');
    expect(r.statusCode).toBe(200);
    const { id, token, msg } = r.json();
    expect(msg).toBe('Token creato: copialo ora, non sarà più mostrato.');
    expect(token).toMatch(/^pbf_[A-Za-z0-9_-]{43}$/);

    const lista = (await t().app.inject({ url: '/api/token/list', headers: { cookie: tecnico } })).json().token;
    const voce = lista.find((x: { id: number }) => x.id === id);
    expect(voce).toMatchObject({ nome: 'ERP gestionale', prefisso: token.slice(0, 12), creato_da: 'tec.token', revocato_at: null, ultimo_uso_at: null });
    expect(JSON.stringify(lista)).not.toContain(token);
    const [riga] = await t().database.sql`SELECT hash FROM api_token WHERE id = ${id}`;
    expect(riga!.hash).not.toContain(token.slice(4));

    const ok = await chiama({ authorization: `Bearer ${token}` });
    expect(ok.json()).toEqual({ token_id: id, nome: 'ERP gestionale' });
    const usato = (await t().app.inject({ url: '/api/token/list', headers: { cookie: tecnico } })).json().token.find((x: { id: number }) => x.id === id);
    expect(usato.ultimo_uso_at).not.toBeNull();

    const rev = await t().app.inject({ method: 'POST', url: '/api/token/revoke', headers: { cookie: tecnico }, payload: { id } });
    expect(rev.json()).toEqual({ status: 0, msg: 'Token revocato.' });
    const dopo = await chiama({ authorization: `Bearer ${token}` });
    expect(dopo.statusCode).toBe(401);
    expect(dopo.json().msg).toBe('Token API non valido o revocato.');
    expect(dopo.json().code).toBe('token_non_valido');
    const ancora = await t().app.inject({ method: 'POST', url: '/api/token/revoke', headers: { cookie: tecnico }, payload: { id } });
    expect(ancora.statusCode).toBe(404);
    expect(ancora.json()).toEqual({ code: 'non_trovato', msg: 'Token non trovato o già revocato.', requestId: expect.any(String) });
    const audit = await t().database.sql`SELECT azione FROM modifiche_admin WHERE entita = 'api_token' AND entita_id = ${String(id)} ORDER BY id`;
    expect(audit.map((a) => a.azione)).toEqual(['token.crea', 'token.revoca']);
  });

  it('no token, a malformed or unknown one, or a session cookie: 401', async () => {
    expect((await chiama({})).json().msg).toMatch(/Token API mancante/);
    expect((await chiama({ authorization: 'Bearer nonvalido' })).statusCode).toBe(401);
    expect((await chiama({ authorization: `Bearer pbf_${'A'.repeat(43)}` })).json().msg).toBe('Token API non valido o revocato.');
    expect((await chiama({ cookie: tecnico })).statusCode).toBe(401);
  });

  it('only a tecnico manages tokens; bad input is a 400 in Italian', async () => {
    expect((await crea(amministratore, 'x')).statusCode).toBe(403);
    expect((await t().app.inject({ url: '/api/token/list', headers: { cookie: amministratore } })).statusCode).toBe(403);
    const vuoto = await crea(tecnico, '   ');
    expect(vuoto.statusCode).toBe(400);
    expect(vuoto.json().msg).toMatch(/Il nome del token è obbligatorio/);
    expect((await crea(tecnico, 'x'.repeat(101))).statusCode).toBe(400);
    expect((await t().app.inject({ method: 'POST', url: '/api/token/revoke', headers: { cookie: tecnico }, payload: { id: 'abc' } })).statusCode).toBe(400);
  });
});
