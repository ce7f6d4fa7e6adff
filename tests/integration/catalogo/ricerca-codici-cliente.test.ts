import { beforeAll, describe, expect, it } from 'vitest';
import { codiciCliente } from '../../../server/db/schema/index.js';
import { createAzienda, createCategoria, createCliente, createProdotto, createUtente } from '../../support/factories.js';
import { loginCliente, useTestApp } from '../../support/harness.js';

// The client's own codes in the product search (docs/regole/ordine-rapido.md#own-codes): found for
// that client only, ranked first, and pages that neither repeat nor skip a product around it.
const t = useTestApp();
const cookies: Record<string, string> = {};
const SCOPE = {
  a: 'cod_azienda=0001&cod_cliente=000100',
  // Another client of the same company.
  b: 'cod_azienda=0001&cod_cliente=000200',
  // A client of another company with the same client code as a.
  c: 'cod_azienda=0002&cod_cliente=000100',
};
type Chi = keyof typeof SCOPE;
const ids: Record<string, number> = {};

const search = async (chi: Chi, stringa: string, start = 0, limit = 50) => {
  const res = await t().app.inject({
    url: `/api/search/prodotti?${SCOPE[chi]}&stringa=${encodeURIComponent(stringa)}&start=${start}&limit=${limit}`,
    headers: { cookie: cookies[chi]! },
  });
  expect(res.statusCode, res.body).toBe(200);
  const r = res.json() as { prodotti: { codice_prodotto: string }[]; totaleProdotti: number };
  return { codici: r.prodotti.map((p) => p.codice_prodotto), totale: r.totaleProdotti };
};

/** Every page of a search of `limit` products, joined, with the total each page gave. */
async function tutteLePagine(chi: Chi, stringa: string, limit: number) {
  const codici: string[] = [];
  const totali = new Set<number>();
  for (let start = 0; start < 20; start += limit) {
    const p = await search(chi, stringa, start, limit);
    totali.add(p.totale);
    if (p.codici.length === 0) break;
    codici.push(...p.codici);
  }
  return { codici, totali: [...totali] };
}

beforeAll(async () => {
  const { db } = t().database;
  await createAzienda(db, { codice: '0001' });
  await createAzienda(db, { codice: '0002' });
  const clienti = {
    a: await createCliente(db, { aziendaCodice: '0001', codice: '000100' }),
    b: await createCliente(db, { aziendaCodice: '0001', codice: '000200' }),
    c: await createCliente(db, { aziendaCodice: '0002', codice: '000100' }),
  };
  for (const chi of ['a', 'b', 'c'] as const) {
    cookies[chi] = await loginCliente(t().app, await createUtente(db, { clienti: [clienti[chi].id] }), `device-${chi}`);
  }
  const cat = await createCategoria(db, { nome: 'Utensili' });
  // Five drills, most popular first, and two other products.
  for (const [codice, popolarita] of [['TR-1', 50], ['TR-2', 40], ['TR-3', 30], ['TR-4', 20], ['TR-5', 10]] as const) {
    ids[codice] = (await createProdotto(db, { codiceProdotto: codice, descrizione1: `Trapano avvitatore ${codice}`, popolarita, categoriaId: cat.id })).id;
  }
  ids['CH-13'] = (await createProdotto(db, { codiceProdotto: 'CH-13', descrizione1: 'Chiave combinata 13 mm', popolarita: 5, categoriaId: cat.id })).id;
  ids['RIT-1'] = (await createProdotto(db, { codiceProdotto: 'RIT-1', descrizione1: 'Pinza ritirata', status: 1, categoriaId: cat.id })).id;
  await db.insert(codiciCliente).values([
    // a: a code of its own, a code that is also a word of other products, a withdrawn product's code.
    { clienteId: clienti.a.id, prodottoId: ids['CH-13']!, codice: 'Mia/77' },
    { clienteId: clienti.b.id, prodottoId: ids['CH-13']!, codice: 'trapano' },
    { clienteId: clienti.c.id, prodottoId: ids['TR-4']!, codice: 'TRAPANO' },
    { clienteId: clienti.a.id, prodottoId: ids['RIT-1']!, codice: 'PZ-1' },
    // a: a code that names the second of the products its words find.
    { clienteId: clienti.a.id, prodottoId: ids['TR-2']!, codice: 'Trapano avvitatore' },
  ]);
  await db.$client`SELECT refresh_search_vocab()`;
});

