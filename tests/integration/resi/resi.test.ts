import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createAzienda, createCliente, createOrdine, createUtente } from '../../support/factories.js';
import { loginAdmin, loginCliente, useTestApp } from '../../support/harness.js';
import { testoPdf } from '../../support/pdf.js';
import { pdf } from '../documenti/campioni.js';

/**
 * Returns from a delivery note (issue 39): the DDT's lines from the ERP's push, what is returnable,
 * the request with its refusals and photos, two requests at once on the last pieces, every staff
 * step once, the ERP receiving each authorised return once, and the credit note that closes it.
 */
const dirErp = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-resi-erp-'));
const t = useTestApp({ erp: { exportDir: dirErp } });

const A = { azienda_codice: '0001', cliente_codice: 'C100' };
const B = { azienda_codice: '0001', cliente_codice: 'C200' };
let base = '';
let token = '';
let cookie = '';
let cookieAltro = '';
let cookieAdmin = '';
let ordineA = 0;

beforeAll(async () => {
  // Jobs run when a test says so, so that what is queued can be counted.
  await t().app.deps.lavori.stop();
  const { db } = t().database;
  await createAzienda(db, { codice: '0001' });
  const a = await createCliente(db, { aziendaCodice: '0001', codice: 'C100', ragioneSociale: 'Ferramenta Rossi' });
  const b = await createCliente(db, { aziendaCodice: '0001', codice: 'C200' });
  const ua = await createUtente(db, { clienti: [a.id], username: 'mario@test.local' });
  const ub = await createUtente(db, { clienti: [b.id], username: 'altro@test.local' });
  cookie = await loginCliente(t().app, ua);
  cookieAltro = await loginCliente(t().app, ub, 'device-2');
  cookieAdmin = await loginAdmin(t().app, await createAdmin(db, { username: 'tec.resi', tipologia: 'tecnico' }));
  ({ id: ordineA } = await createOrdine(db, {
    clienteId: a.id, righe: [{ codiceProdotto: 'ORD-1', prodottoNome: 'Martello', qt: 4 }, { codiceProdotto: 'ORD-2', prodottoNome: 'Pinze', qt: 2 }],
  }));
  base = await t().app.listen({ port: 0, host: '127.0.0.1' });
  const r = await t().app.inject({ method: 'POST', url: '/api/token/create', headers: { cookie: cookieAdmin }, payload: { nome: 'Gestionale' } });
  token = r.json().token;
});
afterAll(async () => { await t().app.close(); });

const oggi = () => new Date().toISOString().slice(0, 10);
const giorniFa = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

async function push(campi: Record<string, string>) {
  const f = new FormData();
  for (const [k, v] of Object.entries({ tipo: 'DDT', data: oggi(), ...A, imponibile: '100', iva: '22', totale: '122', ...campi })) f.append(k, v);
  f.append('file', new Blob([new Uint8Array(pdf(`Documento ${campi.numero}`))]), 'doc.pdf');
  const r = await fetch(`${base}/api/documenti/push`, { method: 'POST', body: f, headers: { authorization: `Bearer ${token}` } });
  return { status: r.status, body: await r.json() as { id: number; msg: string } };
}
const righeDdt = (n: number, quantita = 10) => JSON.stringify(Array.from({ length: n }, (_, i) => ({
  codice_prodotto: `ART-${i + 1}`, descrizione: `Articolo ${i + 1}`, quantita, unita: 'PZ', ...(i === 0 ? { lotto: 'L-2026-01' } : {}),
})));

const get = (url: string, q: Record<string, string | number>, c: string | null = cookie) => t().app.inject({
  url: `/api/${url}`, query: Object.fromEntries(Object.entries(q).map(([k, v]) => [k, String(v)])), headers: c ? { cookie: c } : {},
});
const post = (url: string, payload: object, c: string | null = cookie) =>
  t().app.inject({ method: 'POST', url: `/api/${url}`, payload, headers: c ? { cookie: c } : {} });
const rendibili = (documento_id: number, c = cookie, scope = A) => get('resi/rendibili', { ...scope, documento_id }, c);
type Passo = { da: string | null; a: string; autore_tipo: string; autore: string; nota: string | null };
type Riga = { riga_id: number; quantita: number; motivo: string; nota?: string; lotto?: string };
const richiedi = (righe: Riga[], extra: object = {}, c = cookie, scope = A) => post('resi/richiedi', { ...scope, righe, descrizione: 'Non funziona', ...extra }, c);
const conta = async () => (await t().database.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM resi`)[0]!.n;
const lavoriErp = async (id: number) =>
  (await t().database.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE key = ${`erp-reso:${id}`}`)[0]!.n;
