import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { createAdmin, createAzienda, createCliente, createProdotto, createUtente } from '../../support/factories.js';
import { loginAdmin, loginCliente, useTestApp } from '../../support/harness.js';
import { carica as caricaImport, finita as fineImport, modulo } from '../../support/importazioni.js';

// The import calls over real HTTP with real multipart bodies: the admin screen's (tecnico) with its
// dry run, and the ERP's push authenticated by an API token. A file is queued and answered at
// once; the app's own worker runs it, and its report is read until the run has ended.
const t = useTestApp();
let base = '';
let tecnico = '';
let amministratore = '';
let token = '';

beforeAll(async () => {
  const { db } = t().database;
  await createProdotto(db, { codiceProdotto: 'IMP1', descrizione1: 'Tassello nylon', prezzi: { 1: '0.200' }, disponibilita: 10, giacAttuale: 10 });
  await createProdotto(db, { codiceProdotto: 'IMP2', descrizione1: 'Rondella', prezzi: { 1: '0.050' }, disponibilita: 10, giacAttuale: 10 });
  const tec = await createAdmin(db, { username: 'tec.import', tipologia: 'tecnico' });
  const amm = await createAdmin(db, { username: 'amm.import' });
  tecnico = await loginAdmin(t().app, tec);
  amministratore = await loginAdmin(t().app, amm);
  base = await t().app.listen({ port: 0, host: '127.0.0.1' });
  const r = await t().app.inject({ method: 'POST', url: '/api/token/create', headers: { cookie: tecnico }, payload: { nome: 'Gestionale' } });
  token = r.json().token;
});
afterAll(async () => { await t().app.close(); });

const carica = (form: FormData, headers: Record<string, string>, path?: string) => caricaImport(base, form, headers, path);
/** Reads a run's report until the run has ended. */
const finita = (r: Response, headers: Record<string, string> = { cookie: tecnico }, path?: string) => fineImport(t().app, r, headers, path);
const giacenza = async (codice: string) => (await t().database.sql<{ disponibilita: number; ord_forn: number }[]>`
  SELECT disponibilita, ord_forn FROM prodotti JOIN giacenze ON prodotto_id = id WHERE codice_prodotto = ${codice}`)[0]!;

