import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/client.js';
import { prezziSpeciali } from '../../../server/db/schema/index.js';
import { createAzienda, createCliente, createProdotto, createUtente } from '../../support/factories.js';
import { createTestDatabase } from '../../support/test-db.js';

// crea_ordine (server/ordini/sql/crea_ordine.sql) called with SQL, its one jsonb argument as the
// service builds it (server/ordini/ordini.service.ts), each outcome it can answer:
// 'ok', 'duplicato' (replayed or concurrent key), 'sconosciuti', 'insufficienti'; and what it
// promises: stock first, then the quantity on order from the supplier (docs/regole/catalogo.md#promisable-stock).
let database: Database;
let drop: () => Promise<void>;
let utenteId = 0;
let altroUtenteId = 0;
let clienteId = 0;

beforeAll(async () => {
  const tdb = await createTestDatabase();
  ({ database, drop } = tdb);
  const { db } = database;
  const az = await createAzienda(db);
  const c = await createCliente(db, { aziendaCodice: az.codice });
  const altro = await createCliente(db, { aziendaCodice: az.codice });
  clienteId = c.id;
  utenteId = (await createUtente(db, { clienti: [c.id] })).id;
  altroUtenteId = (await createUtente(db, { clienti: [c.id] })).id;
  await createProdotto(db, { codiceProdotto: 'LISTA', descrizione1: 'Dal listino', titoloPortale: 'Titolo del portale', prezzi: { 1: '20.000', 2: '10.000' }, disponibilita: 50 });
  const spec = await createProdotto(db, { codiceProdotto: 'SPECIALE', descrizione1: 'Prezzo speciale', prezzi: { 2: '8.000' }, disponibilita: 50 });
  const altrui = await createProdotto(db, { codiceProdotto: 'ALTRUI', descrizione1: 'Speciale di un altro', prezzi: { 2: '6.000' }, disponibilita: 50 });
  await createProdotto(db, { codiceProdotto: 'SENZAPREZZO', descrizione1: 'Niente sul listino 2', prezzi: { 1: '3.000' }, disponibilita: 50 });
  await createProdotto(db, { codiceProdotto: 'POCHI', descrizione1: 'Solo due', prezzi: { 2: '1.000' }, disponibilita: 2 });
  await createProdotto(db, { codiceProdotto: 'SOTTOZERO', descrizione1: 'Scorta negativa', prezzi: { 2: '1.000' }, disponibilita: -4 });
  await createProdotto(db, { codiceProdotto: 'NASCOSTO', descrizione1: 'Non visibile', prezzi: { 2: '1.000' }, status: 1 });
  await createProdotto(db, { codiceProdotto: 'CANCELLATO', descrizione1: 'Cancellato', prezzi: { 2: '1.000' }, deletedAt: new Date() });
  await createProdotto(db, { codiceProdotto: 'CORSA', descrizione1: 'Per la gara', prezzi: { 2: '2.000' }, disponibilita: 50 });
  await createProdotto(db, { codiceProdotto: 'ARRIVO', descrizione1: 'Tre a magazzino, 17 in arrivo', prezzi: { 2: '1.000' }, disponibilita: 3, ordForn: 17 });
  await createProdotto(db, { codiceProdotto: 'DEBITO', descrizione1: 'Scorta negativa, 10 in arrivo', prezzi: { 2: '1.000' }, disponibilita: -4, ordForn: 10 });
  await createProdotto(db, { codiceProdotto: 'CONTESO', descrizione1: 'Cinque più sei in arrivo', prezzi: { 2: '1.000' }, disponibilita: 5, ordForn: 6 });
  await db.insert(prezziSpeciali).values([
    { clienteId, prodottoId: spec.id, prezzo: '5.500' },
    { clienteId: altro.id, prodottoId: altrui.id, prezzo: '1.000' },
  ]);
});
afterAll(async () => drop?.());

interface Esito { esito: string; ordine_id: number | null; totale: string | null; dettagli: unknown }

/** Client on list 2 with a 10 % discount. */
const crea = (righe: Record<string, number>, key: string | null = null, sql = database.sql, utente = utenteId, altro: object = {}) =>
  sql<Esito[]>`SELECT * FROM crea_ordine(${JSON.stringify({
    utente_id: utente, cliente_id: clienteId, listino: 2, sconto: '10', idempotency_key: key, esporta: true,
    righe: Object.entries(righe).map(([codice_prodotto, qt]) => ({ codice_prodotto, qt })),
    azienda_codice: 'AZ01', cliente_codice: 'CL01', utente_codice: 'UT01', cliente_nome: 'Cliente Srl', azienda_nome: 'Azienda Spa',
    utente_nome: 'Mario Rossi', nome: 'Cantiere', note: 'Mattina', riferimento_cantiere: null, ...altro,
  })}::jsonb)`.then((r) => r[0]!);

