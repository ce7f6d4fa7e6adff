import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../../server/app.js';
import { inTransazione } from '../../../server/db/client.js';
import { createAdmin } from '../../support/factories.js';
import { loginAdmin, useTestApp } from '../../support/harness.js';

// App A is the harness's; app B is a second server process on the same database.
const t = useTestApp();
let b: FastifyInstance;
let tecnico = '';
/** Notices between processes arrive within milliseconds. */
const NOTICE = { timeout: 3000, interval: 25 };

const cambiaManutenzione = async () => {
  const res = await t().app.inject({ method: 'POST', url: '/api/manutenzione/change', headers: { cookie: tecnico } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as number;
};

beforeAll(async () => {
  tecnico = await loginAdmin(t().app, await createAdmin(t().database.db, { tipologia: 'tecnico' }));
  b = await buildApp(t().config, { logger: false });
});

afterAll(async () => {
  await b?.close();
});

describe('switches across server processes', () => {
  it("a change notifies the channel 'impostazioni' at its commit, a rolled-back one never", async () => {
    const avvisi: string[] = [];
    const ascolto = await t().database.sql.listen('impostazioni', (payload) => avvisi.push(payload));
    try {
      const { impostazioni } = t().app.deps;
      await expect(inTransazione(t().database.db, async (tx) => {
        await impostazioni.set('approvazione_dispositivi', true, tx);
        throw new Error('annullata');
      })).rejects.toThrow('annullata');
      impostazioni.svuota();
      const res = await t().app.inject({
        method: 'POST', url: '/api/impostazioni/update', headers: { cookie: tecnico }, payload: { approvazione_dispositivi: 1 },
      });
      expect(res.json()).toEqual({ manutenzione: 0, approvazione_dispositivi: 1, giorni_approvazione: 7 });
      // Notices arrive in commit order: once this one is here, any before it is too.
      await t().database.sql`SELECT pg_notify('impostazioni', 'fine')`;
      await vi.waitFor(() => expect(avvisi).toContain('fine'), NOTICE);
      expect(avvisi).toEqual(['', 'fine']);
    } finally {
      await ascolto.unlisten();
    }
  });

  it('another process forgets the switches it remembers on that notice', async () => {
    expect(await b.deps.impostazioni.get('manutenzione')).toBe(false);
    const svuota = vi.spyOn(b.deps.impostazioni, 'svuota');
    try {
      expect(await cambiaManutenzione()).toBe(1);
      await vi.waitFor(() => expect(svuota).toHaveBeenCalled(), NOTICE);
      expect((await b.inject({ url: '/api/manutenzione/check' })).json()).toBe(1);
    } finally {
      svuota.mockRestore();
      expect(await cambiaManutenzione()).toBe(0);
    }
  });

  it('a switch whose transaction rolls back is answered by no process, not even the one that wrote it', async () => {
    const { sql } = t().database;
    const { impostazioni } = t().app.deps;
    const manutenzione = async () => (await t().app.inject({ url: '/api/manutenzione/check' })).json() as number;
    expect(await manutenzione()).toBe(0);
    const approvazione = await impostazioni.get('approvazione_dispositivi');
    // The audit record fails: the switch's transaction rolls back.
    await sql`CREATE FUNCTION rifiuta_modifica() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'rifiutata'; END $$`;
    await sql`CREATE TRIGGER rifiuta BEFORE INSERT ON modifiche_admin FOR EACH ROW EXECUTE FUNCTION rifiuta_modifica()`;
    try {
      expect((await t().app.inject({ method: 'POST', url: '/api/manutenzione/change', headers: { cookie: tecnico } })).statusCode).toBe(500);
      expect(await manutenzione()).toBe(0);
      const aggiorna = await t().app.inject({
        method: 'POST', url: '/api/impostazioni/update', headers: { cookie: tecnico }, payload: { approvazione_dispositivi: approvazione ? 0 : 1 },
      });
      expect(aggiorna.statusCode).toBe(500);
      expect(await impostazioni.get('approvazione_dispositivi')).toBe(approvazione);
    } finally {
      await sql`DROP TRIGGER rifiuta ON modifiche_admin`;
      await sql`DROP FUNCTION rifiuta_modifica()`;
    }
  });
});
