import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG_AGENTI } from '../../../shared/agenti-costanti.js';
import { createAzienda, createCliente, createDocumento, createOrdini, createProdotto, createUtente } from '../../support/factories.js';
import { loginCliente, useTestApp } from '../../support/harness.js';
import { mailPer } from '../../support/mail.js';

/**
 * Sales agents (docs/regole/agenti.md): the portfolio and its figures, acting for a client of it
 * and only of it, what an agent may never do there, and the agent's name on every surface of an
 * order placed so.
 */
const dirErp = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-agenti-erp-'));
const t = useTestApp({ erp: { exportDir: dirErp } });

type Chi = { id: number; codice: string; username: string; cookie: string };
const A = { azienda_codice: '0001', cliente_codice: 'AG0001' };
const B = { azienda_codice: '0001', cliente_codice: 'AG0002' };
const ALTRO = { azienda_codice: '0001', cliente_codice: 'AG0003' };
const FUORI = { azienda_codice: '0001', cliente_codice: 'AG0004' };
let paolo: Chi;
let luca: Chi;
let titolareA: Chi;
const ids: Record<string, number> = {};

async function agente(nome: string, cognome: string, codice: string, clienti: number[]): Promise<Chi> {
  const { db, sql } = t().database;
  const u = await createUtente(db, { username: `${nome.toLowerCase()}@agenti.local`, nome, cognome, tipologiaAccount: 'agente', agenteCodice: codice });
  for (const c of clienti) await sql`INSERT INTO agenti_clienti (agente_id, cliente_id) VALUES (${u.id}, ${c})`;
  return { id: u.id, codice: u.codice, username: u.username, cookie: await loginCliente(t().app, u, nome) };
}

beforeAll(async () => {
  await t().app.deps.lavori.stop();
  const { db, sql } = t().database;
  await createAzienda(db, { codice: '0001' });
  const a = await createCliente(db, { aziendaCodice: '0001', codice: A.cliente_codice, ragioneSociale: 'Ferramenta Rossi', email: 'ordini@rossi.local', fido: '5000' });
  const b = await createCliente(db, { aziendaCodice: '0001', codice: B.cliente_codice, ragioneSociale: 'Edil Bianchi' });
  const altro = await createCliente(db, { aziendaCodice: '0001', codice: ALTRO.cliente_codice, ragioneSociale: 'Cliente di Luca' });
  await createCliente(db, { aziendaCodice: '0001', codice: FUORI.cliente_codice, ragioneSociale: 'Nessun agente' });
  Object.assign(ids, { a: a.id, b: b.id, altro: altro.id });
  await sql`INSERT INTO sedi (cliente_id, descrizione, citta) VALUES (${a.id}, 'Sede', 'Verona')`;
  await sql`INSERT INTO scadenze (cliente_id, documento, data_scadenza, importo, modalita, stato)
    VALUES (${a.id}, 'F1', current_date - 10, 300, 'MP05', 'aperta'), (${a.id}, 'F2', current_date + 10, 200, 'MP05', 'aperta'),
           (${a.id}, 'F3', current_date - 40, 50, 'MP12', 'insoluta')`;
  await sql`UPDATE clienti SET contabilita_aggiornata_at = now() WHERE id = ${a.id}`;
  const tu = await createUtente(db, { clienti: [a.id], username: 'titolare@rossi.local', nome: 'Mario', cognome: 'Rossi' });
  titolareA = { id: tu.id, codice: tu.codice, username: tu.username, cookie: await loginCliente(t().app, tu, 'mario') };
  // Sales of A: this year 100 + 50, last year's same period 70 (and 999 later in last year, not counted).
  const anno = new Date().getUTCFullYear();
  const giorno = (y: number, iso: string) => new Date(`${y}${iso}`);
  await createOrdini(db, [
    { clienteId: a.id, aziendaCodice: '0001', clienteCodice: A.cliente_codice, utenteId: tu.id, utenteCodice: tu.codice, totale: '100', createdAt: giorno(anno, '-01-02T10:00:00Z') },
    { clienteId: a.id, aziendaCodice: '0001', clienteCodice: A.cliente_codice, utenteId: tu.id, utenteCodice: tu.codice, totale: '50', createdAt: new Date(Date.now() - 3600_000) },
    { clienteId: a.id, aziendaCodice: '0001', clienteCodice: A.cliente_codice, utenteId: tu.id, utenteCodice: tu.codice, totale: '70', createdAt: giorno(anno - 1, '-01-02T10:00:00Z') },
    { clienteId: a.id, aziendaCodice: '0001', clienteCodice: A.cliente_codice, utenteId: tu.id, utenteCodice: tu.codice, totale: '999', createdAt: new Date(Date.now() - 365 * 86400_000 + 86400_000 * 2) },
    { clienteId: a.id, aziendaCodice: '0001', clienteCodice: A.cliente_codice, utenteId: tu.id, utenteCodice: tu.codice, totale: '5', responseCode: '500', responseStatus: 'Errore' },
  ]);
  // Copied in rather than placed through crea_ordine: the rollups rebuilt, as the seeds do.
  await sql`SELECT ricalcola_statistiche()`;
  await createProdotto(db, { codiceProdotto: 'AG-1', descrizione1: 'Martello', prezzi: { 1: '10.000' }, disponibilita: 100 });
  paolo = await agente('Paolo', 'Bianchi', 'A01', [a.id, b.id]);
  luca = await agente('Luca', 'Verdi', 'A02', [altro.id, a.id]);
});