const scorta = async (codice: string) =>
  (await database.sql<{ d: number }[]>`SELECT disponibilita AS d FROM prodotti JOIN giacenze ON prodotto_id = id WHERE codice_prodotto = ${codice}`)[0]!.d;
/** Stock and quantity on order from the supplier. */
const magazzino = async (codice: string) =>
  (await database.sql<{ disponibilita: number; ord_forn: number }[]>`
    SELECT disponibilita, ord_forn FROM prodotti JOIN giacenze ON prodotto_id = id WHERE codice_prodotto = ${codice}`)[0]!;
const righeDi = (ordineId: number | null) => database.sql<{ codice_prodotto: string; qt: number; qt_in_consegna: number; qt_in_arrivo: number }[]>`
  SELECT codice_prodotto, qt, qt_in_consegna, qt_in_arrivo FROM ordini_righe WHERE ordine_id = ${ordineId} ORDER BY codice_prodotto`;
const conta = async () => (await database.sql<{ ordini: number; righe: number; coda: number; mail: number }[]>`
  SELECT (SELECT count(*)::int FROM ordini) AS ordini, (SELECT count(*)::int FROM ordini_righe) AS righe,
    (SELECT count(*)::int FROM popolarita_coda) AS coda, (SELECT count(*)::int FROM mail_uscita) AS mail`)[0]!;

