import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAzienda, createCliente, createProdotto, createUtente } from '../../support/factories.js';
import { loginCliente, useTestApp } from '../../support/harness.js';

/**
 * An agent's order queued offline on the tablet (docs/regole/agenti.md#offline) as the server sees it
 * when the connection is back: the device checks the lines again with the checkout's calls
 * (ordini/check, ordine-rapido/prodotti), then sends ordini/create with the Idempotency-Key made when
 * the order was queued; a send that timed out and is sent again, or two sends at once, make one order.
 */
const t = useTestApp();

const A = { azienda_codice: '0001', cliente_codice: 'CO0001' };
const B = { azienda_codice: '0001', cliente_codice: 'CO0002' };
let cookie = '';
let codice = '';

beforeAll(async () => {
  await t().app.deps.lavori.stop();
  const { db, sql } = t().database;
  await createAzienda(db, { codice: '0001' });
  const a = await createCliente(db, { aziendaCodice: '0001', codice: A.cliente_codice, ragioneSociale: 'Ferramenta in cantina', email: 'ordini@cantina.local' });
  const b = await createCliente(db, { aziendaCodice: '0001', codice: B.cliente_codice, ragioneSociale: 'Altro cliente' });
  await createProdotto(db, { codiceProdotto: 'CO-1', descrizione1: 'Tassello', prezzi: { 1: '2.500' }, disponibilita: 10 });
  const u = await createUtente(db, { username: 'agente@coda.local', nome: 'Paolo', cognome: 'Bianchi', tipologiaAccount: 'agente', agenteCodice: 'C01' });
  await sql`INSERT INTO agenti_clienti (agente_id, cliente_id) VALUES (${u.id}, ${a.id}), (${u.id}, ${b.id})`;
  codice = u.codice;
  cookie = await loginCliente(t().app, u, 'Paolo');
  expect((await t().app.inject({ method: 'POST', url: '/api/agente/entra', headers: { cookie }, payload: A })).statusCode).toBe(200);
});

/** The queued order's body as the device keeps it, with its lines. */
const corpo = (righe: { codice_prodotto: string; quantita: number }[], scope = A) => ({
  ...scope, utente_codice: codice, nome: 'Ordine preso in cantina', note: '', riferimento_cantiere: '', carrelloItems: righe,
});
const invia = (key: string, righe: { codice_prodotto: string; quantita: number }[], scope = A) => t().app.inject({
  method: 'POST', url: '/api/ordini/create', headers: { cookie, 'idempotency-key': key }, payload: corpo(righe, scope),
});
const ordiniDellaChiave = (key: string) => t().database.sql<{ id: number; inserito_da_agente: string | null }[]>`
  SELECT id, inserito_da_agente FROM ordini WHERE idempotency_key = ${key}`;
const giacenza = async () => (await t().database.sql<{ d: string }[]>`
  SELECT g.disponibilita::text AS d FROM giacenze g JOIN prodotti p ON p.id = g.prodotto_id WHERE p.codice_prodotto = 'CO-1'`)[0]!.d;
const mailDell = async (ordineId: number) => (await t().database.sql<{ n: number }[]>`
  SELECT count(*)::int AS n FROM mail_uscita WHERE ordine_id = ${ordineId}`)[0]!.n;

describe('the queued order sent when the connection is back', () => {
  it("the device's checks answer in the agent's session: availability and the client's prices now", async () => {
    const check = await t().app.inject({ method: 'POST', url: '/api/ordini/check', headers: { cookie }, payload: { prodotti: [{ codice_prodotto: 'CO-1', quantita: 12 }] } });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual([expect.objectContaining({ codice_prodotto: 'CO-1', disponibile: false, disponibilita: 10 })]);
    const prezzi = await t().app.inject({ method: 'POST', url: '/api/ordine-rapido/prodotti', headers: { cookie }, payload: { ...A, codici: ['CO-1'] } });
    expect(prezzi.statusCode).toBe(200);
    expect(prezzi.json().prodotti).toEqual([expect.objectContaining({ codice_prodotto: 'CO-1', prezzo_reale: 2.5 })]);
  });

  it('sent twice (a send that timed out and its retry, at once) arrives once; sent again later, still one', async () => {
    const key = randomUUID();
    const prima = await giacenza();
    const [r1, r2] = await Promise.all([invia(key, [{ codice_prodotto: 'CO-1', quantita: 3 }]), invia(key, [{ codice_prodotto: 'CO-1', quantita: 3 }])]);
    expect([r1.statusCode, r2.statusCode]).toEqual([200, 200]);
    expect(r1.json().status).toBe(0);
    expect(r2.json().status).toBe(0);
    expect(r2.json().ordine_id).toBe(r1.json().ordine_id);
    const r3 = await invia(key, [{ codice_prodotto: 'CO-1', quantita: 3 }]);
    expect(r3.json()).toMatchObject({ status: 0, ordine_id: r1.json().ordine_id });
    expect(await ordiniDellaChiave(key)).toEqual([{ id: r1.json().ordine_id, inserito_da_agente: 'Paolo Bianchi' }]);
    // The stock went down once, and the client's confirmation mail (naming the agent) was queued once.
    expect(Number(await giacenza())).toBe(Number(prima) - 3);
    expect(await mailDell(r1.json().ordine_id)).toBe(1);
  });

  it('a send refused (more than is available now) makes nothing; the lines cut to what is available go with the same key, once', async () => {
    const key = randomUUID();
    const disponibili = Number(await giacenza());
    const rifiuto = await invia(key, [{ codice_prodotto: 'CO-1', quantita: disponibili + 5 }]);
    expect(rifiuto.json().status).toBe(1);
    expect(rifiuto.json().msg).toContain(`Massima disponibilità: ${disponibili}`);
    expect(await ordiniDellaChiave(key)).toEqual([]);
    const [r1, r2] = await Promise.all([invia(key, [{ codice_prodotto: 'CO-1', quantita: disponibili }]), invia(key, [{ codice_prodotto: 'CO-1', quantita: disponibili }])]);
    expect(r1.json().status).toBe(0);
    expect(r2.json().ordine_id).toBe(r1.json().ordine_id);
    expect(await ordiniDellaChiave(key)).toHaveLength(1);
    expect(await giacenza()).toBe('0');
  });

  it("an order queued for another client is refused while the session acts for this one (403), and nothing is made", async () => {
    const key = randomUUID();
    const res = await invia(key, [{ codice_prodotto: 'CO-1', quantita: 1 }], B);
    expect(res.statusCode).toBe(403);
    expect(await ordiniDellaChiave(key)).toEqual([]);
  });

  it('no session: 401; a malformed key: 400 with nothing made', async () => {
    const senza = await t().app.inject({ method: 'POST', url: '/api/ordini/create', headers: { 'idempotency-key': randomUUID() }, payload: corpo([{ codice_prodotto: 'CO-1', quantita: 1 }]) });
    expect(senza.statusCode).toBe(401);
    const n = (await t().database.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM ordini`)[0]!.n;
    const male = await invia('corta', [{ codice_prodotto: 'CO-1', quantita: 1 }]);
    expect(male.statusCode).toBe(400);
    expect((await t().database.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM ordini`)[0]!.n).toBe(n);
  });
});
