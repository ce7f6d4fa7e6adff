import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpzioniImport } from '../../../server/import/esecuzione.js';
import { importa } from '../../../server/import/importa.js';
import { createAdmin, createAzienda, createCliente, createUtente } from '../../support/factories.js';
import { loginAdmin, loginCliente, useTestApp } from '../../support/harness.js';

/**
 * The staff's management of agents (docs/regole/agenti.md#admin) and the ERP's portfolios (import
 * kind `agenti`, docs/import.md#agenti): every change audited; a client taken out of a portfolio,
 * by hand or by a complete import, is out of the agent's reach at once.
 */
const t = useTestApp();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-agenti-import-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

let admin = '';
let cliente = '';
const C1 = { azienda_codice: '0001', cliente_codice: 'PA0001' };
const C2 = { azienda_codice: '0001', cliente_codice: 'PA0002' };
const C3 = { azienda_codice: '0001', cliente_codice: 'PA0003' };

beforeAll(async () => {
  const { db } = t().database;
  await createAzienda(db, { codice: '0001' });
  for (const c of [C1, C2, C3]) await createCliente(db, { aziendaCodice: '0001', codice: c.cliente_codice, ragioneSociale: `Cliente ${c.cliente_codice}` });
  admin = await loginAdmin(t().app, await createAdmin(db));
  const u = await createUtente(db, { clienti: [(await t().database.sql<{ id: number }[]>`SELECT id FROM clienti WHERE codice = 'PA0001'`)[0]!.id] });
  cliente = await loginCliente(t().app, u);
});

const call = (method: 'GET' | 'POST', url: string, cookie: string | null, payload?: object) => t().app.inject({
  method, url: `/api/${url}`, ...(payload ? { payload } : {}), headers: cookie ? { cookie } : {},
});
const audit = async (utenteId: number) => (await t().database.sql<{ azione: string }[]>`
  SELECT azione FROM modifiche_admin WHERE utente_id = ${utenteId} ORDER BY id`).map((r) => r.azione);
const portafoglio = async (utenteId: number) => (await call('GET', `agenti/clienti?utente_id=${utenteId}`, admin)).json()
  .clienti.map((c: { cliente_codice: string; origine: string }) => `${c.cliente_codice}:${c.origine}`);

function csv(nome: string, righe: string[]): string {
  const file = path.join(dir, nome);
  fs.writeFileSync(file, `${righe.join('\r\n')}\r\n`);
  return file;
}
const importaFile = (file: string, o: Partial<OpzioniImport> = {}) =>
  importa(t().database.db, file, { tipo: 'agenti', file: path.basename(file), autore: { origine: 'cli', nome: 'test' }, soglia: 100, ...o });

