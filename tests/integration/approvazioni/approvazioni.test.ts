import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createAzienda, createCliente, createProdotto, createUtente } from '../../support/factories.js';
import { loginAdmin, loginCliente, useTestApp } from '../../support/harness.js';

/**
 * Limits and approvals (docs/regole/organizzazione.md#limits-and-approvals): an Operatore's order
 * over a limit is held, not refused; an approver of the client approves it (it then goes through the
 * order's checks, takes the stock, goes to the ERP once) or rejects it; a waiting order expires.
 */
const dirErp = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-approvazioni-erp-'));
const t = useTestApp({ erp: { exportDir: dirErp } });

const A = { azienda_codice: '0001', cliente_codice: '000100' };
const B = { azienda_codice: '0001', cliente_codice: '000200' };
type Persona = { id: number; codice: string; cookie: string; username: string };
const p: Record<string, Persona> = {};
let clienteA = 0;
let prodotti: Record<string, number> = {};

/** A person of a client with a role and limits, logged in. */
async function persona(nome: string, clienteId: number, ruolo: string, limiti: { ordine?: number; budget?: number } = {}, seed = nome): Promise<Persona> {
  const { db, sql } = t().database;
  const u = await createUtente(db, { clienti: [clienteId], username: `${nome}@test.local`, nome, cognome: 'Prova' });
  await sql`UPDATE utenti_clienti SET ruolo = ${ruolo}, limite_ordine = ${limiti.ordine ?? null}, budget_mensile = ${limiti.budget ?? null}
    WHERE utente_id = ${u.id}`;
  return { id: u.id, codice: u.codice, username: u.username, cookie: await loginCliente(t().app, u, seed) };
}

beforeAll(async () => {
  // Jobs run when a test says so (esegui), so that what is queued can be counted.
  await t().app.deps.lavori.stop();
  const { db } = t().database;
  const az = await createAzienda(db, { codice: '0001' });
  const a = await createCliente(db, { aziendaCodice: az.codice, codice: '000100', ragioneSociale: 'Ferramenta Rossi' });
  const b = await createCliente(db, { aziendaCodice: az.codice, codice: '000200', ragioneSociale: 'Altro cliente' });
  clienteA = a.id;
  p.titolare = await persona('titolare', a.id, 'titolare');
  p.acquisti = await persona('acquisti', a.id, 'acquisti');
  p.operatore = await persona('operatore', a.id, 'operatore', { ordine: 500, budget: 100_000 });
  p.budget = await persona('budget', a.id, 'operatore', { budget: 1000 });
  p.insieme = await persona('insieme', a.id, 'operatore', { budget: 1000 });
  p.promosso = await persona('promosso', a.id, 'operatore', { ordine: 10 });
  p.consultazione = await persona('consultazione', a.id, 'consultazione');
  p.altro = await persona('altro', b.id, 'titolare');
  prodotti = {
    P100: (await createProdotto(db, { codiceProdotto: 'AP-100', descrizione1: 'Trapano', prezzi: { 1: '100.000' }, disponibilita: 1000 })).id,
    P10: (await createProdotto(db, { codiceProdotto: 'AP-10', descrizione1: 'Viti', prezzi: { 1: '10.000' }, disponibilita: 1000, multiplo: 5, minimo: 5 })).id,
    POCO: (await createProdotto(db, { codiceProdotto: 'AP-POCO', descrizione1: 'Raro', prezzi: { 1: '100.000' }, disponibilita: 8 })).id,
  };
});

const inject = (method: 'GET' | 'POST', url: string, who: Persona | null, payload?: object) => t().app.inject({
  method, url: `/api/${url}`, ...(payload ? { payload } : {}), headers: who ? { cookie: who.cookie } : {},
});
const ordina = (who: Persona, righe: [string, number][], call = 'ordini/create') => inject('POST', call, who, {
  ...A, utente_codice: who.codice, nome: 'Prova', carrelloItems: righe.map(([codice_prodotto, quantita]) => ({ codice_prodotto, quantita })),
});
const elenco = (who: Persona, scope = A) => inject('GET', `approvazioni/elenco?${new URLSearchParams({ ...scope, utente_codice: who.codice })}`, who);
const approva = (who: Persona, ordine_id: number, righe?: { codice_prodotto: string; qt: number }[], scope = A) =>
  inject('POST', 'approvazioni/approva', who, { ...scope, utente_codice: who.codice, ordine_id, ...(righe ? { righe } : {}) });