const mailA = async (oggetto: string) => (await t().database.sql<{ testo: string }[]>`
  SELECT testo FROM mail_uscita WHERE destinatario = 'mario@test.local' AND oggetto LIKE ${`%${oggetto}%`} ORDER BY id`).map((m) => m.testo);
const audit = async (id: number) => (await t().database.sql<{ azione: string }[]>`
  SELECT azione FROM modifiche_admin WHERE entita = 'reso' AND entita_id = ${String(id)} ORDER BY id`).map((m) => m.azione);

async function ddtConRighe(numero: string, n = 3, data = oggi()) {
  const r = await push({ numero, data, righe: righeDdt(n) });
  expect(r.status).toBe(200);
  const righe = (await rendibili(r.body.id)).json().righe as { riga_id: number; codice_prodotto: string; quantita_rendibile: number }[];
  return { id: r.body.id, righe };
}

describe('DDT lines', () => {
  it("takes a DDT's lines from the push and offers them with what is returnable and the policy of today", async () => {
    const d = await ddtConRighe('R-1');
    const r = await rendibili(d.id);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({
      documento: { id: d.id, numero: 'R-1', data: oggi() },
      politica: { giorni_ddt: 0, ddt_reso_richiesto: true, percentuali: { difettoso: 100, eccedenza: 100 } },
      righe: [
        { riga: 1, codice_prodotto: 'ART-1', descrizione: 'Articolo 1', unita: 'PZ', lotto: 'L-2026-01', quantita_consegnata: 10, quantita_rendibile: 10, da_ordine: false },
        { riga: 2, codice_prodotto: 'ART-2', lotto: null },
        { riga: 3, codice_prodotto: 'ART-3' },
      ],
    });
  });

  it("offers the lines of the DDT's orders with their ordered quantities when the ERP sends none", async () => {
    const r = await push({ numero: 'R-ORD', ordini: String(ordineA) });
    const righe = (await rendibili(r.body.id)).json().righe;
    expect(righe).toMatchObject([
      { riga: 1, codice_prodotto: 'ORD-1', descrizione: 'Martello', quantita_consegnata: 4, quantita_rendibile: 4, da_ordine: true },
      { riga: 2, codice_prodotto: 'ORD-2', quantita_consegnata: 2, da_ordine: true },
    ]);
  });

  it('refuses lines on an invoice and malformed lines with their position', async () => {
    expect((await push({ tipo: 'FATTURA', numero: 'F-R', righe: righeDdt(1) })).body.msg).toBe('Le righe si indicano solo per i DDT.');
    const r = await push({ numero: 'R-BAD', righe: JSON.stringify([{ codice_prodotto: 'X', descrizione: 'x', quantita: -1 }]) });
    expect(r.status).toBe(400);
    expect(r.body.msg).toMatch(/quantita non può essere negativa/);
    expect((await push({ numero: 'R-BAD2', righe: '[{' })).body.msg).toMatch(/righe deve essere JSON valido/);
  });

  it("answers 401 without a session, 403 for another client's DDT, 400 for a document that is no DDT", async () => {
    const d = await ddtConRighe('R-2', 1);
    expect((await rendibili(d.id, null as unknown as string)).statusCode).toBe(401);
    expect((await get('resi/rendibili', { ...B, documento_id: d.id }, cookieAltro)).statusCode).toBe(403);
    expect((await rendibili(d.id, cookie, B)).statusCode).toBe(403);
    const f = await push({ tipo: 'FATTURA', numero: 'F-2' });
    expect((await rendibili(f.body.id)).statusCode).toBe(400);
  });
});

