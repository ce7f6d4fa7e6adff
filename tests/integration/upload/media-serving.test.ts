import { describe, expect, it } from 'vitest';
import { ARCHIVI, fileDi, usaArchivio } from '../../support/archivi.js';
import { useTestApp } from '../../support/harness.js';

/**
 * How /media/ serves what admins upload (docs/regole/generale.md#uploads): never run, never
 * sniffed, documents downloaded, cached an hour and revalidated; the same answers from the local
 * folder and from S3 (docs/decisions/archivio-media.md).
 */
describe.each(ARCHIVI)('media serving: %s', (tipo) => {
  const archivio = usaArchivio(tipo);
  const ctx = useTestApp(archivio.config);
  const scrivi = (chiave: string, dati: string | Buffer) => fileDi(ctx().config).scrivi(chiave, dati);
  const get = (url: string, headers: Record<string, string> = {}) => ctx().app.inject({ url, headers });
  const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.from('0123456789')]);

  it('photos inline with their type; documents as downloads; always nosniff, an hour of cache, ETag and Last-Modified', async () => {
    await scrivi('prova/a.png', PNG);
    await scrivi('prova/b.pdf', '%PDF-1.4\n%%EOF\n');
    const img = await get('/media/prova/a.png');
    expect(img.statusCode).toBe(200);
    expect(img.rawPayload.equals(PNG)).toBe(true);
    expect(img.headers).toMatchObject({
      'content-type': 'image/png', 'content-length': String(PNG.length), 'x-content-type-options': 'nosniff',
      'cache-control': 'public, max-age=3600', 'accept-ranges': 'bytes', etag: expect.stringMatching(/^(W\/)?"[^"]+"$/),
    });
    expect(Date.parse(String(img.headers['last-modified']))).not.toBeNaN();
    expect(img.headers['content-disposition']).toBeUndefined();
    const doc = await get('/media/prova/b.pdf');
    expect(doc.headers['content-type']).toBe('application/pdf');
    expect(doc.headers['content-disposition']).toBe('attachment; filename="b.pdf"');
    expect(doc.headers['x-content-type-options']).toBe('nosniff');
    expect(doc.body).toBe('%PDF-1.4\n%%EOF\n');
  });

  it.each([
    ['foto.JPG', 'image/jpeg', false], ['copia.jpg.web.webp', 'image/webp', false], ['logo.svg', 'image/svg+xml', true],
    ['note.txt', 'text/plain; charset=utf-8', true], ['listino.csv', 'text/csv; charset=utf-8', true],
    ['scheda.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', true],
    ['a b(1).bin', 'application/octet-stream', true],
  ])('%s: %s, download %s', async (nome, tipoContenuto, scarico) => {
    await scrivi(`tipi/${nome}`, 'contenuto');
    const res = await get(`/media/tipi/${encodeURIComponent(nome)}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(tipoContenuto);
    expect(res.headers['content-disposition']).toBe(scarico ? `attachment; filename="${nome.replace(/[^\w.-]/g, '_')}"` : undefined);
  });

  it('asked again with its ETag (also weak, or in a list) or its date: 304 without a body; a changed file: 200', async () => {
    await scrivi('cache/c.png', PNG);
    const prima = await get('/media/cache/c.png');
    const etag = String(prima.headers.etag);
    for (const headers of [
      { 'if-none-match': etag } as Record<string, string>, { 'if-none-match': `W/${etag.replace(/^W\//, '')}` }, { 'if-none-match': `"altro", ${etag}` },
      { 'if-none-match': '*' }, { 'if-modified-since': String(prima.headers['last-modified']) },
    ]) {
      const res = await get('/media/cache/c.png', headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(304);
      expect(res.body).toBe('');
      expect(res.headers).toMatchObject({ etag, 'cache-control': 'public, max-age=3600' });
    }
    expect((await get('/media/cache/c.png', { 'if-none-match': '"altro"' })).statusCode).toBe(200);
    expect((await get('/media/cache/c.png', { 'if-modified-since': new Date(Date.now() - 3_600_000).toUTCString() })).statusCode).toBe(200);
    // If-None-Match decides over the date.
    expect((await get('/media/cache/c.png', { 'if-none-match': '"altro"', 'if-modified-since': String(prima.headers['last-modified']) })).statusCode).toBe(200);
  });

  it('HEAD: the headers of GET, no body', async () => {
    await scrivi('testa/t.pdf', '%PDF-1.4\n%%EOF\n');
    const res = await ctx().app.inject({ method: 'HEAD', url: '/media/testa/t.pdf' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
    expect(res.headers).toMatchObject({
      'content-type': 'application/pdf', 'content-length': '15', 'content-disposition': 'attachment; filename="t.pdf"',
      'x-content-type-options': 'nosniff', 'cache-control': 'public, max-age=3600', etag: expect.any(String),
    });
  });

  it('ranges: 206 with Content-Range; the last bytes; past the end 416; several ranges or an old If-Range: the whole file', async () => {
    await scrivi('parti/p.txt', '0123456789');
    const parte = await get('/media/parti/p.txt', { range: 'bytes=2-4' });
    expect([parte.statusCode, parte.body, parte.headers['content-range'], parte.headers['content-length']]).toEqual([206, '234', 'bytes 2-4/10', '3']);
    expect((await get('/media/parti/p.txt', { range: 'bytes=7-' })).body).toBe('789');
    expect((await get('/media/parti/p.txt', { range: 'bytes=-3' })).body).toBe('789');
    expect((await get('/media/parti/p.txt', { range: 'bytes=8-100' })).headers['content-range']).toBe('bytes 8-9/10');
    const fuori = await get('/media/parti/p.txt', { range: 'bytes=10-' });
    expect([fuori.statusCode, fuori.headers['content-range'], fuori.json().code]).toEqual([416, 'bytes */10', 'richiesta_non_valida']);
    for (const headers of [{ range: 'bytes=0-1,4-5' } as Record<string, string>, { range: 'bytes=0-1', 'if-range': '"vecchio"' }, { range: 'righe=1-2' }]) {
      const tutto = await get('/media/parti/p.txt', headers);
      expect([tutto.statusCode, tutto.body]).toEqual([200, '0123456789']);
    }
  });

  it('what is not a served file: 404 in the error shape, never its bytes', async () => {
    await scrivi('.tmp/in-arrivo', 'segreto');
    await scrivi('.importazioni/x.csv', 'segreto');
    await scrivi('.erp/ordini/ordine-1.json', 'segreto');
    await scrivi('cartella/dentro.png', PNG);
    for (const url of [
      '/media/.tmp/in-arrivo', '/media/.importazioni/x.csv', '/media/.erp/ordini/ordine-1.json', '/media/%2eerp/ordini/ordine-1.json',
      '/media/cartella/%2e%2e/.tmp/in-arrivo', '/media/cartella/..%2f.tmp%2fin-arrivo', '/media/cartella', '/media/cartella/', '/media/',
      '/media/nessuno.png', '/media/cartella//dentro.png',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ code: 'non_trovato', msg: 'Risorsa non trovata.', requestId: expect.any(String) });
    }
    expect((await ctx().app.inject({ method: 'POST', url: '/media/cartella/dentro.png' })).statusCode).toBe(404);
  });

  it.runIf(tipo === 's3')('a store that is down: 503 in Italian in the error shape; served again once it is back', async () => {
    await scrivi('giu/g.png', PNG);
    await archivio.server()!.ferma();
    try {
      const res = await get('/media/giu/g.png');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        code: 'archivio_non_raggiungibile', msg: 'Archivio dei file non raggiungibile: riprova tra qualche minuto.', requestId: expect.any(String),
      });
      expect(res.headers['retry-after']).toBe('30');
    } finally {
      await archivio.server()!.avvia();
    }
    expect((await get('/media/giu/g.png')).statusCode).toBe(200);
  });
});
