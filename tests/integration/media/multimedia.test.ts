import { beforeAll, describe, expect, it } from 'vitest';
import { multimedia } from '../../../server/db/schema/index.js';
import { createAzienda, createCliente, createUtente } from '../../support/factories.js';
import { loginCliente, useTestApp } from '../../support/harness.js';

const t = useTestApp();
let cookie = '';
let ids: Record<string, number> = {};
const get = (url: string, c = cookie) => t().app.inject({ url, headers: c ? { cookie: c } : {} });

beforeAll(async () => {
  const { db } = t().database;
  const az = await createAzienda(db, { codice: '0001' });
  const c = await createCliente(db, { aziendaCodice: az.codice });
  cookie = await loginCliente(t().app, await createUtente(db, { clienti: [c.id] }));
  // Inserted out of display order: the answer follows `ordine`, then id.
  const rows = await db.insert(multimedia).values([
    { nome: 'Catalogo 2025', descrizione: 'Tutto il catalogo', tipologia: 'catalogo', linkFolder: 'multimedia/1', linkFile: 'catalogo.pdf', ordine: 2 },
    { nome: 'Banner trapani', tipologia: 'banner laterale', coverDir: 'banner', coverFile: 'trapani.jpg', link: '/ricerca?stringa=trapano', ordine: 1 },
    { nome: 'Tabella chiavi', tipologia: 'comparativi chiavi', ordine: 3 },
  ]).returning({ id: multimedia.id, nome: multimedia.nome });
  ids = Object.fromEntries(rows.map((r) => [r.nome, r.id]));
});

describe('multimedia/load', () => {
  it('lists every item in display order, with its links', async () => {
    const res = await get('/api/multimedia/load');
    expect(res.statusCode).toBe(200);
    expect(res.json().map((m: { nome: string }) => m.nome)).toEqual(['Banner trapani', 'Catalogo 2025', 'Tabella chiavi']);
    expect(res.json()[1]).toEqual({
      id: ids['Catalogo 2025'], nome: 'Catalogo 2025', descrizione: 'Tutto il catalogo', tipologia: 'catalogo',
      cover_dir: '', cover_file: '', link_folder: 'multimedia/1', link_file: 'catalogo.pdf', link: '', created_at: expect.any(String),
    });
  });

  it('answers the one item of a multimedia_id', async () => {
    const res = await get(`/api/multimedia/load?multimedia_id=${ids['Tabella chiavi']}`);
    expect(res.json()).toEqual([expect.objectContaining({ id: ids['Tabella chiavi'], tipologia: 'comparativi chiavi' })]);
  });

  it('answers an empty list for an id nobody has', async () => {
    const res = await get('/api/multimedia/load?multimedia_id=999999');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it.each(['abc', '0', '-1', '1.5', '2147483648', '1e3'])('answers 400 for multimedia_id=%s', async (id) => {
    const res = await get(`/api/multimedia/load?multimedia_id=${id}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('Dati non validi (parametro multimedia_id): multimedia_id non valido');
  });
});

describe('multimedia/loadtipologia', () => {
  it('lists the items of one type only', async () => {
    const res = await get(`/api/multimedia/loadtipologia?tipologia=${encodeURIComponent('banner laterale')}`);
    expect(res.json()).toEqual([expect.objectContaining({ id: ids['Banner trapani'], link: '/ricerca?stringa=trapano' })]);
    expect((await get('/api/multimedia/loadtipologia?tipologia=volantino')).json()).toEqual([]);
  });

  it.each([
    ['tipologia=poster', /^Dati non validi \(parametro tipologia\): tipologia non valida: usare banner laterale, novita/],
    ['', /^Dati non validi \(parametro tipologia\): tipologia non valida/],
  ])('answers 400 for "%s"', async (qs, msg) => {
    const res = await get(`/api/multimedia/loadtipologia?${qs}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(msg);
  });
});

describe('multimedia access', () => {
  it.each(['/api/multimedia/load', '/api/multimedia/loadtipologia?tipologia=catalogo'])('%s answers 401 without a customer session', async (url) => {
    const res = await get(url, '');
    expect(res.statusCode).toBe(401);
    expect(res.json().msg).toMatch(/login/);
  });
});
