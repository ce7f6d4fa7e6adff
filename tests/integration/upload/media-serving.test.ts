import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../support/harness.js';

/** How /media/ serves what admins upload (docs/regole/generale.md#uploads): never run, never sniffed, documents downloaded. */
describe('media serving', () => {
  const ctx = useTestApp();
  const scrivi = (rel: string, dati: string | Buffer) => {
    const p = path.join(ctx().config.mediaDir, rel);
    fs.mkdirSync(path.dirname(p), { recursive: true });
    fs.writeFileSync(p, dati);
  };

  it('photos inline with their type; documents as downloads; always nosniff', async () => {
    scrivi('prova/a.png', Buffer.from('89504e470d0a1a0a', 'hex'));
    scrivi('prova/b.pdf', '%PDF-1.4\n%%EOF\n');
    const img = await ctx().app.inject({ method: 'GET', url: '/media/prova/a.png' });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['content-disposition']).toBeUndefined();
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    const doc = await ctx().app.inject({ method: 'GET', url: '/media/prova/b.pdf' });
    expect(doc.headers['content-type']).toBe('application/pdf');
    expect(doc.headers['content-disposition']).toBe('attachment; filename="b.pdf"');
    expect(doc.headers['x-content-type-options']).toBe('nosniff');
  });

  it('the temporary upload folder is never served', async () => {
    scrivi('.tmp/in-arrivo', 'dati');
    const res = await ctx().app.inject({ method: 'GET', url: '/media/.tmp/in-arrivo' });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.body).not.toContain('dati');
  });
});
