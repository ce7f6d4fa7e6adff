import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { budget, modificheAdmin } from '../../../server/db/schema/index.js';
import { createAdmin, createAzienda, createCliente, createUtente } from '../../support/factories.js';
import { loginAdmin, loginCliente, useTestApp } from '../../support/harness.js';

const t = useTestApp();
let amministratore = '';
let tecnico = '';
let cliente = '';
let c1: { id: number };
let c2: { id: number };

beforeAll(async () => {
  const { db } = t().database;
  const az = await createAzienda(db);
  c1 = await createCliente(db, { aziendaCodice: az.codice });
  c2 = await createCliente(db, { aziendaCodice: az.codice });
  amministratore = await loginAdmin(t().app, await createAdmin(db, { username: 'admin.budget', tipologia: 'amministratore' }));
  tecnico = await loginAdmin(t().app, await createAdmin(db, { tipologia: 'tecnico' }));
  cliente = await loginCliente(t().app, await createUtente(db, { clienti: [c1.id] }));
});

const list = (q: string, cookie = amministratore) => t().app.inject({ url: `/api/budget/list${q}`, headers: { cookie } });
const upsert = (payload: unknown, cookie = amministratore) =>
  t().app.inject({ method: 'POST', url: '/api/budget/upsert', headers: { cookie }, payload: payload as object });
const righe = async (clienteId: number) =>
  (await t().database.db.select().from(budget).where(eq(budget.clienteId, clienteId))).length;

describe('budget/upsert and budget/list', () => {
  it('stores twelve months, reads them back in order, and a row without id for a stored month updates it', async () => {
    const budgets = Array.from({ length: 12 }, (_, i) => ({ anno: 2025, mese: 12 - i, budget: (12 - i) * 1000.5 }));
    const res = await upsert({ cliente_id: c1.id, budgets });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 0, msg: 'Budget inseriti con successo' });

    const { status, data } = (await list(`?azienda_id=${c1.id}`)).json();
    expect(status).toBe(0);
    expect(data.map((r: { mese: number }) => r.mese)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(data[0]).toEqual({ id: expect.any(Number), anno: 2025, mese: 1, budget: 1000.5 });

    // Same month without id, and one with its id: updated in place, no second row.
    const marzo = data[2];
    await upsert({ cliente_id: c1.id, budgets: [{ anno: 2025, mese: 1, budget: 7 }, { id: marzo.id, anno: 2025, mese: 3, budget: '12,345' }] });
    const dopo = (await list(`?azienda_id=${c1.id}&anno=2025`)).json().data;
    expect(dopo).toHaveLength(12);
    expect(dopo[0]).toEqual({ id: data[0].id, anno: 2025, mese: 1, budget: 7 });
    expect(dopo[2]).toEqual({ id: marzo.id, anno: 2025, mese: 3, budget: 12.345 });
    expect((await list(`?azienda_id=${c1.id}&anno=2024`)).json().data).toEqual([]);
    // Another client's budgets are its own.
    expect((await list(`?azienda_id=${c2.id}`)).json()).toEqual({ status: 0, data: [] });
  });

  it('records the change for the client, in the same transaction', async () => {
    await upsert({ cliente_id: c2.id, budgets: [{ anno: 2026, mese: 6, budget: 500 }] });
    const [m] = await t().database.db.select().from(modificheAdmin).where(eq(modificheAdmin.clienteId, c2.id));
    expect(m).toMatchObject({ adminUsername: 'admin.budget', azione: 'budget.salva', clienteId: c2.id, dettagli: { budgets: [{ anno: 2026, mese: 6, budget: 500 }] } });
  });

  it.each([
    [{ anno: 2025, mese: 13, budget: 1 }, /mese/],
    [{ anno: 2025, mese: 0, budget: 1 }, /mese/],
    [{ anno: 2025, mese: 5, budget: -1 }, /negativo/],
    [{ anno: 2025, mese: 5, budget: 'molto' }, /Budget/],
    [{ anno: 2025, mese: 5 }, /budget/i],
    [{ anno: 'duemila', mese: 5, budget: 1 }, /anno/],
    [{ mese: 5, budget: 1 }, /anno/],
  ])('refuses a bad month row %# with 400 and stores nothing of the request', async (bad, msg) => {
    const prima = await righe(c2.id);
    const res = await upsert({ cliente_id: c2.id, budgets: [{ anno: 2030, mese: 1, budget: 10 }, bad] });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(msg);
    expect(await righe(c2.id)).toBe(prima);
  });

  it('refuses a missing or malformed client, an empty or repeated list, and a foreign or mismatched id', async () => {
    const ok = [{ anno: 2031, mese: 1, budget: 1 }];
    expect((await upsert({ budgets: ok })).statusCode).toBe(400);
    expect((await upsert({ cliente_id: 'abc', budgets: ok })).statusCode).toBe(400);
    expect((await upsert({ cliente_id: c2.id })).statusCode).toBe(400);
    expect((await upsert({ cliente_id: c2.id, budgets: 'tanti' })).statusCode).toBe(400);
    expect((await upsert({ cliente_id: c2.id, budgets: [] })).json().msg).toMatch(/Nessun budget/);
    const doppio = await upsert({ cliente_id: c2.id, budgets: [...ok, { anno: 2031, mese: 1, budget: 2 }] });
    expect(doppio.statusCode).toBe(400);
    expect(doppio.json().msg).toMatch(/ripetuto/);

    const unknown = await upsert({ cliente_id: 999999, budgets: ok });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().msg).toMatch(/Cliente 999999 non trovato/);

    const [diC1] = (await list(`?azienda_id=${c1.id}`)).json().data;
    const prima = await righe(c2.id);
    const estraneo = await upsert({ cliente_id: c2.id, budgets: [...ok, { id: diC1.id, anno: diC1.anno, mese: diC1.mese, budget: 9 }] });
    expect(estraneo.statusCode).toBe(404);
    expect(estraneo.json().msg).toMatch(/non trovato/);
    const spostato = await upsert({ cliente_id: c1.id, budgets: [{ id: diC1.id, anno: 2025, mese: 2, budget: 9 }] });
    expect(spostato.statusCode).toBe(400);
    expect(spostato.json().msg).toMatch(/è del mese 1\/2025/);
    expect(await righe(c2.id)).toBe(prima);
    expect((await list(`?azienda_id=${c1.id}`)).json().data[0].budget).toBe(7);
  });

  it('budget/list refuses a missing, malformed or unknown client', async () => {
    expect((await list('')).statusCode).toBe(400);
    expect((await list('?azienda_id=0001x')).statusCode).toBe(400);
    expect((await list(`?azienda_id=${c1.id}&anno=99`)).statusCode).toBe(400);
    const res = await list('?azienda_id=999999');
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toMatch(/Cliente 999999 non trovato/);
  });

  it('is for every admin: 401 without a session, 403 to a customer, a tecnico too', async () => {
    expect((await t().app.inject({ url: `/api/budget/list?azienda_id=${c1.id}` })).statusCode).toBe(401);
    expect((await t().app.inject({ method: 'POST', url: '/api/budget/upsert', payload: { cliente_id: c1.id, budgets: [] } })).statusCode).toBe(401);
    expect((await list(`?azienda_id=${c1.id}`, cliente)).statusCode).toBe(403);
    expect((await upsert({ cliente_id: c1.id, budgets: [{ anno: 2025, mese: 1, budget: 1 }] }, cliente)).statusCode).toBe(403);
    expect((await list(`?azienda_id=${c1.id}`, tecnico)).statusCode).toBe(200);
  });
});