describe('crea_ordine', () => {
  it('stores the order with the client\'s prices, reserves the stock, queues popularity and the mail', async () => {
    const r = await crea({ LISTA: 2, SPECIALE: 3, ALTRUI: 1, SENZAPREZZO: 4 });
    expect(r.esito).toBe('ok');
    // List 2 less 10 %, the client's own special price, another client's special price ignored,
    // no price on list 2 = 0.
    expect(r.dettagli).toEqual(expect.arrayContaining([
      expect.objectContaining({ codice_prodotto: 'LISTA', prodotto_nome: 'Titolo del portale', qt: 2, prezzo: 10, prezzo_reale: 9 }),
      expect.objectContaining({ codice_prodotto: 'SPECIALE', prodotto_nome: 'Prezzo speciale', qt: 3, prezzo: 8, prezzo_reale: 5.5 }),
      expect.objectContaining({ codice_prodotto: 'ALTRUI', qt: 1, prezzo: 6, prezzo_reale: 5.4 }),
      expect.objectContaining({ codice_prodotto: 'SENZAPREZZO', qt: 4, prezzo: 0, prezzo_reale: 0 }),
    ]));
    expect(Number(r.totale)).toBe(2 * 9 + 3 * 5.5 + 5.4);

    const [o] = await database.sql`SELECT * FROM ordini WHERE id = ${r.ordine_id}`;
    expect(o).toMatchObject({
      utente_id: utenteId, cliente_id: clienteId, azienda_codice: 'AZ01', cliente_codice: 'CL01', utente_codice: 'UT01',
      cliente_nome: 'Cliente Srl', azienda_nome: 'Azienda Spa', utente_nome: 'Mario Rossi', nome: 'Cantiere', note: 'Mattina',
      riferimento_cantiere: null, response_code: '201', response_status: 'Confermato', totale: '39.900', idempotency_key: null,
      erp_stato: 'in_attesa',
    });
    const righe = await database.sql`
      SELECT codice_prodotto, prodotto_nome, qt, prezzo, prezzo_reale FROM ordini_righe WHERE ordine_id = ${r.ordine_id} ORDER BY codice_prodotto`;
    expect(righe).toEqual([
      { codice_prodotto: 'ALTRUI', prodotto_nome: 'Speciale di un altro', qt: 1, prezzo: '6.000', prezzo_reale: '5.400' },
      { codice_prodotto: 'LISTA', prodotto_nome: 'Titolo del portale', qt: 2, prezzo: '10.000', prezzo_reale: '9.000' },
      { codice_prodotto: 'SENZAPREZZO', prodotto_nome: 'Niente sul listino 2', qt: 4, prezzo: '0.000', prezzo_reale: '0.000' },
      { codice_prodotto: 'SPECIALE', prodotto_nome: 'Prezzo speciale', qt: 3, prezzo: '8.000', prezzo_reale: '5.500' },
    ]);
    expect((await righeDi(r.ordine_id)).map((x) => [x.codice_prodotto, x.qt_in_consegna, x.qt_in_arrivo])).toEqual([
      ['ALTRUI', 1, 0], ['LISTA', 2, 0], ['SENZAPREZZO', 4, 0], ['SPECIALE', 3, 0],
    ]);
    expect(await scorta('LISTA')).toBe(48);
    expect(await scorta('SPECIALE')).toBe(47);
    const coda = await database.sql`
      SELECT p.codice_prodotto FROM popolarita_coda c JOIN prodotti p ON p.id = c.prodotto_id ORDER BY 1`;
    expect(coda.map((c) => c.codice_prodotto)).toEqual(['ALTRUI', 'LISTA', 'SENZAPREZZO', 'SPECIALE']);
    const mail = await database.sql`SELECT ordine_id, inviata_at FROM mail_uscita`;
    expect(mail).toEqual([{ ordine_id: r.ordine_id, inviata_at: null }]);
  });

  it("stores the job-site reference of its argument, and an order no ERP takes as 'non_configurato'", async () => {
    const r = await crea({ LISTA: 1 }, null, database.sql, utenteId, { riferimento_cantiere: 'Cantiere Via Verdi 3 – lotto B', esporta: false });
    expect(r.esito).toBe('ok');
    const [o] = await database.sql`SELECT riferimento_cantiere, erp_stato FROM ordini WHERE id = ${r.ordine_id}`;
    expect(o).toEqual({ riferimento_cantiere: 'Cantiere Via Verdi 3 – lotto B', erp_stato: 'non_configurato' });
    expect(await scorta('LISTA')).toBe(47);
  });

  it('answers a replayed key with the order already made, and writes nothing', async () => {
    const first = await crea({ LISTA: 1 }, 'chiave-1');
    expect(first.esito).toBe('ok');
    const before = await conta();
    const again = await crea({ LISTA: 1 }, 'chiave-1');
    expect(again).toMatchObject({ esito: 'duplicato', ordine_id: first.ordine_id });
    expect(await conta()).toEqual(before);
    expect(await scorta('LISTA')).toBe(46);
    // Keys are per user: another user's same key is a new order.
    expect(await crea({ LISTA: 1 }, 'chiave-1', database.sql, altroUtenteId)).toMatchObject({ esito: 'ok' });
  });

  it('answers duplicato when the same key commits while the call waits for the row locks', async () => {
    const before = await scorta('CORSA');
    let second: Promise<Esito> | undefined;
    const first = await database.sql.begin(async (tx) => {
      const r = await crea({ CORSA: 1 }, 'gara', tx as unknown as typeof database.sql);
      second = crea({ CORSA: 1 }, 'gara');
      // Commit only once the second call is blocked on the product's row lock.
      for (let i = 0; ; i++) {
        const [w] = await database.sql`SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%crea_ordine%'`;
        if (w!.n > 0) break;
        if (i > 200) throw new Error('the second call never waited');
        await new Promise((res) => setTimeout(res, 10));
      }
      return r;
    });
    expect(first.esito).toBe('ok');
    expect(await second).toMatchObject({ esito: 'duplicato', ordine_id: first.ordine_id });
    expect(await scorta('CORSA')).toBe(before - 1);
  });

  it('refuses unknown, hidden and deleted products with their codes, and writes nothing', async () => {
    const before = await conta();
    const r = await crea({ LISTA: 1, NESSUNO: 1, NASCOSTO: 1, CANCELLATO: 1 }, 'rifiutato');
    expect(r.esito).toBe('sconosciuti');
    expect(r.ordine_id).toBeNull();
    expect((r.dettagli as string[]).sort()).toEqual(['CANCELLATO', 'NASCOSTO', 'NESSUNO']);
    expect(await conta()).toEqual(before);
    expect(await scorta('LISTA')).toBe(45);
    // The refused key stays free.
    expect(await crea({ LISTA: 1 }, 'rifiutato')).toMatchObject({ esito: 'ok' });
  });

  it('refuses quantities over stock plus on order with what could be promised (never below 0), and writes nothing', async () => {
    const before = await conta();
    const r = await crea({ LISTA: 1, POCHI: 3, SOTTOZERO: 1, ARRIVO: 21 });
    expect(r.esito).toBe('insufficienti');
    expect(r.ordine_id).toBeNull();
    expect(r.dettagli).toEqual(expect.arrayContaining([
      { codice_prodotto: 'POCHI', disponibilita: 2 },
      { codice_prodotto: 'SOTTOZERO', disponibilita: 0 },
      { codice_prodotto: 'ARRIVO', disponibilita: 20 },
    ]));
    expect((r.dettagli as unknown[]).length).toBe(3);
    expect(await conta()).toEqual(before);
    expect(await scorta('POCHI')).toBe(2);
    expect(await magazzino('ARRIVO')).toEqual({ disponibilita: 3, ord_forn: 17 });
    // Exactly the stock is fine.
    expect(await crea({ POCHI: 2 })).toMatchObject({ esito: 'ok' });
    expect(await scorta('POCHI')).toBe(0);
  });

  it('ships from stock first and backorders the rest from the supplier: 10 with 3 in stock and 17 on order', async () => {
    const r = await crea({ ARRIVO: 10 });
    expect(r.esito).toBe('ok');
    expect(r.dettagli).toEqual([expect.objectContaining({ codice_prodotto: 'ARRIVO', qt: 10, qt_in_arrivo: 7 })]);
    expect(await righeDi(r.ordine_id)).toEqual([{ codice_prodotto: 'ARRIVO', qt: 10, qt_in_consegna: 3, qt_in_arrivo: 7 }]);
    // The promised incoming pieces are no longer on offer: 10 left on order, nothing in stock.
    expect(await magazzino('ARRIVO')).toEqual({ disponibilita: 0, ord_forn: 10 });
    expect(await crea({ ARRIVO: 11 })).toMatchObject({ esito: 'insufficienti', dettagli: [{ codice_prodotto: 'ARRIVO', disponibilita: 10 }] });
    const tutto = await crea({ ARRIVO: 10 });
    expect(await righeDi(tutto.ordine_id)).toEqual([{ codice_prodotto: 'ARRIVO', qt: 10, qt_in_consegna: 0, qt_in_arrivo: 10 }]);
    expect(await magazzino('ARRIVO')).toEqual({ disponibilita: 0, ord_forn: 0 });
    expect(await crea({ ARRIVO: 1 })).toMatchObject({ esito: 'insufficienti', dettagli: [{ codice_prodotto: 'ARRIVO', disponibilita: 0 }] });
  });

  it('lets a negative stock (pieces already owed) eat into the quantity on order', async () => {
    expect(await crea({ DEBITO: 7 })).toMatchObject({ esito: 'insufficienti', dettagli: [{ codice_prodotto: 'DEBITO', disponibilita: 6 }] });
    const r = await crea({ DEBITO: 6 });
    expect(await righeDi(r.ordine_id)).toEqual([{ codice_prodotto: 'DEBITO', qt: 6, qt_in_consegna: 0, qt_in_arrivo: 6 }]);
    expect(await magazzino('DEBITO')).toEqual({ disponibilita: -4, ord_forn: 4 });
  });

  it('never promises more than stock plus on order to concurrent orders', async () => {
    // 5 in stock and 6 on order: 12 concurrent orders of 2 each, spread over the pool's connections.
    const esiti = await Promise.all(Array.from({ length: 12 }, () => crea({ CONTESO: 2 })));
    expect(esiti.filter((e) => e.esito === 'ok')).toHaveLength(5);
    expect(esiti.filter((e) => e.esito === 'insufficienti')).toHaveLength(7);
    expect(esiti.filter((e) => e.esito === 'insufficienti').map((e) => e.dettagli)).toContainEqual([{ codice_prodotto: 'CONTESO', disponibilita: 1 }]);
    const [venduto] = await database.sql<{ qt: number; consegna: number; arrivo: number }[]>`
      SELECT sum(qt)::int AS qt, sum(qt_in_consegna)::int AS consegna, sum(qt_in_arrivo)::int AS arrivo
      FROM ordini_righe WHERE codice_prodotto = 'CONTESO'`;
    expect(venduto).toEqual({ qt: 10, consegna: 5, arrivo: 5 });
    expect(await magazzino('CONTESO')).toEqual({ disponibilita: 0, ord_forn: 1 });
  });

  it('reports unknown codes before short stock', async () => {
    const r = await crea({ POCHI: 1, NESSUNO: 1 });
    expect(r).toMatchObject({ esito: 'sconosciuti', dettagli: ['NESSUNO'] });
  });
});