const call = (method: 'GET' | 'POST', url: string, who: Chi | null, payload?: object) => t().app.inject({
  method, url: `/api/${url}`, ...(payload ? { payload } : {}), headers: who ? { cookie: who.cookie } : {},
});
const q = (o: Record<string, string>) => new URLSearchParams(o).toString();
const ordina = (who: Chi, scope = A, key?: string) => t().app.inject({
  method: 'POST', url: '/api/ordini/create',
  headers: { cookie: who.cookie, ...(key ? { 'idempotency-key': key } : {}) },
  payload: { ...scope, utente_codice: who.codice, nome: 'Ordine in negozio', carrelloItems: [{ codice_prodotto: 'AG-1', quantita: 2 }] },
});

describe('login and portfolio', () => {
  it('an agent logs in at the customer login with no client and is told apart', async () => {
    const res = await call('GET', 'sessione', paolo);
    expect(res.statusCode).toBe(200);
    expect(res.json().utente).toMatchObject({ tipologia_account: 'agente', agente: { agente_codice: 'A01', in_cliente: false }, clienti: [] });
  });

  it('agente/clienti: 401 without a session, 403 for a customer, the portfolio with its figures for the agent', async () => {
    expect((await call('GET', 'agente/clienti', null)).statusCode).toBe(401);
    expect((await call('GET', 'agente/clienti', titolareA)).statusCode).toBe(403);
    const res = await call('GET', 'agente/clienti', paolo);
    expect(res.statusCode).toBe(200);
    const clienti = res.json().clienti as Record<string, unknown>[];
    expect(clienti.map((c) => c.cliente_codice)).toEqual([B.cliente_codice, A.cliente_codice]);
    const a = clienti.find((c) => c.cliente_codice === A.cliente_codice)!;
    expect(a).toMatchObject({
      azienda_codice: '0001', ragione_sociale: 'Ferramenta Rossi', citta: 'Verona', fatturato_anno: 150, fatturato_anno_prec: 70,
      // Exposure: open 300 + 200, unpaid 50, no order after the ERP's figures; overdue: 300 + 50.
      fido: 5000, esposizione: 550, scaduto: 350, approvazioni_in_attesa: 0,
    });
    expect(a.ultimo_ordine).toEqual(expect.any(String));
    // No figures from the ERP: no credit figures, and no order yet.
    expect(clienti.find((c) => c.cliente_codice === B.cliente_codice)).toMatchObject({
      fatturato_anno: 0, fatturato_anno_prec: 0, ultimo_ordine: null, fido: null, esposizione: null, scaduto: null,
    });
  });

  it("agente/cliente: the page of a client of the portfolio; another agent's client, one of nobody's, or bad codes: 403 / 400", async () => {
    const res = await call('GET', `agente/cliente?${q(A)}`, paolo);
    expect(res.statusCode).toBe(200);
    expect(res.json().cliente).toMatchObject({ ragione_sociale: 'Ferramenta Rossi', email: 'ordini@rossi.local' });
    expect(res.json().ultimi_ordini.length).toBeGreaterThan(0);
    expect((await call('GET', `agente/cliente?${q(ALTRO)}`, paolo)).statusCode).toBe(403);
    expect((await call('GET', `agente/cliente?${q(FUORI)}`, paolo)).statusCode).toBe(403);
    expect((await call('GET', `agente/cliente?${q({ azienda_codice: '0001' })}`, paolo)).statusCode).toBe(400);
    expect((await call('GET', `agente/cliente?${q(A)}`, titolareA)).statusCode).toBe(403);
  });
});

