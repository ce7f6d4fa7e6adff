import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZipFile } from 'yazl';
import { createAdmin, createAzienda, createCliente, createUtente } from '../../support/factories.js';
import { loginAdmin, loginCliente, useTestApp } from '../../support/harness.js';
import { fatturaPa, pdf } from './campioni.js';

// Documents in bulk: a real ZIP (documenti.csv and the files it names) over real HTTP with the
// ERP's token; all rows or none, a missing or wrong file refused with its line.
const t = useTestApp();
let base = '';
let token = '';
let cookie = '';
let ordine = 0;
let ordineAltro = 0;

beforeAll(async () => {
  const { db, sql } = t().database;
  await createAzienda(db, { codice: '0001' });
  const c = await createCliente(db, { aziendaCodice: '0001', codice: 'C100' });
  const c2 = await createCliente(db, { aziendaCodice: '0001', codice: 'C200' });
  cookie = await loginCliente(t().app, await createUtente(db, { clienti: [c.id] }));
  const tec = await createAdmin(db, { username: 'tec.zip', tipologia: 'tecnico' });
  const cookieAdmin = await loginAdmin(t().app, tec);
  [{ id: ordine }] = await sql<{ id: number }[]>`
    INSERT INTO ordini (cliente_id, azienda_codice, cliente_codice, utente_codice) VALUES (${c.id}, '0001', 'C100', 'U1') RETURNING id`;
  [{ id: ordineAltro }] = await sql<{ id: number }[]>`
    INSERT INTO ordini (cliente_id, azienda_codice, cliente_codice, utente_codice) VALUES (${c2.id}, '0001', 'C200', 'U2') RETURNING id`;
  base = await t().app.listen({ port: 0, host: '127.0.0.1' });
  token = (await t().app.inject({ method: 'POST', url: '/api/token/create', headers: { cookie: cookieAdmin }, payload: { nome: 'Gestionale' } })).json().token;
});
afterAll(async () => { await t().app.close(); });

async function zip(voci: Record<string, string | Uint8Array>): Promise<Uint8Array> {
  const z = new ZipFile();
  for (const [nome, dati] of Object.entries(voci)) z.addBuffer(Buffer.from(dati), nome);
  z.end();
  const parti: Buffer[] = [];
  for await (const b of z.outputStream) parti.push(b as Buffer);
  return new Uint8Array(Buffer.concat(parti));
}
const importa = async (bytes: Uint8Array | string, nome = 'documenti.zip') => {
  const f = new FormData();
  f.append('file', new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)]), nome);
  const r = await fetch(`${base}/api/documenti/importa`, { method: 'POST', body: f, headers: { authorization: `Bearer ${token}` } });
  return { status: r.status, body: await r.json() as Record<string, unknown> };
};
const INTESTAZIONE = 'tipo;numero;data;azienda_codice;cliente_codice;imponibile;iva;totale;ordini;ddt;file;xml';
const elenco = async () => (await t().app.inject({ url: '/api/documenti/read', headers: { cookie } })).json() as {
  totale: number; documenti: { tipo: string; numero: string; totale: string; ddt: string[]; ordini: number[]; xml: boolean }[];
};

