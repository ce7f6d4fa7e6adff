import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { impostazioni, modificheAdmin } from '../../../server/db/schema/index.js';
import { createAdmin, createAzienda, createCliente, createUtente } from '../../support/factories.js';
import { loginAdmin, loginCliente, useTestApp } from '../../support/harness.js';

const t = useTestApp();
let tecnico = '';
let amministratore = '';
let cliente = '';

beforeAll(async () => {
  const { db } = t().database;
  const c = await createCliente(db, { aziendaCodice: (await createAzienda(db)).codice });
  cliente = await loginCliente(t().app, await createUtente(db, { clienti: [c.id] }));
  tecnico = await loginAdmin(t().app, await createAdmin(db, { username: 'tecnico.imp', tipologia: 'tecnico' }));
  amministratore = await loginAdmin(t().app, await createAdmin(db, { tipologia: 'amministratore' }));
});

const read = (cookie = tecnico) => t().app.inject({ url: '/api/impostazioni/read', headers: { cookie } });
const update = (payload: object, cookie = tecnico) =>
  t().app.inject({ method: 'POST', url: '/api/impostazioni/update', headers: { cookie }, payload });
const stored = async () => Object.fromEntries((await t().database.db.select().from(impostazioni)).map((r) => [r.chiave, r.valore]));

describe('impostazioni/read and impostazioni/update', () => {
  it('reads both switches as 0/1', async () => {
    const res = await read();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ manutenzione: 0, approvazione_dispositivi: 0, giorni_approvazione: 7 });
  });

  it('changes one switch, answers both after the change, and records who did it', async () => {
    const res = await update({ approvazione_dispositivi: 1 });
    expect(res.json()).toEqual({ manutenzione: 0, approvazione_dispositivi: 1, giorni_approvazione: 7 });
    expect(await stored()).toMatchObject({ approvazione_dispositivi: '1' });
    expect((await read()).json()).toEqual({ manutenzione: 0, approvazione_dispositivi: 1, giorni_approvazione: 7 });
    const [m] = await t().database.db.select().from(modificheAdmin).where(eq(modificheAdmin.azione, 'impostazioni.aggiorna'));
    expect(m).toMatchObject({ adminUsername: 'tecnico.imp', entita: 'impostazioni', dettagli: { approvazione_dispositivi: 1 } });

    // The query-string and JSON spellings of a switch.
    expect((await update({ approvazione_dispositivi: '0' })).json()).toEqual({ manutenzione: 0, approvazione_dispositivi: 0, giorni_approvazione: 7 });
    expect((await update({ approvazione_dispositivi: true })).json().approvazione_dispositivi).toBe(1);
    expect((await update({ approvazione_dispositivi: false })).json().approvazione_dispositivi).toBe(0);
  });

  it('maintenance on closes the shop to customers at once, admins keep working; both switches in one call', async () => {
    expect((await update({ manutenzione: 1, approvazione_dispositivi: 1 })).json()).toEqual({ manutenzione: 1, approvazione_dispositivi: 1, giorni_approvazione: 7 });
    try {
      expect((await t().app.inject({ url: '/api/manutenzione/check' })).json()).toBe(1);
      const shop = await t().app.inject({ url: '/api/sessione', headers: { cookie: cliente } });
      expect(shop.statusCode).toBe(503);
      expect(shop.json().manutenzione).toBe(1);
      expect((await read()).statusCode).toBe(200);
    } finally {
      expect((await update({ manutenzione: 0, approvazione_dispositivi: 0 })).json()).toEqual({ manutenzione: 0, approvazione_dispositivi: 0, giorni_approvazione: 7 });
    }
    expect((await t().app.inject({ url: '/api/sessione', headers: { cookie: cliente } })).statusCode).toBe(200);
    expect(await stored()).toMatchObject({ manutenzione: '0', approvazione_dispositivi: '0' });
  });

  it('sets the days an order held for approval waits (1 to 90), audited; crea_ordine reads them', async () => {
    const res = await update({ giorni_approvazione: 3 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ giorni_approvazione: 3 });
    expect((await read()).json().giorni_approvazione).toBe(3);
    expect(await stored()).toMatchObject({ giorni_approvazione: '3' });
    const modifiche = await t().database.db.select().from(modificheAdmin).where(eq(modificheAdmin.azione, 'impostazioni.aggiorna'));
    expect(modifiche.at(-1)).toMatchObject({ dettagli: { giorni_approvazione: 3 } });
    for (const giorni of [0, 91, 2.5, 'tre']) {
      const r = await update({ giorni_approvazione: giorni });
      expect(r.statusCode).toBe(400);
      expect(r.json().msg).toMatch(/giorni_approvazione: un numero intero di giorni da 1 a 90/);
    }
    expect((await update({ giorni_approvazione: 7 })).json().giorni_approvazione).toBe(7);
  });

  it.each([
    [{}, /Indicare manutenzione o approvazione_dispositivi/],
    [{ manutenzione: 2 }, /manutenzione deve valere 0 o 1/],
    [{ approvazione_dispositivi: 'si' }, /approvazione_dispositivi deve valere 0 o 1/],
    [{ manutenzione: null }, /manutenzione deve valere 0 o 1/],
    [{ sconosciuto: 1 }, /Indicare/],
  ])('refuses bad input %# with 400, changing nothing', async (payload, msg) => {
    const before = await stored();
    const res = await update(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(msg);
    expect(await stored()).toEqual(before);
  });

  it('answers 401 without a session, 403 to a customer and to an amministratore', async () => {
    expect((await t().app.inject({ url: '/api/impostazioni/read' })).statusCode).toBe(401);
    expect((await t().app.inject({ method: 'POST', url: '/api/impostazioni/update', payload: { manutenzione: 1 } })).statusCode).toBe(401);
    for (const cookie of [cliente, amministratore]) {
      expect((await read(cookie)).statusCode).toBe(403);
      expect((await update({ manutenzione: 1 }, cookie)).statusCode).toBe(403);
    }
    expect(await stored()).toMatchObject({ manutenzione: '0' });
  });
});
