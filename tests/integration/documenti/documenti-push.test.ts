import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ArchivioZip } from '../../../server/import/lettura/xlsx/zip.js';
import { createAdmin, createAzienda, createCliente, createOrdine, createUtente } from '../../support/factories.js';
import { loginAdmin, loginCliente, useTestApp } from '../../support/harness.js';
import { fatturaPa, pdf } from './campioni.js';

// The ERP's push of documents over real HTTP and multipart, and the customer's calls that list and
// serve them in the client's scope only.
const t = useTestApp();
let base = '';
let token = '';
let cookie = '';
let cookieAltro = '';
let cookieAdmin = '';
let ordine = 0;
let ordineAltro = 0;
const MIO = { azienda_codice: '0001', cliente_codice: 'C100' };

beforeAll(async () => {
  const { db } = t().database;
  await createAzienda(db, { codice: '0001' });
  const c = await createCliente(db, { aziendaCodice: '0001', codice: 'C100' });
  const c2 = await createCliente(db, { aziendaCodice: '0001', codice: 'C200' });
  cookie = await loginCliente(t().app, await createUtente(db, { clienti: [c.id] }));
  cookieAltro = await loginCliente(t().app, await createUtente(db, { clienti: [c2.id] }), 'device-2');
  const tec = await createAdmin(db, { username: 'tec.doc', tipologia: 'tecnico' });
  cookieAdmin = await loginAdmin(t().app, tec);
  ({ id: ordine } = await createOrdine(db, { clienteId: c.id }));
  ({ id: ordineAltro } = await createOrdine(db, { clienteId: c2.id }));
  base = await t().app.listen({ port: 0, host: '127.0.0.1' });
  const r = await t().app.inject({ method: 'POST', url: '/api/token/create', headers: { cookie: cookieAdmin }, payload: { nome: 'Gestionale' } });
  token = r.json().token;
});
afterAll(async () => { await t().app.close(); });

type Campi = Record<string, string>;
function modulo(campi: Campi, file?: { bytes: Uint8Array | string; nome?: string }, xml?: string): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(campi)) f.append(k, v);
  if (file) f.append('file', new Blob([typeof file.bytes === 'string' ? file.bytes : new Uint8Array(file.bytes)]), file.nome ?? 'doc.pdf');
  if (xml !== undefined) f.append('xml', new Blob([xml]), 'fattura.xml');
  return f;
}
const push = async (form: FormData, auth = `Bearer ${token}`) => {
  const r = await fetch(`${base}/api/documenti/push`, { method: 'POST', body: form, headers: { authorization: auth } });
  return { status: r.status, body: await r.json() as Record<string, unknown> };
};
const campi = (o: Campi = {}): Campi => ({
  tipo: 'DDT', numero: '101', data: '2026-03-02', ...MIO, imponibile: '100,00', iva: '22.00', totale: '122.00', ...o,
});
const leggi = (q: Record<string, string | number> = {}, c = cookie) =>
  t().app.inject({ url: '/api/documenti/read', headers: { cookie: c }, query: Object.fromEntries(Object.entries(q).map(([k, v]) => [k, String(v)])) });
const file = (q: Record<string, string | number>, c = cookie) =>
  t().app.inject({ url: '/api/documenti/file', headers: { cookie: c }, query: Object.fromEntries(Object.entries(q).map(([k, v]) => [k, String(v)])) });
const chiavi = async () => (await t().database.sql<{ pdf: string; xml: string | null }[]>`SELECT pdf, xml FROM documenti`)
  .flatMap((d) => [d.pdf, d.xml]).filter((k): k is string => k !== null);

