import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser, useBrowser } from './browser.js';
import { ADMIN, hidden, submitLogin, visible } from './helpers.js';
import { portaleDiTest } from './portale.js';

// This file's own database, data folder and server (tests/e2e/portale.ts).
portaleDiTest();

/**
 * The admin 'Agenti' screens (docs/regole/agenti.md#admin): a new agent made from the list, a
 * client found by the 2-second search added to the portfolio by hand and taken out again, the
 * login disabled, each step in the agent's 'Storico modifiche'; the page fits 1366 and 768 px.
 */
const EMAIL = `agente.e2e.${Date.now()}@ferramenta.local`;
/** Termoidraulica Bruno S.n.c. (demo client 000218), in no agent's portfolio. */
const CLIENTE = { cerca: 'termoidraulica BRUNO', ragione_sociale: 'Termoidraulica Bruno S.n.c.' };

async function conferma(page: Page, bottone: string): Promise<void> {
  const dialog = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: bottone, exact: true }) });
  await dialog.getByRole('button', { name: bottone, exact: true }).click();
  await hidden(dialog);
}

describe.runIf(hasBrowser())('admin: sales agents', () => {
  const { newPage } = useBrowser();

  it('an agent made, a client added to the portfolio and taken out, the login disabled: each step in its history', async () => {
    const page = await newPage({ width: 1366, height: 900 });
    await submitLogin(page, '/admin', ADMIN);
    await page.waitForURL('**/adminhome');
    await page.getByRole('link', { name: 'Agenti' }).click();
    await page.waitForURL('**/admin/agenti');
    await visible(page.getByRole('table', { name: 'Agenti' }).getByText('paolo.bianchi@ferramenta.local'));

    await page.getByRole('button', { name: 'Nuovo agente' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuovo agente' });
    // The contract's checks, under the fields.
    await dialog.getByRole('button', { name: 'Crea agente' }).click();
    await visible(dialog.getByText('La password è obbligatoria per un nuovo agente.'));
    await dialog.getByLabel(/^Username/).fill(EMAIL);
    await dialog.getByLabel(/^Password/).fill('Provvisoria-2026!');
    await dialog.getByLabel(/^Nome/).fill('Marta');
    await dialog.getByLabel(/^Cognome/).fill('Ferri');
    await dialog.getByLabel(/^Codice agente/).fill('A77');
    await dialog.getByRole('button', { name: 'Crea agente' }).click();
    await page.waitForURL('**/admin/agenti/dettaglio?id=*');
    await visible(page.getByRole('heading', { level: 1, name: 'Marta Ferri' }));
    await visible(page.getByText('Nessun cliente nel portafoglio.'));

    await page.getByLabel('Cerca cliente').fill(CLIENTE.cerca);
    await page.getByRole('button', { name: new RegExp(CLIENTE.ragione_sociale) }).click({ timeout: 15_000 });
    const portafoglio = page.getByRole('table', { name: 'Portafoglio di Marta Ferri' });
    await visible(portafoglio.getByRole('row').filter({ hasText: CLIENTE.ragione_sociale }).getByText('Aggiunto a mano'));

    await page.setViewportSize({ width: 768, height: 1024 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
    await page.setViewportSize({ width: 1366, height: 900 });

    await portafoglio.getByRole('button', { name: `Togli ${CLIENTE.ragione_sociale}` }).click();
    await conferma(page, 'Togli');
    await visible(page.getByText('Nessun cliente nel portafoglio.'));

    await page.getByRole('button', { name: 'Disabilita Marta Ferri' }).click();
    await conferma(page, 'Disabilita');
    await visible(page.getByRole('button', { name: 'Abilita Marta Ferri' }));
    await visible(page.getByText('Disabilitato').first());

    const storico = page.getByRole('table', { name: 'Storico modifiche' });
    for (const azione of ['Agente creato', 'Cliente aggiunto al portafoglio', 'Cliente tolto dal portafoglio', 'Agente disabilitato']) {
      await visible(storico.getByText(azione).first());
    }
    await page.context().close();
  });
});