describe('documenti/importa (ZIP)', () => {
  it('imports a DDT, an invoice with its FatturaPA and a credit note; the same numbers again replace them', async () => {
    const csv = [
      INTESTAZIONE,
      `DDT;D-1;2026-04-01;0001;C100;100;22;122;${ordine};;d1.pdf;`,
      `FATTURA;F-1;2026-04-05;0001;C100;100,00;22,00;122,00;${ordine};D-1;pdf/f1.pdf;xml/f1.xml`,
      'NOTA_CREDITO;NC-1;2026-04-09;0001;C100;-10;-2,2;-12,2;;;nc1.pdf;',
    ].join('\r\n');
    const r = await importa(await zip({
      'documenti.csv': csv, 'd1.pdf': pdf('D-1'), 'pdf/f1.pdf': pdf('F-1'), 'xml/f1.xml': fatturaPa({ numero: 'F-1', ddt: 'D-1' }), 'nc1.pdf': pdf('NC-1'),
    }));
    expect(r).toEqual({ status: 200, body: { status: 0, msg: 'Importati 3 documenti.', nuovi: 3, sostituiti: 0 } });
    const l = await elenco();
    expect(l.documenti.map((d) => `${d.tipo} ${d.numero}`)).toEqual(['NOTA_CREDITO NC-1', 'FATTURA F-1', 'DDT D-1']);
    expect(l.documenti[1]).toMatchObject({ totale: '122.00', ddt: ['D-1'], ordini: [ordine], xml: true });

    const di = await importa(await zip({ 'documenti.csv': `${INTESTAZIONE}\nDDT;D-1;2026-04-02;0001;C100;200;44;244;;;d1.pdf;\n`, 'd1.pdf': pdf('D-1 bis') }));
    expect(di.body).toEqual({ status: 0, msg: 'Importato 1 documento (1 sostituisce quello con lo stesso numero).', nuovi: 0, sostituiti: 1 });
    const dopo = await elenco();
    expect(dopo.totale).toBe(3);
    expect(dopo.documenti.find((d) => d.tipo === 'DDT')).toMatchObject({ totale: '244.00', ordini: [] });
  });

  it('refuses the whole file, naming each line at fault: a missing file, a file that is no PDF, bad fields, another client\'s order', async () => {
    const prima = (await elenco()).totale;
    const csv = [
      INTESTAZIONE,
      'DDT;D-2;2026-05-01;0001;C100;1;0,22;1,22;;;d2.pdf;',
      'DDT;D-3;2026-05-01;0001;C100;1;0,22;1,22;;;manca.pdf;',
      'DDT;D-4;2026-05-01;0001;C100;1;0,22;1,22;;;finto.pdf;',
      'BOLLA;D-5;2026-05-01;0001;C100;1;0,22;1,22;;;d2.pdf;',
      `DDT;D-6;2026-05-01;0001;C100;1;0,22;1,22;${ordineAltro};;d2.pdf;`,
      'FATTURA;F-6;2026-05-01;0001;C100;1;0,22;1,22;;;d2.pdf;html.xml',
    ].join('\n');
    const r = await importa(await zip({ 'documenti.csv': csv, 'd2.pdf': pdf('D-2'), 'finto.pdf': 'solo testo', 'html.xml': '<html></html>' }));
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe('File rifiutato, nulla è stato importato: riga 3: il file manca.pdf non è nello ZIP; riga 4: finto.pdf non è un PDF; '
      + 'riga 5: tipo: tipo non valido: usare DDT, FATTURA, NOTA_CREDITO; '
      + `riga 6: L'ordine ${ordineAltro} non esiste o non è di questo cliente.; riga 7: html.xml non è una fattura elettronica FatturaPA.`);
    expect((await elenco()).totale).toBe(prima);
  });

  it('refuses what is no ZIP of documents, and a call without the token', async () => {
    expect((await importa(INTESTAZIONE, 'documenti.csv')).body.msg).toBe('Il file deve essere uno ZIP con documenti.csv e i PDF che nomina.');
    expect((await importa(await zip({ 'altro.txt': 'x', 'a.csv': 'x', 'b.csv': 'y' }))).body.msg).toBe('Nello ZIP manca documenti.csv.');
    expect((await importa(await zip({ 'documenti.csv': 'tipo;numero\nDDT;1\n' }))).body.msg)
      .toBe('documenti.csv: mancano le colonne data, azienda_codice, cliente_codice, imponibile, iva, totale, file.');
    expect((await importa(await zip({ 'documenti.csv': INTESTAZIONE }))).body.msg).toBe('documenti.csv non contiene documenti.');
    const r = await fetch(`${base}/api/documenti/importa`, { method: 'POST', body: new FormData(), headers: { cookie } });
    expect(r.status).toBe(401);
  });
});
