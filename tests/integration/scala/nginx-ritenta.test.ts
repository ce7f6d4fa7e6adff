import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { avviaNginx, nginxBinario, type Nginx } from '../../support/nginx.js';

// What deploy/nginx/portale.conf passes to another process when one breaks the connection after
// nginx wrote the request on it: what a process does to the connections the kernel had accepted
// for it when it stops listening (docs/decisions/load-balancer-nginx.md). The first server is
// such a process, every time; the second, a backup, answers who it is and what it received.
const cartella = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-nginx-ritenta-'));
let nginx: Nginx;
let rotto: net.Server;
let buono: http.Server;
const ricevuti: { method: string; url: string; body: string }[] = [];

const ascolta = (s: net.Server) => new Promise<string>((resolve) => {
  s.listen(0, '127.0.0.1', () => resolve(`127.0.0.1:${(s.address() as net.AddressInfo).port}`));
});

const senzaNginx = !nginxBinario() && process.env.CI !== 'true';

describe.skipIf(senzaNginx)('nginx passes on a request whose connection was reset', () => {
  beforeAll(async () => {
    // Reads the request, then resets the connection without a byte of answer.
    rotto = net.createServer((s) => s.once('data', () => s.resetAndDestroy()));
    buono = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => { body += c.toString(); });
      req.on('end', () => {
        ricevuti.push({ method: req.method!, url: req.url!, body });
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ server: 'buono' }));
      });
    });
    const [hRotto, hBuono] = await Promise.all([ascolta(rotto), ascolta(buono)]);
    nginx = await avviaNginx({
      cartella, upstream: [hRotto, hBuono],
      // max_fails=0: the broken one is tried first every time, never left out.
      righeUpstream: [`server ${hRotto} max_fails=0;`, `server ${hBuono} backup;`],
    });
  }, 30_000);

  afterAll(async () => {
    await nginx?.ferma();
    await Promise.all([rotto, buono].map((s) => s && new Promise((r) => s.close(r))));
    fs.rmSync(cartella, { recursive: true, force: true });
  });

  const chiama = (metodo: 'GET' | 'POST', chiave?: string) => fetch(`${nginx.url}/api/ordini/create`, {
    method: metodo,
    headers: { 'content-type': 'application/json', ...(chiave ? { 'idempotency-key': chiave } : {}) },
    body: metodo === 'POST' ? JSON.stringify({ chiave: chiave ?? null }) : undefined,
  });

  it('a GET goes on to the other process', async () => {
    const r = await chiama('GET');
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({ server: 'buono' });
  });

  it('a POST without an Idempotency-Key is not sent twice: 502', async () => {
    const prima = ricevuti.length;
    const r = await chiama('POST');
    expect(r.status).toBe(502);
    expect(ricevuti.length).toBe(prima);
  });

  it('a POST with an Idempotency-Key goes on to the other process, body and key whole', async () => {
    const r = await chiama('POST', 'ritenta-0001');
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({ server: 'buono' });
    expect(ricevuti.at(-1)).toEqual({ method: 'POST', url: '/api/ordini/create', body: JSON.stringify({ chiave: 'ritenta-0001' }) });
    // Both tries in nginx's access line: the broken process first.
    const riga = nginx.accessi().trim().split('\n').map((l) => JSON.parse(l) as { upstream: string; status: number }).at(-1)!;
    expect(riga.status).toBe(200);
    expect(riga.upstream.split(', ')).toHaveLength(2);
  });
});
