import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as pausa } from 'node:timers/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createAzienda, createCategoria, createCliente, createProdotto, createUtente } from '../../support/factories.js';
import { fingerprint } from '../../support/harness.js';
import { avviaNginx, nginxBinario, type Nginx } from '../../support/nginx.js';
import { avviaServer, type ProcessoServer } from '../../support/processo-server.js';
import { avviaS3, type ServerS3 } from '../../support/s3.js';
import { createTestDatabase } from '../../support/test-db.js';

// The portal as deployed when it outgrows one process (deploy/): two web processes
// (PROCESS_ROLE=web) and one worker on one database, behind Debian's nginx running the deployment's
// own configuration (deploy/nginx/portale.conf), with media in an S3-compatible store (s3rver, a
// real process on loopback). Each process has a data folder of its own, as on separate hosts.
let tdb: Awaited<ReturnType<typeof createTestDatabase>>;
const cartella = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-bilanciatore-'));
const web: ProcessoServer[] = [];
let worker: ProcessoServer;
let nginx: Nginx;
let s3: ServerS3;
let cliente = { username: '', password: '' };
let utenteCodice = '';
let admin = { username: '', password: '' };

const SCOPE = { azienda_codice: '0001', cliente_codice: '000100' };
const QUERY = 'cod_azienda=0001&cod_cliente=000100';
const PRODOTTI = ['BL-1', 'BL-2', 'BL-3', 'BL-4'];

const cartellaDi = (nome: string) => path.join(cartella, nome);
const avviaWeb = (k: number, porta?: number) =>
  avviaServer({ databaseUrl: tdb.url, cartella: cartellaDi(`web${k}`), ruolo: 'web', porta, env: { ...s3.env, TRUST_PROXY: 'true' } });
const avviaWorker = (env: Record<string, string> = {}) =>
  avviaServer({ databaseUrl: tdb.url, cartella: cartellaDi('worker'), ruolo: 'worker', env: { ...s3.env, ...env } });
/** The .eml files a process wrote (no SMTP_URL: mail goes to DATA_DIR/mail). */
const mailDi = (nome: string) => {
  const dir = path.join(cartellaDi(nome), 'data', 'mail');
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.eml')) : [];
};