describe('documenti/push', () => {
  it('takes a DDT, an invoice with its FatturaPA and the DDT it bills, and a credit note, each linked to the order', async () => {
    const ddt = await push(modulo(campi({ ordini: String(ordine) }), { bytes: pdf('DDT 101') }));
    expect(ddt).toMatchObject({ status: 200, body: { status: 0, msg: 'Documento ricevuto.', sostituito: false } });
    const fattura = await push(modulo(campi({ tipo: 'FATTURA', numero: 'F-7', data: '2026-03-10', ddt: '101', ordini: String(ordine) }),
      { bytes: pdf('Fattura F-7') }, fatturaPa()));
    expect(fattura).toMatchObject({ status: 200, body: { status: 0, sostituito: false } });
    const nota = await push(modulo(campi({ tipo: 'NOTA_CREDITO', numero: 'NC-1', data: '2026-03-20', totale: '-12.20', iva: '-2.20', imponibile: '-10' }),
      { bytes: pdf('Nota NC-1') }));
    expect(nota.status).toBe(200);

    const r = (await leggi()).json();
    expect(r.totale).toBe(3);
    expect(r.documenti.map((d: { tipo: string; numero: string }) => `${d.tipo} ${d.numero}`)).toEqual(['NOTA_CREDITO NC-1', 'FATTURA F-7', 'DDT 101']);
    expect(r.documenti[1]).toMatchObject({ data: '2026-03-10', imponibile: '100.00', iva: '22.00', totale: '122.00', ordini: [ordine], ddt: ['101'], xml: true });
    expect(r.documenti[2]).toMatchObject({ ordini: [ordine], ddt: [], xml: false });
  });

  it('the same type, number and year again replaces the document and its files; another year is another document', async () => {
    const prima = await chiavi();
    const di = await push(modulo(campi({ imponibile: '200', iva: '44', totale: '244' }), { bytes: pdf('DDT 101 corretto') }));
    expect(di).toMatchObject({ status: 200, body: { status: 0, msg: 'Documento ricevuto: sostituisce quello con lo stesso numero.', sostituito: true } });
    const ddt = (await leggi({ tipo: 'DDT' })).json().documenti;
    expect(ddt).toHaveLength(1);
    // Replaced whole: the order it named before is no longer linked.
    expect(ddt[0]).toMatchObject({ numero: '101', totale: '244.00', ordini: [] });
    const pdfLetto = await file({ id: ddt[0].id });
    expect(pdfLetto.body).toContain('DDT 101 corretto');
    // The old PDF left the media store.
    const dopo = await chiavi();
    expect(dopo).toHaveLength(prima.length);
    for (const k of prima.filter((k) => !dopo.includes(k))) expect(await t().app.deps.archivio.info(k)).toBeUndefined();

    expect((await push(modulo(campi({ data: '2025-12-30' }), { bytes: pdf('DDT 101/2025') }))).body).toMatchObject({ sostituito: false });
    expect((await leggi({ tipo: 'DDT' })).json().totale).toBe(2);
    // Put back the order's DDT for the later tests.
    await push(modulo(campi({ ordini: String(ordine) }), { bytes: pdf('DDT 101') }));
  });

  it('refuses files by their bytes, and fields that do not fit, in Italian, writing nothing', async () => {
    const n = (await leggi()).json().totale;
    const casi: [FormData, number, string | RegExp][] = [
      [modulo(campi()), 400, 'Manca il PDF del documento (campo file).'],
      // A text named .pdf, and a PNG: the bytes decide.
      [modulo(campi(), { bytes: 'non sono un pdf', nome: 'finto.pdf' }), 400, 'Il file del documento deve essere un PDF.'],
      [modulo(campi(), { bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]), nome: 'x.pdf' }), 400, 'Il file del documento deve essere un PDF.'],
      [modulo(campi({ tipo: 'FATTURA', numero: 'F-9' }), { bytes: pdf('x') }, '<html><body>no</body></html>'), 400, 'Il file xml deve essere una fattura elettronica FatturaPA (XML).'],
      [modulo(campi({ tipo: 'FATTURA', numero: 'F-9' }), { bytes: pdf('x') }, '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><p:FatturaElettronica>&a;</p:FatturaElettronica>'), 400, /FatturaPA/],
      [modulo(campi({ tipo: 'FATTURA', numero: 'F-9' }), { bytes: pdf('x') }, '<p:FatturaElettronica><aperto></p:FatturaElettronica>'), 400, /FatturaPA/],
      [modulo(campi(), { bytes: pdf('x') }, fatturaPa()), 400, "L'XML FatturaPA si allega solo a fatture e note di credito."],
      [modulo(campi({ ddt: '5' }), { bytes: pdf('x') }), 400, 'I numeri di DDT si indicano solo per fatture e note di credito.'],
      [modulo(campi({ tipo: 'BOLLA' }), { bytes: pdf('x') }), 400, /tipo non valido: usare DDT, FATTURA, NOTA_CREDITO/],
      [modulo(campi({ data: '2026-02-30' }), { bytes: pdf('x') }), 400, /data non è una data valida/],
      [modulo(campi({ totale: 'molto' }), { bytes: pdf('x') }), 400, /totale deve essere un importo/],
      [modulo(campi({ cliente_codice: 'NESSUNO' }), { bytes: pdf('x') }), 400, "Cliente NESSUNO dell'azienda 0001 non trovato."],
      // Another client's order cannot be named.
      [modulo(campi({ ordini: String(ordineAltro) }), { bytes: pdf('x') }), 400, `L'ordine ${ordineAltro} non esiste o non è di questo cliente.`],
      [modulo(campi({ ordini: 'uno' }), { bytes: pdf('x') }), 400, /ordini: ogni voce deve essere un numero/],
    ];
    for (const [form, status, msg] of casi) {
      const r = await push(form);
      expect(r.status, JSON.stringify(r.body)).toBe(status);
      expect(r.body.msg).toMatch(msg);
    }
    expect((await leggi()).json().totale).toBe(n);
  });

  it('answers 401 without a token or with a session, before reading the input; an oversized XML is 413', async () => {
    expect((await push(modulo(campi(), { bytes: pdf('x') }), 'Bearer pbf_sbagliato')).status).toBe(401);
    const r = await fetch(`${base}/api/documenti/push`, { method: 'POST', body: modulo({}), headers: { cookie } });
    expect(r.status).toBe(401);
    const grande = await push(modulo(campi({ tipo: 'FATTURA', numero: 'F-G' }), { bytes: pdf('x') }, `<a>${'x'.repeat(5 * 1024 * 1024)}</a>`));
    expect(grande.status).toBe(413);
  });
});

