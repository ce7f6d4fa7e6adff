import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runLoad } from '../bench/load.js';

// The bench's load generator reads answers by their length: it must see every answer whole,
// whether sized or chunked, and count what is not a success.
let server: http.Server;
let port = 0;
const seen: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => { body += c; });
    req.on('end', () => {
      seen.push(`${req.method} ${req.url} ${req.headers.cookie ?? ''} ${body}`);
      if (req.url === '/chunked') {
        res.write('x'.repeat(70_000));
        setTimeout(() => res.end('fine'), 2);
      } else if (req.url === '/close') {
        // As nginx after keepalive_requests: the answer says so, then the connection ends.
        res.setHeader('connection', 'close');
        res.end('{"ok":true}');
      } else if (req.url === '/missing') {
        res.statusCode = 404;
        res.end('{"msg":"no"}');
      } else {
        res.setHeader('content-type', 'application/json');
        res.end('y'.repeat(200_000));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('bench load generator', () => {
  it('completes sized, chunked and failing answers and sends headers and bodies', async () => {
    const paths = ['/big', '/chunked', '/missing'];
    const r = await runLoad({
      port, connections: 3, seconds: 5, maxRequests: 30,
      next: (i) => ({ method: i % 2 ? 'POST' : 'GET', path: paths[i % 3]!, headers: { cookie: 'sid=abc' }, body: i % 2 ? '{"a":1}' : undefined }),
    });
    expect(r).toMatchObject({ requests: 30, errors: 0, non2xx: 10 });
    expect(seen).toHaveLength(30);
    expect(seen).toContain('POST /chunked sid=abc {"a":1}');
    expect(seen).toContain('GET /big sid=abc ');
  });

  it('opens a new connection after an answer that closes its own, as a browser does, with no error', async () => {
    const r = await runLoad({ port, connections: 2, seconds: 5, maxRequests: 20, next: (i) => ({ method: 'GET', path: i % 2 ? '/close' : '/big' }) });
    expect(r).toMatchObject({ requests: 20, errors: 0, non2xx: 0 });
  });
});
