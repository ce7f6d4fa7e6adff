import fs from 'node:fs';
import os from 'node:os';
import type { Page } from 'playwright-core';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, useBrowser } from './browser.js';
import { ADMIN, carrelloDi, confermaDice, hidden, loginCliente, submitLogin, visible } from './helpers.js';
import { portaleDiTest } from './portale.js';

// This file's own database, data folder and server (tests/e2e/portale.ts).
const portale = portaleDiTest();

/**
 * The credit line and schedule (docs/regole/contabilita.md) on the demo data: mario opens
 * 'Situazione contabile' from the profile menu and sees the overdue and unpaid items marked; with
 * a line set just above his exposure, /checkout warns before confirmation; the admin's client
 * detail shows the same figures. Screenshots at 1366, 768 and 390 px go to
 * CONTABILITA_SCREENSHOTS_DIR, to look at.
 */
const SHOTS = process.env.CONTABILITA_SCREENSHOTS_DIR ?? `${os.tmpdir()}/portale-contabilita-screenshots`;
fs.mkdirSync(SHOTS, { recursive: true });
const LARGHEZZE = [[1366, 900], [768, 1000], [390, 844]] as const;

const sql = postgres(portale.databaseUrl, { max: 1, onnotice: () => {} });
let clienteId = 0;
let codice = '';

beforeAll(async () => {
  const [c] = await sql<{ id: number }[]>`SELECT id FROM clienti WHERE azienda_codice = '0001' AND codice = '001001'`;
  clienteId = c!.id;
  const [p] = await sql<{ codice_prodotto: string }[]>`
    SELECT p.codice_prodotto FROM prodotti p JOIN giacenze g ON g.prodotto_id = p.id JOIN prodotti_prezzi pp ON pp.prodotto_id = p.id AND pp.listino = 1
    WHERE p.status = 0 AND p.deleted_at IS NULL AND g.disponibilita >= 50 AND pp.prezzo > 20 AND p.codice_prodotto ~ '^[A-Za-z0-9-]+$'
    ORDER BY p.codice_prodotto LIMIT 1`;
  codice = p!.codice_prodotto;
});

afterAll(async () => {
  await sql.end();
});

