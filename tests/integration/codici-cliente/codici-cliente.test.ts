import { beforeAll, describe, expect, it } from 'vitest';
import { codiciCliente } from '../../../server/db/schema/index.js';
import { createAzienda, createCliente, createProdotto, createUtente } from '../../support/factories.js';
import { loginCliente, useTestApp } from '../../support/harness.js';

// The client's own codes: set, changed, cleared and read in the client's scope only.
const t = useTestApp();
let cookie = '';
let cookieAltro = '';
const MIO = { azienda_codice: '0001', cliente_codice: '000100' };
const ALTRO = { azienda_codice: '0001', cliente_codice: '000200' };

beforeAll(async () => {
  const { db } = t().database;
  await createAzienda(db, { codice: '0001' });
  const c = await createCliente(db, { aziendaCodice: '0001', codice: '000100' });
  const c2 = await createCliente(db, { aziendaCodice: '0001', codice: '000200' });
  cookie = await loginCliente(t().app, await createUtente(db, { clienti: [c.id] }));
  cookieAltro = await loginCliente(t().app, await createUtente(db, { clienti: [c2.id] }), 'device-2');
  await createProdotto(db, { codiceProdotto: 'CHIAVE-8' });
  await createProdotto(db, { codiceProdotto: 'CHIAVE-10' });
  await createProdotto(db, { codiceProdotto: 'RITIRATO', status: 1 });
});

const chiama = (path: string, payload: object, c = cookie) =>
  t().app.inject({ method: 'POST', url: `/api/codici-cliente/${path}`, headers: { cookie: c }, payload });
const leggi = (scope: object, prodotti: string, c = cookie) =>
  t().app.inject({ method: 'GET', url: '/api/codici-cliente/leggi', headers: { cookie: c }, query: { ...scope, prodotti } as Record<string, string> });
const tutti = () => t().database.db.select({ clienteId: codiciCliente.clienteId, codice: codiciCliente.codice }).from(codiciCliente);

describe('codici-cliente', () => {
  it('sets, changes, reads and clears a product\'s own code', async () => {
    expect((await chiama('salva', { ...MIO, codice_prodotto: 'CHIAVE-8', codice: ' ch/8 ' })).json()).toEqual({ codice_prodotto: 'CHIAVE-8', codice: 'ch/8' });
    expect((await chiama('salva', { ...MIO, codice_prodotto: 'CHIAVE-8', codice: 'CH-8' })).statusCode).toBe(200);
    expect((await leggi(MIO, 'CHIAVE-8,CHIAVE-10')).json()).toEqual({ codici: [{ codice_prodotto: 'CHIAVE-8', codice: 'CH-8' }] });
    expect((await chiama('cancella', { ...MIO, codice_prodotto: 'CHIAVE-8' })).statusCode).toBe(200);
    expect((await leggi(MIO, 'CHIAVE-8')).json()).toEqual({ codici: [] });
  });

  it('refuses a code the client gave another product (as normalised), an empty one, an unknown or withdrawn product', async () => {
    await chiama('salva', { ...MIO, codice_prodotto: 'CHIAVE-8', codice: 'CH8' });
    const doppio = await chiama('salva', { ...MIO, codice_prodotto: 'CHIAVE-10', codice: 'ch-8' });
    expect(doppio.statusCode).toBe(400);
    expect(doppio.json()).toMatchObject({ code: 'dati_non_validi', msg: 'Il codice ch-8 è già il tuo codice del prodotto CHIAVE-8: toglilo da lì o scegline un altro.' });
    expect((await chiama('salva', { ...MIO, codice_prodotto: 'CHIAVE-10', codice: '--' })).json().msg)
      .toBe('Dati non validi (campo codice): Il codice cliente deve contenere almeno una lettera o una cifra');
    expect((await chiama('salva', { ...MIO, codice_prodotto: 'NESSUNO', codice: 'X1' })).statusCode).toBe(404);
    expect((await chiama('salva', { ...MIO, codice_prodotto: 'RITIRATO', codice: 'X1' })).statusCode).toBe(404);
    expect((await tutti()).map((r) => r.codice)).toEqual(['CH8']);
  });

  it('another client neither sees nor changes them: its own scope shows none, this client\'s scope is 403', async () => {
    expect((await leggi(ALTRO, 'CHIAVE-8', cookieAltro)).json()).toEqual({ codici: [] });
    // The same code is free for another client.
    expect((await chiama('salva', { ...ALTRO, codice_prodotto: 'CHIAVE-10', codice: 'CH8' }, cookieAltro)).statusCode).toBe(200);
    for (const r of [
      await leggi(MIO, 'CHIAVE-8', cookieAltro),
      await chiama('salva', { ...MIO, codice_prodotto: 'CHIAVE-8', codice: 'RUBATO' }, cookieAltro),
      await chiama('cancella', { ...MIO, codice_prodotto: 'CHIAVE-8' }, cookieAltro),
    ]) {
      expect(r.statusCode).toBe(403);
      expect(r.json().code).toBe('accesso_negato');
    }
    expect((await tutti()).map((r) => r.codice).sort()).toEqual(['CH8', 'CH8']);
    expect((await leggi(MIO, 'CHIAVE-8')).json()).toEqual({ codici: [{ codice_prodotto: 'CHIAVE-8', codice: 'CH8' }] });
  });

  it('answers 401 without a session', async () => {
    const r = await t().app.inject({ method: 'POST', url: '/api/codici-cliente/salva', payload: { codice: 5 } });
    expect(r.statusCode).toBe(401);
  });
});