describe('agents in the admin', () => {
  let id = 0;
  const nuovo = { username: 'paolo@agenti.local', password: 'Provvisoria2024!', nome: 'Paolo', cognome: 'Bianchi', agente_codice: 'A01' };

  it('only staff: 401 without a session, 403 for a customer; malformed input 400 with nothing made', async () => {
    expect((await call('GET', 'agenti/read', null)).statusCode).toBe(401);
    expect((await call('GET', 'agenti/read', cliente)).statusCode).toBe(403);
    expect((await call('POST', 'agenti/create', cliente, nuovo)).statusCode).toBe(403);
    const senzaPassword = await call('POST', 'agenti/create', admin, { ...nuovo, password: '' });
    expect(senzaPassword.statusCode).toBe(400);
    expect(senzaPassword.json().msg).toContain('La password è obbligatoria per un nuovo agente.');
    expect((await call('POST', 'agenti/create', admin, { ...nuovo, agente_codice: 'A 01' })).statusCode).toBe(400);
    expect((await call('GET', 'agenti/read', admin)).json().totale).toBe(0);
  });

  it('creates an agent (twice at once: one agent), who logs in with a temporary password; edits it; a code taken is refused', async () => {
    const [r1, r2] = await Promise.all([call('POST', 'agenti/create', admin, nuovo), call('POST', 'agenti/create', admin, nuovo)]);
    const esiti = [r1.json(), r2.json()].sort((a, b) => a.status - b.status);
    expect(esiti[0]).toMatchObject({ status: 0, msg: 'Agente inserito correttamente.' });
    expect(esiti[1]).toMatchObject({ status: 1 });
    id = esiti[0].utente_id;
    const lista = (await call('GET', 'agenti/read?stringa=a01', admin)).json();
    expect(lista).toMatchObject({ totale: 1, agenti: [{ utente_id: id, agente_codice: 'A01', nome: 'Paolo', cognome: 'Bianchi', status_login: 0, clienti_n: 0 }] });
    const login = await call('POST', 'login/frontendfingerprint', null, { username: nuovo.username, password: nuovo.password, fingerprint: 'a'.repeat(64) });
    expect(login.json().utente).toMatchObject({ status: 0, tipologia_account: 'agente', cambio_password: 1 });

    expect((await call('POST', 'agenti/create', admin, { ...nuovo, utente_id: id, nome: 'Paolo Maria', password: '' })).json())
      .toMatchObject({ status: 0, msg: 'Agente aggiornato correttamente.' });
    const altro = await call('POST', 'agenti/create', admin, { ...nuovo, username: 'luca@agenti.local', agente_codice: 'A01' });
    expect(altro.json()).toEqual({ status: 1, msg: 'Codice agente già utilizzato da un altro agente.' });
    // An agent is not edited as a customer user.
    expect((await call('POST', 'utenti/create', admin, { utente_id: id, username: nuovo.username, nome: 'X', cognome: 'Y', password: '' })).statusCode).toBe(404);
    expect((await call('POST', 'agenti/create', admin, { ...nuovo, utente_id: 999999 })).statusCode).toBe(404);
    expect(await audit(id)).toEqual(['agente.crea', 'agente.modifica']);
  });

  it('adds and removes clients by hand (twice: once), audited; an unknown client 404', async () => {
    const aggiungi = (c: object) => call('POST', 'agenti/portafoglio', admin, { utente_id: id, ...c, azione: 'aggiungi' });
    const [a1, a2] = await Promise.all([aggiungi(C1), aggiungi(C1)]);
    expect([a1.json().status, a2.json().status].sort()).toEqual([0, 1]);
    expect((await aggiungi(C2)).json().status).toBe(0);
    expect((await aggiungi({ azienda_codice: '0001', cliente_codice: 'NESSUNO' })).statusCode).toBe(404);
    expect((await call('POST', 'agenti/portafoglio', admin, { utente_id: id, ...C2, azione: 'sposta' })).statusCode).toBe(400);
    expect(await portafoglio(id)).toEqual(['PA0001:admin', 'PA0002:admin']);
    expect((await call('POST', 'agenti/portafoglio', admin, { utente_id: id, ...C2, azione: 'rimuovi' })).json()).toEqual({ status: 0, msg: 'Cliente tolto dal portafoglio.' });
    expect((await call('POST', 'agenti/portafoglio', admin, { utente_id: id, ...C2, azione: 'rimuovi' })).json().status).toBe(1);
    expect(await audit(id)).toEqual(['agente.crea', 'agente.modifica', 'agente.cliente_aggiunto', 'agente.cliente_aggiunto', 'agente.cliente_tolto']);
  });

  it("the import adds clients to the agents' portfolios; --completo replaces the portfolio of the agents it names", async () => {
    const { db } = t().database;
    const luca = await createUtente(db, { username: 'luca@agenti.local', tipologiaAccount: 'agente', agenteCodice: 'A02' });
    const r = await importaFile(csv('agenti.csv', [
      'azienda_codice;cliente_codice;agente_codice', '0001;PA0002;A01', '0001;PA0001;A01', '0001;PA0003;A02', '0001;PA0003;A99', '0001;NESSUNO;A01',
    ]));
    expect(r).toMatchObject({ stato: 'applicata', nuove: 2, invariate: 1, scartate: 2 });
    expect(r.errori.map((e) => e.messaggio)).toEqual(expect.arrayContaining(['agente sconosciuto: crealo prima in Agenti', 'cliente sconosciuto in questa azienda']));
    expect(await portafoglio(id)).toEqual(['PA0001:admin', 'PA0002:import']);

    // The agent acting for PA0001: a complete portfolio without it takes it out at once.
    const paolo = await loginCliente(t().app, { username: 'paolo@agenti.local', password: 'Provvisoria2024!' }, 'paolo');
    await t().database.sql`UPDATE utenti SET password_temporanea = false WHERE id = ${id}`;
    expect((await call('POST', 'agente/entra', paolo, C1)).statusCode).toBe(200);
    const completo = await importaFile(csv('agenti-completo.csv', ['azienda_codice;cliente_codice;agente_codice', '0001;PA0002;A01']), { completo: true });
    expect(completo).toMatchObject({ stato: 'applicata', invariate: 1, ritirate: 1 });
    expect(await portafoglio(id)).toEqual(['PA0002:import']);
    // Luca, not named by the file, keeps his.
    expect(await portafoglio(luca.id)).toEqual(['PA0003:import']);
    await new Promise((res) => setTimeout(res, 300));
    const sessione = (await call('GET', 'sessione', paolo)).json().utente;
    expect(sessione.clienti).toEqual([]);
    expect((await call('GET', `agente/cliente?${new URLSearchParams(C1)}`, paolo)).statusCode).toBe(403);
  });

  it('disabling ends the sessions and refuses the login (twice: once, audited)', async () => {
    const paolo = await loginCliente(t().app, { username: 'paolo@agenti.local', password: 'Provvisoria2024!' }, 'paolo');
    expect((await call('GET', 'agente/clienti', paolo)).statusCode).toBe(200);
    await Promise.all([call('POST', 'agenti/stato', admin, { utente_id: id, attivo: false }), call('POST', 'agenti/stato', admin, { utente_id: id, attivo: false })]);
    expect((await call('GET', 'agente/clienti', paolo)).statusCode).toBe(401);
    const login = await call('POST', 'login/frontendfingerprint', null, { username: 'paolo@agenti.local', password: 'Provvisoria2024!', fingerprint: 'b'.repeat(64) });
    expect(login.json().utente.status).toBe(1);
    expect((await audit(id)).filter((a) => a === 'agente.disabilita')).toHaveLength(1);
    expect((await call('POST', 'agenti/stato', admin, { utente_id: id, attivo: true })).json().status).toBe(0);
    expect((await call('GET', `agenti/read?utente_id=${id}`, admin)).json().agenti[0].status_login).toBe(0);
  });
});