describe('acting for a client', () => {
  it('entering a client not in the portfolio is refused and changes nothing', async () => {
    expect((await call('POST', 'agente/entra', paolo, ALTRO)).statusCode).toBe(403);
    expect((await call('POST', 'agente/entra', null, A)).statusCode).toBe(401);
    expect((await call('POST', 'agente/entra', titolareA, A)).statusCode).toBe(403);
    expect((await call('POST', 'agente/entra', paolo, { azienda_codice: '0001' })).statusCode).toBe(400);
    expect((await call('GET', 'sessione', paolo)).json().utente.clienti).toEqual([]);
    expect((await ordina(paolo)).statusCode).toBe(403);
  });

  it('entering (twice at once) makes the session work for that client alone, as an Acquisti without limits', async () => {
    const [r1, r2] = await Promise.all([call('POST', 'agente/entra', paolo, A), call('POST', 'agente/entra', paolo, A)]);
    expect([r1.statusCode, r2.statusCode]).toEqual([200, 200]);
    expect(r1.json().msg).toBe('Stai ordinando per Ferramenta Rossi.');
    const s = (await call('GET', 'sessione', paolo)).json().utente;
    expect(s.agente).toEqual({ agente_codice: 'A01', in_cliente: true });
    expect(s.clienti).toEqual([expect.objectContaining({ ...{ azienda_codice: '0001', cliente_codice: A.cliente_codice }, ruolo: 'acquisti', limite_ordine: null, budget_mensile: null })]);
    // Another client's codes, even one of the portfolio: 403.
    expect((await call('GET', `ordini/read?${q({ ...B, utente_codice: paolo.codice })}`, paolo)).statusCode).toBe(403);
    expect((await ordina(paolo, B)).statusCode).toBe(403);
  });

  it("what an agent may never do in the client's name: its people, roles, limits, history, approvals", async () => {
    const scope = { ...A, utente_codice: paolo.codice };
    for (const url of ['organizzazione/utenti', 'organizzazione/storico', 'approvazioni/elenco', 'approvazioni/conteggio']) {
      const res = await call('GET', `${url}?${q(scope)}`, paolo);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().msg).toBe("Un agente non può gestire le persone, i ruoli, i limiti né le approvazioni del cliente.");
    }
    const prima = await t().database.sql`SELECT utente_id, ruolo, limite_ordine FROM utenti_clienti WHERE cliente_id = ${ids.a!} ORDER BY utente_id`;
    const invito = await call('POST', 'organizzazione/invita', paolo, { ...A, email: 'nuovo@rossi.local', nominativo: 'Nuovo Tizio', ruolo: 'titolare' });
    expect(invito.statusCode).toBe(403);
    const modifica = await call('POST', 'organizzazione/utente', paolo, { ...A, utente_codice: titolareA.codice, ruolo: 'consultazione' });
    expect(modifica.statusCode).toBe(403);
    expect(await t().database.sql`SELECT utente_id, ruolo, limite_ordine FROM utenti_clienti WHERE cliente_id = ${ids.a!} ORDER BY utente_id`).toEqual(prima);
    // The installer's own quotes to their customers are the client's alone (issue 38 §3).
    for (const url of ['preventivi-cliente/elenco', 'preventivi-cliente/intestazione']) {
      const res = await call('GET', `${url}?${q(scope)}`, paolo);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().msg).toBe(MSG_AGENTI.preventiviAiClienti);
    }
    const nuovo = await call('POST', 'preventivi-cliente/crea', paolo, { ...scope, da: 'vuoto' });
    expect(nuovo.statusCode).toBe(403);
  });

  it("an order placed so records the agent: the answer, history and detail (the agent's and the client's), PDF, ERP files, the client's mail", async () => {
    const key = 'agente-ordine-0001';
    const [r1, r2] = await Promise.all([ordina(paolo, A, key), ordina(paolo, A, key)]);
    expect(r1.json()).toMatchObject({ status: 0, stato: 'confermato' });
    const id = r1.json().ordine_id as number;
    expect(r2.json().ordine_id).toBe(id);
    const [row] = await t().database.sql<{ n: number; inserito: string; utente_id: number }[]>`
      SELECT count(*) OVER ()::int AS n, inserito_da_agente AS inserito, utente_id FROM ordini WHERE idempotency_key = ${key}`;
    expect(row).toEqual({ n: 1, inserito: 'Paolo Bianchi', utente_id: paolo.id });

    for (const who of [paolo, titolareA]) {
      const scope = { ...A, utente_codice: who.codice };
      const read = (await call('GET', `ordini/read?${q(scope)}`, who)).json().ordini as { id: number; inserito_da_agente: string | null }[];
      expect(read.find((o) => o.id === id)?.inserito_da_agente, who.username).toBe('Paolo Bianchi');
      const elenco = (await call('GET', `ordini/elenco?${q(scope)}`, who)).json().ordini as { id: number; inserito_da_agente: string | null }[];
      expect(elenco.find((o) => o.id === id)?.inserito_da_agente).toBe('Paolo Bianchi');
      expect(elenco.filter((o) => o.id !== id).every((o) => o.inserito_da_agente === null)).toBe(true);
      const det = await call('GET', `ordini/dettaglio?${q({ ...scope, id: String(id) })}`, who);
      expect(det.json().ordine.inserito_da_agente).toBe('Paolo Bianchi');
    }
    const pdf = await call('GET', `ordini/pdf?${q({ ...A, utente_codice: paolo.codice, id: String(id) })}`, paolo);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');

    expect(await t().database.sql`SELECT 1 FROM mail_uscita WHERE ordine_id = ${id}`).toHaveLength(1);
    await t().app.deps.lavori.esegui();
    // The confirmation goes to the client, naming the agent; nothing to the agent.
    const [m] = mailPer(t().config.mailDir, 'ordini@rossi.local').filter((x) => x.includes(`Conferma ordine #${id}`));
    expect(m).toContain('Ordine inserito dal tuo agente Paolo Bianchi');
    expect(mailPer(t().config.mailDir, paolo.username)).toEqual([]);
    // The ERP's files: the JSON's field and the CSV's last column.
    expect(JSON.parse(fs.readFileSync(path.join(dirErp, `ordine-${id}.json`), 'utf8')).inserito_da_agente).toBe('Paolo Bianchi');
    const csv = fs.readFileSync(path.join(dirErp, `ordine-${id}.csv`), 'utf8').trim().split(/\r?\n/);
    expect(csv[0]).toMatch(/;"inserito_da_agente"$/);
    expect(csv[1]).toMatch(/;"Paolo Bianchi"$/);
  });

  it("the client's history (La mia azienda) shows what the agent did in its name, and its person filter finds the agent", async () => {
    const quote = await call('POST', 'preventivi/richiedi', paolo, {
      ...A, utente_codice: paolo.codice, righe: [{ codice_prodotto: 'AG-1', quantita: 10 }], righe_libere: [], messaggio: 'Per il negozio',
    });
    expect(quote.statusCode, quote.body).toBe(200);
    const storico = async (persona?: string) => (await call('GET', `organizzazione/storico?${q({ ...A, utente_codice: titolareA.codice, ...(persona ? { utente_codice_persona: persona } : {}) })}`, titolareA)).json();
    const tutti = await storico();
    const agente = (tutti.eventi as { azione: string; etichetta: string; autore: string; persona: string; persona_codice: string; dettagli: Record<string, unknown> }[])
      .filter((e) => e.azione.startsWith('agente_'));
    // Newest first: the quote, the order (placed twice at once: recorded once), entering (twice at once: once).
    expect(agente.map((e) => [e.etichetta, e.autore, e.persona, e.persona_codice])).toEqual([
      ["Preventivo richiesto dall'agente", 'Paolo Bianchi', 'Paolo Bianchi', paolo.codice],
      ["Ordine inserito dall'agente", 'Paolo Bianchi', 'Paolo Bianchi', paolo.codice],
      ["L'agente è entrato come cliente", 'Paolo Bianchi', 'Paolo Bianchi', paolo.codice],
    ]);
    expect(agente[0]!.dettagli).toEqual({ numero: quote.json().numero });
    expect(agente[1]!.dettagli).toEqual({ ordine_id: expect.any(Number) });
    expect(tutti.agenti).toEqual([{ utente_codice: luca.codice, nominativo: 'Luca Verdi' }, { utente_codice: paolo.codice, nominativo: 'Paolo Bianchi' }]);
    // A return written by the agent's user on whatever path (here as a row): the trigger records it too;
    // one of the client's own people does not.
    const ddt = await createDocumento(t().database.db, { tipo: 'DDT', clienteId: ids.a!, aziendaCodice: '0001' });
    const reso = (utente: number, numero: string) => t().database.sql`INSERT INTO resi (azienda_codice, anno, numero, cliente_id, documento_id, utente_id, giorni_ddt, ddt_reso_richiesto)
      VALUES ('0001', 2026, ${numero}, ${ids.a!}, ${ddt.id}, ${utente}, 0, false)`;
    await reso(paolo.id, 'RMA-2026-90001');
    await reso(titolareA.id, 'RMA-2026-90002');
    const conReso = (await storico()).eventi as { azione: string; etichetta: string; dettagli: Record<string, unknown> }[];
    expect(conReso.filter((e) => e.azione === 'agente_reso').map((e) => [e.etichetta, e.dettagli])).toEqual([["Reso richiesto dall'agente", { numero: 'RMA-2026-90001' }]]);
    const filtrato = await storico(paolo.codice);
    expect(filtrato.totale).toBe(4);
    expect(filtrato.eventi.every((e: { azione: string }) => e.azione.startsWith('agente_'))).toBe(true);
  });

  it('leaving returns to the portfolio: the client calls answer 403 again', async () => {
    expect((await call('POST', 'agente/esci', paolo)).json()).toMatchObject({ status: 0 });
    expect((await call('GET', 'sessione', paolo)).json().utente.clienti).toEqual([]);
    expect((await call('GET', `ordini/read?${q({ ...A, utente_codice: paolo.codice })}`, paolo)).statusCode).toBe(403);
  });

  it('a client taken out of the portfolio is out at once, even for a session acting for it', async () => {
    expect((await call('POST', 'agente/entra', luca, A)).statusCode).toBe(200);
    expect((await call('GET', `ordini/read?${q({ ...A, utente_codice: luca.codice })}`, luca)).statusCode).toBe(200);
    await t().database.sql`DELETE FROM agenti_clienti WHERE agente_id = ${luca.id} AND cliente_id = ${ids.a!}`;
    // The notice reaches this process's remembered sessions.
    await new Promise((r) => setTimeout(r, 300));
    expect((await call('GET', `ordini/read?${q({ ...A, utente_codice: luca.codice })}`, luca)).statusCode).toBe(403);
    expect((await ordina(luca)).statusCode).toBe(403);
    expect((await call('GET', `agente/cliente?${q(A)}`, luca)).statusCode).toBe(403);
    expect((await call('GET', 'agente/clienti', luca)).json().clienti.map((c: { cliente_codice: string }) => c.cliente_codice)).toEqual([ALTRO.cliente_codice]);
  });
  it("the portfolio's sales equal the sums over the orders, through new orders, status changes and a delete (the monthly rollup)", async () => {
    const { db, sql } = t().database;
    const utente = { utenteId: titolareA.id, utenteCodice: titolareA.codice };
    // B: two years of orders, one a fortnight, copied in as refused and then confirmed by the
    // ERP (the trigger queues each for the rollups), some of them on the month's edges.
    const giorni = Array.from({ length: 52 }, (_, k) => k * 14 + 0.4);
    const creati = await createOrdini(db, giorni.map((g, k) => ({
      clienteId: ids.b!, aziendaCodice: '0001', clienteCodice: B.cliente_codice, ...utente, totale: String(10 + k), responseCode: '500',
      responseStatus: 'Errore', createdAt: new Date(Date.now() - g * 86400_000),
    })));
    await sql`UPDATE ordini SET response_code = '201', response_status = 'Confermato' WHERE id = ANY(${creati.map((o) => o.id)})`;
    // One goes back out, one is deleted (out at once), one of A's is refused later.
    await sql`UPDATE ordini SET response_code = '500' WHERE id = ${creati[3]!.id}`;
    await sql`DELETE FROM ordini WHERE id = ${creati[30]!.id}`;
    await sql`UPDATE ordini SET response_code = '500' WHERE cliente_id = ${ids.a!} AND totale = 100`;
    const attese = await sql<{ cliente_codice: string; anno: number; prec: number }[]>`
      SELECT c.codice AS cliente_codice,
        coalesce((SELECT sum(o.totale) FROM ordini o WHERE o.cliente_id = c.id AND o.response_code = '201'
          AND o.created_at >= date_trunc('year', now() AT TIME ZONE 'Europe/Rome') AT TIME ZONE 'Europe/Rome'), 0)::float8 AS anno,
        coalesce((SELECT sum(o.totale) FROM ordini o WHERE o.cliente_id = c.id AND o.response_code = '201'
          AND o.created_at >= (date_trunc('year', now() AT TIME ZONE 'Europe/Rome') - interval '1 year') AT TIME ZONE 'Europe/Rome'
          AND o.created_at < ((now() AT TIME ZONE 'Europe/Rome') - interval '1 year') AT TIME ZONE 'Europe/Rome'), 0)::float8 AS prec
      FROM clienti c WHERE c.id IN (${ids.a!}, ${ids.b!}) ORDER BY c.codice`;
    expect(attese.find((r) => r.cliente_codice === B.cliente_codice)!.anno).toBeGreaterThan(0);
    const figure = (await call('GET', 'agente/clienti', paolo)).json().clienti as { cliente_codice: string; fatturato_anno: number; fatturato_anno_prec: number }[];
    expect(figure.map((c) => ({ cliente_codice: c.cliente_codice, anno: c.fatturato_anno, prec: c.fatturato_anno_prec })).sort((x, y) => x.cliente_codice.localeCompare(y.cliente_codice)))
      .toEqual(attese.map((r) => ({ ...r, anno: expect.closeTo(r.anno, 6), prec: expect.closeTo(r.prec, 6) })));
    // The fold left nothing queued, and the rollup is what a rebuild makes of it.
    expect(await sql`SELECT 1 FROM stat_coda`).toHaveLength(0);
    const prima = await sql`SELECT cliente_id, anno, mese, numero_ordini, importo_totale::text FROM stat_clienti_mese ORDER BY 1, 2, 3`;
    await sql`SELECT ricalcola_statistiche()`;
    expect(await sql`SELECT cliente_id, anno, mese, numero_ordini, importo_totale::text FROM stat_clienti_mese ORDER BY 1, 2, 3`).toEqual(prima);
  });
  it("one tap on a usual product: enters the client, adds its quantity to the client's cart once per tap, never twice for a retry", async () => {
    const { sql } = t().database;
    const tocco = (who: Chi | null, body: object) => call('POST', 'agente/aggiungi', who, body);
    const corpo = (chiave: string, o: object = {}) => ({ ...B, codice_prodotto: 'AG-1', quantita: 3, chiave, ...o });
    const k1 = '11111111-1111-4111-8111-111111111111';
    const carrello = async () => sql<{ codice: string; quantita: number }[]>`
      SELECT p.codice_prodotto AS codice, r.quantita FROM carrelli c JOIN carrelli_righe r ON r.carrello_id = c.id
      JOIN prodotti p ON p.id = r.prodotto_id WHERE c.utente_id = ${paolo.id} AND c.cliente_id = ${ids.b!}`;
    const sessione = async () => (await call('GET', 'sessione', paolo)).json().utente.clienti.map((c: { cliente_codice: string }) => c.cliente_codice);
    await call('POST', 'agente/esci', paolo);
    // 401 before the input is read; a customer 403; another agent's client 403; bad input 400: nothing changed.
    expect((await tocco(null, {})).statusCode).toBe(401);
    expect((await tocco(titolareA, corpo(k1))).statusCode).toBe(403);
    expect((await tocco(paolo, { ...corpo(k1), ...ALTRO })).statusCode).toBe(403);
    const male = await tocco(paolo, corpo('non-una-chiave', { quantita: 0 }));
    expect(male.statusCode).toBe(400);
    expect(male.json().msg).toContain('La quantità deve essere un numero intero');
    expect((await tocco(paolo, corpo(k1, { codice_prodotto: 'NON-ESISTE' }))).statusCode).toBe(400);
    expect(await carrello()).toEqual([]);
    expect(await sessione()).toEqual([]);

    // The same tap sent twice at once (a retry): added once; the session now acts for B.
    const [r1, r2] = await Promise.all([tocco(paolo, corpo(k1)), tocco(paolo, corpo(k1))]);
    expect([r1.statusCode, r2.statusCode]).toEqual([200, 200]);
    expect([r1.json().aggiunto, r2.json().aggiunto].sort()).toEqual([false, true]);
    expect(r1.json().quantita).toBe(3);
    expect(r2.json().quantita).toBe(3);
    expect(await carrello()).toEqual([{ codice: 'AG-1', quantita: 3 }]);
    expect(await sessione()).toEqual([B.cliente_codice]);
    // Two taps quickly: each adds once.
    const [t2, t3] = await Promise.all([
      tocco(paolo, corpo('22222222-2222-4222-8222-222222222222')), tocco(paolo, corpo('33333333-3333-4333-8333-333333333333')),
    ]);
    expect([t2.json().quantita, t3.json().quantita].sort()).toEqual([6, 9]);
    expect(t3.json().msg === MSG_AGENTI.giaAggiunto).toBe(false);
    // The shop's cart of B in the agent's session shows it.
    const letto = await call('GET', `carrello/leggi?${q(B)}`, paolo);
    expect(letto.json().righe.map((r: { codice_prodotto: string; quantita: number }) => [r.codice_prodotto, r.quantita])).toEqual([['AG-1', 9]]);
    await call('POST', 'agente/esci', paolo);
  });
});
