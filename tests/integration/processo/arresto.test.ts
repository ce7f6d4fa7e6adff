import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { portaEmbeddedInUso } from '../../../server/db/embedded.js';
import { accodaMail } from '../../../server/posta/accoda-mail.js';
import { avviaServer, type ProcessoServer } from '../../support/processo-server.js';
import { avviaSmtpTrattenuto } from '../../support/smtp-trattenuto.js';
import { createTestDatabase } from '../../support/test-db.js';

// A process stopped by SIGTERM (a rolling restart) or by Ctrl-C: not ready at once, serving through
// the grace period with Connection: close, then closing once its requests and its job are done.
let tdb: Awaited<ReturnType<typeof createTestDatabase>>;
const cartella = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-arresto-'));
const processi: ProcessoServer[] = [];

beforeAll(async () => {
  tdb = await createTestDatabase();
});
afterAll(async () => {
  for (const p of processi) {
    // The whole group: a process started as a terminal's job has the server beside the tsx wrapper.
    if (p.figlio.exitCode === null && p.figlio.signalCode === null) process.kill(-p.figlio.pid!, 'SIGKILL');
  }
  await Promise.all(processi.map((p) => p.fine));
  await tdb?.drop();
  fs.rmSync(cartella, { recursive: true, force: true });
});

const avvia = async (nome: string, o: { databaseUrl?: string; env: Record<string, string> }) => {
  // Its own group in any case, so that afterAll can end it whole.
  const p = await avviaServer({ cartella: path.join(cartella, nome), gruppo: true, ...o });
  processi.push(p);
  return p;
};

interface Risposta { status: number; connessione?: string; corpo: string }

/** A GET through `agent` (false: a connection of its own). */
function chiedi(agent: http.Agent | false, url: string): Promise<Risposta> {
  return new Promise((resolve, reject) => {
    http.get(url, { agent }, (res) => {
      let corpo = '';
      res.setEncoding('utf8').on('data', (d: string) => { corpo += d; })
        .on('end', () => resolve({ status: res.statusCode!, connessione: res.headers.connection, corpo }));
    }).on('error', reject);
  });
}

/** Whether a new connection to the port is refused: the server has stopped listening. */
const rifiutata = (port: number) => new Promise<boolean>((resolve) => {
  const s = net.connect(port, '127.0.0.1');
  s.once('connect', () => { s.destroy(); resolve(false); });
  s.once('error', () => resolve(true));
});