describe('resi/richiedi', () => {
  it('writes the return with its RMA number; what is returnable goes down', async () => {
    const d = await ddtConRighe('R-3');
    const r = await richiedi([{ riga_id: d.righe[0]!.riga_id, quantita: 3, motivo: 'difettoso', lotto: 'L-2026-01', nota: 'Si ferma' }]);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ id: expect.any(Number), numero: expect.stringMatching(new RegExp(`^RMA-${new Date().getUTCFullYear()}-\\d{5}$`)) });
    expect((await rendibili(d.id)).json().righe[0]).toMatchObject({ quantita_consegnata: 10, quantita_rendibile: 7 });
    const det = await get('resi/dettaglio', { ...A, id: r.json().id });
    expect(det.json()).toMatchObject({
      numero: r.json().numero, stato: 'richiesto', descrizione: 'Non funziona', documento: { id: d.id, numero: 'R-3' }, righe_n: 1, pezzi: 3,
      righe: [{ codice_prodotto: 'ART-1', quantita: 3, motivo: 'difettoso', nota: 'Si ferma', lotto: 'L-2026-01', percentuale_prevista: 100, esito: null }],
    });
    const el = await get('resi/elenco', A);
    expect(el.json().resi.map((x: { id: number }) => x.id)).toContain(r.json().id);
  });

  it('refuses a quantity above the returnable one, a reason outside the list, a line of another DDT: nothing changed', async () => {
    const d = await ddtConRighe('R-4');
    const altro = await ddtConRighe('R-5');
    const prima = await conta();
    const oltre = await richiedi([{ riga_id: d.righe[1]!.riga_id, quantita: 11, motivo: 'errato' }]);
    expect(oltre.statusCode).toBe(400);
    expect(oltre.json().msg).toBe('Riga ART-2: la quantità supera quella rendibile (10).');
    const motivo = await richiedi([{ riga_id: d.righe[1]!.riga_id, quantita: 1, motivo: 'capriccio' }]);
    expect(motivo.statusCode).toBe(400);
    expect(motivo.json().msg).toMatch(/Motivo non valido/);
    const mista = await richiedi([{ riga_id: d.righe[0]!.riga_id, quantita: 1, motivo: 'errato' }, { riga_id: altro.righe[2]!.riga_id, quantita: 1, motivo: 'errato' }]);
    expect(mista.statusCode).toBe(400);
    expect(mista.json().msg).toBe('La riga ART-3 non è del DDT R-4.');
    const zero = await richiedi([{ riga_id: d.righe[0]!.riga_id, quantita: 0, motivo: 'errato' }]);
    expect(zero.statusCode).toBe(400);
    expect(await conta()).toBe(prima);
  });

  it("answers 403 for another client's line and 401 without a session before reading the input", async () => {
    const d = await ddtConRighe('R-6', 1);
    const prima = await conta();
    expect((await richiedi([{ riga_id: d.righe[0]!.riga_id, quantita: 1, motivo: 'errato' }], {}, cookieAltro, B)).statusCode).toBe(403);
    expect((await richiedi([{ riga_id: d.righe[0]!.riga_id, quantita: 1, motivo: 'errato' }], { documento_id: d.id }, cookieAltro, B)).statusCode).toBe(403);
    expect((await post('resi/richiedi', { righe: 'non json' }, null)).statusCode).toBe(401);
    expect(await conta()).toBe(prima);
  });

  it('refuses surplus after the last step of the policy, accepts a defect at any age', async () => {
    const d = await ddtConRighe('R-OLD', 2, giorniFa(120));
    const p = (await rendibili(d.id)).json().politica;
    expect(p).toMatchObject({ giorni_ddt: 120, percentuali: { eccedenza: null, difettoso: 100 } });
    const r = await richiedi([{ riga_id: d.righe[0]!.riga_id, quantita: 1, motivo: 'eccedenza' }]);
    expect(r.statusCode).toBe(400);
    expect(r.json().msg).toBe('Riga ART-1: il DDT è di 120 giorni fa, oltre il termine per rendere merce in eccedenza.');
    expect((await richiedi([{ riga_id: d.righe[1]!.riga_id, quantita: 1, motivo: 'difettoso' }])).statusCode).toBe(200);
    const m = await ddtConRighe('R-45', 1, giorniFa(45));
    const r2 = await richiedi([{ riga_id: m.righe[0]!.riga_id, quantita: 1, motivo: 'eccedenza' }]);
    expect((await get('resi/dettaglio', { ...A, id: r2.json().id })).json().righe[0].percentuale_prevista).toBe(90);
  });

  it('two requests at once on the last pieces: one wins, the other is refused, never below 0', async () => {
    const d = await ddtConRighe('R-7', 1);
    const riga = d.righe[0]!.riga_id;
    expect((await richiedi([{ riga_id: riga, quantita: 8, motivo: 'errato' }])).statusCode).toBe(200);
    const due = await Promise.all([1, 2].map(() => richiedi([{ riga_id: riga, quantita: 2, motivo: 'errato' }])));
    expect(due.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(due.find((r) => r.statusCode === 400)!.json().msg).toBe('Riga ART-1: la quantità supera quella rendibile (0).');
    expect((await rendibili(d.id)).json().righe[0].quantita_rendibile).toBe(0);
  });

  it('takes up to 5 photos judged by their bytes, stored without their metadata, served to their client only', async () => {
    const d = await ddtConRighe('R-8', 1);
    const jpg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c33' } })
      .withExif({ IFD0: { Make: 'Segreta', Model: 'X1' } }).jpeg().toBuffer();
    const modulo = (foto: { bytes: Buffer; nome: string }[]) => {
      const f = new FormData();
      for (const [k, v] of Object.entries(A)) f.append(k, v);
      f.append('righe', JSON.stringify([{ riga_id: d.righe[0]!.riga_id, quantita: 1, motivo: 'danneggiato' }]));
      f.append('descrizione', 'Scatola rotta');
      for (const x of foto) f.append('foto', new Blob([new Uint8Array(x.bytes)]), x.nome);
      return f;
    };
    const invia = async (f: FormData) => {
      const r = await fetch(`${base}/api/resi/richiedi`, { method: 'POST', body: f, headers: { cookie } });
      return { status: r.status, body: await r.json() as { id: number; msg: string } };
    };
    const prima = await conta();
    const finta = await invia(modulo([{ bytes: Buffer.from('<html>non sono una foto</html>'), nome: 'foto.jpg' }]));
    expect(finta).toMatchObject({ status: 400, body: { msg: 'Per favore seleziona solo immagini.' } });
    expect((await invia(modulo(Array.from({ length: 6 }, () => ({ bytes: jpg, nome: 'f.jpg' }))))).status).toBe(413);
    expect(await conta()).toBe(prima);
    const ok = await invia(modulo([{ bytes: jpg, nome: 'rotta.jpg' }]));
    expect(ok.status).toBe(200);
    const det = (await get('resi/dettaglio', { ...A, id: ok.body.id })).json();
    expect(det.foto).toEqual([{ id: expect.any(Number), nome: 'rotta.jpg' }]);
    const foto = await get('resi/foto', { ...A, id: ok.body.id, foto_id: det.foto[0].id });
    expect(foto.statusCode).toBe(200);
    expect(foto.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(foto.rawPayload).metadata();
    expect([meta.width, meta.exif]).toEqual([64, undefined]);
    expect((await get('resi/foto', { ...B, id: ok.body.id, foto_id: det.foto[0].id }, cookieAltro)).statusCode).toBe(403);
  });
});

