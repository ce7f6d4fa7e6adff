import { beforeAll, describe, expect, it } from 'vitest';
import { prodottiCodici } from '../../../server/db/schema/index.js';
import { createAzienda, createBrand, createCategoria, createCliente, createProdotto, createUtente } from '../../support/factories.js';
import { loginCliente, useTestApp } from '../../support/harness.js';

const t = useTestApp();
let cookie = '';
const SCOPE = 'cod_azienda=0001&cod_cliente=000100';
const search = async (stringa: string, extra = '') => {
  const res = await t().app.inject({
    url: `/api/search/prodotti?${SCOPE}&stringa=${encodeURIComponent(stringa)}${extra}`, headers: { cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { prodotti: { codice_prodotto: string; titolo: string }[]; totaleProdotti: number; totalePagine: number };
};
const codes = (r: { prodotti: { codice_prodotto: string }[] }) => r.prodotti.map((p) => p.codice_prodotto);

beforeAll(async () => {
  const { db } = t().database;
  const az = await createAzienda(db, { codice: '0001' });
  const c = await createCliente(db, { aziendaCodice: az.codice, codice: '000100' });
  cookie = await loginCliente(t().app, await createUtente(db, { clienti: [c.id] }));
  await createBrand(db, { brandCodice: '010', nome: 'Makita' });
  await createBrand(db, { brandCodice: '011', nome: 'Würth' });
  const cat = await createCategoria(db, { nome: 'Elettroutensili' });
  const items: [string, string, string, number][] = [
    ['BE-6160792', 'Cacciavite a taglio 5,5x125', '000', 50],
    ['BE-6160793', 'Set cacciaviti 6 pezzi', '000', 40],
    ['BE-1200001', 'Trapano avvitatore 18V Makita MK881', '010', 30],
    ['BE-1200002', 'Trapano a percussione 800W', '000', 20],
    ['BE-1200003', 'Chiave combinata 13 mm', '011', 10],
    ['BE-1200004', 'Set chiavi a bussola', '011', 5],
    ['BE-1200005', 'Bullone M8x40 zincato', '000', 4],
    ['BE-1200006', 'Smerigliatrice angolare 125 mm elettricità', '010', 3],
  ];
  for (const [codiceProdotto, descrizione1, brandCodice, popolarita] of items) {
    await createProdotto(db, {
      codiceProdotto, descrizione1, brandCodice, popolarita, categoriaId: cat.id,
      brandNome: brandCodice === '010' ? 'Makita' : brandCodice === '011' ? 'Würth' : '',
    });
  }
  const [p] = await db.$client<{ id: number }[]>`SELECT id FROM prodotti WHERE codice_prodotto = 'BE-1200003'`;
  await db.insert(prodottiCodici).values([
    { prodottoId: p!.id, tipo: 'ean', codice: '8012345678901' },
    { prodottoId: p!.id, tipo: 'fornitore', codice: 'ROT717328/70' },
  ]);
  await db.$client`SELECT refresh_search_vocab()`;
});

describe('search/prodotti relevance', () => {
  it('stems Italian words both ways (cacciavite finds Cacciaviti, trapani finds Trapano)', async () => {
    expect(codes(await search('cacciavite')).sort()).toEqual(['BE-6160792', 'BE-6160793']);
    expect(codes(await search('cacciaviti')).sort()).toEqual(['BE-6160792', 'BE-6160793']);
    expect(codes(await search('trapani')).sort()).toEqual(['BE-1200001', 'BE-1200002']);
    expect(codes(await search('chiavi')).sort()).toEqual(['BE-1200003', 'BE-1200004']);
  });

  it('folds accents (wurth finds Würth; elettricita and elettricità agree)', async () => {
    expect(codes(await search('wurth')).sort()).toEqual(['BE-1200003', 'BE-1200004']);
    expect(codes(await search('Würth')).sort()).toEqual(['BE-1200003', 'BE-1200004']);
    expect((await search('elettricita')).totaleProdotti).toBe((await search('elettricità')).totaleProdotti);
    expect(codes(await search('cacciavìte')).length).toBe(2);
  });

  it('requires every word', async () => {
    expect(codes(await search('trapano makita 18v'))).toEqual(['BE-1200001']);
    expect((await search('cacciavite makita')).totaleProdotti).toBe(0);
  });

  it('matches partial words as typed', async () => {
    expect(codes(await search('trap')).sort()).toEqual(['BE-1200001', 'BE-1200002']);
    expect(codes(await search('trap mak 18'))).toEqual(['BE-1200001']);
    expect(codes(await search('smeri'))).toEqual(['BE-1200006']);
  });

  it('tolerates small typos in longer words', async () => {
    expect(codes(await search('cacciavitti')).length).toBe(2);
    expect(codes(await search('makitta')).sort()).toEqual(['BE-1200001', 'BE-1200006']);
    expect(codes(await search('smerigliatrce'))).toEqual(['BE-1200006']);
  });

  it('puts an exact code first and alone, in any case and without the dash', async () => {
    expect(codes(await search('BE-6160792'))).toEqual(['BE-6160792']);
    expect(codes(await search('be6160792'))).toEqual(['BE-6160792']);
    expect(codes(await search('6160792'))).toEqual(['BE-6160792']);
  });

  it('finds code prefixes, EAN and supplier codes', async () => {
    expect(codes(await search('BE-12')).length).toBe(6);
    expect(codes(await search('8012345678901'))).toEqual(['BE-1200003']);
    expect(codes(await search('ROT717328/70'))).toEqual(['BE-1200003']);
    expect(codes(await search('rot717328 70'))).toEqual(['BE-1200003']);
  });

  it('handles short terms like M8 without returning the catalogue', async () => {
    expect(codes(await search('M8'))).toEqual(['BE-1200005']);
  });

  it('ranks exact title words before prefix matches, then by popularity', async () => {
    const r = await search('set');
    expect(codes(r)).toEqual(['BE-6160793', 'BE-1200004']);
  });

  it('answers an empty page for no result', async () => {
    expect(await search('zzzzzz')).toMatchObject({ prodotti: [], totaleProdotti: 0, totalePagine: 0 });
    expect(await search('per')).toMatchObject({ totaleProdotti: 0 });
  });

  it('pages with exact totals', async () => {
    const p1 = await search('be-12', '&limit=4');
    const p2 = await search('be-12', '&limit=4&start=4');
    expect(p1.totaleProdotti).toBe(6);
    expect(p1.totalePagine).toBe(2);
    expect(codes(p2)).toHaveLength(2);
    expect(new Set([...codes(p1), ...codes(p2)]).size).toBe(6);
  });
});

describe('search/prodotti input and access', () => {
  it.each([
    ['stringa=a', /2 caratteri/], ['', /stringa/i], ['stringa=ab&start=-5', /start/], ['stringa=ab&limit=x', /limit/],
  ])('answers 400 for %s', async (qs, msg) => {
    const res = await t().app.inject({ url: `/api/search/prodotti?${SCOPE}&${qs}`, headers: { cookie } });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(msg);
  });

  it('treats quotes and tsquery operators as text', async () => {
    expect((await search("'&|!:*()")).totaleProdotti).toBe(0);
    // '|' is no OR: every word is still required, and no product is both a screwdriver and a drill.
    expect(codes(await search('cacciavite | trapano'))).toEqual([]);
    expect(codes(await search("cacciavite' | 'trapano"))).toEqual([]);
    // '!' is no NOT, and quotes, ':*' and brackets leave the word as it was.
    expect(codes(await search('trapano & !makita'))).toEqual(['BE-1200001']);
    expect(codes(await search("cacciavite'")).sort()).toEqual(['BE-6160792', 'BE-6160793']);
    expect(codes(await search('(trapano:*)')).sort()).toEqual(['BE-1200001', 'BE-1200002']);
  });

  it('answers 401 without session and 403 for another client', async () => {
    expect((await t().app.inject({ url: `/api/search/prodotti?${SCOPE}&stringa=trap` })).statusCode).toBe(401);
    const res = await t().app.inject({ url: `/api/search/prodotti?cod_azienda=0001&cod_cliente=999999&stringa=trap`, headers: { cookie } });
    expect(res.statusCode).toBe(403);
  });
});
