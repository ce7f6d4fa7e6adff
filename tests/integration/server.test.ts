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
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
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
    ['a 100 kB query string', `/api/health?x=${'a'.repeat(100_000)}`, 431, /^Richiesta troppo grande/],
    ['a URL that does not decode', '/media/%c0%ae', 400, /^Indirizzo non valido\.$/],
  ])('answer %s in the app\'s JSON shape, in Italian, with the security headers', async (_what, path, status, msg) => {
    const { app } = t();
    if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
    const res = await overSocket((app.server.address() as AddressInfo).port, path);
    expect(res.status).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(res.body)).toEqual({ msg: expect.stringMatching(msg), requestId: expect.any(String) });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
