import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.js';
import type { ErpConfig } from '../../../server/config.js';
import { createAzienda, createCliente, createProdotto, createUtente } from '../../support/factories.js';
import { loginCliente, useTestApp } from '../../support/harness.js';

// Live availability: ordini/check and ordini/create ask the ERP (a real HTTP server here) for live
// stock, and fall back to the portal's stock when it is slow, failing or not configured.
const t = useTestApp();
let cookie = '';
let utenteCodice = '';

/** The ERP's stock service: answers `stock` after `ritardo` ms, or a status. */
let ritardo = 0;
let stato = 200;
let stock: Record<string, { disponibilita: number; ord_forn?: number }> = {};
const chieste: unknown[] = [];
/** Answers the ERP has written so far. */
let risposte = 0;
const erp = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => { body += c.toString('utf8'); });
  req.on('end', () => {
    chieste.push(JSON.parse(body));
    setTimeout(() => {
      risposte++;
      if (stato !== 200) return void res.writeHead(stato).end('errore');
      const righe = (JSON.parse(body) as { righe: { codice_prodotto: string }[] }).righe
        .filter((r) => stock[r.codice_prodotto]).map((r) => ({ codice_prodotto: r.codice_prodotto, ...stock[r.codice_prodotto] }));
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ righe }));
    }, ritardo);
  });
});
let url = '';
const logs: string[] = [];
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  await new Promise<void>((r) => erp.listen(0, '127.0.0.1', () => r()));
  url = `http://127.0.0.1:${(erp.address() as AddressInfo).port}/disponibilita`;
  const { db } = t().database;
  const az = await createAzienda(db, { codice: '0001' });
  const c = await createCliente(db, { aziendaCodice: az.codice, codice: '000100' });
  const u = await createUtente(db, { clienti: [c.id], username: 'mario@test.local' });
  utenteCodice = u.codice;
  cookie = await loginCliente(t().app, u);
  await createProdotto(db, { codiceProdotto: 'LIVE1', descrizione1: 'Tassello', prezzi: { 1: '0.500' }, disponibilita: 100 });
  await createProdotto(db, { codiceProdotto: 'LIVE2', descrizione1: 'Rondella', prezzi: { 1: '0.100' }, disponibilita: 100 });
});
afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
  await new Promise<void>((r) => erp.close(() => r()));
});

async function conErp(erpCfg: ErpConfig | undefined): Promise<FastifyInstance> {
  const app = await buildApp({ ...t().config, erp: erpCfg, logLevel: 'warn' }, { logStream: { write: (l: string) => { logs.push(l); } } });
  apps.push(app);
  return app;
}

const check = (app: FastifyInstance, prodotti: { codice_prodotto: string; quantita: number }[]) =>
  app.inject({ method: 'POST', url: '/api/ordini/check', headers: { cookie }, payload: { prodotti } });
const ordina = (app: FastifyInstance, codice: string, quantita: number) => app.inject({
  method: 'POST', url: '/api/ordini/create', headers: { cookie },
  payload: { azienda_codice: '0001', cliente_codice: '000100', utente_codice: utenteCodice, carrelloItems: [{ codice_prodotto: codice, quantita }] },
});
const giacenza = async (codice: string) => (await t().database.sql<{ disponibilita: number; ord_forn: number }[]>`
  SELECT disponibilita, ord_forn FROM prodotti JOIN giacenze ON prodotto_id = id WHERE codice_prodotto = ${codice}`)[0]!;

describe('live availability from the ERP', () => {
  it("the ERP's figures decide check and create, and become the portal's stock", async () => {
    const app = await conErp({ availabilityUrl: url, availabilityTimeoutMs: 800 });
    stock = { LIVE1: { disponibilita: 3, ord_forn: 2 } };
    ritardo = 0;
    stato = 200;
    const r = await check(app, [{ codice_prodotto: 'LIVE1', quantita: 6 }, { codice_prodotto: 'LIVE2', quantita: 6 }]);
    expect(r.json()).toEqual([
      { codice_prodotto: 'LIVE1', disponibile: false, disponibilita: 5, quantita: 6, messaggio: '' },
      { codice_prodotto: 'LIVE2', disponibile: true, disponibilita: 100, quantita: 6, messaggio: '' },
    ]);
    expect(chieste.at(-1)).toEqual({ righe: [{ codice_prodotto: 'LIVE1', quantita: 6 }, { codice_prodotto: 'LIVE2', quantita: 6 }] });
    expect(await giacenza('LIVE1')).toEqual({ disponibilita: 3, ord_forn: 2 });

    expect((await ordina(app, 'LIVE1', 6)).json()).toMatchObject({ status: 1, msg: expect.stringMatching(/LIVE1.*Massima disponibilità: 5/) });
    const ok = await ordina(app, 'LIVE1', 4);
    expect(ok.json()).toMatchObject({ status: 0 });
    // 3 from stock, 1 from the supplier's incoming quantity.
    expect(await giacenza('LIVE1')).toEqual({ disponibilita: 0, ord_forn: 1 });
  });

  it('a slow ERP: the answer comes after the timeout from the portal stock, and the log says so', async () => {
    const app = await conErp({ availabilityUrl: url, availabilityTimeoutMs: 150 });
    stock = { LIVE2: { disponibilita: 1 } };
    ritardo = 2000;
    const prima = risposte;
    const r = await check(app, [{ codice_prodotto: 'LIVE2', quantita: 6 }]);
    // The portal answered before the ERP did: it did not wait for it.
    expect(risposte).toBe(prima);
    expect(r.json()).toEqual([{ codice_prodotto: 'LIVE2', disponibile: true, disponibilita: 100, quantita: 6, messaggio: '' }]);
    expect(await giacenza('LIVE2')).toEqual({ disponibilita: 100, ord_forn: 0 });
    expect(logs.some((l) => /disponibilità non ricevuta/.test(l) && /nessuna risposta entro 150 ms/.test(l))).toBe(true);
    expect((await ordina(app, 'LIVE2', 6)).json()).toMatchObject({ status: 0 });
  });

  it('an ERP that fails or answers nonsense changes nothing', async () => {
    const app = await conErp({ availabilityUrl: url });
    ritardo = 0;
    stato = 500;
    expect((await check(app, [{ codice_prodotto: 'LIVE2', quantita: 1 }])).json()).toEqual([{ codice_prodotto: 'LIVE2', disponibile: true, disponibilita: 94, quantita: 1, messaggio: '' }]);
    stato = 200;
    stock = { LIVE2: { disponibilita: 'molti' as unknown as number } };
    expect((await check(app, [{ codice_prodotto: 'LIVE2', quantita: 1 }])).json()).toEqual([{ codice_prodotto: 'LIVE2', disponibile: true, disponibilita: 94, quantita: 1, messaggio: '' }]);
    expect(logs.filter((l) => /disponibilità non ricevuta/.test(l)).length).toBeGreaterThanOrEqual(3);
  });

  it('without ERP_AVAILABILITY_URL nothing is asked', async () => {
    const n = chieste.length;
    expect((await check(t().app, [{ codice_prodotto: 'LIVE2', quantita: 1 }])).statusCode).toBe(200);
    expect(chieste.length).toBe(n);
  });
});
