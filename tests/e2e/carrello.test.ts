import type { Page } from 'playwright-core';
import postgres from 'postgres';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, useBrowser } from './browser.js';
import { carrelloDi, carrelloSulServer, confermaDice, GIULIA, loginCliente, submitLogin, svuotaCarrello, visible } from './helpers.js';
import { portaleDiTest } from './portale.js';

// This file's own database, data folder and server (tests/e2e/portale.ts).
const portale = portaleDiTest();

/**
 * The cart follows the person (docs/regole/ordini.md#cart): filled in one browser, it is there in
 * another logged in as the same user; each of Giulia's clients keeps its own; a line added while
 * offline reaches the server once the connection is back.
 */
async function prodottiSemplici(n: number): Promise<string[]> {
  const sql = postgres(portale.databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const righe = await sql<{ codice: string }[]>`
      SELECT p.codice_prodotto AS codice FROM prodotti p JOIN giacenze g ON g.prodotto_id = p.id
      WHERE p.multiplo = 1 AND p.minimo = 1 AND g.disponibilita >= 50 AND p.status = 0 AND p.deleted_at IS NULL
        AND p.codice_prodotto ~ '^[A-Z0-9]{2}-[0-9]+$'
      ORDER BY p.id OFFSET 120 LIMIT ${n}`;
    if (righe.length < n) throw new Error('prodotti demo insufficienti');
    return righe.map((r) => r.codice);
  } finally {
    await sql.end();
  }
}

/** Adds `quantita` of a product from its search card, and waits until the card says it is in the cart. */
async function aggiungi(page: Page, codice: string, quantita: number): Promise<void> {
  await page.goto(`/ricerca?stringaRicerca=${encodeURIComponent(codice)}&start=0`);
  const card = page.locator('article.pcard').filter({ hasText: codice }).first();
  await card.getByRole('spinbutton').fill(String(quantita));
  await card.getByRole('button', { name: 'Aggiungi al carrello' }).click();
  await visible(card.getByText(`Nel carrello: ${quantita}`));
}

/** The page's changes have reached the server. */
const inviato = (page: Page) => page.waitForFunction(() => localStorage.getItem('carrelloStato') === '"allineato"', undefined, { timeout: 15_000 });

/** From the shop (through 'Cambia azienda') or from the login, to the dispatcher and into the client. */
async function entra(page: Page, ragioneSociale: string, dalNegozio = true): Promise<void> {
  if (dalNegozio) await page.getByTestId('shop-topline').getByRole('link', { name: 'Cambia azienda' }).click();
  await page.waitForURL('**/dispatcher');
  await page.getByRole('article').filter({ hasText: ragioneSociale }).getByRole('button', { name: 'Entra' }).click();
  await page.waitForURL('**/home2');
  await visible(page.getByTestId('shop-topline').getByText(ragioneSociale));
}

