import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { CHROMIUM_ARGS } from './chromium.js';
import { portaleCorrente } from './portale.js';

export const hasBrowser = () => inject('chromiumPath') !== '';
/** The address of this file's own server (portaleDiTest() in tests/e2e/portale.ts). */
export const baseUrl = () => portaleCorrente().baseUrl;

/**
 * One browser per test file. Pages made by newPage() fail the test on any console error or
 * uncaught page error, as a real user would see a broken screen. `statiAttesi`: HTTP statuses
 * the file provokes on purpose (a refusal whose message it checks), which the browser logs too;
 * `altriAttesi`: other messages it provokes (the failed requests of a page taken offline).
 * `newPage(viewport)`: another window size than the desktop's 1366×800 (a phone's). `args`: more
 * Chromium flags for this file's browser only (a fake camera), after the ones every test needs.
 * `tocco`: every page a touch tablet's (`hasTouch` and `isMobile`: `(pointer: coarse)` matches).
 */
export function useBrowser({ statiAttesi = [], altriAttesi, args = [], tocco = false }: { statiAttesi?: number[]; altriAttesi?: RegExp; args?: string[]; tocco?: boolean } = {}): {
  newPage: (viewport?: { width: number; height: number }) => Promise<Page>;
} {
  const attesi = new RegExp(`Failed to load resource.*status of (${[401, 404, ...statiAttesi].join('|')})`);
  let browser: Browser | undefined;
  const errors: string[] = [];
  beforeAll(async () => {
    if (!hasBrowser()) return;
    browser = await chromium.launch({ executablePath: inject('chromiumPath'), args: [...CHROMIUM_ARGS, ...args], headless: true });
  });
  afterAll(async () => {
    await browser?.close();
    expect(errors, 'errori nella console del browser').toEqual([]);
  });
  return {
    newPage: async (viewport = { width: 1366, height: 800 }) => {
      const context = await browser!.newContext({ baseURL: baseUrl(), viewport, locale: 'it-IT', hasTouch: tocco, isMobile: tocco });
      const page = await context.newPage();
      page.on('console', (msg) => {
        // Network 401s (session probes after logout) and 404s (image fallbacks, docs/regole/catalogo.md#product-media) are
        // expected; every other console error is a failure.
        if (msg.type() === 'error' && !attesi.test(msg.text()) && !altriAttesi?.test(msg.text())) errors.push(msg.text());
      });
      page.on('pageerror', (err) => errors.push(err.message));
      return page;
    },
  };
}