/** A call as the SPA makes it, from the portal's own pages: through nginx unless `base` says otherwise. */
async function chiama(url: string, o: { cookie?: string; body?: object; chiave?: string; base?: string } = {}) {
  const base = o.base ?? nginx.url;
  const res = await fetch(`${base}/api/${url}`, {
    method: o.body === undefined ? 'GET' : 'POST',
    headers: {
      origin: base, 'sec-fetch-site': 'same-origin',
      ...(o.cookie ? { cookie: o.cookie } : {}),
      ...(o.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(o.chiave ? { 'idempotency-key': o.chiave } : {}),
    },
    body: o.body === undefined ? undefined : JSON.stringify(o.body),
  });
  return { status: res.status, testo: await res.text(), cookie: res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ') };
}

async function login(url: string, body: object, base?: string): Promise<string> {
  const r = await chiama(url, { body, base });
  expect(r.status, r.testo).toBe(200);
  return r.cookie;
}

const ordine = (codice: string) => ({ ...SCOPE, utente_codice: utenteCodice, carrelloItems: [{ codice_prodotto: codice, quantita: 1 }] });

/** Until `quanti` answers 0; fails when it has not gone down for `fermoMs`. */
async function finche(quanti: () => Promise<number>, fermoMs: number): Promise<void> {
  let ultimo = await quanti();
  let dal = Date.now();
  while (ultimo > 0) {
    await pausa(250);
    const ora = await quanti();
    if (ora < ultimo) dal = Date.now();
    else if (Date.now() - dal > fermoMs) expect(ora, `fermo da ${fermoMs / 1000} s`).toBe(0);
    ultimo = ora;
  }
}

/** Until the process answers /api/ready (it has started and joined). */
async function pronto(p: ProcessoServer): Promise<void> {
  await expect.poll(async () => (await fetch(`${p.url}/api/ready`).catch(() => undefined))?.status, { timeout: 30_000, interval: 50 }).toBe(200);
}

// Without nginx (apt-get install -y nginx, or NGINX_PATH) these tests are skipped with a warning,
// except under CI=true, where they fail: .ci/run installs it.
const senzaNginx = !nginxBinario() && process.env.CI !== 'true';
if (senzaNginx) console.warn('nginx non trovato: i test del bilanciatore sono saltati (apt-get install -y nginx, o NGINX_PATH).');

describe.skipIf(senzaNginx)('two web processes and a worker behind nginx', () => {
  beforeAll(async () => {
    [tdb, s3] = await Promise.all([createTestDatabase(), avviaS3()]);
    const { db, sql } = tdb.database;
    const az = await createAzienda(db, { codice: '0001' });
    const cl = await createCliente(db, { aziendaCodice: az.codice, codice: '000100', lisMaga: 1 });
    const k = await createCategoria(db, { nome: 'Ferramenta', codCat: '01' });
    for (const [i, codice] of PRODOTTI.entries()) {
      await createProdotto(db, { codiceProdotto: codice, descrizione1: `Tassello nylon ${i + 6} mm`, categoriaId: k.id, disponibilita: 1_000_000 });
    }
    await sql`SELECT refresh_search_vocab()`;
    const u = await createUtente(db, { clienti: [cl.id] });
    cliente = u;
    utenteCodice = u.codice;
    admin = await createAdmin(db);
    web.push(...await Promise.all([avviaWeb(0), avviaWeb(1)]));
    worker = await avviaWorker();
    nginx = await avviaNginx({ cartella: cartellaDi('nginx'), upstream: web.map((p) => new URL(p.url).host) });
  }, 120_000);

  afterAll(async () => {
    await nginx?.ferma();
    for (const p of [...web, worker]) if (p && p.figlio.exitCode === null && p.figlio.signalCode === null) p.figlio.kill('SIGKILL');
    await Promise.all([...web, worker].map((p) => p?.fine));
    await Promise.all([tdb?.drop(), s3?.chiudi()]);
    fs.rmSync(cartella, { recursive: true, force: true });
  });

  it('a customer keeps searching and ordering while each web process in turn is stopped and started again: no request fails', { timeout: 360_000 }, async () => {
    const giro = Math.random().toString(36).slice(2, 8);
    const cookie = await login('login/frontendfingerprint', { ...cliente, fingerprint: fingerprint() });
    const falliti: string[] = [];
    const ordinati: string[] = [];
    let richieste = 0;
    let fermo = false;
    // A steady stream, as a few customers at work: search, a product page, an order.
    const flusso = async (n: number) => {
      for (let i = 0; !fermo; i++) {
        const codice = PRODOTTI[(n + i) % PRODOTTI.length]!;
        const chiave = `bilanciatore-${giro}-${n}-${i}`;
        const passi = [
          () => chiama(`search/prodotti?${QUERY}&stringa=tassello&start=0&limit=50`, { cookie }),
          () => chiama(`prodotti/details?${QUERY}&codice_prodotto=${codice}`, { cookie }),
          () => chiama('ordini/create', { cookie, body: ordine(codice), chiave }),
        ];
        for (const [p, passo] of passi.entries()) {
          const r = await passo().catch((err: unknown) => ({ status: 0, testo: String(err), cookie: '' }));
          richieste++;
          if (r.status !== 200) falliti.push(`${r.status} ${r.testo.slice(0, 200)}`);
          else if (p === 2) ordinati.push(chiave);
        }
      }
    };
    const flussi = Array.from({ length: 8 }, (_, n) => flusso(n));

    for (let k = 0; k < web.length; k++) {
      await pausa(1000);
      const vecchio = web[k]!;
      const porta = Number(new URL(vecchio.url).port);
      vecchio.figlio.kill('SIGTERM');
      expect(await vecchio.fine).toBe(0);
      web[k] = await avviaWeb(k, porta);
      await pronto(web[k]!);
      // nginx takes a process that refused a connection back after fail_timeout (5 s): only then
      // may the other one stop.
      await pausa(6000);
    }
    await pausa(1000);
    fermo = true;
    await Promise.all(flussi);

    // nginx's error log says why a request failed (which process, reset or refused).
    expect(falliti, fs.readFileSync(path.join(cartellaDi('nginx'), 'logs', 'error.log'), 'utf8')).toEqual([]);
    expect(richieste).toBeGreaterThan(100);
    // Every order answered is in the database once, and nothing else is.
    const righe = await tdb.database.sql<{ k: string }[]>`SELECT idempotency_key AS k FROM ordini WHERE idempotency_key LIKE ${`bilanciatore-${giro}-%`}`;
    expect(righe.map((r) => r.k).sort()).toEqual([...ordinati].sort());
    // Both processes served the stream, before and after their restart (nginx's access lines).
    const serviti = new Set(nginx.accessi().split('\n').filter(Boolean).map((l) => (JSON.parse(l) as { upstream: string }).upstream));
    for (const p of web) expect(serviti).toContain(new URL(p.url).host);

    // Their confirmation mails are sent by the worker, once each; the web processes send none.
    // The stream makes as many orders as the machine allows (thousands); the worker sends one
    // mail at a time: wait while it gets on, fail if it stops getting on for 30 s.
    await finche(async () => (await tdb.database.sql`SELECT 1 FROM mail_uscita WHERE inviata_at IS NULL`).length, 30_000);
    const [{ n }] = await tdb.database.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM mail_uscita`;
    expect(n).toBeGreaterThanOrEqual(ordinati.length);
    expect(mailDi('worker')).toHaveLength(n);
    expect([...mailDi('web0'), ...mailDi('web1')]).toEqual([]);
  });

  it("an admin's edit made through one web process is seen through the other within a second", async () => {
    const cookie = await login('login/frontendfingerprint', { ...cliente, fingerprint: fingerprint() }, web[1]!.url);
    const titolo = async () => {
      const r = await chiama(`prodotti/details?${QUERY}&codice_prodotto=BL-1`, { cookie, base: web[1]!.url });
      return (JSON.parse(r.testo) as { prodotto: { titolo: string } }).prodotto.titolo;
    };
    expect(await titolo()).toBe('Tassello nylon 6 mm');
    const cookieAdmin = await login('login/backend', admin, web[0]!.url);
    const r = await chiama('prodotto/edit', {
      cookie: cookieAdmin, base: web[0]!.url, body: { codice_prodotto: 'BL-1', titolo_portale: 'Tassello universale 6 mm', descrizione_aggiuntiva: 'Per laterizi forati.', pz_conf: 1 },
    });
    expect(r.status, r.testo).toBe(200);
    // The requirement itself: within one second, polled.
    const scadenza = Date.now() + 1000;
    while ((await titolo()) !== 'Tassello universale 6 mm' && Date.now() < scadenza) await pausa(20);
    expect(await titolo()).toBe('Tassello universale 6 mm');
  });

  it('a photo uploaded through one web process is served by the other, from the store', async () => {
    const cookieAdmin = await login('login/backend', admin, web[0]!.url);
    const form = new FormData();
    form.append('codice_prodotto', 'BL-3');
    const foto = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#36c' } }).jpeg().toBuffer();
    form.append('foto1', new Blob([new Uint8Array(foto)], { type: 'image/jpeg' }), 'tassello.jpg');
    const res = await fetch(`${web[0]!.url}/api/prodotti/media`, { method: 'POST', body: form, headers: { cookie: cookieAdmin, origin: web[0]!.url } });
    expect(res.status, await res.clone().text()).toBe(200);
    const { media } = (await res.json()) as { media: { file: string; file_thumb: string }[] };
    for (const file of [media[0]!.file, media[0]!.file_thumb]) {
      const [da0, da1, daNginx] = await Promise.all([web[0]!.url, web[1]!.url, nginx.url].map((b) => fetch(`${b}/media/prodotti/BL-3/${file}`)));
      for (const r of [da0, da1, daNginx]) {
        expect(r.status).toBe(200);
        expect(r.headers.get('content-type')).toMatch(/^image\//);
      }
      const [b0, b1] = await Promise.all([da0.arrayBuffer(), da1.arrayBuffer(), daNginx.arrayBuffer()]);
      expect(Buffer.from(b1).equals(Buffer.from(b0))).toBe(true);
      expect(da1.headers.get('etag')).toBe(da0.headers.get('etag'));
    }
    // Neither process keeps it on its own disk.
    for (const k of [0, 1]) expect(fs.existsSync(path.join(cartellaDi(`web${k}`), 'data', 'media', 'prodotti', 'BL-3'))).toBe(false);
  });

  it('the worker killed in the middle of a job and started again finishes it, once', { timeout: 120_000 }, async () => {
    // A mail server that accepts the connection and never greets: the mail job hangs there.
    const muto = net.createServer(() => {});
    let connessioni = 0;
    muto.on('connection', () => { connessioni++; });
    await new Promise<void>((r) => muto.listen(0, '127.0.0.1', r));
    try {
      // The earlier tests' mails all sent first, whatever became of those tests.
      await expect.poll(async () => (await tdb.database.sql`SELECT 1 FROM mail_uscita WHERE inviata_at IS NULL`).length, { timeout: 90_000 }).toBe(0);
      worker.figlio.kill('SIGTERM');
      await worker.fine;
      worker = await avviaWorker({ SMTP_URL: `smtp://127.0.0.1:${(muto.address() as net.AddressInfo).port}` });
      const cookie = await login('login/frontendfingerprint', { ...cliente, fingerprint: fingerprint() });
      const r = await chiama('ordini/create', { cookie, body: ordine('BL-2'), chiave: 'bilanciatore-ucciso' });
      expect(r.status, r.testo).toBe(200);
      await expect.poll(() => connessioni, { timeout: 30_000 }).toBeGreaterThan(0);

      worker.figlio.kill('SIGKILL');
      await worker.fine;
      const prima = mailDi('worker').length;
      // Started again (its mail server mended): the job of the killed worker is handed back
      // within a minute (server/lavori/worker-vivi.ts) and sent once.
      worker = await avviaWorker();
      await expect.poll(async () => (await tdb.database.sql`SELECT 1 FROM mail_uscita WHERE inviata_at IS NULL`).length, { timeout: 90_000, interval: 200 }).toBe(0);
      await pausa(2000);
      expect(mailDi('worker').length - prima).toBe(1);
      const [{ n }] = await tdb.database.sql<{ n: number }[]>`
        SELECT count(*)::int AS n FROM mail_uscita m JOIN ordini o ON o.id = m.ordine_id WHERE o.idempotency_key = 'bilanciatore-ucciso'`;
      expect(n).toBe(1);
    } finally {
      await new Promise((r) => muto.close(r));
    }
  });
});
