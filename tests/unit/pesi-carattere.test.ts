import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const WEB = path.resolve(import.meta.dirname, '../../web');
const fogliDiStile = (dir: string): string[] => fs.readdirSync(dir, { withFileTypes: true })
  .flatMap((e) => (e.isDirectory() ? fogliDiStile(path.join(dir, e.name)) : e.name.endsWith('.css') ? [path.join(dir, e.name)] : []));

/**
 * The SPA's styles use three font weights (web/styles/tokens.css): every other weight is one more face
 * the browser looks for and loads before a page's first layout (on the audit's Chromium for Linux, a
 * search page's load asked the browser process for font data 61 times with eight weights, 41 with three).
 */
describe('font weights', () => {
  it('are 400, 600 or 700 in every style sheet of the SPA', () => {
    const altri = fogliDiStile(WEB).flatMap((file) => [...fs.readFileSync(file, 'utf8').matchAll(/font-weight:\s*([^;}]+)/g)]
      .map((m) => m[1]!.trim()).filter((peso) => !['400', '600', '700', 'inherit'].includes(peso))
      .map((peso) => `${path.relative(WEB, file)}: ${peso}`));
    expect(altri).toEqual([]);
  });

  it('are found in the style sheets (the scan reads them)', () => {
    expect(fogliDiStile(WEB).some((file) => /font-weight:\s*600/.test(fs.readFileSync(file, 'utf8')))).toBe(true);
  });
});
