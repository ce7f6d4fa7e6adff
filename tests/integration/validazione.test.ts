import { beforeAll, describe, expect, it } from 'vitest';
import { createAzienda, createCliente, createUtente } from '../support/factories.js';
import { fingerprint, loginCliente, useTestApp } from '../support/harness.js';

const t = useTestApp();
let cookie = '';
let me = '';
const SCOPE = 'cod_azienda=0001&cod_cliente=000100';
const get = (url: string) => t().app.inject({ url, headers: { cookie } });
const post = (url: string, payload: object) => t().app.inject({ method: 'POST', url, headers: { cookie }, payload });

beforeAll(async () => {
  const { db } = t().database;
  const az = await createAzienda(db, { codice: '0001' });
  const c = await createCliente(db, { aziendaCodice: az.codice, codice: '000100' });
  const u = await createUtente(db, { clienti: [c.id] });
  me = u.codice;
  cookie = await loginCliente(t().app, u);
});

/** zod's own words, and the type names it would put in a message. */
const ENGLISH = /\b(string|number|undefined|boolean|object|array|expected|received|Invalid|input)\b/;

describe('400 messages', () => {
  it.each([
    ['a missing parameter', () => get('/api/liste/delete'), 'Dati non validi (parametro lista_id): campo obbligatorio'],
    ['a number where text is expected', () => post('/api/contatti/invia', { nome: 1, email: 'a@b.it', messaggio: 'x' }),
      'Dati non validi (campo nome): Il nome è obbligatorio'],
    ['text where a number is expected', () => post('/api/liste/delete', { lista_id: 'abc' }), 'Dati non validi (campo lista_id): lista_id non valido'],
    ['a list where a number is expected', () => post('/api/liste/delete', { lista_id: [1] }), 'Dati non validi (campo lista_id): lista_id non valido'],
    ['an object where text is expected', () => post('/api/ordini/check', { prodotti: [{ codice_prodotto: {}, quantita: 1 }] }),
      'Dati non validi (campo prodotti.0.codice_prodotto): deve essere un testo'],
    ['text where a list is expected', () => post('/api/ordini/check', { prodotti: 'tutti' }), 'Dati non validi (campo prodotti): deve essere un elenco'],
    ['a missing field of a list item', () => post('/api/ordini/check', { prodotti: [{ quantita: 1 }] }),
      'Dati non validi (campo prodotti.0.codice_prodotto): campo obbligatorio'],
    ['a text over its length', () => post('/api/ordini/create', {
      azienda_codice: '0001', cliente_codice: '000100', utente_codice: me, cliente_nome: 'x'.repeat(201),
    }), 'Dati non validi (campo cliente_nome): può avere al massimo 200 caratteri'],
    ['a wrong device detail', () => post('/api/login/frontendfingerprint', {
      username: 'a', password: 'b', fingerprint: fingerprint(), browserInfo: { colorDepth: 24.5 },
    }), 'Dati non validi (campo browserInfo.colorDepth): deve essere un numero intero'],
    ['a value outside a list of choices', () => get('/api/multimedia/loadtipologia?tipologia=poster'), /^Dati non validi \(parametro tipologia\): tipologia non valida/],
  ])('are Italian only for %s', async (_what, send, msg) => {
    const res = await send();
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(msg);
    expect(res.json().msg).not.toMatch(ENGLISH);
  });
});

describe('the fields of a 400', () => {
  it('are named in `campi`, each with its own message, for the form to show under it', async () => {
    const res = await post('/api/contatti/invia', { nome: 'Mario\nRossi', email: 'non-una-email', messaggio: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'dati_non_validi',
      msg: 'Dati non validi (campo nome): contiene caratteri non ammessi',
      campi: { nome: 'contiene caratteri non ammessi', email: expect.any(String) },
    });
    expect(Object.keys(res.json().campi)).toEqual(['nome', 'email']);
    const nested = await post('/api/ordini/check', { prodotti: [{ quantita: 1 }] });
    expect(nested.json().campi).toEqual({ 'prodotti.0.codice_prodotto': 'campo obbligatorio' });
  });

  it('are left out of the answers that concern no field', async () => {
    const res = await get('/api/non/esiste');
    expect(res.statusCode).toBe(404);
    expect(res.json()).not.toHaveProperty('campi');
    const query = await get('/api/liste/delete');
    expect(query.json().campi).toEqual({ lista_id: 'campo obbligatorio' });
  });
});

describe('hostile text and numbers', () => {
  it.each([
    `/api/brand/info?brand_id=ab%00cd`,
    `/api/prodotti/details?${SCOPE}&codice_prodotto=%00`,
    `/api/search/prodotti?${SCOPE}&stringa=ab%00cd`,
    `/api/liste/create?utente_codice=U&azienda_codice=0001&cliente_codice=000100&nome=a%1Bb`,
  ])('answer 400 to a control character in text: %s', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/contiene caratteri non ammessi$/);
  });

  it('keeps line breaks and tabs in notes and messages, and refuses them in names', async () => {
    const ok = await post('/api/contatti/invia', { nome: 'Mario', email: 'mario@test.local', messaggio: 'Riga uno\r\n\tRiga due' });
    expect(ok.json()).toMatchObject({ status: 0 });
    const bad = await post('/api/contatti/invia', { nome: 'Mario\nRossi', email: 'mario@test.local', messaggio: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('Dati non validi (campo nome): contiene caratteri non ammessi');
  });

  it.each([
    '/api/multimedia/load?multimedia_id=2147483648',
    `/api/prodotti/volantinowithcustominfo?${SCOPE}&volantino_id=2147483648`,
    `/api/search/prodotti?${SCOPE}&stringa=trapano&start=2147483648`,
    `/api/search/prodotti?${SCOPE}&stringa=trapano&start=-9007199254740992`,
    '/api/listaprodotti/adding?lista_id=2147483648&prodotto_id=1',
    '/api/listaprodotti/adding?lista_id=1&prodotto_id=1e309',
  ])('answer 400 to an integer no integer column holds: %s', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/^Dati non validi \(parametro \w+\): /);
  });

  it('takes the largest integer a column holds', async () => {
    const res = await get('/api/multimedia/load?multimedia_id=2147483647');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });
});