describe('documenti/read and documenti/file', () => {
  it('filter by type, dates, number and order (the order shows its whole chain: DDT and the invoice billing it)', async () => {
    const numeri = async (q: Record<string, string | number>) => (await leggi(q)).json().documenti.map((d: { numero: string; data: string }) => `${d.numero}@${d.data}`);
    expect(await numeri({ tipo: 'FATTURA' })).toEqual(['F-7@2026-03-10']);
    expect(await numeri({ dal: '2026-03-05', al: '2026-03-15' })).toEqual(['F-7@2026-03-10']);
    expect(await numeri({ numero: 'nc' })).toEqual(['NC-1@2026-03-20']);
    expect(await numeri({ ordine_id: ordine })).toEqual(['F-7@2026-03-10', '101@2026-03-02']);
    expect(await numeri({ limit: 1, start: 1 })).toEqual(['F-7@2026-03-10']);
    const male = await leggi({ dal: '2026-04-01', al: '2026-03-01' });
    expect(male.statusCode).toBe(400);
    expect(male.json().msg).toMatch(/La data iniziale è dopo la data finale/);
    expect((await leggi({ tipo: 'X' })).statusCode).toBe(400);
  });

  it('serves the PDF inline or as a download, and the FatturaPA XML', async () => {
    const [f] = (await leggi({ tipo: 'FATTURA' })).json().documenti;
    const inline = await file({ id: f.id });
    expect(inline.statusCode).toBe(200);
    expect(inline.headers['content-type']).toBe('application/pdf');
    expect(inline.headers['content-disposition']).toBe('inline; filename="fattura-F-7-2026-03-10.pdf"');
    expect(inline.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await file({ id: f.id, scarica: 1 })).headers['content-disposition']).toMatch(/^attachment;/);
    const xml = await file({ id: f.id, formato: 'xml' });
    expect(xml.headers['content-disposition']).toBe('attachment; filename="fattura-F-7-2026-03-10.xml"');
    expect(xml.body).toContain('FatturaElettronica');
    const [d] = (await leggi({ tipo: 'DDT', numero: '101', dal: '2026-01-01' })).json().documenti;
    expect((await file({ id: d.id, formato: 'xml' })).json()).toMatchObject({ msg: 'Questo documento non ha la fattura elettronica XML.' });
    expect((await file({ id: 999_999 })).statusCode).toBe(404);
    expect((await file({ id: 'x' })).statusCode).toBe(400);
  });

  it("another client never sees them: its list is empty, asking by id answers as for a missing id, naming this client's codes is 403", async () => {
    const [f] = (await leggi({ tipo: 'FATTURA' })).json().documenti;
    expect((await leggi({}, cookieAltro)).json()).toEqual({ documenti: [], totale: 0 });
    expect((await leggi({ ordine_id: ordine }, cookieAltro)).json().totale).toBe(0);
    // The same status, code and message for another client's id and for one that does not exist.
    const risposta = (r: { statusCode: number; json: () => { code: string; msg: string } }) => [r.statusCode, r.json().code, r.json().msg];
    const get = (url: string) => t().app.inject({ url, headers: { cookie: cookieAltro } });
    for (const url of [
      (id: number) => `/api/documenti/file?id=${id}`, (id: number) => `/api/documenti/file?id=${id}&formato=xml`,
      (id: number) => `/api/documenti/fatturapa?id=${id}`, (id: number) => `/api/documenti/zip?ids=${id}`,
    ]) {
      const altrui = risposta(await get(url(f.id)));
      expect(altrui, url(f.id)).toEqual([404, 'non_trovato', 'Documento non trovato.']);
      expect(risposta(await get(url(999_999))), url(999_999)).toEqual(altrui);
    }
    expect((await leggi(MIO, cookieAltro)).statusCode).toBe(403);
    expect((await file({ ...MIO, id: f.id }, cookieAltro)).statusCode).toBe(403);
  });

  it('renders the FatturaPA as a readable page: parties, lines, VAT summary, the DDT it cites, payments and due dates', async () => {
    const [f] = (await leggi({ tipo: 'FATTURA' })).json().documenti;
    const r = await t().app.inject({ url: `/api/documenti/fatturapa?id=${f.id}`, headers: { cookie } });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({
      fornitore: { denominazione: 'Ingrosso Ferramenta Demo S.p.A.', partita_iva: 'IT01234567890', codice_fiscale: '', indirizzo: "Via dell'Industria 1, 20100 Milano (MI)" },
      cliente: { denominazione: 'Ferramenta Rossi & Figli S.r.l.', partita_iva: 'IT09876543210', codice_fiscale: '', indirizzo: 'Corso Roma 5, 10121 Torino (TO)' },
      documenti: [{
        tipo: 'TD01', numero: 'F-7', data: '2026-03-10', divisa: 'EUR', totale: '122.00',
        righe: [
          { numero: '1', codice: 'TAS-8', descrizione: 'Tassello nylon 8 mm', quantita: '100.00', unita: 'PZ', prezzo_unitario: '0.60', prezzo_totale: '60.00', aliquota: '22.00' },
          { numero: '2', codice: '', descrizione: 'Chiave a brugola 5 mm', quantita: '10.00', unita: 'PZ', prezzo_unitario: '4.00', prezzo_totale: '40.00', aliquota: '22.00' },
        ],
        riepilogo: [{ aliquota: '22.00', natura: '', imponibile: '100.00', imposta: '22.00' }],
        ddt: [{ numero: '101', data: '2026-03-02' }],
        pagamenti: [{ condizioni: 'TP01', rate: [
          { modalita: 'MP12', scadenza: '2026-04-30', importo: '61.00', iban: '' },
          { modalita: 'MP12', scadenza: '2026-05-31', importo: '61.00', iban: '' },
        ] }],
      }],
      voci_omesse: 0,
    });
    expect((await t().app.inject({ url: `/api/documenti/fatturapa?id=${f.id}`, headers: { cookie: cookieAltro } })).statusCode).toBe(404);
    const [d] = (await leggi({ tipo: 'DDT', dal: '2026-01-01' })).json().documenti;
    expect((await t().app.inject({ url: `/api/documenti/fatturapa?id=${d.id}`, headers: { cookie } })).statusCode).toBe(404);
  });

  it("downloads several documents as one ZIP of their PDFs and an invoice's FatturaPA XML; another client's id in the list is 404 as a missing one", async () => {
    const docs = (await leggi()).json().documenti as { id: number; numero: string }[];
    const f7 = docs.find((d) => d.numero === 'F-7');
    const r = await t().app.inject({ url: `/api/documenti/zip?ids=${docs.map((d) => d.id).join(',')}`, headers: { cookie } });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/zip');
    expect(r.headers['content-disposition']).toBe('attachment; filename="documenti.zip"');
    const percorso = path.join(os.tmpdir(), `documenti-${process.pid}.zip`);
    await fs.writeFile(percorso, r.rawPayload);
    const zip = await ArchivioZip.apri(percorso, { nome: 'File ZIP', maxParti: 100 });
    try {
      expect([...zip.parti.keys()].sort()).toEqual([
        'ddt-101-2025-12-30.pdf', 'ddt-101-2026-03-02.pdf', 'fattura-F-7-2026-03-10.pdf', 'fattura-F-7-2026-03-10.xml',
        'nota_credito-NC-1-2026-03-20.pdf',
      ]);
      const leggiParte = async (nome: string) => {
        const parti: Buffer[] = [];
        for await (const b of zip.leggi(zip.parti.get(nome)!, () => {})) parti.push(b);
        return Buffer.concat(parti);
      };
      expect((await leggiParte('fattura-F-7-2026-03-10.pdf')).toString('latin1')).toContain('(Fattura F-7) Tj');
      // The XML as the single download gives it, byte for byte.
      const xml = await file({ id: f7!.id, formato: 'xml' });
      expect(xml.statusCode).toBe(200);
      expect((await leggiParte('fattura-F-7-2026-03-10.xml')).equals(xml.rawPayload)).toBe(true);
    } finally {
      await zip.chiudi();
      await fs.rm(percorso);
    }
    expect((await t().app.inject({ url: `/api/documenti/zip?ids=${docs[0]!.id}`, headers: { cookie: cookieAltro } })).statusCode).toBe(404);
    expect((await t().app.inject({ url: '/api/documenti/zip?ids=', headers: { cookie } })).json().msg).toMatch(/Seleziona almeno un documento/);
    expect((await t().app.inject({ url: '/api/documenti/zip?ids=999999', headers: { cookie } })).statusCode).toBe(404);
  });

  it('no session is 401 before the input; an admin session on the customer call is 401', async () => {
    expect((await t().app.inject({ url: '/api/documenti/read?tipo=nessuno' })).statusCode).toBe(401);
    expect((await t().app.inject({ url: '/api/documenti/file?id=x' })).statusCode).toBe(401);
    expect((await leggi({}, cookieAdmin)).statusCode).toBe(401);
  });
});

