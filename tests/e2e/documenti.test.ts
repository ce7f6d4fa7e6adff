import fs from 'node:fs';
import os from 'node:os';
import type { Page } from 'playwright-core';
import postgres from 'postgres';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, useBrowser } from './browser.js';
import { loginCliente, visible } from './helpers.js';
import { portaleDiTest } from './portale.js';

// This file's own database, data folder and server (tests/e2e/portale.ts).
const portale = portaleDiTest();

/**
 * Documents as mario (0001/001001), from the demo data: an order's chain on its detail (its DDT as
 * a PDF, its invoice as a readable FatturaPA page that links back to the DDT), and the 'Documenti'
 * page downloading two documents as one ZIP. Screenshots at 1366, 768 and 390 px go to
 * DOCUMENTI_SCREENSHOTS_DIR, to look at.
 */
const SHOTS = process.env.DOCUMENTI_SCREENSHOTS_DIR ?? `${os.tmpdir()}/portale-documenti-screenshots`;
fs.mkdirSync(SHOTS, { recursive: true });

async function scatti(page: Page, nome: string) {
  for (const [w, h] of [[1366, 800], [768, 1000], [390, 844]] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.screenshot({ path: `${SHOTS}/${nome}-${w}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 800 });
}

describe.runIf(hasBrowser())('documenti', () => {
  const { newPage } = useBrowser();
  let page: Page;
  let ordine = { id: 0, ddt: '', fattura: '' };

  beforeAll(async () => {
    const sql = postgres(portale.databaseUrl, { max: 1, onnotice: () => {} });
    try {
      // The demo's invoiced order: a DDT and the invoice billing it.
      [ordine] = await sql<{ id: number; ddt: string; fattura: string }[]>`
        SELECT o.ordine_id AS id, d.numero AS ddt, f.numero AS fattura
        FROM documenti_ordini o JOIN documenti d ON d.id = o.documento_id AND d.tipo = 'DDT'
        JOIN documenti f ON f.tipo = 'FATTURA' AND f.ddt @> ARRAY[d.numero]
        JOIN clienti c ON c.id = d.cliente_id AND c.codice = '001001'
        ORDER BY o.ordine_id DESC LIMIT 1` as typeof ordine[];
    } finally {
      await sql.end();
    }
    page = await newPage();
    await loginCliente(page);
  });

  it("the order detail shows its chain: the DDT opens as a PDF, the invoice as a readable FatturaPA citing that DDT", async () => {
    await page.goto('/ordini');
    await page.getByRole('button', { name: `Dettaglio ordine #${ordine.id}` }).click();
    const catena = page.getByRole('region', { name: "Documenti dell'ordine" });
    const ddt = await visible(catena.getByRole('link', { name: new RegExp(`Documento di trasporto n\\. ${ordine.ddt} `) }));
    const pdf = await page.request.get((await ddt.getAttribute('href'))!);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect(pdf.headers()['content-disposition']).toMatch(/^inline;/);
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await scatti(page, 'ordine-catena');

    await catena.getByRole('link', { name: new RegExp(`Fattura n\\. ${ordine.fattura} `) }).click();
    await page.waitForURL('**/documenti/fattura?id=*');
    await visible(page.getByRole('heading', { name: new RegExp(`^Fattura \\(TD01\\) n\\. ${ordine.fattura} del `) }));
    const parti = page.getByRole('region', { name: 'Fornitore e cliente' });
    await visible(parti.getByText('Ferramenta Distribuzione S.p.A.'));
    await visible(parti.getByText('Ferramenta Rossi S.n.c.'));
    await visible(page.getByRole('table', { name: 'Riepilogo IVA' }).getByRole('cell', { name: '22', exact: true }));
    await visible(page.getByRole('table', { name: 'Scadenze' }).getByRole('cell', { name: 'RIBA (MP12)' }));
    await scatti(page, 'fatturapa');

    await page.getByRole('link', { name: new RegExp(`^DDT n\\. ${ordine.ddt} del `) }).click();
    await page.waitForURL('**/documenti?*');
    const elenco = page.getByRole('region', { name: 'Elenco documenti' });
    await expect.poll(() => elenco.getByRole('row').count()).toBe(2);
    await visible(elenco.getByRole('link', { name: `Apri il PDF: Documento di trasporto n. ${ordine.ddt}` }));
  });

  it("'Documenti' lists the client's papers, filters them, and downloads the chosen ones as one ZIP", async () => {
    await page.goto('/documenti');
    const elenco = page.getByRole('region', { name: 'Elenco documenti' });
    await visible(elenco.getByRole('link', { name: `Apri il PDF: Fattura n. ${ordine.fattura}` }));
    expect(await elenco.getByRole('row').count()).toBe(7);
    await scatti(page, 'documenti');

    await page.getByRole('combobox', { name: 'Tipo' }).selectOption('FATTURA');
    await page.getByRole('button', { name: 'Filtra' }).click();
    await expect.poll(() => elenco.getByRole('row').count()).toBe(3);
    await page.getByRole('button', { name: 'Azzera' }).click();
    await expect.poll(() => elenco.getByRole('row').count()).toBe(7);

    await page.getByRole('checkbox', { name: `Scegli Fattura n. ${ordine.fattura}` }).check();
    await page.getByRole('checkbox', { name: `Scegli Documento di trasporto n. ${ordine.ddt}` }).check();
    await visible(page.getByText('2 documenti scelti'));
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Scarica ZIP' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('documenti.zip');
    const zip = fs.readFileSync((await file.path())!);
    expect(zip.subarray(0, 2).toString()).toBe('PK');
    const nomi = zip.toString('latin1');
    expect(nomi).toContain(`fattura-${ordine.fattura}-`);
    expect(nomi).toContain(`ddt-${ordine.ddt}-`);
    // The invoice's FatturaPA XML rides beside its PDF (the file the customer's accounting imports).
    expect(nomi).toMatch(new RegExp(`fattura-${ordine.fattura}-\\d{4}-\\d{2}-\\d{2}\\.xml`));
  });
});
