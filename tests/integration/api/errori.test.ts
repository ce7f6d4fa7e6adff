import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Deps } from '../../../server/deps.js';
import { registerErrorHandler } from '../../../server/lib/error-handler.js';
import { tooManyRequests } from '../../../server/lib/errors.js';
import { defineRoute } from '../../../server/lib/route.js';
import { contract } from '../../../shared/contract.js';
import { CODICI_ERRORE } from '../../../shared/codici-errore.js';
import { createAdmin, createAzienda, createCliente, createUtente } from '../../support/factories.js';
import { loginAdmin, loginCliente, useTestApp } from '../../support/harness.js';

// Every error answer has one shape: a machine code a client tests, an Italian msg, the requestId.
const t = useTestApp();
let cliente = '';
let admin = '';
let prova: FastifyInstance;

const forma = (code: string, msg: string | RegExp) =>
  ({ code, msg: typeof msg === 'string' ? msg : expect.stringMatching(msg), requestId: expect.any(String) });

beforeAll(async () => {
  const { db } = t().database;
  const c = await createCliente(db, { aziendaCodice: (await createAzienda(db)).codice });
  cliente = await loginCliente(t().app, await createUtente(db, { clienti: [c.id] }));
  admin = await loginAdmin(t().app, await createAdmin(db));
  // Errors no real call is made to throw on purpose, on the real route machinery.
  prova = Fastify({ logger: false });
  prova.setValidatorCompiler(validatorCompiler);
  prova.setSerializerCompiler(serializerCompiler);
  prova.decorate('deps', { db, config: t().config } as unknown as Deps);
  prova.decorateRequest('sessione', null);
  prova.decorateRequest('fileRicevuti', null);
  registerErrorHandler(prova);
  const c0 = (path: string) => contract({ path, methods: ['GET'], access: 'public', tag: 'Prova', summary: 'prova', response: z.object({}) });
  defineRoute(prova, c0('prova/troppi'), async () => { throw tooManyRequests('Troppi tentativi di accesso. Riprova tra 30 secondi.', 30); });
  defineRoute(prova, c0('prova/guasto'), async () => { throw new Error('un difetto del server'); });
  await prova.ready();
});
afterAll(async () => { await prova?.close(); });

const get = (url: string, cookie?: string) => t().app.inject({ url, headers: cookie ? { cookie } : {} });
const post = (url: string, body: string, contentType: string) =>
  t().app.inject({ method: 'POST', url, headers: { 'content-type': contentType }, payload: body });

describe('error answers', () => {
  it('carry a code beside the Italian msg, for each kind of refusal', async () => {
    const casi: [string, Awaited<ReturnType<typeof get>>, number, ReturnType<typeof forma> & { campi?: unknown }][] = [
      ['input refused by its schema', await get('/api/modifiche/read?utente_id=abc', admin), 400,
        { ...forma('dati_non_validi', /^Dati non validi \(parametro utente_id\)/), campi: { utente_id: expect.any(String) } }],
      ['a body that is not JSON', await post('/api/login/backend', '{"username":', 'application/json'), 400,
        forma('richiesta_non_valida', 'Richiesta non valida.')],
      ['no session', await get('/api/modifiche/read'), 401, forma('sessione_scaduta', /^Sessione scaduta/)],
      ['a customer on an admin call', await get('/api/modifiche/read', cliente), 403,
        forma('accesso_negato', 'Funzione riservata al personale del portale.')],
      ['an unknown path', await get('/api/non/esiste'), 404, forma('non_trovato', 'Risorsa non trovata.')],
      ['an unknown record', await get('/api/clienti/details?cliente_id=999999', admin), 404, forma('non_trovato', /non trovato/)],
      ['a body over the limit', await post('/api/login/backend', JSON.stringify({ username: 'x'.repeat(2_000_000) }), 'application/json'), 413,
        forma('file_troppo_grande', /supera la dimensione massima/)],
      ['a content type no call reads', await post('/api/login/backend', '<username/>', 'application/xml'), 415,
        forma('formato_non_supportato', 'Formato della richiesta non supportato.')],
    ];
    for (const [cosa, res, status, corpo] of casi) {
      expect(res.statusCode, cosa).toBe(status);
      expect(res.json(), cosa).toEqual(corpo);
    }
  });

  it('429 and 500 too, through the one error handler', async () => {
    const troppi = await prova.inject({ url: '/api/prova/troppi' });
    expect(troppi.statusCode).toBe(429);
    expect(troppi.headers['retry-after']).toBe('30');
    expect(troppi.json()).toEqual(forma('troppi_tentativi', 'Troppi tentativi di accesso. Riprova tra 30 secondi.'));
    const guasto = await prova.inject({ url: '/api/prova/guasto' });
    expect(guasto.statusCode).toBe(500);
    expect(guasto.json()).toEqual(forma('errore_interno', 'Si è verificato un errore interno.'));
  });

  it("in maintenance a customer's call answers 503 'manutenzione' (with the flag older clients read)", async () => {
    await t().app.deps.impostazioni.set('manutenzione', true);
    try {
      const res = await get('/api/sessione', cliente);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ ...forma('manutenzione', 'Il portale è in manutenzione. Riprova più tardi.'), manutenzione: 1 });
    } finally {
      await t().app.deps.impostazioni.set('manutenzione', false);
    }
  });

  it('are declared in the OpenAPI document: one Errore schema with every code, on every call', async () => {
    const doc = (await get('/api/docs/json')).json();
    expect(doc.components.schemas.Errore.properties.code.enum).toEqual([...CODICI_ERRORE]);
    expect(doc.components.schemas.Errore.required).toEqual(expect.arrayContaining(['code', 'msg', 'requestId']));
    const senza: string[] = [];
    for (const [path, metodi] of Object.entries<Record<string, { responses: Record<string, unknown> }>>(doc.paths)) {
      if (!path.startsWith('/api/') || path.startsWith('/api/docs')) continue;
      for (const [metodo, op] of Object.entries(metodi)) {
        for (const r of ['4XX', '5XX']) {
          if (JSON.stringify(op.responses[r] ?? {}).includes('#/components/schemas/Errore')) continue;
          senza.push(`${metodo} ${path} ${r}`);
        }
      }
    }
    expect(senza).toEqual([]);
  });
});
