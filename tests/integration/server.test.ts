import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { redactUrl } from '../../server/lib/logging.js';
import { useTestApp } from '../support/harness.js';

const t = useTestApp();

describe('server basics', () => {
  it('answers health once the database is reachable', async () => {
    const res = await t().app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers ready once the database has every migration of this code, 503 non_pronto before', async () => {
    const { buildApp } = await import('../../server/app.js');
    const { sql } = t().database;
    // A database one migration behind the code (a process started beside an older database).
    const [ultima] = await sql`DELETE FROM drizzle.__drizzle_migrations
      WHERE created_at = (SELECT max(created_at) FROM drizzle.__drizzle_migrations) RETURNING hash, created_at`;
    const app = await buildApp(t().config, { logger: false });
    try {
      const prima = await app.inject({ url: '/api/ready', headers: { 'x-request-id': 'controllo-1' } });
      expect([prima.statusCode, prima.json()]).toEqual([503, { code: 'non_pronto', msg: expect.stringMatching(/migrazioni/), requestId: 'controllo-1' }]);
      expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
      await sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES (${ultima!.hash}, ${ultima!.created_at})`;
      const dopo = await app.inject({ url: '/api/ready' });
      expect([dopo.statusCode, dopo.json()]).toEqual([200, { status: 'ok' }]);
    } finally {
      await app.close();
    }
  });

  it('answers 404 JSON for unknown API paths', async () => {
    const res = await t().app.inject({ url: '/api/non-esiste' });
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe('Risorsa non trovata.');
  });

  it('serves the OpenAPI description generated from the zod schemas', async () => {
    const res = await t().app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.paths['/api/login/frontendfingerprint'].post.requestBody).toBeTruthy();
    expect(doc.paths['/api/login/backend'].get.parameters.map((p: { name: string }) => p.name)).toContain('username');
  });

  it('sends security headers with a CSP', async () => {
    const res = await t().app.inject({ url: '/api/health' });
    // Scripts from the portal only; WebAssembly (the scan dialog's reader) may be compiled, JavaScript never evaluated.
    const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(res.headers['content-security-policy'] as string)?.[1]?.trim();
    expect(scriptSrc).toBe("'self' 'wasm-unsafe-eval'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('masks secrets in logged URLs', () => {
    expect(redactUrl('/api/login/backend?username=a&password=Segreta!&x=1')).toBe('/api/login/backend?username=a&password=[REDACTED]&x=1');
  });

  it('masks secrets by the parameter name the app reads, however it is encoded', () => {
    expect(redactUrl('/api/login/backend?pass%77ord=S1&%50ASSWORD=S2&sid=S3&username=a')).toBe(
      '/api/login/backend?pass%77ord=[REDACTED]&%50ASSWORD=[REDACTED]&sid=[REDACTED]&username=a');
    // Values and names the parser cannot decode stay as they are, and so do other parameters.
    expect(redactUrl('/api/x?a=%E0%A4%A&pass%ZZword=v&passwords=v')).toBe('/api/x?a=%E0%A4%A&pass%ZZword=v&passwords=v');
  });
});

describe('request logs', () => {
  it('never contain passwords, cookies or session tokens', async () => {
    const { buildApp } = await import('../../server/app.js');
    const lines: string[] = [];
    const app = await buildApp({ ...t().config, logLevel: 'info' }, { logStream: { write: (l: string) => { lines.push(l); } } });
    await app.inject({ url: '/api/login/backend?username=admin&password=Segretissima1!' });
    await app.inject({ method: 'POST', url: '/api/login/backend', payload: { username: 'admin', password: 'AltraSegreta2!' } });
    await app.inject({ url: '/api/sessione', headers: { cookie: 'sid=token-segreto-123' } });
    await app.inject({ url: '/api/login/backend?username=admin&pass%77ord=SegretoCodificato3!' });
    await app.inject({ url: '/api/login/frontendfingerprint?username=a&Pass%77ord=Segreto4!' });
    await app.inject({ url: '/api/prodotti/random?cod_azienda=1&cod_cliente=1&%74oken=Segreto5' });
    // As a response that fails its schema is logged: the error carries its request's URL.
    app.log.error({ err: Object.assign(new Error('risposta'), { url: '/api/login/backend?password=Segreto6' }) }, 'errore');
    await app.close();
    const log = lines.join('\n');
    expect(log).toContain('/api/login/backend?username=admin&password=[REDACTED]');
    expect(log).toContain('/api/login/backend?username=admin&pass%77ord=[REDACTED]');
    expect(log).not.toMatch(/Segretissima1|AltraSegreta2|token-segreto-123|SegretoCodificato3|Segreto4|Segreto5|Segreto6/);
    expect(log).toContain('"url":"/api/login/backend?password=[REDACTED]"');
  });
});

describe('secrets in logs, by their decoded name however nested or encoded', () => {
  it('masks them in query strings, and form and JSON bodies never reach the log', async () => {
    const { buildApp } = await import('../../server/app.js');
    const lines: string[] = [];
    const app = await buildApp({ ...t().config, logLevel: 'trace' }, { logStream: { write: (l: string) => { lines.push(l); } } });
    try {
      const query = [
        'password[]=Q1', 'pass%2577ord=Q2', 'utente[password]=Q3', 'utente%5Bpassword%5D=Q4', 'password%255B%255D=Q5',
        'a.token=Q6', 'nuova_password[0][x]=Q7', 'pass%252577ord=Q8', 'PASSWORD+=Q9',
      ].join('&');
      await app.inject({ url: `/api/login/backend?username=admin&${query}` });
      await app.inject({ method: 'POST', url: '/api/login/backend', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'username=admin&password=F1&pass%2577ord=F2&password%5B%5D=F3' });
      await app.inject({ method: 'POST', url: '/api/login/backend', payload: { username: 'admin', password: 'J1', 'password[]': ['J2'], utente: { password: 'J3' } } });
      await app.inject({ method: 'POST', url: '/api/login/backend', payload: { username: ['admin'], password: { nested: 'J4' } } });
      // What a handler or an error may log: objects and arrays with secret names at any depth.
      app.log.info({ corpo: { utente: { password: 'L1', 'pass%2577ord': 'L2' }, righe: [{ token: 'L3' }, ['x', { 'Password[]': 'L4' }]] } }, 'oggetti');
      app.log.error({ err: Object.assign(new Error('con corpo'), { body: { dati: { nuova_password: 'L5' } }, url: '/api/x?password[]=L6' }) }, 'errore');
      app.log.info({ headers: { cookie: 'sid=L7', authorization: 'Bearer L8' } }, 'intestazioni');
    } finally {
      await app.close();
    }
    const log = lines.join('\n');
    // The lines are there, with the names and what is not secret.
    expect(log).toContain('password[]=[REDACTED]&pass%2577ord=[REDACTED]&utente[password]=[REDACTED]');
    expect(log).toContain('"dati":{"nuova_password":"[REDACTED]"}');
    expect(log).toContain('"righe":[{"token":"[REDACTED]"},["x",{"Password[]":"[REDACTED]"}]]');
    expect(log).toContain('username=admin');
    for (const segreto of ['Q1', 'Q2', 'Q3', 'Q4', 'Q5', 'Q6', 'Q7', 'Q8', 'Q9', 'F1', 'F2', 'F3', 'J1', 'J2', 'J3', 'J4', 'L1', 'L2', 'L3', 'L4', 'L5', 'L6', 'L7', 'L8']) {
      expect(log).not.toMatch(new RegExp(`\\b${segreto}\\b`));
    }
  });
});

/** A request over a real socket: Node's HTTP parser, which inject skips, reads it. */
function overSocket(port: number, path: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    http.get({ host: '127.0.0.1', port, path }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (d: string) => { body += d; }).on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    }).on('error', reject);
  });
}

describe('requests Node refuses before the router', () => {
  it.each([
    ['a 100 kB query string', `/api/health?x=${'a'.repeat(100_000)}`, 431, 'richiesta_troppo_grande', /^Richiesta troppo grande/],
    ['a URL that does not decode', '/media/%c0%ae', 400, 'richiesta_non_valida', /^Indirizzo non valido\.$/],
  ])('answer %s in the app\'s JSON shape, in Italian, with the security headers, never cached', async (_what, path, status, code, msg) => {
    const { app } = t();
    if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
    const res = await overSocket((app.server.address() as AddressInfo).port, path);
    expect(res.status).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(res.body)).toEqual({ code, msg: expect.stringMatching(msg), requestId: expect.any(String) });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
