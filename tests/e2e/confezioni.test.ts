import type { Page } from 'playwright-core';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, useBrowser } from './browser.js';
import { carrelloDi, hidden, loginCliente, visible } from './helpers.js';
import { portaleDiTest } from './portale.js';

// This file's own database, data folder and server (tests/e2e/portale.ts).
const portale = portaleDiTest();

/**
 * Packs as mario meets them (docs/regole/ordini.md#packs): a demo screw sold by tens from 20
 * (seed/catalog-generator.ts). The card rounds 5 up to 20 and 25 up to 30, says so above its buy
 * row (never over the name or the picture) and shows the cart's quantity in its field; the cart
 * rounds 25 up to 30 when the field is left, with an alert.
 */
async function prodottoAConfezioni(): Promise<string> {
  const sql = postgres(portale.databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const [r] = await sql<{ codice: string }[]>`
      SELECT p.codice_prodotto AS codice FROM prodotti p JOIN giacenze g ON g.prodotto_id = p.id
      WHERE p.multiplo = 10 AND p.minimo = 20 AND g.disponibilita >= 60 AND p.status = 0 AND p.deleted_at IS NULL
      ORDER BY p.id LIMIT 1`;
    if (!r) throw new Error('nessun prodotto demo a confezioni');
    return r.codice;
  } finally {
    await sql.end();
  }
}

describe.runIf(hasBrowser())('confezioni', () => {
  const { newPage } = useBrowser();
  let page: Page;
  let codice = '';

  beforeAll(async () => {
    codice = await prodottoAConfezioni();
    page = await newPage();
    await loginCliente(page);
  });
  afterAll(async () => {
    await page?.context().close();
  });

  it('rounds a quantity up to whole packs on the card and in the cart, and says so', async () => {
    const box = page.getByRole('searchbox', { name: 'Cerca prodotti' });
    await box.fill(codice);
    await box.press('Enter');
    await page.waitForURL((u) => u.pathname === '/ricerca' && u.searchParams.get('stringaRicerca') === codice);
    const card = page.getByRole('list', { name: 'Prodotti' }).getByRole('article').filter({ has: page.getByText(codice, { exact: true }) });
    await visible(card.getByText('Multipli di 10, minimo 20'));
    await card.getByRole('spinbutton', { name: `Quantità ${codice}` }).fill('5');
    await card.getByRole('button', { name: 'Aggiungi al carrello' }).click();
    const messaggio = card.getByRole('status');
    await visible(messaggio.getByText(`${codice}: quantità portata da 5 a 20 (multipli di 10, minimo 20).`));
    expect((await carrelloDi(page)).find((i) => i.codice_prodotto === codice)?.quantita).toBe(20);
    // The field says what the cart holds, not what was typed; the message leaves the name and the picture in view.
    expect(await card.getByRole('spinbutton', { name: `Quantità ${codice}` }).inputValue()).toBe('20');
    await visible(card.getByText('Nel carrello: 20'));
    const m = (await messaggio.boundingBox())!;
    for (const coperto of [card.getByRole('heading', { level: 3 }), card.locator('.pcard-media')]) {
      const b = (await coperto.boundingBox())!;
      expect(m.y, 'il messaggio copre il nome o la foto').toBeGreaterThanOrEqual(b.y + b.height);
    }
    await card.getByRole('spinbutton', { name: `Quantità ${codice}` }).fill('25');
    await card.getByRole('button', { name: 'Aggiungi al carrello' }).click();
    await visible(messaggio.getByText(`${codice}: quantità portata da 25 a 30 (multipli di 10, minimo 20).`));
    expect(await card.getByRole('spinbutton', { name: `Quantità ${codice}` }).inputValue()).toBe('30');
    await visible(card.getByText('Nel carrello: 30'));

    await page.goto('/checkout');
    const qta = page.getByRole('row').filter({ hasText: codice }).getByRole('spinbutton');
    await qta.fill('25');
    await qta.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Avviso' });
    await visible(dialog);
    expect(await dialog.textContent()).toContain(`${codice}: quantità portata da 25 a 30 (multipli di 10, minimo 20).`);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await hidden(dialog);
    expect((await carrelloDi(page)).find((i) => i.codice_prodotto === codice)?.quantita).toBe(30);
    expect(await qta.inputValue()).toBe('30');
  });
});
