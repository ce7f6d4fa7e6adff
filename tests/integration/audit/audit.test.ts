import { beforeAll, describe, expect, it } from 'vitest';
import { inTransazione } from '../../../server/db/client.js';
import { modificheAdmin } from '../../../server/db/schema/index.js';
import { registraModifica } from '../../../server/audit/audit.service.js';
import { createAdmin, createAzienda, createCliente, createUtente } from '../../support/factories.js';
import { loginAdmin, loginCliente, useTestApp } from '../../support/harness.js';

const t = useTestApp();
let tecnico = '';
let amministratore = '';
let cliente = '';
let tec: Awaited<ReturnType<typeof createAdmin>>;

beforeAll(async () => {
  const { db } = t().database;
  tec = await createAdmin(db, { username: 'tecnico.audit', tipologia: 'tecnico' });
  const adm = await createAdmin(db, { tipologia: 'amministratore' });
  const c = await createCliente(db, { aziendaCodice: (await createAzienda(db)).codice });
  const u = await createUtente(db, { clienti: [c.id] });
  tecnico = await loginAdmin(t().app, tec);
  amministratore = await loginAdmin(t().app, adm);
  cliente = await loginCliente(t().app, u);
});

const storico = (q = '', cookie = amministratore) => t().app.inject({ url: `/api/modifiche/read${q}`, headers: { cookie } });

describe('Storico modifiche', () => {
  it('records who switched maintenance, when and to what, in the same transaction', async () => {
    const res = await t().app.inject({ method: 'POST', url: '/api/manutenzione/change', headers: { cookie: tecnico } });
    expect(res.json()).toBe(1);
    await t().app.inject({ method: 'POST', url: '/api/manutenzione/change', headers: { cookie: tecnico } });
    const { modifiche, totale } = (await storico()).json();
    expect(totale).toBe(2);
    expect(modifiche[0]).toMatchObject({ admin_username: 'tecnico.audit', azione: 'manutenzione.cambia', dettagli: { manutenzione: 0 } });
    expect(modifiche[1]).toMatchObject({ dettagli: { manutenzione: 1 } });
    expect(Date.parse(modifiche[0].created_at)).toBeGreaterThanOrEqual(Date.parse(modifiche[1].created_at));
  });

  it('filters by user and by client, pages, and keeps the rows of a deleted user', async () => {
    const { db } = t().database;
    const admin = { id: tec.id, username: tec.username, nome: '', cognome: '', tipologia: 'tecnico' as const };
    for (let i = 0; i < 3; i++) await registraModifica(db, admin, { azione: 'utente.modifica', entita: 'utente', entitaId: 9001, utenteId: 9001, clienteId: 77 });
    await registraModifica(db, admin, { azione: 'budget.salva', entita: 'budget', entitaId: 78, clienteId: 78 });
    const perUtente = (await storico('?utente_id=9001&limit=2')).json();
    expect(perUtente.totale).toBe(3);
    expect(perUtente.modifiche).toHaveLength(2);
    expect(perUtente.modifiche.every((m: { utente_id: number }) => m.utente_id === 9001)).toBe(true);
    expect((await storico('?cliente_id=78')).json().totale).toBe(1);
    expect((await storico('?cliente_id=77&start=2&limit=2')).json().modifiche).toHaveLength(1);
  });

  it('refuses bad input, no session, a customer', async () => {
    expect((await storico('?utente_id=abc')).statusCode).toBe(400);
    expect((await t().app.inject({ url: '/api/modifiche/read' })).statusCode).toBe(401);
    expect((await storico('', cliente)).statusCode).toBe(403);
  });

  it('a failed change leaves no record', async () => {
    const { db } = t().database;
    const before = (await db.select().from(modificheAdmin)).length;
    const admin = { id: tec.id, username: tec.username, nome: '', cognome: '', tipologia: 'tecnico' as const };
    await expect(inTransazione(db, async (tx) => {
      await registraModifica(tx, admin, { azione: 'impostazioni.aggiorna', entita: 'impostazioni' });
      throw new Error('annullata');
    })).rejects.toThrow('annullata');
    expect((await db.select().from(modificheAdmin)).length).toBe(before);
  });
});