describe('stopping a process', () => {
  it('answers a keep-alive stream through the grace period, with Connection: close, never an error, and exits 0', { timeout: 120_000 }, async () => {
    // A grace period long enough for the answers counted below on a loaded machine: a request
    // sent after it ends would rightly be refused.
    const server = await avvia('flusso', { databaseUrl: tdb.url, env: { SHUTDOWN_DRAIN_SECONDS: '10' } });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
    const esiti: ({ dopo: boolean } & (Risposta | { errore: string }))[] = [];
    let nonPronto = false;
    let basta = false;
    const flusso = async () => {
      while (!basta) {
        // Sent once the process said it is not ready: a load balancer would still route it here.
        const dopo = nonPronto;
        await chiedi(agent, `${server.url}/api/health`)
          .then((r) => esiti.push({ dopo, ...r }), (err: unknown) => esiti.push({ dopo, errore: String(err) }));
      }
    };
    const flussi = [1, 2, 3, 4].map(flusso);
    await vi.waitFor(() => expect(esiti.length).toBeGreaterThan(40), { timeout: 30_000, interval: 20 });

    server.figlio.kill('SIGTERM');
    await vi.waitFor(async () => {
      const r = await chiedi(false, `${server.url}/api/ready`);
      expect([r.status, JSON.parse(r.corpo)]).toEqual([503, { code: 'non_pronto', msg: expect.stringMatching(/in arresto/), requestId: expect.any(String) }]);
    }, { timeout: 15_000, interval: 50 });
    nonPronto = true;
    await vi.waitFor(() => expect(esiti.filter((e) => e.dopo).length).toBeGreaterThanOrEqual(10), { timeout: 8_000, interval: 20 });
    basta = true;
    await Promise.all(flussi);
    agent.destroy();

    expect(esiti.filter((e) => !('status' in e) || e.status !== 200)).toEqual([]);
    // Kept alive before the signal; told to close after it.
    expect(esiti.slice(0, 20).filter((e) => 'status' in e && e.connessione !== 'keep-alive')).toEqual([]);
    expect(esiti.filter((e) => e.dopo && 'status' in e && e.connessione !== 'close')).toEqual([]);
    expect(await server.fine).toBe(0);
  });

  it('finishes the request in flight and the job it holds before it exits, each once', { timeout: 120_000 }, async () => {
    const { sql, db } = tdb.database;
    const smtp = await avviaSmtpTrattenuto();
    try {
      const server = await avvia('in-corso', {
        databaseUrl: tdb.url, env: { SMTP_URL: `smtp://127.0.0.1:${smtp.porta}`, SHUTDOWN_DRAIN_SECONDS: '1' },
      });
      const port = Number(new URL(server.url).port);
      const mailId = await accodaMail(db, { to: 'cliente@test.local', subject: 'Conferma', text: 'Ordine ricevuto.' });
      // The mail job holds: the message is sent, its answer held by the SMTP server.
      await vi.waitFor(() => expect(smtp.ricevuti()).toBe(1), { timeout: 30_000, interval: 50 });

      // A request in flight: its headers read by the server (100 Continue), its body still to come.
      const corpo = JSON.stringify({ username: 'nessuno', password: 'Sbagliata123!' });
      const socket = net.connect(port, '127.0.0.1');
      let risposta = '';
      socket.setEncoding('utf8').on('data', (d: string) => { risposta += d; });
      const chiuso = new Promise((r) => socket.once('close', r));
      socket.write(`POST /api/login/backend HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n`
        + `Content-Length: ${Buffer.byteLength(corpo)}\r\nExpect: 100-continue\r\n\r\n`);
      await vi.waitFor(() => expect(risposta).toMatch(/^HTTP\/1\.1 100 Continue\r\n/), { timeout: 10_000, interval: 20 });

      server.figlio.kill('SIGTERM');
      // Past the grace period: the server takes no new connection, and closes once this request is answered.
      await vi.waitFor(async () => expect(await rifiutata(port)).toBe(true), { timeout: 15_000, interval: 50 });
      socket.write(corpo);
      await chiuso;
      const finale = risposta.slice(risposta.indexOf('\r\n\r\n') + 4);
      expect(finale).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
      expect(finale.toLowerCase()).toContain('\r\nconnection: close\r\n');
      expect(JSON.parse(finale.slice(finale.indexOf('\r\n\r\n') + 4))).toEqual(expect.objectContaining({ status: 1, msg: expect.any(String) }));

      smtp.rilascia();
      expect(await server.fine).toBe(0);
      expect(smtp.ricevuti()).toBe(1);
      expect((await sql`SELECT inviata_at IS NOT NULL AS inviata, tentativi FROM mail_uscita WHERE id = ${mailId}`)[0])
        .toEqual({ inviata: true, tentativi: 1 });
      expect(await sql`SELECT id FROM graphile_worker.jobs WHERE task_identifier = 'invia_mail'`).toEqual([]);
    } finally {
      await smtp.chiudi();
    }
  });

  it('ends cleanly on Ctrl-C under the embedded Postgres: exit 0, no stack trace, Postgres stopped after the app', { timeout: 180_000 }, async () => {
    const server = await avvia('ctrl-c', { env: { SHUTDOWN_DRAIN_SECONDS: '0', LOG_LEVEL: 'info' } });
    // What a terminal does on Ctrl-C: SIGINT to its whole foreground group.
    process.kill(-server.figlio.pid!, 'SIGINT');
    expect(await server.fine).toBe(0);
    expect(server.uscita()).toContain('arresto in corso');
    expect(server.uscita()).not.toMatch(/CONNECTION_CLOSED|Error|\n\s+at /);
    expect(portaEmbeddedInUso(path.join(cartella, 'ctrl-c', 'data', 'postgres'))).toBeUndefined();
  });
});
