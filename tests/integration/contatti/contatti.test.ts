import fs from 'node:fs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../../server/app.js';
import { messaggiContatto } from '../../../server/db/schema/index.js';
import { createAzienda, createCliente, createUtente } from '../../support/factories.js';
import { loginCliente, useTestApp } from '../../support/harness.js';

const t = useTestApp();
let cookie = '';

beforeAll(async () => {
  const { db } = t().database;
  const az = await createAzienda(db, { codice: '0001' });
  const c = await createCliente(db, { aziendaCodice: az.codice, codice: '000100' });
  cookie = await loginCliente(t().app, await createUtente(db, { clienti: [c.id] }));
});

describe('contatti/invia', () => {
  it('stores the message and mails the office', async () => {
    const res = await t().app.inject({
      method: 'POST', url: '/api/contatti/invia', headers: { cookie },
      payload: { nome: 'Mario Rossi', email: 'mario@test.local', messaggio: 'Vorrei un preventivo.' },
    });
    expect(res.json().status).toBe(0);
    const rows = await t().database.db.select().from(messaggiContatto);
    expect(rows).toEqual([expect.objectContaining({ nome: 'Mario Rossi', messaggio: 'Vorrei un preventivo.' })]);
    const mails = () => (fs.existsSync(t().config.mailDir) ? fs.readdirSync(t().config.mailDir).filter((f) => f.endsWith('.eml')) : []);
    await vi.waitFor(() => expect(mails()).toHaveLength(1));
    expect(fs.readFileSync(`${t().config.mailDir}/${mails()[0]}`, 'utf8')).toContain('ufficio@test.local');
  });

  it('keeps the message and answers success when the mail server is down', async () => {
    const app = await buildApp({ ...t().config, smtpUrl: 'smtp://127.0.0.1:1' }, { logger: false });
    try {
      const res = await app.inject({
        method: 'POST', url: '/api/contatti/invia', headers: { cookie },
        payload: { nome: 'Anna Bianchi', email: 'anna@test.local', messaggio: 'Server di posta spento.' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().status).toBe(0);
      const rows = await t().database.db.select().from(messaggiContatto);
      expect(rows).toContainEqual(expect.objectContaining({ nome: 'Anna Bianchi', messaggio: 'Server di posta spento.' }));
    } finally {
      await app.close();
    }
  });

  it.each([
    [{ email: 'a@b.it', messaggio: 'x' }, /nome/], [{ nome: 'A', messaggio: 'x' }, /email/],
    [{ nome: 'A', email: 'non-email', messaggio: 'x' }, /email non valido/], [{ nome: 'A', email: 'a@b.it', messaggio: '  ' }, /messaggio/],
  ])('answers 400 for %j', async (payload, msg) => {
    const res = await t().app.inject({ method: 'POST', url: '/api/contatti/invia', headers: { cookie }, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(msg);
  });

  it('answers 401 without a session', async () => {
    const res = await t().app.inject({ method: 'POST', url: '/api/contatti/invia', payload: { nome: 'A', email: 'a@b.it', messaggio: 'x' } });
    expect(res.statusCode).toBe(401);
  });
});
