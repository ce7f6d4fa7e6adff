import os from 'node:os';
import type { Page } from 'playwright-core';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, useBrowser } from './browser.js';
import { formatPrezzo, hidden, loginCliente, visible } from './helpers.js';
import { portaleDiTest } from './portale.js';
import { scontiInPercentuale } from '../../shared/sconti.js';

// This file's own database, data folder and server (tests/e2e/portale.ts).
const portale = portaleDiTest();

/**
 * How a net price is made, as mario sees it (docs/regole/catalogo.md#net-price): the demo gives his
 * client a chain on one product and chains on two discount families (seed/demo-sconti.ts). The card
 * and the cart line show "Listino → sconti → Netto" with the amounts the API gives.
 * Screenshots at 1366 and 390 px in SCONTI_SHOTS (default: a folder under the temporary directory).
 */
const SHOTS = process.env.SCONTI_SHOTS ?? `${os.tmpdir()}/portale-sconti-screenshots`;

/** The demo product with mario's product chain. */
async function prodottoConCatena(): Promise<{ codice: string; sconti: string }> {
  const sql = postgres(portale.databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const [r] = await sql<{ codice: string; sconti: string }[]>`
      SELECT p.codice_prodotto AS codice, s.sconti FROM sconti_clienti s JOIN prodotti p ON p.id = s.prodotto_id
      JOIN clienti c ON c.id = s.cliente_id WHERE c.codice = '001001' ORDER BY p.id LIMIT 1`;
    if (!r) throw new Error('nessuna catena di prodotto nei dati demo');
    return r;
  } finally {
    await sql.end();
  }
}

const prezzi = (page: Page, codice: string) => page.evaluate(async (c) => {
  const res = await fetch(`/api/prodotti/details?cod_azienda=0001&cod_cliente=001001&codice_prodotto=${encodeURIComponent(c)}`);
  return ((await res.json()) as { prodotto: { prezzo: number; prezzo_reale: number; sconti: string } }).prodotto;
}, codice);

/** Text with every run of blanks (the euro's no-break space too) as one space. */
const spazi = (s: string) => s.replace(/\s+/g, ' ');

const card = (page: Page, codice: string) =>
  page.getByRole('list', { name: 'Prodotti' }).getByRole('article').filter({ has: page.getByText(codice, { exact: true }) });

async function cerca(page: Page, testo: string): Promise<void> {
  const box = page.getByRole('searchbox', { name: 'Cerca prodotti' });
  await box.fill(testo);
  await box.press('Enter');
  await page.waitForURL((u) => u.pathname === '/ricerca' && u.searchParams.get('stringaRicerca') === testo);
}

describe.runIf(hasBrowser())('sconti a cascata', () => {
  const { newPage } = useBrowser();
  let page: Page;
  let scelto: { codice: string; sconti: string };

  beforeAll(async () => {
    scelto = await prodottoConCatena();
    page = await newPage();
    await loginCliente(page);
  });
  afterAll(async () => {
    await page?.context().close();
  });

  it('shows Listino → sconti → Netto on the card and on the cart line, with the API\'s amounts', async () => {
    const p = await prezzi(page, scelto.codice);
    expect(p.sconti).toBe(scelto.sconti);
    const attesi = [`Listino ${formatPrezzo(p.prezzo)}`, scontiInPercentuale(scelto.sconti), `Netto ${formatPrezzo(p.prezzo_reale)}`].map(spazi);

    await cerca(page, scelto.codice);
    const c = card(page, scelto.codice);
    const catena = c.locator('.catena');
    await visible(catena);
    const testo = spazi(await catena.innerText());
    for (const a of attesi) expect(testo).toContain(a);
    await page.screenshot({ path: `${SHOTS}/card-1366.png` });

    await c.getByRole('spinbutton', { name: `Quantità ${scelto.codice}` }).fill('2');
    await c.getByRole('button', { name: 'Aggiungi al carrello' }).click();
    await page.goto('/checkout');
    const riga = page.getByRole('row').filter({ hasText: scelto.codice });
    await visible(riga.locator('.catena'));
    const testoRiga = spazi(await riga.locator('.catena').innerText());
    for (const a of attesi) expect(testoRiga).toContain(a);
    await page.screenshot({ path: `${SHOTS}/checkout-1366.png`, fullPage: true });

    // The Speed Checkout panel's line says it too.
    await page.getByRole('button', { name: /^Speed Checkout/ }).click();
    const panel = page.getByRole('dialog', { name: 'Speed Checkout' });
    await visible(panel.locator('.catena'));
    expect(spazi(await panel.locator('.catena').first().innerText())).toContain(scontiInPercentuale(scelto.sconti));
    await page.screenshot({ path: `${SHOTS}/speed-checkout-1366.png` });
    await panel.getByRole('button', { name: 'Chiudi Speed Checkout' }).click();
    await hidden(panel);
  });

  it('an order\'s detail shows the chain each line was ordered with', async () => {
    const ordine = await page.evaluate(async (c) => {
      const res = await fetch('/api/ordini/create', {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ azienda_codice: '0001', cliente_codice: '001001', utente_codice: 'U0001', nome: 'Catene e2e', carrelloItems: [{ codice_prodotto: c, quantita: 1 }] }),
      });
      return (await res.json()) as { status: number; ordine_id: number };
    }, scelto.codice);
    expect(ordine.status).toBe(0);
    await page.goto('/ordini');
    await page.getByRole('button', { name: `Dettaglio ordine #${ordine.ordine_id}` }).click();
    await page.waitForURL((u) => u.pathname === '/ordini/dettaglio');
    const riga = page.getByRole('row').filter({ hasText: scelto.codice });
    await visible(riga.getByRole('cell', { name: scontiInPercentuale(scelto.sconti), exact: true }));
    await page.screenshot({ path: `${SHOTS}/ordine-dettaglio-1366.png`, fullPage: true });
  });

  it('keeps the chain readable on a phone (390 px)', async () => {
    const phone = await newPage({ width: 390, height: 844 });
    try {
      await loginCliente(phone);
      await cerca(phone, scelto.codice);
      const c = card(phone, scelto.codice);
      const catena = c.locator('.catena');
      await visible(catena);
      const box = (await catena.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      await phone.screenshot({ path: `${SHOTS}/card-390.png`, fullPage: true });
      await c.getByRole('spinbutton', { name: `Quantità ${scelto.codice}` }).fill('2');
      await c.getByRole('button', { name: 'Aggiungi al carrello' }).click();
      await phone.goto('/checkout');
      await visible(phone.locator('.catena').first());
      await phone.screenshot({ path: `${SHOTS}/checkout-390.png`, fullPage: true });
    } finally {
      await phone.context().close();
    }
  });
});
