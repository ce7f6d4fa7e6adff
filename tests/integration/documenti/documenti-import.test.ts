import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZipFile } from 'yazl';
import { createAdmin, createAzienda, createCliente, createOrdine, createUtente } from '../../support/factories.js';
import { loginAdmin, loginCliente, useTestApp } from '../../support/harness.js';
import { carica as caricaImport, finita as fineImport, modulo } from '../../support/importazioni.js';
import { fatturaPa, pdf } from './campioni.js';

// The import kind documenti over real HTTP: a real ZIP (the sheet and the files it names), or the
// sheet with the files beside it, queued and run by the engine in its own process, which stores
// the files in the app's media store. The admin screen's call (tecnico, dry run first), the ERP's
// push with its token, and the command.
const t = useTestApp();
let base = '';
let token = '';
let tecnico = '';
let amministratore = '';
let cookie = '';
let cookieAltro = '';
let ordine = 0;
let ordineAltro = 0;

beforeAll(async () => {
  const { db } = t().database;
  await createAzienda(db, { codice: '0001' });
  const c = await createCliente(db, { aziendaCodice: '0001', codice: 'C100' });
  const c2 = await createCliente(db, { aziendaCodice: '0001', codice: 'C200' });
  cookie = await loginCliente(t().app, await createUtente(db, { clienti: [c.id] }));
  cookieAltro = await loginCliente(t().app, await createUtente(db, { clienti: [c2.id] }));
  tecnico = await loginAdmin(t().app, await createAdmin(db, { username: 'tec.doc', tipologia: 'tecnico' }));
  amministratore = await loginAdmin(t().app, await createAdmin(db, { username: 'amm.doc' }));
  ({ id: ordine } = await createOrdine(db, { clienteId: c.id }));
  ({ id: ordineAltro } = await createOrdine(db, { clienteId: c2.id }));
  base = await t().app.listen({ port: 0, host: '127.0.0.1' });
  token = (await t().app.inject({ method: 'POST', url: '/api/token/create', headers: { cookie: tecnico }, payload: { nome: 'Gestionale' } })).json().token;
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
const bearer = () => ({ authorization: `Bearer ${token}` });
/** The admin screen's call, followed until the run has ended. */
const admin = async (campi: Record<string, string>, contenuto: string | Uint8Array, nome = 'documenti.zip') =>
  fineImport(t().app, await caricaImport(base, modulo({ tipo: 'documenti', ...campi }, contenuto, nome), { cookie: tecnico }), { cookie: tecnico });
/** The ERP's push, followed with its token. */
const push = async (form: FormData) =>
  fineImport(t().app, await caricaImport(base, form, bearer(), 'importazioni/push'), bearer(), 'importazioni/esito');
const INTESTAZIONE = 'tipo;numero;data;azienda_codice;cliente_codice;imponibile;iva;totale;ordini;ddt;file;xml';
const elenco = async (c = cookie) => (await t().app.inject({ url: '/api/documenti/read', headers: { cookie: c } })).json() as {
  totale: number; documenti: { id: number; tipo: string; numero: string; totale: string; ddt: string[]; ordini: number[]; xml: boolean }[];
};
const fileNelloStore = () => {
  const dir = path.join(t().config.mediaDir, '.documenti');
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
};

describe('import kind documenti', () => {
  it('admin: a dry run writes nothing; applying stores the files; the same file again is unchanged; a new one replaces by number', async () => {
    const csv = [
      INTESTAZIONE,
      `DDT;D-1;2026-04-01;0001;C100;100;22;122;${ordine};;d1.pdf;`,
      `FATTURA;F-1;05/04/2026;0001;C100;100,00;22,00;122,00;${ordine};D-1;pdf/f1.pdf;xml/f1.xml`,
      'NOTA_CREDITO;NC-1;2026-04-09;0001;C100;-10;-2,2;-12,2;;;nc1.pdf;',
    ].join('\r\n');
    const pacco = await zip({
      'documenti.csv': csv, 'd1.pdf': pdf('D-1'), 'pdf/f1.pdf': pdf('F-1'), 'xml/f1.xml': fatturaPa({ numero: 'F-1', ddt: 'D-1' }), 'nc1.pdf': pdf('NC-1'),
    });
    const prova = await admin({ prova: '1' }, pacco);
    expect(prova).toMatchObject({
      status: 0, msg: 'Verifica completata: nulla è stato scritto.', errori: [],
      importazione: { tipo: 'documenti', stato: 'verificata', righe_lette: 3, nuove: 3, autore: 'tec.doc', origine: 'admin' },
    });
    expect((await elenco()).totale).toBe(0);
    expect(fileNelloStore()).toEqual([]);

    const vera = await admin({}, pacco);
    expect(vera).toMatchObject({ status: 0, msg: 'Importazione completata.', importazione: { stato: 'applicata', nuove: 3 } });
    const l = await elenco();
    expect(l.documenti.map((d) => `${d.tipo} ${d.numero}`)).toEqual(['NOTA_CREDITO NC-1', 'FATTURA F-1', 'DDT D-1']);
    expect(l.documenti[1]).toMatchObject({ totale: '122.00', ddt: ['D-1'], ordini: [ordine], xml: true });
    expect(fileNelloStore()).toHaveLength(4);
    const f = await t().app.inject({ url: `/api/documenti/file?id=${l.documenti[2]!.id}`, headers: { cookie } });
    expect([f.statusCode, f.headers['content-type'], f.body.includes('(D-1) Tj')]).toEqual([200, 'application/pdf', true]);
    const [doc] = await t().database.sql<{ importazione_id: number; token_id: number | null }[]>`SELECT importazione_id, token_id FROM documenti WHERE numero = 'D-1'`;
    expect(doc).toEqual({ importazione_id: vera.importazione.id, token_id: null });
    // The FatturaPA's page was read when its file was judged, and stored with the row.
    const [vista] = await t().database.sql<{ numero: string; righe: number; omesse: number }[]>`
      SELECT fatturapa->'documenti'->0->>'numero' AS numero, jsonb_array_length(fatturapa->'documenti'->0->'righe') AS righe,
        (fatturapa->>'voci_omesse')::int AS omesse
      FROM documenti WHERE numero = 'F-1'`;
    expect(vista).toEqual({ numero: 'F-1', righe: 2, omesse: 0 });

    // The same file again: every row unchanged, nothing rewritten.
    const ancora = await admin({}, pacco);
    expect(ancora.importazione).toMatchObject({ stato: 'applicata', nuove: 0, modificate: 0, invariate: 3 });
    expect(fileNelloStore()).toHaveLength(4);

    // Same type, number and year: replaced whole (orders dropped), its old file gone from the store.
    const prima = fileNelloStore();
    const di = await admin({}, await zip({ 'documenti.csv': `${INTESTAZIONE}\nDDT;D-1;2026-04-02;0001;C100;200;44;244;;;d1.pdf;\n`, 'd1.pdf': pdf('D-1 bis') }));
    expect(di.importazione).toMatchObject({ stato: 'applicata', nuove: 0, modificate: 1 });
    const dopo = await elenco();
    expect(dopo.totale).toBe(3);
    expect(dopo.documenti.find((d) => d.tipo === 'DDT')).toMatchObject({ totale: '244.00', ordini: [] });
    expect(fileNelloStore()).toHaveLength(4);
    expect(fileNelloStore()).not.toEqual(prima);
  });

  it('refuses rows with their line and reason: a missing file, a file that is no PDF by its bytes, no FatturaPA, bad fields, another client\'s order', async () => {
    const prima = fileNelloStore();
    const csv = [
      INTESTAZIONE,
      'DDT;D-2;2026-05-01;0001;C100;1;0,22;1,22;;;d2.pdf;',
      'DDT;D-3;2026-05-01;0001;C100;1;0,22;1,22;;;manca.pdf;',
      'DDT;D-4;2026-05-01;0001;C100;1;0,22;1,22;;;finto.pdf;',
      'BOLLA;D-5;2026-05-01;0001;C100;1;0,22;1,22;;;d2.pdf;',
      `DDT;D-6;2026-05-01;0001;C100;1;0,22;1,22;${ordineAltro};;d2.pdf;`,
      'FATTURA;F-6;2026-05-01;0001;C100;1;0,22;1,22;;;d2.pdf;html.xml',
      'DDT;D-2;2026-12-31;0001;C100;1;0,22;1,22;;;d2.pdf;',
      'FATTURA;F-8;2026-05-01;0001;C100;1;0,22;1,22;;;d2.pdf;profonda.xml',
    ].join('\n');
    const profonda = fatturaPa().replace('<DatiBeniServizi>', `<DatiBeniServizi>${'<Altro>'.repeat(40)}${'</Altro>'.repeat(40)}`);
    const pacco = await zip({ 'documenti.csv': csv, 'd2.pdf': pdf('D-2'), 'finto.pdf': 'solo testo', 'html.xml': '<html></html>', 'profonda.xml': profonda });
    const f = modulo({ tipo: 'documenti' }, pacco, 'documenti.zip');
    const r = await push(f);
    expect(r).toMatchObject({ status: 1, importazione: { stato: 'rifiutata', origine: 'api', scartate: 7, righe_lette: 8 } });
    expect(r.msg).toMatch(/^File rifiutato, nulla è stato importato: 7 righe scartate su 8/);
    expect(r.errori).toEqual([
      { riga: 3, colonna: 'file', valore: 'manca.pdf', messaggio: 'file non presente tra quelli inviati (nello ZIP o negli allegati)' },
      { riga: 4, colonna: 'file', valore: 'finto.pdf', messaggio: 'Il file del documento deve essere un PDF.' },
      { riga: 5, colonna: 'tipo', valore: 'BOLLA', messaggio: 'tipo non valido: usare DDT, FATTURA, NOTA_CREDITO' },
      { riga: 6, colonna: 'ordini', valore: String(ordineAltro), messaggio: `L'ordine ${ordineAltro} non esiste o non è di questo cliente.` },
      { riga: 7, colonna: 'xml', valore: 'html.xml', messaggio: 'Il file xml deve essere una fattura elettronica FatturaPA (XML).' },
      { riga: 8, colonna: 'numero', valore: 'D-2', messaggio: 'ripetuto: stesso tipo, numero e anno della riga 2' },
      { riga: 9, colonna: 'xml', valore: 'profonda.xml', messaggio: "L'XML FatturaPA ha elementi annidati oltre 32 livelli: non è una fattura elettronica leggibile." },
    ]);
    expect((await elenco()).documenti.map((d) => d.numero)).not.toContain('D-2');
    expect(fileNelloStore()).toEqual(prima);

    // The engine's threshold, as for every kind: raised to 100 %, the good row is written and the others reported.
    const tollerante = await push(modulo({ tipo: 'documenti', soglia: '100' }, pacco, 'documenti.zip'));
    expect(tollerante).toMatchObject({ status: 0, importazione: { stato: 'applicata', nuove: 1, scartate: 7 } });
    expect((await elenco()).documenti.map((d) => d.numero)).toContain('D-2');
  });

  it('the ERP pushes the sheet with the files beside it (allegati); another client\'s documents are never listed', async () => {
    const f = new FormData();
    f.append('tipo', 'documenti');
    // A name as the ERP writes it: the upload keeps it without '#' and the sheet still finds it.
    f.append('file', new Blob([`${INTESTAZIONE}\nFATTURA;F-20;2026-06-01;0001;C200;10;2,2;12,2;${ordineAltro};;Fattura #F-20.pdf;F-20.xml\n`]), 'export.csv');
    f.append('allegati', new Blob([new Uint8Array(pdf('F-20'))]), 'Fattura #F-20.pdf');
    f.append('allegati', new Blob([fatturaPa({ numero: 'F-20' })]), 'F-20.xml');
    const r = await push(f);
    expect(r).toMatchObject({ status: 0, importazione: { tipo: 'documenti', file: 'export.csv', stato: 'applicata', nuove: 1, autore: 'token: Gestionale' } });
    expect((await elenco(cookieAltro)).documenti).toEqual([expect.objectContaining({ numero: 'F-20', ordini: [ordineAltro], xml: true })]);
    expect((await elenco()).documenti.map((d) => d.numero)).not.toContain('F-20');
    const suo = (await elenco(cookieAltro)).documenti[0]!.id;
    expect((await t().app.inject({ url: `/api/documenti/file?id=${suo}`, headers: { cookie } })).statusCode).toBe(404);
  });

  it('refuses what cannot be a documenti upload before queueing it, and callers without the right', async () => {
    const { sql } = t().database;
    const [{ n: prima }] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM importazioni`;
    const risposta = async (r: Response) => [r.status, ((await r.json()) as { msg?: string }).msg];
    expect(await risposta(await caricaImport(base, modulo({ tipo: 'documenti' }, pdf('x'), 'F-1.pdf'), { cookie: tecnico })))
      .toEqual([400, 'Per i documenti il file deve essere uno ZIP con il CSV e i file che nomina, oppure il CSV con i file negli allegati.']);
    const conZip = modulo({ tipo: 'documenti' }, await zip({ 'documenti.csv': INTESTAZIONE }), 'documenti.zip');
    conZip.append('allegati', new Blob([new Uint8Array(pdf('x'))]), 'x.pdf');
    expect(await risposta(await caricaImport(base, conZip, { cookie: tecnico })))
      .toEqual([400, 'Con uno ZIP i file dei documenti vanno dentro lo ZIP, non negli allegati.']);
    const altroTipo = modulo({ tipo: 'giacenze' }, 'codice_prodotto;disponibilita\nX;1\n');
    altroTipo.append('allegati', new Blob([new Uint8Array(pdf('x'))]), 'x.pdf');
    expect(await risposta(await caricaImport(base, altroTipo, { cookie: tecnico }))).toEqual([400, 'Gli allegati valgono solo per il tipo documenti.']);
    const doppi = modulo({ tipo: 'documenti' }, INTESTAZIONE, 'documenti.csv');
    doppi.append('allegati', new Blob([new Uint8Array(pdf('x'))]), 'x.pdf');
    doppi.append('allegati', new Blob([new Uint8Array(pdf('y'))]), 'x.pdf');
    expect(await risposta(await caricaImport(base, doppi, { cookie: tecnico }))).toEqual([400, 'Due allegati con lo stesso nome: x.pdf.']);
    expect(await risposta(await caricaImport(base, modulo({ tipo: 'documenti', completo: '1' }, INTESTAZIONE, 'documenti.csv'), { cookie: tecnico })))
      .toEqual([400, "L'opzione completo non vale per il tipo documenti"]);
    // No session (checked before the body), an amministratore on a tecnico call, a customer, a session on the token's call.
    expect((await caricaImport(base, modulo({ tipo: 'nessuno' }, 'x'), {})).status).toBe(401);
    expect((await caricaImport(base, modulo({ tipo: 'documenti' }, INTESTAZIONE, 'documenti.csv'), { cookie: amministratore })).status).toBe(403);
    expect((await caricaImport(base, modulo({ tipo: 'documenti' }, INTESTAZIONE, 'documenti.csv'), { cookie })).status).toBe(403);
    expect((await caricaImport(base, modulo({ tipo: 'documenti' }, INTESTAZIONE, 'documenti.csv'), { cookie: tecnico }, 'importazioni/push')).status).toBe(401);
    // The call the kind replaced is gone.
    expect((await caricaImport(base, modulo({}, 'x'), bearer(), 'documenti/importa')).status).toBe(404);
    const [{ n }] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM importazioni`;
    expect(n).toBe(prima);
  });

  it("the upload's 200 MB bound is the request's: attachments each under 50 MB but together over it are 413 as they stream in, nothing queued, no temporary file left", async () => {
    const { sql } = t().database;
    const [{ n: prima }] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM importazioni`;
    const tmp = path.join(t().config.mediaDir, '.tmp');
    const temporanei = () => (fs.existsSync(tmp) ? fs.readdirSync(tmp) : []);
    const f = modulo({ tipo: 'documenti' }, `${INTESTAZIONE}
`, 'documenti.csv');
    const pezzo = new Blob([new Uint8Array(45 * 1024 * 1024)]);
    for (let i = 0; i < 6; i++) f.append('allegati', pezzo, `f${i}.pdf`);
    const r = await caricaImport(base, f, bearer(), 'importazioni/push');
    expect(r.status).toBe(413);
    expect(await r.json()).toMatchObject({
      code: 'file_troppo_grande', msg: 'I file inviati insieme superano la dimensione massima consentita per una richiesta (200 MB): inviali in più volte.',
    });
    await expect.poll(temporanei).toEqual([]);
    const [{ n }] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM importazioni`;
    expect(n).toBe(prima);
  });

  it('a ZIP that is broken or lacks its sheet is refused whole with the reason', async () => {
    const senzaFoglio = await admin({}, await zip({ 'a.pdf': pdf('a') }));
    expect([senzaFoglio.status, senzaFoglio.msg]).toEqual([1, 'Nello ZIP manca documenti.csv (il CSV dei documenti)']);
    const colonne = await admin({}, await zip({ 'documenti.csv': 'tipo;numero\nDDT;1\n' }));
    expect(colonne.status).toBe(1);
    expect(colonne.msg).toMatch(/manca/i);
  });

  it('npm run import takes the ZIP into the media store of the portal\'s configuration', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-import-documenti-'));
    try {
      const file = path.join(dir, 'documenti-20260701.zip');
      fs.writeFileSync(file, await zip({ 'documenti.csv': `${INTESTAZIONE}\nDDT;D-CLI;2026-07-01;0001;C100;5;1,1;6,1;;;cli.pdf;\n`, 'cli.pdf': pdf('D-CLI') }));
      const media = path.join(dir, 'media');
      const r = await new Promise<{ codice: number; out: string; err: string }>((resolve) => {
        execFile(process.execPath, ['--import', 'tsx', 'server/import/cli.ts', file], {
          env: { ...process.env, DATABASE_URL: t().config.databaseUrl, DATA_DIR: dir, MEDIA_DIR: media, MEDIA_STORE: 'local', IMPORT_COLONNE: '' },
        }, (error, stdout, stderr) => resolve({ codice: error ? Number(error.code) : 0, out: stdout, err: stderr }));
      });
      expect(r.err).toBe('');
      expect(r.codice).toBe(0);
      expect(r.out).toMatch(/documenti-20260701\.zip \(documenti, CSV.*\): importato/);
      expect(fs.readdirSync(path.join(media, '.documenti'))).toHaveLength(1);
      expect((await elenco()).documenti.map((d) => d.numero)).toContain('D-CLI');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