describe('states', () => {
  it('the customer cancels a return while Richiesto, once; its pieces are returnable again', async () => {
    const d = await ddtConRighe('R-9', 1);
    const { id } = (await richiedi([{ riga_id: d.righe[0]!.riga_id, quantita: 10, motivo: 'errato' }])).json();
    expect((await post('resi/annulla', { ...B, id }, cookieAltro)).statusCode).toBe(403);
    const due = await Promise.all([post('resi/annulla', { ...A, id }), post('resi/annulla', { ...A, id })]);
    expect(due.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await get('resi/dettaglio', { ...A, id })).json().stato).toBe('annullato');
    expect((await rendibili(d.id)).json().righe[0].quantita_rendibile).toBe(10);
    expect((await get('resi/dettaglio', { ...B, id }, cookieAltro)).statusCode).toBe(403);
    // The customer's own steps are in the return's history, once (the second click wrote nothing), and the staff see it too.
    const passi = (await get('resi/dettaglio', { ...A, id })).json().storico;
    expect(passi.map((p: Passo) => [p.da, p.a, p.autore_tipo])).toEqual([[null, 'richiesto', 'cliente'], ['richiesto', 'annullato', 'cliente']]);
    expect((await get('resi/scheda', { id }, cookieAdmin)).json().storico).toEqual(passi);
  });

  it('staff authorise one line and refuse the other; the ERP gets it once; the customer reads the RMA PDF', async () => {
    const d = await ddtConRighe('R-10', 2);
    const { id, numero } = (await richiedi([
      { riga_id: d.righe[0]!.riga_id, quantita: 2, motivo: 'difettoso' }, { riga_id: d.righe[1]!.riga_id, quantita: 5, motivo: 'eccedenza' },
    ])).json();
    const righe = (await get('resi/scheda', { id }, cookieAdmin)).json().righe as { id: number }[];
    expect((await post('resi/autorizza', { id }, cookie)).statusCode).toBe(403);
    expect((await get('resi/pdf', { ...A, id })).statusCode).toBe(404);
    const richiesta = { id, righe: [{ id: righe[0]!.id, esito: 'autorizzata', percentuale: 95 }, { id: righe[1]!.id, esito: 'rifiutata' }], motivo: 'Eccedenza non rendibile' };
    const due = await Promise.all([post('resi/autorizza', richiesta, cookieAdmin), post('resi/autorizza', richiesta, cookieAdmin)]);
    expect(due.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(due.find((r) => r.statusCode === 200)!.json()).toMatchObject({ id, numero, stato: 'parzialmente_autorizzato' });
    expect(await lavoriErp(id)).toBe(1);
    expect(await audit(id)).toEqual(['reso.autorizza']);
    expect((await mailA(`Reso ${numero}: Parzialmente autorizzato`)).length).toBe(1);
    const det = (await get('resi/dettaglio', { ...A, id })).json();
    expect(det).toMatchObject({ stato: 'parzialmente_autorizzato', motivo_rifiuto: 'Eccedenza non rendibile', righe: [
      { esito: 'autorizzata', percentuale_autorizzata: 95 }, { esito: 'rifiutata', percentuale_autorizzata: null },
    ] });
    // The refused line's pieces are returnable again.
    expect((await rendibili(d.id)).json().righe.map((r: { quantita_rendibile: number }) => r.quantita_rendibile)).toEqual([8, 10]);
    const pdfR = await get('resi/pdf', { ...A, id });
    expect(pdfR.statusCode).toBe(200);
    expect(pdfR.headers['content-type']).toBe('application/pdf');
    const testo = (await testoPdf(pdfR.rawPayload)).join(' ').replace(/\s+/g, ' ');
    for (const s of [numero, 'DDT originale: n. R-10', 'Difettoso', 'Eccedenza / non più necessario', 'Non autorizzata', 'Cosa scrivere sul DDT di reso', `Reso autorizzato ${numero}`]) {
      expect(testo).toContain(s);
    }
    expect((await get('resi/pdf', { ...B, id }, cookieAltro)).statusCode).toBe(403);

    await t().app.deps.lavori.esegui();
    const json = JSON.parse(fs.readFileSync(path.join(dirErp, `reso-${id}.json`), 'utf8'));
    expect(json).toMatchObject({ tipo: 'reso', numero, chiave_idempotenza: `portale-reso-${id}`, cliente_codice: 'C100', ddt: { numero: 'R-10' },
      righe: [{ codice_prodotto: 'ART-1', quantita: 2, motivo: 'difettoso', percentuale_accredito: '95.00' }] });
    expect(fs.existsSync(path.join(dirErp, `reso-${id}.csv`))).toBe(true);
    expect((await t().database.sql<{ erp_stato: string; erp_tentativi: number }[]>`SELECT erp_stato, erp_tentativi FROM resi WHERE id = ${id}`)[0])
      .toEqual({ erp_stato: 'inviato', erp_tentativi: 1 });
  });

  it('refuses a whole return with its reason; a refusal without reason is 400', async () => {
    const d = await ddtConRighe('R-11', 1);
    const { id, numero } = (await richiedi([{ riga_id: d.righe[0]!.riga_id, quantita: 4, motivo: 'errato' }])).json();
    expect((await post('resi/rifiuta', { id, motivo: '  ' }, cookieAdmin)).statusCode).toBe(400);
    const r = await post('resi/rifiuta', { id, motivo: 'Articolo corretto, come da foto' }, cookieAdmin);
    expect(r.json()).toMatchObject({ stato: 'rifiutato' });
    expect((await post('resi/rifiuta', { id, motivo: 'ancora' }, cookieAdmin)).statusCode).toBe(409);
    expect((await get('resi/dettaglio', { ...A, id })).json()).toMatchObject({ stato: 'rifiutato', motivo_rifiuto: 'Articolo corretto, come da foto' });
    expect((await mailA(`Reso ${numero}: Rifiutato`))[0]).toContain('Articolo corretto, come da foto');
    expect(await lavoriErp(id)).toBe(0);
    expect((await rendibili(d.id)).json().righe[0].quantita_rendibile).toBe(10);
    // Audited once; in the history with its reason, once (the second click wrote nothing).
    expect(await audit(id)).toEqual(['reso.rifiuta']);
    expect((await get('resi/dettaglio', { ...A, id })).json().storico.slice(1)).toEqual([
      expect.objectContaining({ da: 'richiesto', a: 'rifiutato', autore_tipo: 'staff', nota: 'Articolo corretto, come da foto' }),
    ]);
  });

  it('runs the whole way: authorised, sent, received, inspected, closed, each step once with its audit and mail', async () => {
    const d = await ddtConRighe('R-12', 1);
    const { id, numero } = (await richiedi([{ riga_id: d.righe[0]!.riga_id, quantita: 3, motivo: 'difettoso' }])).json();
    expect((await post('resi/ricevi', { id }, cookieAdmin)).statusCode).toBe(409);
    expect((await post('resi/autorizza', { id }, cookieAdmin)).json().stato).toBe('autorizzato');
    expect((await post('resi/spedisci', { ...A, id })).json().stato).toBe('spedito');
    expect((await post('resi/spedisci', { ...A, id })).statusCode).toBe(409);
    expect((await post('resi/ricevi', { id }, cookieAdmin)).json().stato).toBe('ricevuto');
    const riga = (await get('resi/scheda', { id }, cookieAdmin)).json().righe[0].id;
    expect((await post('resi/verifica', { id, righe: [{ id: riga, quantita_accettata: 4, percentuale: 100 }] }, cookieAdmin)).statusCode).toBe(400);
    expect((await post('resi/verifica', { id, righe: [{ id: riga, quantita_accettata: 2, percentuale: 80 }] }, cookieAdmin)).json().stato).toBe('verificato');
    const due = await Promise.all([post('resi/chiudi', { id }, cookieAdmin), post('resi/chiudi', { id }, cookieAdmin)]);
    expect(due.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await get('resi/dettaglio', { ...A, id })).json()).toMatchObject({ stato: 'chiuso', righe: [{ quantita_accettata: 2, percentuale_accredito: 80 }] });
    expect(await audit(id)).toEqual(['reso.autorizza', 'reso.ricevi', 'reso.verifica', 'reso.chiudi']);
    // Every step in the history both sides read, with who made it; the staff's also in the admin audit above.
    const passi = (await get('resi/dettaglio', { ...A, id })).json().storico as Passo[];
    expect(passi.map((p) => [p.da, p.a, p.autore_tipo])).toEqual([
      [null, 'richiesto', 'cliente'], ['richiesto', 'autorizzato', 'staff'], ['autorizzato', 'spedito', 'cliente'],
      ['spedito', 'ricevuto', 'staff'], ['ricevuto', 'verificato', 'staff'], ['verificato', 'chiuso', 'staff'],
    ]);
    expect(passi[4]!.nota).toBe('ART-1: accettati 2 di 3, accredito 80 %');
    expect(new Set(passi.filter((p) => p.autore_tipo === 'staff').map((p) => p.autore)).size).toBe(1);
    expect((await get('resi/scheda', { id }, cookieAdmin)).json().storico).toEqual(passi);
    expect((await mailA(`Reso ${numero}:`)).length).toBe(5);
    expect((await mailA(`Reso ${numero}: Verificato`))[0]).toContain('ART-1: accettati 2 di 3, accredito 80 %');
  });

  it("staff's queue filters by state, reason, client and age; the home's counter counts what waits", async () => {
    const coda = await get('resi/coda', { stato: 'richiesto' }, cookieAdmin);
    expect(coda.statusCode).toBe(200);
    expect(coda.json().resi.every((r: { stato: string }) => r.stato === 'richiesto')).toBe(true);
    expect(coda.json().totale).toBeGreaterThan(0);
    const difetti = (await get('resi/coda', { motivo: 'danneggiato' }, cookieAdmin)).json();
    expect(difetti.totale).toBe(1);
    expect((await get('resi/coda', { cliente_codice: 'C200' }, cookieAdmin)).json().totale).toBe(0);
    expect((await get('resi/coda', { giorni_min: 1 }, cookieAdmin)).json().totale).toBe(0);
    const n = (await get('resi/conteggio', {}, cookieAdmin)).json().da_gestire;
    expect(n).toBe((await get('resi/coda', {}, cookieAdmin)).json().totale);
    expect((await get('resi/coda', {}, cookie)).statusCode).toBe(403);
    expect((await get('resi/coda', {}, null)).statusCode).toBe(401);
  });
});

