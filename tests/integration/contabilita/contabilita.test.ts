import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { euro } from '../../../shared/contabilita.js';
import { MSG_CONTABILITA } from '../../../shared/contabilita-costanti.js';
import type { OpzioniImport } from '../../../server/import/esecuzione.js';
import { importa } from '../../../server/import/importa.js';
import { createAdmin, createAzienda, createCliente, createDocumento, createProdotto, createUtente } from '../../support/factories.js';
import { loginAdmin, loginCliente, useTestApp } from '../../support/harness.js';

// The credit line and the schedule (docs/regole/contabilita.md): the import kinds fido and
// scadenze, the exposure in every case, the client's scope, the admin's block at ordini/create.
const t = useTestApp();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-contabilita-'));
const MIO = { azienda_codice: '0001', cliente_codice: '000100' };
const ALTRO = { azienda_codice: '0001', cliente_codice: '000200' };
let cookie = '';
let cookieAltro = '';
let admin = '';
let mioId = 0;
let utenteCodice = '';

/** A day from today (UTC; ten days away from any boundary of Rome's day). */
const giorno = (delta: number) => new Date(Date.now() + delta * 86_400_000).toISOString().slice(0, 10);
const it2 = (iso: string) => iso.split('-').reverse().join('/');

beforeAll(async () => {
  const { db } = t().database;
  await createAzienda(db, { codice: '0001' });
  const c = await createCliente(db, { aziendaCodice: '0001', codice: '000100' });
  const c2 = await createCliente(db, { aziendaCodice: '0001', codice: '000200' });
  mioId = c.id;
  const u = await createUtente(db, { clienti: [c.id] });
  utenteCodice = u.codice;
  cookie = await loginCliente(t().app, u);
  cookieAltro = await loginCliente(t().app, await createUtente(db, { clienti: [c2.id] }), 'device-2');
  admin = await loginAdmin(t().app, await createAdmin(db));
  await createProdotto(db, { codiceProdotto: 'TRAPANO', prezzi: { 1: '100.000' }, disponibilita: 1000 });
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function csv(nome: string, righe: string[]): string {
  const file = path.join(dir, nome);
  fs.writeFileSync(file, `${righe.join('\r\n')}\r\n`);
  return file;
}
const importaFile = (tipo: 'fido' | 'scadenze', file: string, o: Partial<OpzioniImport> = {}) =>
  importa(t().database.db, file, { tipo, file: path.basename(file), autore: { origine: 'cli', nome: 'test' }, soglia: 100, ...o });
const situazione = (scope: object = MIO, c = cookie) =>
  t().app.inject({ method: 'GET', url: '/api/contabilita/situazione', headers: { cookie: c }, query: scope as Record<string, string> });
const ordina = (qt: number, c = cookie) => t().app.inject({
  method: 'POST', url: '/api/ordini/create', headers: { cookie: c },
  payload: { ...MIO, utente_codice: utenteCodice, carrelloItems: [{ codice_prodotto: 'TRAPANO', quantita: qt }] },
});
const blocca = (v: unknown, id: unknown = mioId) =>
  t().app.inject({ method: 'POST', url: '/api/contabilita/blocco', headers: { cookie: admin }, payload: { cliente_id: id, blocca_oltre_fido: v } });

describe('contabilita', () => {
  it('without a credit line or schedule: no fido, every confirmed order is exposure', async () => {
    expect((await ordina(2)).json()).toMatchObject({ status: 0 });
    expect((await situazione()).json()).toEqual({
      fido: null, esposizione: 200, disponibile: null, blocca_oltre_fido: false, aggiornata_al: null, scadenze: [],
      dettaglio: { aperte: 0, insolute: 0, riba_non_scadute: 0, ordini_non_fatturati: 200, ordini_non_fatturati_n: 1 },
    });
  });

  it('imports fido and scadenze, refusing wrong rows with their line, and computes the exposure in every case', async () => {
    const f = await importaFile('fido', csv('fido.csv', [
      'azienda_codice;cliente_codice;fido',
      '0001;000100;5.000,00',
      '0001;000999;100',
      '0001;000200;-5',
      '0002;000100;100',
    ]));
    expect(f).toMatchObject({ stato: 'applicata', nuove: 1, scartate: 3 });
    expect(f.errori).toEqual([
      { riga: 3, colonna: 'cliente_codice', valore: '000999', messaggio: 'cliente sconosciuto in questa azienda' },
      { riga: 4, colonna: 'fido', valore: '-5', messaggio: expect.stringContaining('deve essere tra 0') },
      { riga: 5, colonna: 'cliente_codice', valore: '000100', messaggio: 'cliente sconosciuto in questa azienda' },
    ].map((e) => expect.objectContaining(e)));

    const s = await importaFile('scadenze', csv('scadenze.csv', [
      'cliente_codice;azienda_codice;documento;data_scadenza;importo;modalita;stato',
      `000100;0001;FT 1/2026;${it2(giorno(-30))};1000,00;MP05;aperta`, // overdue
      `000100;0001;FT 2/2026;${giorno(20)};500;MP12;aperta`, // open RiBa, not due
      `000100;0001;FT 3/2026;${it2(giorno(-40))};300,50;MP12;insoluta`, // unpaid RiBa
      `000100;0001;FT 4/2026;${giorno(15)};250;MP12;pagata`, // RiBa presented, not yet due: still exposure
      `000100;0001;FT 5/2026;${giorno(-15)};700;MP12;pagata`, // RiBa paid and due: none
      `000100;0001;FT 6/2026;${giorno(15)};900;mp05;PAGATA`, // transfer paid: none
      `000100;0001;FT 7/2026;${giorno(10)};10;MP99;aperta`,
      `000100;0001;FT 8/2026;${giorno(10)};10;MP05;sospesa`,
      `000100;0001;FT 9/2026;31/02/2026;10;MP05;aperta`,
      `000100;0001;FT 2/2026;${giorno(20)};1;MP12;aperta`,
      `000900;0001;FT 1/2026;${giorno(20)};1;MP12;aperta`,
    ]));
    expect(s).toMatchObject({ stato: 'applicata', nuove: 6, scartate: 5 });
    expect(s.errori.map((e) => [e.riga, e.colonna, e.messaggio])).toEqual([
      [8, 'modalita', expect.stringContaining('modalità di pagamento FatturaPA non valida')],
      [9, 'stato', 'stato non valido: aperta, pagata, insoluta'],
      [10, 'data_scadenza', 'data inesistente'],
      [11, 'azienda_codice / cliente_codice / documento / data_scadenza', 'ripetuto: già alla riga 3'],
      [12, 'cliente_codice', 'cliente sconosciuto in questa azienda'],
    ]);

    // The order before the schedule counts as invoiced now; a new one is not yet.
    expect((await ordina(1)).json()).toMatchObject({ status: 0 });
    const r = (await situazione()).json();
    expect(r).toMatchObject({
      fido: 5000, esposizione: 2150.5, disponibile: 2849.5, aggiornata_al: expect.any(String),
      dettaglio: { aperte: 1500, insolute: 300.5, riba_non_scadute: 250, ordini_non_fatturati: 100, ordini_non_fatturati_n: 1 },
    });
    expect(r.scadenze.map((x: { documento: string; stato: string; scaduta: boolean; in_esposizione: boolean; modalita_descrizione: string }) =>
      [x.documento, x.stato, x.scaduta, x.in_esposizione, x.modalita_descrizione])).toEqual([
      ['FT 3/2026', 'insoluta', false, true, 'RiBa'],
      ['FT 1/2026', 'aperta', true, true, 'Bonifico'],
      ['FT 5/2026', 'pagata', false, false, 'RiBa'],
      ['FT 4/2026', 'pagata', false, true, 'RiBa'],
      ['FT 6/2026', 'pagata', false, false, 'Bonifico'],
      ['FT 2/2026', 'aperta', false, true, 'RiBa'],
    ]);

    // The same file again changes nothing; --completo removes the client's items it does not name.
    expect(await importaFile('scadenze', path.join(dir, 'scadenze.csv'))).toMatchObject({ nuove: 0, modificate: 0, invariate: 6 });
    const c = await importaFile('scadenze', csv('scadenze2.csv', [
      'azienda_codice;cliente_codice;documento;data_scadenza;importo;modalita;stato',
      `0001;000100;FT 1/2026;${giorno(-30)};1000;MP05;pagata`,
    ]), { completo: true });
    expect(c).toMatchObject({ stato: 'applicata', modificate: 1, ritirate: 5 });
    expect((await situazione()).json()).toMatchObject({ esposizione: 0, disponibile: 5000, scadenze: [{ documento: 'FT 1/2026', stato: 'pagata' }] });
    // An empty fido removes the credit line.
    expect(await importaFile('fido', csv('fido2.csv', ['azienda_codice;cliente_codice;fido', '0001;000100;']))).toMatchObject({ ritirate: 1 });
    expect((await situazione()).json()).toMatchObject({ fido: null, disponibile: null });
  });

  it('another client\'s figures are never visible; 401 without a session, 400 without the scope', async () => {
    expect((await situazione(MIO, cookieAltro)).statusCode).toBe(403);
    expect((await situazione(ALTRO, cookieAltro)).json()).toMatchObject({ fido: null, esposizione: 0, scadenze: [] });
    expect((await t().app.inject({ method: 'GET', url: '/api/contabilita/situazione', query: MIO })).statusCode).toBe(401);
    expect((await situazione({ azienda_codice: '0001' })).statusCode).toBe(400);
    // An admin session on the customer call is 401; a customer on the admin calls 403.
    expect((await situazione(MIO, admin)).statusCode).toBe(401);
    expect((await t().app.inject({ method: 'GET', url: '/api/contabilita/cliente', headers: { cookie }, query: { cliente_id: String(mioId) } })).statusCode).toBe(403);
    expect((await t().app.inject({ method: 'POST', url: '/api/contabilita/blocco', headers: { cookie }, payload: { cliente_id: mioId, blocca_oltre_fido: true } })).statusCode).toBe(403);
  });

  it('writes euro as the screens do', () => expect(euro(1100.5)).toBe('1.100,50\u00a0€'));

  it('the admin reads the same figures and sets the block, recorded in the client\'s history; bad input changes nothing', async () => {
    const leggi = (id: string) => t().app.inject({ method: 'GET', url: '/api/contabilita/cliente', headers: { cookie: admin }, query: { cliente_id: id } });
    expect((await leggi(String(mioId))).json()).toEqual((await situazione()).json());
    expect((await leggi('999999')).statusCode).toBe(404);
    expect((await leggi('abc')).statusCode).toBe(400);
    expect((await blocca('forse')).statusCode).toBe(400);
    expect((await blocca(true, 999999)).statusCode).toBe(404);
    expect((await blocca(true)).json()).toEqual({ status: 0, msg: MSG_CONTABILITA.bloccoSalvato });
    expect((await blocca(true)).statusCode).toBe(200);
    const storico = await t().database.sql<{ azione: string; dettagli: unknown }[]>`
      SELECT azione, dettagli FROM modifiche_admin WHERE cliente_id = ${mioId} ORDER BY id`;
    expect(storico).toEqual([{ azione: 'cliente.blocca_oltre_fido', dettagli: { blocca_oltre_fido: { prima: false, dopo: true } } }]);
    await blocca(false);
  });

  it('ordini/create: past the line only warned about (allowed) without the block; refused with it, also for two concurrent orders', async () => {
    const { sql } = t().database;
    await sql`UPDATE clienti SET fido = 1000, contabilita_aggiornata_at = now() WHERE id = ${mioId}`;
    await sql`DELETE FROM scadenze WHERE cliente_id = ${mioId}`;
    // Without the block an order past the line is confirmed (the checkout warned).
    expect((await ordina(12)).json()).toMatchObject({ status: 0 });
    expect((await situazione()).json()).toMatchObject({ esposizione: 1200, disponibile: -200 });

    await sql`UPDATE clienti SET contabilita_aggiornata_at = now() WHERE id = ${mioId}`;
    await blocca(true);
    const ordini = async () => (await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM ordini WHERE cliente_id = ${mioId}`)[0]!.n;
    const prima = await ordini();
    const rifiutato = (await ordina(11)).json();
    expect(rifiutato).toEqual({ status: 1, msg: MSG_CONTABILITA.rifiutoOltreFido(euro(1100), euro(1000)) });
    expect(await ordini()).toBe(prima);
    expect((await ordina(10)).json()).toMatchObject({ status: 0 });

    // Two concurrent orders of 600 € against 1,000 €: one passes, the other waits for it and is refused.
    await sql`UPDATE clienti SET contabilita_aggiornata_at = now() WHERE id = ${mioId}`;
    const esiti = (await Promise.all([ordina(6), ordina(6)])).map((r) => r.json() as { status: number; msg: string });
    expect(esiti.map((e) => e.status).sort()).toEqual([0, 1]);
    expect(esiti.find((e) => e.status === 1)!.msg).toBe(MSG_CONTABILITA.rifiutoOltreFido(euro(600), euro(400)));
    expect((await situazione()).json()).toMatchObject({ esposizione: 600, disponibile: 400 });
    await blocca(false);
  });

  it('orders not yet invoiced: an invoice citing the order, or a DDT that cites it, takes it out; the date of the last schedule stays the fallback', async () => {
    const { db, sql } = t().database;
    const TERZO = { azienda_codice: '0001', cliente_codice: '000300' };
    const c = await createCliente(db, { aziendaCodice: '0001', codice: '000300' });
    const u = await createUtente(db, { clienti: [c.id] });
    const c3 = await loginCliente(t().app, u, 'device-3');
    const ordina3 = async () => {
      const r = await t().app.inject({
        method: 'POST', url: '/api/ordini/create', headers: { cookie: c3 },
        payload: { ...TERZO, utente_codice: u.codice, carrelloItems: [{ codice_prodotto: 'TRAPANO', quantita: 1 }] },
      });
      expect(r.json()).toMatchObject({ status: 0 });
      return (await sql<{ id: number }[]>`SELECT max(id) AS id FROM ordini WHERE cliente_id = ${c.id}`)[0]!.id;
    };
    let n = 0;
    const documento = async (tipo: string, ordini: number[], ddt: string[] = [], azienda = '0001') => {
      const numero = `${tipo}-${++n}`;
      await createDocumento(db, {
        tipo, numero, data: '2026-06-01', aziendaCodice: azienda, clienteId: c.id, imponibile: '100', iva: '22', totale: '122', ddt, pdf: '.documenti/x.pdf', ordini,
      });
      return numero;
    };
    const nonFatturati = async () => (await situazione(TERZO, c3)).json().dettaglio as { ordini_non_fatturati: number; ordini_non_fatturati_n: number };

    const [diretto, perDdt, soloDdt, notaCredito] = [await ordina3(), await ordina3(), await ordina3(), await ordina3()];
    expect(await nonFatturati()).toMatchObject({ ordini_non_fatturati: 400, ordini_non_fatturati_n: 4 });
    await documento('FATTURA', [diretto]);
    expect(await nonFatturati()).toMatchObject({ ordini_non_fatturati: 300, ordini_non_fatturati_n: 3 });
    await documento('FATTURA', [], [await documento('DDT', [perDdt])]);
    expect(await nonFatturati()).toMatchObject({ ordini_non_fatturati: 200, ordini_non_fatturati_n: 2 });
    // Shipped but not invoiced; a credit note, or an invoice of another company billing a DDT of the same number, invoices nothing.
    const ddt = await documento('DDT', [soloDdt]);
    await documento('NOTA_CREDITO', [notaCredito]);
    await createAzienda(db, { codice: '0002' });
    await documento('FATTURA', [], [ddt], '0002');
    expect(await nonFatturati()).toMatchObject({ ordini_non_fatturati: 200, ordini_non_fatturati_n: 2 });

    // The block at ordini/create reads the same exposure: 200 € open plus the new 100 € fits a line of 300 €.
    await sql`UPDATE clienti SET fido = 300, blocca_oltre_fido = true WHERE id = ${c.id}`;
    const terzo = await ordina3();
    expect(await nonFatturati()).toMatchObject({ ordini_non_fatturati: 300, ordini_non_fatturati_n: 3 });
    const oltre = await t().app.inject({
      method: 'POST', url: '/api/ordini/create', headers: { cookie: c3 },
      payload: { ...TERZO, utente_codice: u.codice, carrelloItems: [{ codice_prodotto: 'TRAPANO', quantita: 1 }] },
    });
    expect(oltre.json()).toEqual({ status: 1, msg: MSG_CONTABILITA.rifiutoOltreFido(euro(100), euro(0)) });
    await documento('FATTURA', [terzo]);
    expect(await nonFatturati()).toMatchObject({ ordini_non_fatturati: 200, ordini_non_fatturati_n: 2 });

    // An ERP that invoices without citing orders: its schedule dates them (orders placed before it count as invoiced).
    await sql`UPDATE clienti SET contabilita_aggiornata_at = now() WHERE id = ${c.id}`;
    expect(await nonFatturati()).toMatchObject({ ordini_non_fatturati: 0, ordini_non_fatturati_n: 0 });
    await ordina3();
    expect(await nonFatturati()).toMatchObject({ ordini_non_fatturati: 100, ordini_non_fatturati_n: 1 });
  });
});