async function foto(page: Page, nome: string, larghezze: readonly (readonly [number, number])[] = LARGHEZZE): Promise<void> {
  for (const [w, h] of larghezze) {
    await page.setViewportSize({ width: w, height: h });
    await page.screenshot({ path: `${SHOTS}/${nome}-${w}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

describe.runIf(hasBrowser())('situazione contabile', () => {
  const { newPage } = useBrowser();
  let page: Page;

  beforeAll(async () => {
    page = await newPage();
    await loginCliente(page);
  });

  it('shows the credit line, the exposure and the schedule with overdue and unpaid items marked', async () => {
    await page.getByRole('button', { name: /^Profilo di/ }).click();
    await page.getByRole('menuitem', { name: 'Situazione contabile' }).click();
    await page.waitForURL('**/situazione-contabile');
    await visible(page.getByRole('heading', { name: 'Situazione contabile', level: 1 }));
    const cifre = page.locator('.fido-cifre');
    await visible(cifre.getByText('20.000,00\u00a0€'));
    const riga = (documento: string) => page.getByRole('row').filter({ hasText: documento });
    await visible(riga('FT 2026/0412').getByText('Scaduta'));
    await visible(riga('FT 2026/0377').getByText('Insoluta'));
    await visible(riga('FT 2026/0455').getByText('RiBa presentata'));
    await visible(riga('FT 2026/0298').getByText('Pagata'));
    expect(await page.getByRole('row').filter({ hasText: 'FT 2026/0501' }).count()).toBe(2);
    await foto(page, 'situazione');
  });

  it('/checkout warns before confirmation when the cart goes past what is available', async () => {
    const r = await page.request.get('/api/contabilita/situazione', { params: { azienda_codice: '0001', cliente_codice: '001001' } });
    const { esposizione } = (await r.json()) as { esposizione: number };
    // Ten euro left: one piece of a product over twenty euro goes past it.
    await sql`UPDATE clienti SET fido = ${esposizione + 10} WHERE id = ${clienteId}`;
    await page.goto('/checkout');
    const ricerca = page.getByRole('region', { name: 'Cerca prodotti' });
    await ricerca.getByRole('searchbox').fill(codice);
    await ricerca.getByRole('button', { name: `Aggiungi ${codice} al carrello` }).click();
    await expect.poll(async () => (await carrelloDi(page)).length).toBe(1);
    const avviso = page.getByRole('status').filter({ hasText: 'supera il fido disponibile (10,00\u00a0€)' });
    await visible(avviso);
    await foto(page, 'checkout-avviso');

    await page.getByRole('button', { name: 'Conferma Ordine', exact: true }).click();
    await confermaDice(page, 'supera il fido disponibile (10,00\u00a0€)', 'Annulla', 'Fido superato');
    // Nothing ordered: the cart is still there.
    expect((await carrelloDi(page)).length).toBe(1);

    // With the admin's block there is nothing to confirm: the dialog says so and offers what can be done instead.
    await sql`UPDATE clienti SET blocca_oltre_fido = true WHERE id = ${clienteId}`;
    try {
      await page.reload();
      await visible(page.getByRole('status').filter({ hasText: 'non può essere confermato' }));
      await page.getByRole('button', { name: 'Conferma Ordine', exact: true }).click();
      const blocco = page.getByRole('dialog', { name: 'Ordine oltre il fido' });
      await visible(blocco);
      const testo = (await blocco.textContent()) ?? '';
      expect(testo).toContain('supera il fido disponibile (10,00\u00a0€) e non può essere confermato');
      expect(testo).toContain("Puoi togliere righe dal carrello finché il totale rientra nel fido disponibile, oppure contattare l'amministrazione (tel. 02 2694 5130, amministrazione@ferramentadistribuzione.it)");
      expect(testo).not.toContain('Sei sicuro');
      expect(await blocco.getByRole('button').allTextContents()).toEqual(['Torna al carrello', "Contatta l'amministrazione"]);
      // The question is open, nothing is being sent (the button behind the dialog, found by its place).
      expect(await page.locator('.checkout-actions .btn-primary').textContent()).toBe('Conferma Ordine');
      await foto(page, 'checkout-blocco');
      await blocco.getByRole('button', { name: 'Torna al carrello' }).click();
      await hidden(blocco);
      await page.getByRole('button', { name: 'Conferma Ordine', exact: true }).click();
      await visible(blocco);
      await blocco.getByRole('button', { name: "Contatta l'amministrazione" }).click();
      await page.waitForURL('**/contatti');
      expect((await carrelloDi(page)).length).toBe(1);
      await page.goto('/checkout');
    } finally {
      await sql`UPDATE clienti SET blocca_oltre_fido = false WHERE id = ${clienteId}`;
    }
    await page.getByRole('button', { name: `Rimuovi ${codice} dal carrello` }).click();
    await hidden(avviso);
  });

  it('the admin\'s client detail shows the same figures and sets the block, recorded in its history', async () => {
    const admin = await newPage();
    await submitLogin(admin, '/admin', ADMIN);
    await admin.waitForURL('**/adminhome');
    await admin.goto(`/admin/cliente/dettaglio/${clienteId}`);
    const scheda = admin.getByRole('region', { name: 'Situazione contabile' });
    await visible(scheda.getByRole('row').filter({ hasText: 'FT 2026/0377' }).getByText('Insoluta'));
    const blocco = scheda.getByRole('switch', { name: 'Blocca ordini oltre il fido' });
    expect(await blocco.isChecked()).toBe(false);
    await blocco.click();
    await visible(scheda.getByText('Ordini oltre il fido rifiutati'));
    await visible(admin.getByRole('region', { name: 'Storico modifiche' }).getByText('Blocco oltre fido cambiato'));
    await foto(admin, 'admin-cliente', LARGHEZZE.slice(0, 2));
    await blocco.click();
    await visible(scheda.getByText('Solo avviso al cliente'));
  });
});
