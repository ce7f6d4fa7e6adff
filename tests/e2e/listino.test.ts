import fs from 'node:fs';
import os from 'node:os';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import postgres from 'postgres';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Prodotto } from '../../shared/catalogo.js';
import { COLONNE_LISTINO } from '../../shared/listino-costanti.js';
import { hasBrowser, useBrowser } from './browser.js';
import { loginCliente, visible } from './helpers.js';
import { portaleDiTest } from './portale.js';

// This file's own database, data folder and server (tests/e2e/portale.ts).
const portale = portaleDiTest();

/**
 * 'Listino personalizzato' as mario (0001/001001): reached from the profile menu, an unchosen
 * category said so, the whole XLSX list downloaded from the page and read back, its prices those
 * the product page's call answers. Screenshots at 1366, 768 and 390 px go to LISTINO_SCREENSHOTS_DIR.
 */
const SHOTS = process.env.LISTINO_SCREENSHOTS_DIR ?? `${os.tmpdir()}/portale-listino-screenshots`;
fs.mkdirSync(SHOTS, { recursive: true });

describe.runIf(hasBrowser())('listino personalizzato', () => {
  const { newPage } = useBrowser();
  let page: Page;

  beforeAll(async () => {
    page = await newPage();
    await loginCliente(page);
  });

  it('downloads the XLSX price list from the page: every visible product, at the prices the catalogue shows', async () => {
    await page.getByRole('button', { name: /^Profilo di/ }).click();
    await page.getByRole('menuitem', { name: 'Listino personalizzato' }).click();
    await page.waitForURL('**/listino');
    await visible(page.getByRole('heading', { name: 'Listino personalizzato' }));

    // A scope without its choice is said so under the choice, which takes the focus, and nothing is downloaded.
    await page.getByRole('radio', { name: 'Una categoria' }).check();
    const categoria = page.getByRole('combobox', { name: 'Categoria' });
    await expect.poll(() => categoria.locator('option', { hasText: 'Cacciaviti' }).count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Scarica listino' }).click();
    await visible(page.getByText('Scegli una categoria.'));
    expect(await categoria.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).toBe('true');
    for (const [w, h] of [[1366, 800], [768, 1000], [390, 844]] as const) {
      await page.setViewportSize({ width: w, height: h });
      await page.screenshot({ path: `${SHOTS}/listino-${w}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1366, height: 800 });

    await page.getByRole('radio', { name: 'Tutti i prodotti' }).check();
    await page.getByRole('radio', { name: 'Excel (XLSX)' }).check();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Scarica listino' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('listino.xlsx');
    await visible(page.getByText(/^Listino scaricato \(.+\)\.$/));

    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile((await file.path())!);
    const ws = wb.getWorksheet('Listino')!;
    const testo = (v: unknown) =>
      v !== null && typeof v === 'object' && 'richText' in v ? (v as { richText: { text: string }[] }).richText.map((t) => t.text).join('') : v;
    expect((ws.getRow(1).values as unknown[]).slice(1).map(testo)).toEqual([...COLONNE_LISTINO]);
    const sql = postgres(portale.databaseUrl, { max: 1, onnotice: () => {} });
    try {
      const [{ n }] = await sql<{ n: number }[]>`
        SELECT count(*)::int AS n FROM prodotti p WHERE p.status = 0 AND p.deleted_at IS NULL
          AND (p.categoria_id IS NULL OR p.categoria_id <> ALL (categorie_nascoste()))`;
      expect(ws.rowCount).toBe(1 + n);
    } finally {
      await sql.end();
    }
    // A few rows against the product page's call for the same client.
    for (const r of [2, 3, Math.floor(ws.rowCount / 2), ws.rowCount]) {
      const riga = (ws.getRow(r).values as unknown[]).slice(1).map(testo);
      const v = ['Codice', 'Prezzo di listino (€)', 'Sconti', 'Prezzo netto (€)'].map((c) => riga[COLONNE_LISTINO.indexOf(c as (typeof COLONNE_LISTINO)[number])]);
      const res = await page.request.get(`/api/prodotti/details?cod_azienda=0001&cod_cliente=001001&codice_prodotto=${encodeURIComponent(String(v[0]))}`);
      const { prodotto } = (await res.json()) as { prodotto: Prodotto };
      expect([v[0], v[1], v[2] ?? '', v[3]]).toEqual([prodotto.codice_prodotto, prodotto.prezzo, prodotto.sconti, prodotto.prezzo_reale]);
    }
  });
});
