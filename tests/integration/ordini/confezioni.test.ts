import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ordiniRighe } from '../../../server/db/schema/index.js';
import { createAzienda, createCliente, createProdotto, createUtente } from '../../support/factories.js';
import { loginCliente, useTestApp } from '../../support/harness.js';

// Packs (docs/regole/ordini.md#packs) on the server: ordini/check, ordini/create and the quick order
// round a quantity up to the order multiple and the minimum, and say so; whole packs pass as they are.
const t = useTestApp();
let cookie = '';
let me = '';
const SCOPE = { azienda_codice: '0001', cliente_codice: '000100' };

beforeAll(async () => {
  const { db } = t().database;
  const az = await createAzienda(db, { codice: '0001' });
  const c = await createCliente(db, { aziendaCodice: az.codice, codice: '000100' });
  const u = await createUtente(db, { clienti: [c.id] });
  me = u.codice;
  cookie = await loginCliente(t().app, u);
  await createProdotto(db, { codiceProdotto: 'SEI', descrizione1: 'A multipli di sei', multiplo: 6, minimo: 12, prezzi: { 1: '2.000' }, disponibilita: 100 });
  await createProdotto(db, { codiceProdotto: 'MIN', descrizione1: 'Almeno dieci', minimo: 10, prezzi: { 1: '1.000' }, disponibilita: 15 });
  await createProdotto(db, { codiceProdotto: 'SFUSO', descrizione1: 'Sfuso', prezzi: { 1: '1.000' }, disponibilita: 100 });
});

const check = (prodotti: object[]) => t().app.inject({ method: 'POST', url: '/api/ordini/check', headers: { cookie }, payload: { prodotti } });
const create = (items: object[]) => t().app.inject({
  method: 'POST', url: '/api/ordini/create', headers: { cookie },
  payload: { ...SCOPE, utente_codice: me, nome: 'Confezioni', carrelloItems: items },
});
const righe = async (ordineId: number) => (await t().database.db.select().from(ordiniRighe).where(eq(ordiniRighe.ordineId, ordineId)))
  .map((r) => [r.codiceProdotto, r.qt]).sort();

describe('packs', () => {
  it('ordini/check judges whole packs and says how each quantity was rounded', async () => {
    const res = await check([
      { codice_prodotto: 'SEI', quantita: 5 }, { codice_prodotto: 'SEI', quantita: 13 }, { codice_prodotto: 'SEI', quantita: 18 },
      { codice_prodotto: 'MIN', quantita: 3 }, { codice_prodotto: 'SFUSO', quantita: 7 }, { codice_prodotto: 'SEI', quantita: 'x' },
    ]);
    expect(res.json()).toEqual([
      { codice_prodotto: 'SEI', disponibile: true, disponibilita: 100, quantita: 12, messaggio: 'SEI: quantità portata da 5 a 12 (multipli di 6, minimo 12).' },
      { codice_prodotto: 'SEI', disponibile: true, disponibilita: 100, quantita: 18, messaggio: 'SEI: quantità portata da 13 a 18 (multipli di 6, minimo 12).' },
      { codice_prodotto: 'SEI', disponibile: true, disponibilita: 100, quantita: 18, messaggio: '' },
      { codice_prodotto: 'MIN', disponibile: true, disponibilita: 15, quantita: 10, messaggio: 'MIN: quantità portata da 3 a 10 (minimo 10).' },
      { codice_prodotto: 'SFUSO', disponibile: true, disponibilita: 100, quantita: 7, messaggio: '' },
      { codice_prodotto: 'SEI', disponibile: false, disponibilita: 100, quantita: null, messaggio: '' },
    ]);
    // 16 of MIN is whole packs already; more than the 15 that can be promised.
    expect((await check([{ codice_prodotto: 'MIN', quantita: 16 }])).json()[0]).toMatchObject({ disponibile: false, quantita: 16 });
  });

  it('ordini/create rounds up, says so in its answer and orders whole packs', async () => {
    const res = await create([{ codice_prodotto: 'SEI', quantita: 5 }, { codice_prodotto: 'SFUSO', quantita: 3 }]);
    const body = res.json();
    expect(body).toMatchObject({ status: 0, ordine_id: expect.any(Number) });
    expect(body.msg).toBe(`Ordine #${body.ordine_id} inviato correttamente. SEI: quantità portata da 5 a 12 (multipli di 6, minimo 12).`);
    expect(await righe(body.ordine_id)).toEqual([['SEI', 12], ['SFUSO', 3]]);

    const intere = (await create([{ codice_prodotto: 'SEI', quantita: 24 }])).json();
    expect(intere.msg).toBe(`Ordine #${intere.ordine_id} inviato correttamente.`);
    expect(await righe(intere.ordine_id)).toEqual([['SEI', 24]]);
  });

  it('ordini/create refuses when the rounded quantity cannot be promised, saying both, and writes nothing', async () => {
    // 100 of SEI would fit the 64 left no more than 102 does: judged on the 102 it becomes.
    const res = await create([{ codice_prodotto: 'SEI', quantita: 100 }]);
    expect(res.json()).toEqual({
      status: 1,
      msg: 'SEI: quantità portata da 100 a 102 (multipli di 6, minimo 12). Prodotto SEI non disponibile nella quantità richiesta. Massima disponibilità: 64.',
    });
  });

  it('the quick order rounds a line up to whole packs and says it on the line', async () => {
    const res = await t().app.inject({ method: 'POST', url: '/api/ordine-rapido/risolvi', headers: { cookie }, payload: { ...SCOPE, testo: 'SEI 5\nSFUSO 2' } });
    const [sei, sfuso] = res.json().righe;
    expect(sei).toMatchObject({ esito: 'trovato', quantita: 12, totale_riga: 24, messaggio: 'SEI: quantità portata da 5 a 12 (multipli di 6, minimo 12).' });
    expect(sei.prodotto).toMatchObject({ multiplo: 6, minimo: 12 });
    expect(sfuso).toMatchObject({ esito: 'trovato', quantita: 2, messaggio: '' });
  });
});