describe('credit note', () => {
  it("closes the returns its `resi` names, linked; an unknown RMA refuses the push with nothing changed", async () => {
    const d = await ddtConRighe('R-13', 1);
    const { id, numero } = (await richiedi([{ riga_id: d.righe[0]!.riga_id, quantita: 1, motivo: 'danneggiato' }])).json();
    await post('resi/autorizza', { id }, cookieAdmin);
    const sbagliata = await push({ tipo: 'NOTA_CREDITO', numero: 'NC-R0', totale: '-12.20', iva: '-2.20', imponibile: '-10', resi: `${numero},RMA-1999-00001` });
    expect(sbagliata).toMatchObject({ status: 400, body: { msg: 'Reso RMA-1999-00001 non trovato tra quelli del cliente.' } });
    expect((await t().database.sql`SELECT 1 FROM documenti WHERE numero = 'NC-R0'`).length).toBe(0);
    const nota = await push({ tipo: 'NOTA_CREDITO', numero: 'NC-R1', totale: '-12.20', iva: '-2.20', imponibile: '-10', resi: numero });
    expect(nota.status).toBe(200);
    expect((await get('resi/dettaglio', { ...A, id })).json()).toMatchObject({ stato: 'chiuso', nota_credito: { id: nota.body.id, numero: 'NC-R1' } });
    expect((await get('resi/dettaglio', { ...A, id })).json().storico.at(-1)).toMatchObject({ da: 'autorizzato', a: 'chiuso', autore_tipo: 'erp', autore: 'ERP' });
    // The same note sent again changes nothing.
    expect((await push({ tipo: 'NOTA_CREDITO', numero: 'NC-R1', totale: '-12.20', iva: '-2.20', imponibile: '-10', resi: numero })).status).toBe(200);
    expect((await mailA(`Reso ${numero}: Chiuso`)).length).toBe(1);
    expect((await push({ tipo: 'FATTURA', numero: 'F-R9', resi: numero })).body.msg).toBe('I numeri RMA (resi) si indicano solo per le note di credito.');
  });
});