const rifiuta = (who: Persona, ordine_id: number, motivo: unknown, scope = A) =>
  inject('POST', 'approvazioni/rifiuta', who, { ...scope, utente_codice: who.codice, ordine_id, motivo });

const ordineDb = async (id: number) => (await t().database.sql<{
  response_code: string; response_status: string; erp_stato: string; approvazione: string | null; totale: string;
  approvatore_nome: string | null; approvazione_motivo: string | null; scade_giorni: number | null; erp_tentativi: number;
}[]>`
  SELECT response_code, response_status, erp_stato, approvazione, totale::text, approvatore_nome, approvazione_motivo, erp_tentativi,
    round(extract(epoch FROM approvazione_scade_at - created_at) / 86400)::int AS scade_giorni
  FROM ordini WHERE id = ${id}`)[0]!;
const stock = async (codice: keyof typeof prodotti) =>
  (await t().database.sql<{ d: number }[]>`SELECT disponibilita AS d FROM giacenze WHERE prodotto_id = ${prodotti[codice]!}`)[0]!.d;
const mailOrdine = async (id: number) =>
  (await t().database.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM mail_uscita WHERE ordine_id = ${id}`)[0]!.n;
const mailA = async (dest: string, oggetto: string) => (await t().database.sql<{ testo: string }[]>`
  SELECT testo FROM mail_uscita WHERE destinatario = ${dest} AND oggetto LIKE ${`%${oggetto}%`} ORDER BY id`).map((m) => m.testo);
const lavoriErp = async (id: number) =>
  (await t().database.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE key = ${`erp:${id}`}`)[0]!.n;
const eventi = async (id: number) => (await t().database.sql<{ azione: string }[]>`
  SELECT azione FROM eventi_organizzazione WHERE (dettagli->>'ordine_id')::int = ${id} ORDER BY id`).map((e) => e.azione);

/** An order of the Operatore over its 500 € limit: held. */
async function trattenuto(who = p.operatore!, righe: [string, number][] = [['AP-100', 6]]): Promise<number> {
  const r = await ordina(who, righe);
  expect(r.statusCode, r.body).toBe(200);
  expect(r.json()).toMatchObject({ status: 0, stato: 'in_approvazione' });
  return r.json().ordine_id as number;
}