describe.runIf(hasBrowser())('the cart kept on the server', () => {
  const { newPage } = useBrowser({ altriAttesi: /ERR_INTERNET_DISCONNECTED/ });
  let codici: string[] = [];

  beforeAll(async () => {
    codici = await prodottiSemplici(4);
  });

  it('a cart filled in one browser is there in another logged in as the same user; emptied there, it is empty here too', async () => {
    const [a, b] = codici as [string, string];
    const ufficio = await newPage();
    await loginCliente(ufficio);
    await aggiungi(ufficio, a, 3);
    await aggiungi(ufficio, b, 1);
    await inviato(ufficio);
    expect(await carrelloSulServer(ufficio)).toEqual([{ codice_prodotto: a, quantita: 3 }, { codice_prodotto: b, quantita: 1 }]);

    const telefono = await newPage({ width: 390, height: 844 });
    await loginCliente(telefono);
    await visible(telefono.getByRole('button', { name: /^Speed Checkout · ordine veloce: 2 articoli/ }));
    expect(await carrelloDi(telefono)).toEqual([
      expect.objectContaining({ codice_prodotto: a, quantita: 3 }), expect.objectContaining({ codice_prodotto: b, quantita: 1 }),
    ]);
    await telefono.goto('/checkout');
    await visible(telefono.getByRole('button', { name: `Rimuovi ${a} dal carrello` }));
    await telefono.getByRole('button', { name: 'Svuota Carrello' }).first().click();
    await confermaDice(telefono, 'Sei sicuro di voler svuotare il carrello?', 'Svuota');
    await visible(telefono.getByText('Il carrello è vuoto.'));
    await inviato(telefono);
    expect(await carrelloSulServer(telefono)).toEqual([]);

    // Back in the office, a new page reads the server's cart.
    await ufficio.goto('/checkout');
    await visible(ufficio.getByText('Il carrello è vuoto.'));
    expect(await carrelloDi(ufficio)).toEqual([]);
    await ufficio.context().close();
    await telefono.context().close();
  });

  it("Giulia's two clients keep separate carts, also across browsers", async () => {
    const [, , c, d] = codici as [string, string, string, string];
    const page = await newPage();
    await submitLogin(page, '/', GIULIA);
    await entra(page, 'Edil Bianchi S.r.l.', false);
    await aggiungi(page, c, 2);
    await inviato(page);
    await entra(page, 'Bianchi Costruzioni S.r.l.');
    await visible(page.getByRole('button', { name: /^Speed Checkout · ordine veloce: 0 articoli/ }));
    expect(await carrelloDi(page)).toEqual([]);
    await aggiungi(page, d, 4);
    await inviato(page);
    await entra(page, 'Edil Bianchi S.r.l.');
    await visible(page.getByRole('button', { name: /^Speed Checkout · ordine veloce: 1 articolo/ }));
    expect((await carrelloDi(page)).map((r) => [r.codice_prodotto, r.quantita])).toEqual([[c, 2]]);

    const altra = await newPage();
    await submitLogin(altra, '/', GIULIA);
    await entra(altra, 'Bianchi Costruzioni S.r.l.', false);
    await visible(altra.getByRole('button', { name: /^Speed Checkout · ordine veloce: 1 articolo/ }));
    expect((await carrelloDi(altra)).map((r) => [r.codice_prodotto, r.quantita])).toEqual([[d, 4]]);
    await page.context().close();
    await altra.context().close();
  });

  it('a line removed just before the page is reloaded stays removed (the unsent change replaces the cart, no merge)', async () => {
    const [a, b] = codici as [string, string];
    const page = await newPage();
    await loginCliente(page);
    await aggiungi(page, a, 3);
    await aggiungi(page, b, 1);
    await inviato(page);
    await page.goto('/checkout');
    await page.getByRole('button', { name: `Rimuovi ${b} dal carrello` }).click();
    // Within the pause before the change is sent: the page goes, the change stays on the device.
    await page.reload();
    await visible(page.getByRole('button', { name: `Rimuovi ${a} dal carrello` }));
    await inviato(page);
    expect(await carrelloSulServer(page)).toEqual([{ codice_prodotto: a, quantita: 3 }]);
    expect((await carrelloDi(page)).map((r) => r.codice_prodotto)).toEqual([a]);
    await svuotaCarrello(page);
    await page.context().close();
  });

  it('a line added while offline is kept on the device and reaches the server when the connection is back', async () => {
    const [a] = codici as [string];
    const page = await newPage();
    await loginCliente(page);
    await page.goto(`/ricerca?stringaRicerca=${encodeURIComponent(a)}&start=0`);
    const card = page.locator('article.pcard').filter({ hasText: a }).first();
    await visible(card);
    await page.context().setOffline(true);
    await card.getByRole('spinbutton').fill('5');
    await card.getByRole('button', { name: 'Aggiungi al carrello' }).click();
    await visible(card.getByText('Nel carrello: 5'));
    expect(await page.evaluate(() => localStorage.getItem('carrelloStato'))).toBe('"da_inviare"');
    await page.context().setOffline(false);
    await inviato(page);
    expect(await carrelloSulServer(page)).toEqual([{ codice_prodotto: a, quantita: 5 }]);
    await page.context().close();
  });
});