describe('policy', () => {
  it('staff change the policy in Impostazioni (audited); the preview and new requests follow it', async () => {
    const nuova = { scaglioni: [{ giorni: 15, percentuale: 100 }, { giorni: 30, percentuale: 50 }], percentuale_difetti: 90, ddt_reso_richiesto: false };
    expect((await post('resi/politica/salva', nuova, cookie)).statusCode).toBe(403);
    const storta = await post('resi/politica/salva', { ...nuova, scaglioni: [{ giorni: 30, percentuale: 50 }, { giorni: 15, percentuale: 100 }] }, cookieAdmin);
    expect(storta.statusCode).toBe(400);
    expect(storta.json().msg).toMatch(/ordine di giorni crescenti/);
    expect((await post('resi/politica/salva', { ...nuova, percentuale_difetti: 120 }, cookieAdmin)).statusCode).toBe(400);
    expect((await post('resi/politica/salva', nuova, cookieAdmin)).json()).toEqual(nuova);
    expect((await get('resi/politica', {}, cookieAdmin)).json()).toEqual(nuova);
    const d = await ddtConRighe('R-P', 1, giorniFa(20));
    expect((await rendibili(d.id)).json().politica).toEqual({
      giorni_ddt: 20, ddt_reso_richiesto: false,
      percentuali: { difettoso: 90, errato: 90, danneggiato: 90, non_conforme: 90, eccedenza: 50 },
    });
    const { id } = (await richiedi([{ riga_id: d.righe[0]!.riga_id, quantita: 1, motivo: 'eccedenza' }])).json();
    expect((await get('resi/dettaglio', { ...A, id })).json()).toMatchObject({ ddt_reso_richiesto: false, righe: [{ percentuale_prevista: 50 }] });
    const [m] = await t().database.sql<{ azione: string }[]>`SELECT azione FROM modifiche_admin WHERE entita = 'impostazioni' ORDER BY id DESC LIMIT 1`;
    expect(m!.azione).toBe('resi.politica');
  });
});