describe('ordini/create with limits', () => {
  it('a Titolare and an Acquisti are never held, whatever the amount', async () => {
    for (const who of [p.titolare!, p.acquisti!]) {
      const r = await ordina(who, [['AP-100', 60]]);
      expect(r.json()).toMatchObject({ status: 0, stato: 'confermato' });
      expect((await ordineDb(r.json().ordine_id)).approvazione).toBeNull();
    }
  });

  it("an Operatore's order within the limit is confirmed; over it, held: saved with its prices, no stock, no mail to them, no ERP job, the cart emptied, the approvers mailed", async () => {
    const entro = await ordina(p.operatore!, [['AP-100', 5]]);
    expect(entro.json()).toMatchObject({ status: 0, stato: 'confermato' });

    const { sql } = t().database;
    await sql`INSERT INTO carrelli (utente_id, cliente_id) VALUES (${p.operatore!.id}, ${clienteA}) ON CONFLICT DO NOTHING`;
    const prima = await stock('P100');
    const r = await ordina(p.operatore!, [['AP-100', 6]]);
    expect(r.json()).toMatchObject({
      status: 0, stato: 'in_approvazione', superamento: [{ limite: 'ordine', valore: 500, superato_di: 100 }],
      msg: expect.stringMatching(/^Ordine #\d+ in attesa di approvazione: supera di 100,00\s€ il limite per ordine di 500,00\s€/),
    });
    expect(r.json().conferma_a).toBeUndefined();
    const id = r.json().ordine_id as number;
    expect(await ordineDb(id)).toMatchObject({
      response_code: '202', response_status: 'In attesa di approvazione', erp_stato: 'in_approvazione', approvazione: 'in_attesa',
      totale: '600.000', scade_giorni: 7,
    });
    expect(await stock('P100')).toBe(prima);
    expect(await mailOrdine(id)).toBe(0);
    expect(await lavoriErp(id)).toBe(0);
    expect((await sql`SELECT 1 FROM carrelli WHERE utente_id = ${p.operatore!.id} AND cliente_id = ${clienteA}`).length).toBe(0);
    // The approvers, never the requester, with the link to the page.
    for (const a of [p.titolare!, p.acquisti!]) {
      const [m] = await mailA(a.username, `Ordine #${id} da approvare`);
      expect(m).toMatch(/\/approvazioni/);
      expect(m).toMatch(/supera di 100,00/);
    }
    expect(await mailA(p.operatore!.username, `Ordine #${id}`)).toEqual([]);
    expect(await eventi(id)).toEqual(['ordine_in_approvazione']);

    // The ERP never gets it: its job queue, and the admin's list of orders to send.
    await t().app.deps.lavori.esegui();
    expect((await ordineDb(id)).erp_stato).toBe('in_approvazione');
    expect(fs.existsSync(path.join(dirErp, `ordine-${id}.json`))).toBe(false);
    expect(fs.existsSync(path.join(dirErp, `ordine-${entro.json().ordine_id}.json`))).toBe(true);
    const admin = await loginAdmin(t().app, await createAdmin(t().database.db));
    for (const q of ['', '?stato=da_inviare']) {
      const l = await t().app.inject({ url: `/api/erp/ordini${q}`, headers: { cookie: admin } });
      expect(l.statusCode, l.body).toBe(200);
      expect(l.json().ordini.map((o: { id: number }) => o.id)).not.toContain(id);
    }
    const reinvio = await t().app.inject({ method: 'POST', url: '/api/erp/ordini/reinvia', payload: { ordine_id: id }, headers: { cookie: admin } });
    expect(reinvio.statusCode).toBe(404);
    expect(await lavoriErp(id)).toBe(0);
  });

  it("the month's budget counts the confirmed and the waiting orders, this one included", async () => {
    expect((await ordina(p.budget!, [['AP-100', 4]])).json()).toMatchObject({ stato: 'confermato' });
    expect((await ordina(p.budget!, [['AP-100', 4]])).json()).toMatchObject({ stato: 'confermato' });
    const primo = await ordina(p.budget!, [['AP-100', 3]]);
    expect(primo.json()).toMatchObject({ stato: 'in_approvazione', superamento: [{ limite: 'budget', valore: 1000, superato_di: 100 }] });
    // 800 confirmed + 300 waiting + 100: over by 200.
    const secondo = await ordina(p.budget!, [['AP-100', 1]]);
    expect(secondo.json()).toMatchObject({ stato: 'in_approvazione', superamento: [{ limite: 'budget', valore: 1000, superato_di: 200 }] });
  });

  it('two orders of one user at once count each other: one confirmed, one held', async () => {
    const [x, y] = await Promise.all([ordina(p.insieme!, [['AP-100', 6]]), ordina(p.insieme!, [['AP-100', 6]])]);
    expect([x!.json().stato, y!.json().stato].sort()).toEqual(['confermato', 'in_approvazione']);
  });

  it('packs, unknown codes and stock still refuse before anything is held', async () => {
    const sfuso = await ordina(p.operatore!, [['AP-10', 3], ['AP-100', 6]]);
    // Rounded up to whole packs as for any order, then held.
    expect(sfuso.json()).toMatchObject({ stato: 'in_approvazione' });
    expect((await ordina(p.operatore!, [['AP-NON-CE', 1], ['AP-100', 6]])).json()).toMatchObject({ status: 1, msg: expect.stringMatching(/AP-NON-CE/) });
    const corto = await ordina(p.operatore!, [['AP-POCO', 9]]);
    expect(corto.json()).toMatchObject({ status: 1, msg: expect.stringMatching(/Massima disponibilità: 8/) });
    expect(corto.json().stato).toBeUndefined();
  });

  it('a Consultazione cannot confirm (403) but sends the cart as a request, held; others cannot send requests', async () => {
    const r = await ordina(p.consultazione!, [['AP-100', 1]]);
    expect(r.statusCode).toBe(403);
    const q = await ordina(p.consultazione!, [['AP-100', 1]], 'approvazioni/richiedi');
    expect(q.json()).toMatchObject({ status: 0, stato: 'in_approvazione', superamento: [{ limite: 'ruolo' }] });
    expect((await ordineDb(q.json().ordine_id)).approvazione).toBe('in_attesa');
    expect((await ordina(p.operatore!, [['AP-100', 1]], 'approvazioni/richiedi')).statusCode).toBe(403);
    expect((await inject('POST', 'approvazioni/richiedi', null, { ...A, utente_codice: 'X' })).statusCode).toBe(401);
  });
});

describe('approvazioni/elenco', () => {
  it("lists the client's waiting orders not placed by the caller, with requester, total, lines, limit passed and expiry; a total for the counter", async () => {
    const id = await trattenuto();
    const r = await elenco(p.titolare!);
    expect(r.statusCode, r.body).toBe(200);
    const riga = r.json().approvazioni.find((a: { ordine_id: number }) => a.ordine_id === id);
    expect(riga).toMatchObject({
      richiedente: { nome: 'operatore Prova', codice: p.operatore!.codice }, totale: 600, righe_n: 1,
      superamento: [{ limite: 'ordine', valore: 500, superato_di: 100 }], scade_at: expect.stringMatching(/Z$/),
    });
    expect(r.json().totale).toBeGreaterThanOrEqual(r.json().approvazioni.length);
    const c = await inject('GET', `approvazioni/conteggio?${new URLSearchParams({ ...A, utente_codice: p.titolare!.codice })}`, p.titolare!);
    expect(c.json()).toEqual({ totale: r.json().totale });
    // One order with its lines, for the approver to open; not another client's, not a decided one.
    const uno = (who: Persona, ordine_id: number, scope = A) =>
      inject('GET', `approvazioni/ordine?${new URLSearchParams({ ...scope, utente_codice: who.codice, ordine_id: String(ordine_id) })}`, who);
    const o = await uno(p.acquisti!, id);
    expect(o.statusCode, o.body).toBe(200);
    expect(o.json()).toMatchObject({ ordine: { id, prodotti: [{ codice_prodotto: 'AP-100', qt: 6 }], approvazione: 'in_attesa' }, approvazione: { ordine_id: id } });
    expect((await uno(p.altro!, id, B)).statusCode).toBe(403);
    expect((await uno(p.operatore!, id)).statusCode).toBe(403);
  });

  it('an approver who may not see net prices reads the limits passed without by how much (docs/regole/organizzazione.md#prices)', async () => {
    const id = await trattenuto();
    const cieco = await persona('cieco', clienteA, 'acquisti');
    await t().database.sql`UPDATE utenti_clienti SET vede_prezzi = false WHERE utente_id = ${cieco.id}`;
    const r = await elenco(cieco);
    expect(r.statusCode, r.body).toBe(200);
    const riga = r.json().approvazioni.find((a: { ordine_id: number }) => a.ordine_id === id);
    expect(riga.superamento).toEqual([{ limite: 'ordine', valore: 500 }]);
    const o = await inject('GET', `approvazioni/ordine?${new URLSearchParams({ ...A, utente_codice: cieco.codice, ordine_id: String(id) })}`, cieco);
    expect(o.statusCode, o.body).toBe(200);
    expect(o.json().ordine.approvazione_superamento).toEqual([{ limite: 'ordine', valore: 500, superato_di: null }]);
    expect(o.json().approvazione.superamento).toEqual([{ limite: 'ordine', valore: 500 }]);
  });

  it('a held order waits as many days as the setting says', async () => {
    await t().database.sql`INSERT INTO impostazioni (chiave, valore) VALUES ('giorni_approvazione', '3')`;
    try {
      expect((await ordineDb(await trattenuto())).scade_giorni).toBe(3);
    } finally {
      await t().database.sql`DELETE FROM impostazioni WHERE chiave = 'giorni_approvazione'`;
    }
  });

  it('is refused to an Operatore and a Consultazione (403), to another client\'s codes (403), without a session (401); another client sees none of these', async () => {
    expect((await elenco(p.operatore!)).statusCode).toBe(403);
    expect((await elenco(p.consultazione!)).statusCode).toBe(403);
    expect((await elenco(p.titolare!, B)).statusCode).toBe(403);
    expect((await inject('GET', `approvazioni/elenco?${new URLSearchParams({ ...A, utente_codice: 'X' })}`, null)).statusCode).toBe(401);
    const altro = await elenco(p.altro!, B);
    expect(altro.json()).toEqual({ approvazioni: [], totale: 0 });
    expect((await inject('GET', `approvazioni/elenco?${new URLSearchParams({ ...A, utente_codice: p.titolare!.codice, limit: '1000' })}`, p.titolare!)).statusCode).toBe(400);
  });
});

describe('approvazioni/approva', () => {
  it('confirms the order: the stock taken once, one ERP job, the confirmation mail to the requester, the history', async () => {
    const id = await trattenuto();
    const prima = await stock('P100');
    const r = await approva(p.titolare!, id);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ ordine_id: id, stato: 'approvato' });
    expect(await ordineDb(id)).toMatchObject({
      response_code: '201', response_status: 'Confermato', approvazione: 'approvato', approvatore_nome: 'titolare Prova', erp_stato: 'in_attesa',
    });
    expect(await stock('P100')).toBe(prima - 6);
    expect(await mailOrdine(id)).toBe(1);
    expect(await lavoriErp(id)).toBe(1);
    expect(await eventi(id)).toEqual(['ordine_in_approvazione', 'ordine_approvato']);
    await t().app.deps.lavori.esegui();
    expect(await ordineDb(id)).toMatchObject({ erp_stato: 'inviato', erp_tentativi: 1 });
    // The ERP's file says who placed it and who approved it.
    const erp = JSON.parse(fs.readFileSync(path.join(dirErp, `ordine-${id}.json`), 'utf8'));
    expect(erp).toMatchObject({ utente_codice: p.operatore!.codice, approvato_da: { nome: 'titolare Prova', data: expect.stringMatching(/Z$/) } });
    // Decided: gone from the list, and a second approval is told so.
    expect((await elenco(p.titolare!)).json().approvazioni.map((a: { ordine_id: number }) => a.ordine_id)).not.toContain(id);
    const ancora = await approva(p.acquisti!, id);
    expect(ancora.statusCode).toBe(409);
    expect(ancora.json()).toMatchObject({ code: 'gia_deciso', msg: expect.stringMatching(/già stato approvato/) });
    expect(await stock('P100')).toBe(prima - 6);
  });

  it('with lower quantities and a line removed: the total and the stock follow; a higher quantity or a new product is refused (400), the order still waiting', async () => {
    const id = await trattenuto(p.operatore!, [['AP-100', 6], ['AP-10', 10]]);
    const alto = await approva(p.titolare!, id, [{ codice_prodotto: 'AP-100', qt: 7 }]);
    expect(alto.statusCode).toBe(400);
    expect(alto.json().msg).toMatch(/solo ridurre: AP-100 al massimo 6/);
    const nuovo = await approva(p.titolare!, id, [{ codice_prodotto: 'AP-POCO', qt: 1 }]);
    expect(nuovo.statusCode).toBe(400);
    expect((await approva(p.titolare!, id, [{ codice_prodotto: 'AP-100', qt: 0 }])).statusCode).toBe(400);
    expect((await approva(p.titolare!, id, [])).statusCode).toBe(400);
    expect((await approva(p.titolare!, id, [{ codice_prodotto: 'AP-10', qt: 3 }])).json().msg).toMatch(/confezioni intere/);
    expect((await ordineDb(id)).approvazione).toBe('in_attesa');

    const prima = { p100: await stock('P100'), p10: await stock('P10') };
    const r = await approva(p.titolare!, id, [{ codice_prodotto: 'AP-100', qt: 4 }]);
    expect(r.statusCode, r.body).toBe(200);
    expect(await ordineDb(id)).toMatchObject({ totale: '400.000', approvazione: 'approvato' });
    expect(await stock('P100')).toBe(prima.p100 - 4);
    expect(await stock('P10')).toBe(prima.p10);
    const righe = await t().database.sql`SELECT codice_prodotto, qt FROM ordini_righe WHERE ordine_id = ${id}`;
    expect(righe.map((x) => [x.codice_prodotto, x.qt])).toEqual([['AP-100', 4]]);
  });

  it('is refused when the stock is no longer there (400, still waiting)', async () => {
    const id = await trattenuto(p.operatore!, [['AP-POCO', 6]]);
    await t().database.sql`UPDATE giacenze SET disponibilita = 2 WHERE prodotto_id = ${prodotti.POCO!}`;
    const r = await approva(p.titolare!, id);
    expect(r.statusCode).toBe(400);
    expect(r.json().msg).toMatch(/AP-POCO.*Massima disponibilità: 2/);
    expect((await ordineDb(id)).approvazione).toBe('in_attesa');
    await t().database.sql`UPDATE giacenze SET disponibilita = 8 WHERE prodotto_id = ${prodotti.POCO!}`;
  });

  it("another client's order id (403, nothing changed); the requester's own (403); an Operatore (403); no session (401); a malformed id (400)", async () => {
    const id = await trattenuto();
    expect((await approva(p.altro!, id, undefined, B)).statusCode).toBe(403);
    expect((await approva(p.operatore!, id)).statusCode).toBe(403);
    expect((await inject('POST', 'approvazioni/approva', null, { ...A, utente_codice: 'X', ordine_id: id })).statusCode).toBe(401);
    expect((await inject('POST', 'approvazioni/approva', p.titolare!, { ...A, utente_codice: p.titolare!.codice, ordine_id: 'abc' })).statusCode).toBe(400);
    expect((await approva(p.titolare!, 99_999_999)).statusCode).toBe(403);
    expect((await ordineDb(id)).approvazione).toBe('in_attesa');

    // Someone whose order waits and who has become an approver since cannot decide their own.
    const proprio = await trattenuto(p.promosso!, [['AP-100', 1]]);
    await t().database.sql`UPDATE utenti_clienti SET ruolo = 'acquisti' WHERE utente_id = ${p.promosso!.id}`;
    const cookie = await loginCliente(t().app, { username: p.promosso!.username, password: 'Segreta123!' }, 'promosso-2');
    const r = await approva({ ...p.promosso!, cookie }, proprio);
    expect(r.statusCode).toBe(403);
    expect(r.json().msg).toMatch(/fatto tu/);
    expect((await ordineDb(proprio)).approvazione).toBe('in_attesa');
  });

  it('two approvers at once: one 200, one 409, the stock taken once, one ERP job, one confirmation', async () => {
    const id = await trattenuto();
    const prima = await stock('P100');
    const rr = await Promise.all([approva(p.titolare!, id), approva(p.acquisti!, id)]);
    expect(rr.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await stock('P100')).toBe(prima - 6);
    expect(await lavoriErp(id)).toBe(1);
    expect(await mailOrdine(id)).toBe(1);
    // An approval and a rejection at once: one decides.
    const altro = await trattenuto();
    const [x, y] = await Promise.all([approva(p.titolare!, altro), rifiuta(p.acquisti!, altro, 'Troppo')]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([200, 409]);
  });
});

