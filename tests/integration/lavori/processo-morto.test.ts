import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accodaMail } from '../../../server/posta/accoda-mail.js';
import { createAdmin, createProdotto } from '../../support/factories.js';
import { avviaServer, type ProcessoServer } from '../../support/processo-server.js';
import { createTestDatabase } from '../../support/test-db.js';

// A server process killed (SIGKILL: no clean stop, as after an OOM) while it holds an import and a
// mail: after a restart both are taken up again within a minute, and each happens once.
let tdb: Awaited<ReturnType<typeof createTestDatabase>>;
const cartella = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-processo-morto-'));
const processi: ProcessoServer[] = [];
let tec: Awaited<ReturnType<typeof createAdmin>>;
/** An SMTP server that accepts connections and never answers: a mail sent there hangs. */
const smtpMuto = net.createServer(() => {});
let smtpConnessioni = 0;
smtpMuto.on('connection', () => { smtpConnessioni++; });

beforeAll(async () => {
  tdb = await createTestDatabase();
  tec = await createAdmin(tdb.database.db, { username: 'tec.crash', tipologia: 'tecnico' });
  await new Promise<void>((r) => smtpMuto.listen(0, '127.0.0.1', r));
});
afterAll(async () => {
  for (const p of processi) if (p.figlio.exitCode === null && p.figlio.signalCode === null) p.figlio.kill('SIGKILL');
  await Promise.all(processi.map((p) => p.fine));
  await new Promise((r) => smtpMuto.close(r));
  await tdb?.drop();
  fs.rmSync(cartella, { recursive: true, force: true });
});

/** Logs a tecnico into a server process and uploads a stock file; returns the queued run's id. */
async function caricaGiacenze(server: ProcessoServer, tec: { username: string; password: string }, csv: string): Promise<number> {
  const login = await fetch(`${server.url}/api/login/backend`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: tec.username, password: tec.password }),
  });
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const form = new FormData();
  form.append('tipo', 'giacenze');
  form.append('file', new Blob([csv]), 'giacenze.csv');
  const carica = await fetch(`${server.url}/api/importazioni/carica`, { method: 'POST', body: form, headers: { cookie } });
  expect(carica.status).toBe(200);
  return ((await carica.json()) as { importazione: { id: number } }).importazione.id;
}

/** The process holds the row: its write waits until the test lets go. */
async function bloccaGiacenza(codice: string) {
  const blocco = await tdb.database.sql.reserve();
  await blocco`BEGIN`;
  await blocco`SELECT 1 FROM giacenze JOIN prodotti ON prodotto_id = id WHERE codice_prodotto = ${codice} FOR UPDATE OF giacenze`;
  return blocco;
}

/** Statements of the test's database waiting on a lock, by their text. */
const inAttesa = async () => (await tdb.database.sql<{ query: string }[]>`
  SELECT query FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`).map((r) => r.query);

const giacenza = async (codice: string) => (await tdb.database.sql<{ disponibilita: number }[]>`
  SELECT disponibilita FROM prodotti JOIN giacenze ON prodotto_id = id WHERE codice_prodotto = ${codice}`)[0]!.disponibilita;