describe('importazioni (admin screen and ERP push)', () => {
  it('a dry run reports and writes nothing; applying writes; the history and errors are readable', async () => {
    const csv = 'codice_prodotto;disponibilita;ord_forn\r\nIMP1;7;3\r\nIMP2;10;0\r\n';
    const p = await finita(await carica(modulo({ tipo: 'giacenze', prova: '1' }, csv), { cookie: tecnico }));
    expect(p).toMatchObject({ status: 0, msg: 'Verifica completata: nulla è stato scritto.', errori: [] });
    expect(p.importazione).toMatchObject({ tipo: 'giacenze', file: 'giacenze.csv', stato: 'verificata', prova: true, righe_lette: 2, modificate: 1, invariate: 1, autore: 'tec.import', origine: 'admin' });
    expect(await giacenza('IMP1')).toEqual({ disponibilita: 10, ord_forn: 0 });

    const vera = await finita(await carica(modulo({ tipo: 'giacenze' }, csv), { cookie: tecnico }));
    expect(vera).toMatchObject({ status: 0, msg: 'Importazione completata.', importazione: { stato: 'applicata', modificate: 1 } });
    expect(await giacenza('IMP1')).toEqual({ disponibilita: 7, ord_forn: 3 });

    const storico = (await t().app.inject({ url: '/api/importazioni/read', headers: { cookie: tecnico } })).json();
    expect(storico.importazioni.map((i: { stato: string }) => i.stato).slice(0, 2)).toEqual(['applicata', 'verificata']);
    expect(storico.totale).toBeGreaterThanOrEqual(2);
  });

  it('a file over the threshold is refused (status 1) with its rows and reasons, nothing applied', async () => {
    const csv = 'codice_prodotto;disponibilita\nIMP1;molti\nIMP2;4\n';
    const r = await finita(await carica(modulo({ tipo: 'giacenze' }, csv), { cookie: tecnico }));
    expect(r.status).toBe(1);
    expect(r.msg).toMatch(/File rifiutato, nulla è stato importato/);
    expect(r.errori).toEqual([expect.objectContaining({ riga: 2, colonna: 'disponibilita', valore: 'molti' })]);
    // What its good row would have done, counted as a dry run counts it: IMP2's stock would change.
    expect(r.importazione).toMatchObject({ stato: 'rifiutata', righe_lette: 2, scartate: 1, nuove: 0, modificate: 1, invariate: 0 });
    expect(await giacenza('IMP2')).toEqual({ disponibilita: 10, ord_forn: 0 });
    const errori = (await t().app.inject({ url: `/api/importazioni/errori?id=${r.importazione.id}`, headers: { cookie: tecnico } })).json();
    expect(errori.errori).toEqual(r.errori);
  });

  it('keeps a refused value and an ignored column cut short, and reads the refused rows a page at a time', async () => {
    const lungo = (n: number) => `${n}`.padEnd(5_000, '9');
    const righe = Array.from({ length: 120 }, (_, i) => `IMP1;${lungo(i)};x`);
    const nomeLungo = `nota ${'n'.repeat(5_000)}`;
    const r = await finita(await carica(modulo({ tipo: 'giacenze' }, `codice_prodotto;disponibilita;${nomeLungo}\n${righe.join('\n')}\n`), { cookie: tecnico }));
    expect(r.status).toBe(1);
    expect(r.importazione).toMatchObject({ scartate: 120, colonne_ignorate: [`${nomeLungo.slice(0, 200)}… (troncato)`] });
    expect(r.errori).toHaveLength(120);
    expect(r.errori[0]).toEqual({ riga: 2, colonna: 'disponibilita', valore: `${lungo(0).slice(0, 200)}… (troncato)`, messaggio: expect.any(String) });
    const pagina = async (q: string) => {
      const x = await t().app.inject({ url: `/api/importazioni/errori?id=${r.importazione.id}&${q}`, headers: { cookie: tecnico } });
      return { status: x.statusCode, ...x.json() };
    };
    expect(await pagina('start=0&limit=50')).toMatchObject({ status: 200, totale: 120, errori: r.errori.slice(0, 50) });
    expect(await pagina('start=100&limit=50')).toMatchObject({ status: 200, totale: 120, errori: r.errori.slice(100) });
    expect((await pagina('')).errori).toHaveLength(50);
    expect(await pagina('limit=1001')).toMatchObject({ status: 400, msg: expect.stringContaining('limit può essere al massimo 1000') });
  });

  it('cuts the refused values of runs recorded before (migration 0030)', async () => {
    const { sql } = t().database;
    const [{ id }] = await sql<{ id: number }[]>`
      INSERT INTO importazioni (tipo, file, origine, autore, soglia, stato, scartate) VALUES ('giacenze', 'vecchio.csv', 'admin', 'tec.import', 1, 'rifiutata', 1) RETURNING id`;
    await sql`INSERT INTO importazioni_errori (importazione_id, riga, colonna, valore, messaggio) VALUES (${id}, 2, 'disponibilita', ${'8'.repeat(300_000)}, 'non è un numero')`;
    await sql.unsafe(fs.readFileSync(path.resolve('migrations/0030_importazioni_troncate.sql'), 'utf8'));
    const x = await t().app.inject({ url: `/api/importazioni/rapporto?id=${id}`, headers: { cookie: tecnico } });
    expect(x.json().errori).toEqual([{ riga: 2, colonna: 'disponibilita', valore: `${'8'.repeat(200)}… (troncato)`, messaggio: 'non è un numero' }]);
  });

  it('the ERP pushes discount chains (sconti) the same way, with refused lines reported', async () => {
    const { db } = t().database;
    const az = await createAzienda(db, { codice: '0009' });
    await createCliente(db, { aziendaCodice: az.codice, codice: '000900' });
    const csv = 'azienda_codice;cliente_codice;codice_prodotto;sconti\r\n0009;000900;IMP1;40+10+5\r\n0009;000900;IMP2;40+abc\r\n';
    const bearer = { authorization: `Bearer ${token}` };
    const r = await finita(await carica(modulo({ tipo: 'sconti', soglia: '100' }, csv, 'sconti.csv'), bearer, 'importazioni/push'), bearer, 'importazioni/esito');
    expect(r).toMatchObject({ status: 0, importazione: { tipo: 'sconti', origine: 'api', nuove: 1, scartate: 1 } });
    expect(r.errori).toEqual([expect.objectContaining({ riga: 3, colonna: 'sconti', valore: '40+abc' })]);
    expect(await t().database.sql`SELECT sconti, fattore::text AS fattore FROM sconti_clienti`).toEqual([{ sconti: '40+10+5', fattore: '0.513' }]);
  });

  it('the ERP pushes with its token; no token, a session or a revoked token are refused', async () => {
    const csv = 'codice_prodotto,disponibilita\nIMP2,5\n';
    const bearer = { authorization: `Bearer ${token}` };
    const ok = await finita(await carica(modulo({ tipo: 'giacenze' }, csv), bearer, 'importazioni/push'), bearer, 'importazioni/esito');
    expect(ok).toMatchObject({ status: 0, importazione: { origine: 'api', autore: 'token: Gestionale', modificate: 1 } });
    expect((await giacenza('IMP2')).disponibilita).toBe(5);
    // The token reads its own runs only; the admin reads every run.
    const dellAdmin = (await t().app.inject({ url: '/api/importazioni/read', headers: { cookie: tecnico } })).json().importazioni
      .find((i: { origine: string }) => i.origine === 'admin');
    // Another's run answers as a run that does not exist: the token cannot tell which ids are used.
    const altrui = await t().app.inject({ url: `/api/importazioni/esito?id=${dellAdmin.id}`, headers: bearer });
    const inesistente = await t().app.inject({ url: '/api/importazioni/esito?id=999999', headers: bearer });
    const { requestId: _a, ...corpo } = altrui.json();
    const { requestId: _b, ...corpoInesistente } = inesistente.json();
    expect([altrui.statusCode, corpo]).toEqual([404, { code: 'non_trovato', msg: 'Importazione non trovata.' }]);
    expect([inesistente.statusCode, corpoInesistente]).toEqual([404, corpo]);
    expect((await t().app.inject({ url: `/api/importazioni/esito?id=${ok.importazione.id}`, headers: { cookie: tecnico } })).statusCode).toBe(401);
    expect((await t().app.inject({ url: `/api/importazioni/rapporto?id=${ok.importazione.id}`, headers: { cookie: tecnico } })).json().importazione.origine).toBe('api');
    expect((await carica(modulo({ tipo: 'giacenze' }, csv), {}, 'importazioni/push')).status).toBe(401);
    expect((await carica(modulo({ tipo: 'giacenze' }, csv), { cookie: tecnico }, 'importazioni/push')).status).toBe(401);
    const lista = (await t().app.inject({ url: '/api/token/list', headers: { cookie: tecnico } })).json().token;
    await t().app.inject({ method: 'POST', url: '/api/token/revoke', headers: { cookie: tecnico }, payload: { id: lista[0].id } });
    expect((await carica(modulo({ tipo: 'giacenze' }, csv), { authorization: `Bearer ${token}` }, 'importazioni/push')).status).toBe(401);
  });

  it('a running import does not hold up mail: imports have a runner of their own', async () => {
    const { db, sql } = t().database;
    const cliente = await loginCliente(t().app, await createUtente(db, { clienti: [(await createCliente(db)).id] }));
    const mails = () => (fs.existsSync(t().config.mailDir) ? fs.readdirSync(t().config.mailDir).filter((f) => f.endsWith('.eml')) : []);
    const prima = mails().length;
    // Another import holds the import lock: the queued run starts and waits for it.
    const altro = await sql.reserve();
    await altro`SELECT pg_advisory_lock(hashtext('portale_import'))`;
    let id = 0;
    try {
      const coda = await (await carica(modulo({ tipo: 'giacenze' }, 'codice_prodotto;disponibilita\nIMP1;3\n'), { cookie: tecnico })).json();
      id = coda.importazione.id;
      const importazione = async () => (await t().app.inject({ url: `/api/importazioni/rapporto?id=${coda.importazione.id}`, headers: { cookie: tecnico } })).json().importazione;
      const stato = async () => (await importazione()).stato;
      // Picked up, its process started, at the lock it writes under ('in_corso' alone: picked up, its process maybe still starting).
      await expect.poll(async () => (await importazione()).fase, { timeout: 30_000, interval: 50 }).toBe('scrittura');
      const contatto = await t().app.inject({
        method: 'POST', url: '/api/contatti/invia', headers: { cookie: cliente },
        payload: { nome: 'Mario Rossi', email: 'mario@test.local', messaggio: 'Mentre il gestionale importa.' },
      });
      expect(contatto.statusCode).toBe(200);
      await expect.poll(() => mails().length, { timeout: 10_000, interval: 50 }).toBe(prima + 1);
      expect(await stato()).toBe('in_corso');
    } finally {
      await altro`SELECT pg_advisory_unlock(hashtext('portale_import'))`;
      altro.release();
    }
    await expect.poll(async () => (await giacenza('IMP1')).disponibilita, { timeout: 10_000, interval: 50 }).toBe(3);
    // The run's job has let its file go.
    await expect.poll(async () => (await sql`SELECT file_salvato FROM importazioni WHERE id = ${id}`)[0]!.file_salvato,
      { timeout: 10_000, interval: 50 }).toBeNull();
  });

  it('refuses what is not CSV or XLSX, a missing file or kind, and other admins', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
    const img = await carica(modulo({ tipo: 'giacenze' }, png, 'giacenze.csv'), { cookie: tecnico });
    expect(img.status).toBe(400);
    expect((await img.json()).msg).toBe('Il file deve essere un CSV (testo separato da ; o ,) o un foglio XLSX.');
    const senza = new FormData();
    senza.append('tipo', 'giacenze');
    expect((await (await carica(senza, { cookie: tecnico })).json()).msg).toBe('Seleziona il file da importare.');
    const tipo = await carica(modulo({ tipo: 'ordini' }, 'a;b\n1;2\n'), { cookie: tecnico });
    expect(tipo.status).toBe(400);
    expect((await tipo.json()).msg).toMatch(/tipo non valido/);
    expect((await carica(modulo({ tipo: 'giacenze' }, 'x'), { cookie: amministratore })).status).toBe(403);
    expect((await t().app.inject({ url: '/api/importazioni/errori?id=999999', headers: { cookie: tecnico } })).statusCode).toBe(404);
    expect((await t().app.inject({ url: '/api/importazioni/rapporto?id=999999', headers: { cookie: tecnico } })).statusCode).toBe(404);
    expect((await t().app.inject({ url: '/api/importazioni/rapporto?id=abc', headers: { cookie: tecnico } })).statusCode).toBe(400);
    expect((await t().app.inject({ url: '/api/importazioni/rapporto?id=1', headers: { cookie: amministratore } })).statusCode).toBe(403);
    // Options refused before anything is queued or kept.
    const completo = await carica(modulo({ tipo: 'giacenze', completo: '1' }, 'codice_prodotto;disponibilita\nIMP1;1\n'), { cookie: tecnico });
    expect([completo.status, (await completo.json()).msg]).toEqual([400, "L'opzione completo non vale per il tipo giacenze"]);
    const [{ n }] = await t().database.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM importazioni WHERE stato = 'in_attesa' OR file_salvato IS NOT NULL`;
    expect(n).toBe(0);
  });
});
