import { beforeAll, describe, expect, it } from 'vitest';
import { createAzienda, createCategoria, createCliente, createProdotto, createUtente } from '../../support/factories.js';
import { loginCliente, useTestApp } from '../../support/harness.js';

/** Search with a typo in each of several words: every word still finds its product; exact queries rank as before. */
const t = useTestApp();
let cookie = '';
const SCOPE = 'cod_azienda=0001&cod_cliente=000100';
const codes = async (stringa: string) => {
  const res = await t().app.inject({
    url: `/api/search/prodotti?${SCOPE}&stringa=${encodeURIComponent(stringa)}`, headers: { cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { prodotti: { codice_prodotto: string }[] }).prodotti.map((p) => p.codice_prodotto);
};

beforeAll(async () => {
  const { db } = t().database;
  const az = await createAzienda(db, { codice: '0001' });
  const c = await createCliente(db, { aziendaCodice: az.codice, codice: '000100' });
  cookie = await loginCliente(t().app, await createUtente(db, { clienti: [c.id] }));
  const cat = await createCategoria(db, { nome: 'Utensili' });
  const items: [string, string, number][] = [
    ['TY-1', 'Trapano a percussione 800W', 20],
    ['TY-2', 'Trapano avvitatore 18V', 30],
    ['TY-3', 'Martello perforatore SDS', 25],
    ['TY-4', 'Cacciavite a taglio 5,5x125', 50],
    ['TY-5', 'Smerigliatrice angolare 125 mm', 15],
    ['TY-6', 'Chiave combinata 13 mm', 10],
    ['TY-7', 'Percussore di ricambio per martello', 5],
    ['TY-8', 'Punta per trapano a percussione', 8],
  ];
  for (const [codiceProdotto, descrizione1, popolarita] of items) {
    await createProdotto(db, { codiceProdotto, descrizione1, popolarita, categoriaId: cat.id });
  }
  await db.$client`SELECT refresh_search_vocab()`;
});

describe('search/prodotti: a typo in each of two words', () => {
  it("'trapnao percusione' finds 'Trapano a percussione' as 'percusione' alone does", async () => {
    expect((await codes('percusione')).sort()).toEqual(['TY-1', 'TY-8']);
    expect(await codes('trapnao percusione')).toEqual(['TY-1', 'TY-8']);
  });

  it('finds swapped, missing, doubled and wrong letters in both words', async () => {
    expect(await codes('martelo perfroatore')).toEqual(['TY-3']);
    expect(await codes('cacciavtie tagilo')).toEqual(['TY-4']);
    expect(await codes('smerigliatirce angloare')).toEqual(['TY-5']);
    expect(await codes('chaive combinata')).toEqual(['TY-6']);
    expect(await codes('chiave conbinata')).toEqual(['TY-6']);
    expect(await codes('trapamo avvitatote')).toEqual(['TY-2']);
  });

  it('still requires every word: a typo finds only its close word', async () => {
    expect(await codes('trapnao martelo')).toEqual([]);
    expect(await codes('zzzzzz percusione')).toEqual([]);
  });

  it('ranks precise queries as before: exact title words first, then by popularity', async () => {
    expect(await codes('trapano percussione')).toEqual(['TY-1', 'TY-8']);
    expect(await codes('trapano')).toEqual(['TY-2', 'TY-1', 'TY-8']);
    expect(await codes('martello')).toEqual(['TY-3', 'TY-7']);
    expect(await codes('percussore')).toEqual(['TY-7']);
    expect(await codes('perc')).toEqual(['TY-1', 'TY-8', 'TY-7']);
  });
});
