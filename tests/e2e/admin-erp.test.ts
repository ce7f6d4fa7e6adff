import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser, useBrowser } from './browser.js';
import { ADMIN, queryOf, submitLogin, visible } from './helpers.js';
import { portaleDiTest } from './portale.js';

// This file's own database, data folder and server (tests/e2e/portale.ts).
portaleDiTest();

const SHOTS = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-shots-erp-'));

async function loginAdmin(page: Page): Promise<void> {
  await submitLogin(page, '/admin', ADMIN);
  await page.waitForURL('**/adminhome');
}

/**
 * 'Ordini ERP': the orders with their hand-over to the ERP. The e2e portal has no ERP configured,
 * so a resent order ends 'ERP non configurato' once its job has run (the server's worker).
 */
describe.runIf(hasBrowser())('admin ordini ERP', () => {
  const { newPage } = useBrowser();

  it('lists the orders with their state, filters them and resends one', async () => {
    const page = await newPage();
    await loginAdmin(page);
    await page.getByRole('link', { name: 'Ordini ERP' }).click();
    await page.waitForURL('**/admin/ordini-erp');
    const tabella = page.getByRole('table', { name: "Ordini e stato dell'invio all'ERP" });
    // The demo orders were placed before the exchange: 'Prima del collegamento ERP', with a resend button.
    await visible(tabella.getByText('Prima del collegamento ERP'));
    await page.screenshot({ path: `${SHOTS}/ordini-erp-1366.png`, fullPage: true });

    await page.getByLabel('Stato').selectOption('precedente');
    await page.waitForURL(/stato=precedente/);
    expect(queryOf(page).get('start')).toBe('0');
    const riga = tabella.locator('tbody tr').first();
    const numero = (await riga.locator('td').first().textContent())!.trim();
    await riga.getByRole('button', { name: 'Invia di nuovo' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Invia' }).click();
    await visible(page.getByText("Ordine rimesso in coda per l'invio all'ERP."));

    // The job runs in the server's worker: the order leaves 'Prima del collegamento ERP' for 'ERP non configurato'.
    await page.getByLabel('Stato').selectOption('non_configurato');
    await visible(tabella.locator('tbody tr', { hasText: numero }).getByText('ERP non configurato'), 15_000);

    await page.setViewportSize({ width: 768, height: 900 });
    await page.getByLabel('Stato').selectOption('');
    await visible(tabella.getByText('Prima del collegamento ERP'));
    await page.screenshot({ path: `${SHOTS}/ordini-erp-768.png`, fullPage: true });
    console.log(`screenshots: ${SHOTS}`);
  });
});