describe('search/prodotti with the client\'s own codes', () => {
  it('finds the product by its own code, normalised and in any case, for that client only', async () => {
    for (const q of ['MIA77', 'mia-77', 'Mia 77', 'mia/77']) {
      expect(await search('a', q)).toEqual({ codici: ['CH-13'], totale: 1 });
    }
    // Neither another client of the same company nor a client of another company with the same code.
    expect(await search('b', 'MIA77')).toEqual({ codici: [], totale: 0 });
    expect(await search('c', 'MIA77')).toEqual({ codici: [], totale: 0 });
    // A withdrawn product is not found by its own code either.
    expect(await search('a', 'PZ-1')).toEqual({ codici: [], totale: 0 });
  });

  it('names the product found by the own code and the code, for its card; nothing for another text or client', async () => {
    const leggi = async (chi: Chi, stringa: string) => {
      const res = await t().app.inject({
        url: `/api/search/prodotti?${SCOPE[chi]}&stringa=${encodeURIComponent(stringa)}&start=0&limit=10`,
        headers: { cookie: cookies[chi]! },
      });
      return (res.json() as { codice_cliente?: unknown }).codice_cliente;
    };
    expect(await leggi('a', 'mia-77')).toEqual({ codice_prodotto: 'CH-13', codice: 'Mia/77' });
    expect(await leggi('b', 'trapano')).toEqual({ codice_prodotto: 'CH-13', codice: 'trapano' });
    expect(await leggi('a', 'trapano')).toBeUndefined();
    expect(await leggi('b', 'mia-77')).toBeUndefined();
    // A withdrawn product's own code finds nothing, and names nothing.
    expect(await leggi('a', 'PZ-1')).toBeUndefined();
  });

  it('ranks the own code first, before the products the words find, and counts it once', async () => {
    expect(await search('a', 'trapano')).toEqual({ codici: ['TR-1', 'TR-2', 'TR-3', 'TR-4', 'TR-5'], totale: 5 });
    expect(await search('b', 'trapano')).toEqual({ codici: ['CH-13', 'TR-1', 'TR-2', 'TR-3', 'TR-4', 'TR-5'], totale: 6 });
    // c's own code names a product the words also find: first, and not a second time.
    expect(await search('c', 'trapano')).toEqual({ codici: ['TR-4', 'TR-1', 'TR-2', 'TR-3', 'TR-5'], totale: 5 });
    // a's answer, asked after b's and c's, is still its own (the shared cached page has no own code in it).
    expect(await search('a', 'Trapano')).toEqual({ codici: ['TR-1', 'TR-2', 'TR-3', 'TR-4', 'TR-5'], totale: 5 });
  });

  it('pages around the own product without repeating or skipping one', async () => {
    for (const limit of [1, 2, 3]) {
      expect(await tutteLePagine('b', 'trapano', limit)).toEqual({ codici: ['CH-13', 'TR-1', 'TR-2', 'TR-3', 'TR-4', 'TR-5'], totali: [6] });
      expect(await tutteLePagine('c', 'trapano', limit)).toEqual({ codici: ['TR-4', 'TR-1', 'TR-2', 'TR-3', 'TR-5'], totali: [5] });
      expect(await tutteLePagine('a', 'trapano avvitatore', limit)).toEqual({ codici: ['TR-2', 'TR-1', 'TR-3', 'TR-4', 'TR-5'], totali: [5] });
    }
  });

  it('search_contiene() agrees with the shared answer for every product (the own product is counted once by it)', async () => {
    const sql = t().database.sql;
    for (const q of ['trapano', 'Trapano avvitatore', 'chiave 13', 'TR-1', 'TR', 'tr-4', '13', 'mia77', 'combinata']) {
      const [{ ids: trovati }] = await sql<{ ids: number[] }[]>`SELECT ids FROM search_prodotti(${q}, 100, 0)`;
      for (const [codice, id] of Object.entries(ids)) {
        const [{ c }] = await sql<{ c: boolean }[]>`SELECT search_contiene(${q}, ${id}) AS c`;
        expect(c, `${q} ${codice}`).toBe(trovati!.includes(id));
      }
    }
  });
});