describe('approvazioni/rifiuta', () => {
  it('needs a reason (400); rejects with it, mails the requester; then approving is 409', async () => {
    const id = await trattenuto();
    expect((await rifiuta(p.titolare!, id, '  ')).statusCode).toBe(400);
    expect((await rifiuta(p.titolare!, id, 'x'.repeat(501))).statusCode).toBe(400);
    expect((await rifiuta(p.titolare!, id, 42)).statusCode).toBe(400);
    expect((await rifiuta(p.altro!, id, 'No', B)).statusCode).toBe(403);
    expect((await ordineDb(id)).approvazione).toBe('in_attesa');
    const r = await rifiuta(p.titolare!, id, 'Budget del cantiere finito');
    expect(r.statusCode, r.body).toBe(200);
    expect(await ordineDb(id)).toMatchObject({ approvazione: 'rifiutato', approvazione_motivo: 'Budget del cantiere finito', approvatore_nome: 'titolare Prova' });
    const [m] = await mailA(p.operatore!.username, `Ordine #${id} non approvato`);
    expect(m).toMatch(/Budget del cantiere finito/);
    const dopo = await approva(p.acquisti!, id);
    expect(dopo.statusCode).toBe(409);
    expect(dopo.json().msg).toMatch(/già stato rifiutato/);
    expect(await mailOrdine(id)).toBe(0);
    expect(await eventi(id)).toEqual(['ordine_in_approvazione', 'ordine_rifiutato']);
  });
});

describe('expiry', () => {
  it('the scheduled job marks the waiting orders past their time expired and mails the requester; approving one is 409', async () => {
    const id = await trattenuto();
    const fresco = await trattenuto();
    await t().database.sql`UPDATE ordini SET approvazione_scade_at = now() - interval '1 minute' WHERE id = ${id}`;
    expect((await approva(p.titolare!, id)).statusCode).toBe(409);
    await t().database.sql`SELECT graphile_worker.add_job('scadenza_approvazioni', '{}'::json)`;
    await t().app.deps.lavori.esegui();
    expect(await ordineDb(id)).toMatchObject({ approvazione: 'scaduto', response_status: 'Approvazione scaduta' });
    expect((await ordineDb(fresco)).approvazione).toBe('in_attesa');
    expect(await mailA(p.operatore!.username, `Ordine #${id}: approvazione scaduta`)).toHaveLength(1);
    expect(await eventi(id)).toEqual(['ordine_in_approvazione', 'ordine_scaduto']);
  });
});
