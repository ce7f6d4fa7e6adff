import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { baseUrl } from './browser.js';
import { portaleDiTest } from './portale.js';

// This file's own database, data folder and server (tests/e2e/portale.ts).
portaleDiTest();

/**
 * The built SPA as a real connection gets it (no browser needed: plain HTTP against the server of
 * the browser tests, which serves the build made by their global setup).
 */
describe('static assets of the SPA', () => {
  const get = (path: string, encoding?: string) =>
    fetch(`${baseUrl()}${path}`, { headers: encoding ? { 'Accept-Encoding': encoding } : {} });

  it('index.html is always revalidated; hashed assets are immutable and precompressed', async () => {
    const page = await get('/home2');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const html = await page.text();
    // The libraries' chunk, which every page preloads (the entry itself is a few hundred bytes, not worth compressing).
    const script = html.match(/href="(\/assets\/vendor-[^"]+\.js)"/)?.[1];
    expect(script, html).toBeDefined();

    for (const [encoding, name] of [['br', 'br'], ['gzip', 'gzip'], ['gzip, deflate, br', 'br']] as const) {
      const res = await get(script!, encoding);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBe(name);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('content-type')).toMatch(/javascript/);
      // fetch decodes the body: it is the script itself.
      expect((await res.text()).length).toBeGreaterThan(1000);
    }
    const plain = await get(script!, 'identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
  });

  it('a hashed asset carries the headers that apply to a subresource, the page its CSP and framing rules', async () => {
    const page = await get('/home2');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    const script = (await page.text()).match(/src="(\/assets\/[^"]+\.js)"/)![1]!;
    const asset = await get(script, 'br');
    expect(asset.headers.get('x-content-type-options')).toBe('nosniff');
    expect(asset.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(asset.headers.get('x-request-id')).toBeTruthy();
    expect(asset.headers.get('content-security-policy')).toBeNull();
    expect(asset.headers.get('x-frame-options')).toBeNull();
    // A path under /assets/ that is no file of the build keeps every header.
    const missing = await get('/assets/nessuno-ABC123.js');
    expect(missing.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('robots.txt is a text file that keeps every crawler out (the portal is behind its login)', async () => {
    const res = await get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).not.toContain('<html');
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Disallow: \/$/m);
  });

  it('public files are cached for an hour; media files too, with an ETag to revalidate', async () => {
    expect((await get('/logo.svg')).headers.get('cache-control')).toBe('public, max-age=3600');
    const media = await get('/media/volantini/volantino-1.svg');
    expect(media.status).toBe(200);
    expect(media.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(media.headers.get('x-content-type-options')).toBe('nosniff');
    const etag = media.headers.get('etag');
    expect(etag).toBeTruthy();
    // node:http, as fetch adds 'Cache-Control: no-cache' to a conditional request.
    const status = await new Promise<number | undefined>((resolve, reject) => {
      http.get(`${baseUrl()}/media/volantini/volantino-1.svg`, { headers: { 'If-None-Match': etag! } }, (r) => {
        r.resume();
        resolve(r.statusCode);
      }).on('error', reject);
    });
    expect(status).toBe(304);
  });
});