describe('a server process that dies holding jobs', () => {
  it('leaves its import and its mail to the restarted process, done once each', { timeout: 180_000 }, async () => {
    const { sql, db } = tdb.database;
    await createProdotto(db, { codiceProdotto: 'PM-1', descrizione1: 'Tassello', disponibilita: 10 });
    const primo = await avviaServer({
      databaseUrl: tdb.url, cartella, env: { SMTP_URL: `smtp://127.0.0.1:${(smtpMuto.address() as net.AddressInfo).port}` },
    });
    processi.push(primo);

    // The import's writing step waits on a row this test holds: the run is in_corso, its job taken.
    const blocco = await bloccaGiacenza('PM-1');
    const id = await caricaGiacenze(primo, tec, 'codice_prodotto;disponibilita\nPM-1;42\n');
    const mailId = await accodaMail(db, { to: 'cliente@test.local', subject: 'Conferma', text: 'Ordine ricevuto.' });

    // Both jobs are held by the first process: the import waits on the row, the mail on the SMTP greeting.
    await vi.waitFor(async () => {
      expect((await sql`SELECT stato FROM importazioni WHERE id = ${id}`)[0]).toEqual({ stato: 'in_corso' });
      expect(await inAttesa()).toEqual([expect.stringMatching(/UPDATE giacenze/i)]);
      expect(smtpConnessioni).toBeGreaterThan(0);
      const bloccati = await sql<{ task: string }[]>`SELECT task_identifier AS task FROM graphile_worker.jobs WHERE locked_by IS NOT NULL ORDER BY 1`;
      expect(bloccati.map((j) => j.task)).toEqual(['importa_file', 'invia_mail']);
    }, { timeout: 30_000, interval: 100 });

    primo.figlio.kill('SIGKILL');
    await primo.fine;
    await blocco`ROLLBACK`;
    blocco.release();

    // Restarted without SMTP: mail is written as .eml under DATA_DIR/mail.
    const secondo = await avviaServer({ databaseUrl: tdb.url, cartella });
    processi.push(secondo);
    // The run's outcome commits with its data; its file is let go just after: wait for both.
    await vi.waitFor(async () => {
      const [r] = await sql<{ stato: string; file: boolean }[]>`SELECT stato, file_salvato IS NOT NULL AS file FROM importazioni WHERE id = ${id}`;
      const [m] = await sql<{ inviata: boolean }[]>`SELECT inviata_at IS NOT NULL AS inviata FROM mail_uscita WHERE id = ${mailId}`;
      expect({ import: r!.stato, file: r!.file, mail: m!.inviata }).toEqual({ import: 'applicata', file: false, mail: true });
    }, { timeout: 60_000, interval: 250 });

    expect(await giacenza('PM-1')).toBe(42);
    const record = await sql`SELECT stato, righe_lette, modificate, invariate, file_salvato FROM importazioni WHERE id = ${id}`;
    expect(record).toEqual([{ stato: 'applicata', righe_lette: 1, modificate: 1, invariate: 0, file_salvato: null }]);
    expect(fs.readdirSync(path.join(cartella, 'data', 'mail')).filter((f) => f.endsWith('.eml'))).toHaveLength(1);
    expect((await sql`SELECT tentativi FROM mail_uscita WHERE id = ${mailId}`)[0]).toEqual({ tentativi: 1 });
    // No job left behind, locked or waiting.
    await vi.waitFor(async () => expect(await sql`SELECT id FROM graphile_worker.jobs WHERE task_identifier IN ('importa_file', 'invia_mail')`).toEqual([]));

    // A clean stop closes the app: its runners stop and their workers' rows go (the dead ones' went stale).
    secondo.figlio.kill('SIGTERM');
    expect(await secondo.fine).toBe(0);
    expect(await sql`SELECT worker_id FROM lavori_worker`).toEqual([]);
  });

  it('never applies an import twice when its process dies as the run ends', { timeout: 180_000 }, async () => {
    const { sql, db } = tdb.database;
    await createProdotto(db, { codiceProdotto: 'PM-2', descrizione1: 'Rondella', disponibilita: 10 });
    const primo = await avviaServer({ databaseUrl: tdb.url, cartella });
    processi.push(primo);
    const giacenzaBloccata = await bloccaGiacenza('PM-2');
    const id = await caricaGiacenze(primo, tec, 'codice_prodotto;disponibilita\nPM-2;7\n');
    await vi.waitFor(async () => expect(await inAttesa()).toEqual([expect.stringMatching(/UPDATE giacenze/i)]), { timeout: 30_000, interval: 100 });
    // Now the run's record is held, and the write let go: the process dies while it records how the run ended.
    const registro = await sql.reserve();
    await registro`BEGIN`;
    await registro`SELECT 1 FROM importazioni WHERE id = ${id} FOR UPDATE`;
    await giacenzaBloccata`ROLLBACK`;
    giacenzaBloccata.release();
    await vi.waitFor(async () => expect(await inAttesa()).toContainEqual(expect.stringMatching(/^\s*UPDATE importazioni SET stato/i)), { timeout: 30_000, interval: 100 });
    primo.figlio.kill('SIGKILL');
    await primo.fine;
    await registro`ROLLBACK`;
    registro.release();

    const secondo = await avviaServer({ databaseUrl: tdb.url, cartella });
    processi.push(secondo);
    await vi.waitFor(async () => {
      expect((await sql`SELECT stato FROM importazioni WHERE id = ${id}`)[0]).toEqual({ stato: 'applicata' });
    }, { timeout: 60_000, interval: 250 });
    // The run's report is the one of the run that changed the stock, not of a second run that found it changed.
    expect(await giacenza('PM-2')).toBe(7);
    expect((await sql`SELECT righe_lette, modificate, invariate FROM importazioni WHERE id = ${id}`)[0]).toEqual({ righe_lette: 1, modificate: 1, invariate: 0 });
    secondo.figlio.kill('SIGTERM');
    expect(await secondo.fine).toBe(0);
  });
});
