import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const WEB = path.resolve(import.meta.dirname, '../../web');

/**
 * The SPA's styles use three font weights (web/styles/tokens.css): every other weight is one more face
 * the browser looks for and loads before a page's first layout (on the audit's Chromium for Linux, a
 * search page's load asked the browser process for font data 61 times with eight weights, 41 with three).
 */
describe('font weights', () => {
  it('are 400, 600 or 700 in every style sheet of the SPA', () => {
    const pesi = (fs.readdirSync(WEB, { recursive: true }) as string[]).filter((f) => f.endsWith('.css'))
      .flatMap((f) => [...fs.readFileSync(path.join(WEB, f), 'utf8').matchAll(/font-weight:\s*([^;}]+)/g)].map((m) => `${f}: ${m[1]!.trim()}`));
    expect(pesi.length).toBeGreaterThan(0);
    expect(pesi.filter((p) => !/: (400|600|700|inherit)$/.test(p))).toEqual([]);
  });
});