describe('documenti/fatturapa: the FatturaPA read once, when it comes in', () => {
  const pagina = (id: number) => t().app.inject({ url: `/api/documenti/fatturapa?id=${id}`, headers: { cookie } });
  const fattura = async (numero: string, xml: string) =>
    push(modulo(campi({ tipo: 'FATTURA', numero, data: '2026-04-01' }), { bytes: pdf(numero) }, xml));

  it('stores the page at push and answers from it; a document from before is read at its first view, once', async () => {
    const { sql } = t().database;
    const r = await fattura('F-30', fatturaPa({ numero: 'F-30' }));
    expect(r.status).toBe(200);
    const id = r.body.id as number;
    const [riga] = await sql<{ xml: string; fatturapa: { documenti: { numero: string; righe: unknown[] }[]; voci_omesse: number } }[]>`
      SELECT xml, fatturapa FROM documenti WHERE id = ${id}`;
    expect(riga!.fatturapa).toMatchObject({ documenti: [{ numero: 'F-30', righe: [{ codice: 'TAS-8' }, { numero: '2' }] }], voci_omesse: 0 });
    expect((await pagina(id)).json()).toEqual(riga!.fatturapa);

    // The stored file changed behind the row's back: the call still answers the stored page, so it never parses the file.
    const percorso = path.join(t().config.mediaDir, riga!.xml);
    await fs.writeFile(percorso, fatturaPa({ numero: 'CAMBIATA' }));
    expect((await pagina(id)).json().documenti[0].numero).toBe('F-30');

    // A document kept from before (no page stored): its file is read at its first view and the page stored then.
    await sql`UPDATE documenti SET fatturapa = NULL WHERE id = ${id}`;
    expect((await pagina(id)).json().documenti[0].numero).toBe('CAMBIATA');
    const [dopo] = await sql<{ n: string }[]>`SELECT fatturapa->'documenti'->0->>'numero' AS n FROM documenti WHERE id = ${id}`;
    expect(dopo!.n).toBe('CAMBIATA');
    await fs.writeFile(percorso, 'non più una fattura');
    expect((await pagina(id)).json().documenti[0].numero).toBe('CAMBIATA');

    // One from before whose XML is over the limits: refused once, with the reason, and the refusal kept.
    await fs.writeFile(percorso, fatturaPa().replace('<DatiBeniServizi>', `<DatiBeniServizi>${'<A>'.repeat(40)}${'</A>'.repeat(40)}`));
    await sql`UPDATE documenti SET fatturapa = NULL WHERE id = ${id}`;
    const rifiuto = await pagina(id);
    expect([rifiuto.statusCode, rifiuto.json().code, rifiuto.json().msg]).toEqual([404, 'non_trovato',
      "L'XML FatturaPA ha elementi annidati oltre 32 livelli: non è una fattura elettronica leggibile. "
      + "La pagina della fattura non si può mostrare: apri il PDF o scarica l'XML."]);
    await fs.writeFile(percorso, fatturaPa({ numero: 'DI NUOVO' }));
    expect((await pagina(id)).statusCode).toBe(404);
    // A stored page of an older shape (before voci_omesse) is read again.
    await sql`UPDATE documenti SET fatturapa = fatturapa - 'illeggibile' || '{"fornitore": {}}'::jsonb WHERE id = ${id}`;
    expect((await pagina(id)).json().documenti[0].numero).toBe('DI NUOVO');
  });

  it('refuses at push an XML nested too deep or with too many elements, writing nothing', async () => {
    const n = (await leggi()).json().totale;
    const profonda = fatturaPa().replace('<DatiBeniServizi>', `<DatiBeniServizi>${'<A>'.repeat(40)}${'</A>'.repeat(40)}`);
    const affollata = fatturaPa().replace('<DatiBeniServizi>', `<DatiBeniServizi><Altri>${'<x/>'.repeat(250_001)}</Altri>`);
    expect(await fattura('F-31', profonda)).toMatchObject({ status: 400, body: {
      code: 'dati_non_validi', msg: "L'XML FatturaPA ha elementi annidati oltre 32 livelli: non è una fattura elettronica leggibile." } });
    expect(await fattura('F-32', affollata)).toMatchObject({ status: 400, body: {
      code: 'dati_non_validi', msg: "L'XML FatturaPA ha più di 250.000 elementi: troppi per una fattura elettronica." } });
    expect((await leggi()).json().totale).toBe(n);
  });

  it('leaves out the lines past 2,000 and counts them, keeping the VAT summary and the due dates; cuts long texts', async () => {
    const riga = (i: number) => `<DettaglioLinee><NumeroLinea>${i}</NumeroLinea><Descrizione>Riga ${i}</Descrizione></DettaglioLinee>`;
    const lunga = fatturaPa()
      .replace('<DatiBeniServizi>', `<DatiBeniServizi>${Array.from({ length: 2_100 }, (_, i) => riga(i + 3)).join('')}`)
      .replace('<Denominazione>Ingrosso Ferramenta Demo S.p.A.</Denominazione>', `<Denominazione>${'N'.repeat(5_000)}</Denominazione>`);
    const r = await fattura('F-33', lunga);
    expect(r.status).toBe(200);
    const v = (await pagina(r.body.id as number)).json();
    // 2,102 lines: the first 2,000 shown, 102 left out.
    expect(v.documenti[0].righe).toHaveLength(2_000);
    expect(v.documenti[0].righe.at(-1).numero).toBe('2002');
    expect(v.voci_omesse).toBe(102);
    expect(v.documenti[0].riepilogo).toHaveLength(1);
    expect(v.documenti[0].pagamenti[0].rate).toHaveLength(2);
    expect(v.fornitore.denominazione).toBe(`${'N'.repeat(99)}…`);
  });
});
