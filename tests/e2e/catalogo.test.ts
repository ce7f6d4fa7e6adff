import type { Page } from 'playwright-core';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, useBrowser } from './browser.js';
import { formatImporto, formatPrezzo, hidden, loginCliente, queryOf, visible } from './helpers.js';
import { importoRiga, totaleRighe } from '../../shared/importi.js';
import { portaleDiTest } from './portale.js';

// This file's own database, data folder and server (tests/e2e/portale.ts).
const portale = portaleDiTest();

/**
 * The catalogue screens as mario (one client, 0001/001001): home, category paging, search,
 * detail with barcode, add-to-cart outcomes, cart dropdown and price modes.
 */

interface Scelta {
  codice: string;
  disponibilita: number;
  ord_forn: number;
}

/** Products of the demo data chosen for the add-to-cart outcomes. */
async function scegliProdotti(): Promise<{ disponibile: Scelta; parziale: Scelta; esaurito: Scelta }> {
  const sql = postgres(portale.databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const one = async (where: string): Promise<Scelta> => {
      const rows = await sql.unsafe<Scelta[]>(
        `SELECT codice_prodotto AS codice, disponibilita, ord_forn FROM prodotti JOIN giacenze ON prodotto_id = id
          WHERE status = 0 AND deleted_at IS NULL AND ${where} ORDER BY id LIMIT 1`,
      );
      if (!rows[0]) throw new Error(`nessun prodotto demo con ${where}`);
      return rows[0];
    };
    return {
      disponibile: await one('disponibilita >= 50'),
      parziale: await one('disponibilita + ord_forn BETWEEN 1 AND 5'),
      esaurito: await one('disponibilita + ord_forn <= 0'),
    };
  } finally {
    await sql.end();
  }
}

/** The product with mario's prices, read through the API with the page's session. */
async function prezzoNetto(page: Page, codice: string): Promise<number> {
  return page.evaluate(async (c) => {
    const res = await fetch(`/api/prodotti/details?cod_azienda=0001&cod_cliente=001001&codice_prodotto=${encodeURIComponent(c)}`);
    return ((await res.json()) as { prodotto: { prezzo_reale: number } }).prodotto.prezzo_reale;
  }, codice);
}

/** Searches through the header search bar. */
async function cerca(page: Page, testo: string): Promise<void> {
  const box = page.getByRole('searchbox', { name: 'Cerca prodotti' });
  await box.fill(testo);
  await box.press('Enter');
  await page.waitForURL((u) => u.pathname === '/ricerca' && u.searchParams.get('stringaRicerca') === testo);
  await visible(page.getByRole('heading', { level: 1, name: `Ricerca Articoli - ${testo}` }));
}

/** The card of a product in the current list. */
const card = (page: Page, codice: string) =>
  page.getByRole('list', { name: 'Prodotti' }).getByRole('article').filter({ has: page.getByText(codice, { exact: true }) });

/** 'Risultati Trovati {total} - Pagine Disponibili {pages}' as numbers. */
async function conteggio(page: Page): Promise<{ totale: number; pagine: number }> {
  const line = page.getByText(/^Risultati Trovati \d+ - Pagine Disponibili \d+$/);
  await visible(line);
  const m = /Risultati Trovati (\d+) - Pagine Disponibili (\d+)/.exec((await line.textContent()) ?? '')!;
  return { totale: Number(m[1]), pagine: Number(m[2]) };
}

/** Waits until the product grid shows `n` cards and no page is loading. */
async function attendiCards(page: Page, n: number): Promise<void> {
  await expect.poll(() => page.getByRole('list', { name: 'Prodotti' }).getByRole('article').count(), { timeout: 15_000 }).toBe(n);
  await hidden(page.locator('.plist.is-stale'));
}

/** Waits until the list shows page `n` (rendered, not only in the URL) with `cards` products. */
async function attendiPagina(page: Page, n: number, cards: number): Promise<void> {
  const pager = page.getByRole('navigation', { name: 'Paginazione' });
  await expect.poll(() => pager.getByRole('button', { name: `Pagina ${n}`, exact: true }).getAttribute('aria-current')).toBe('page');
  await attendiCards(page, cards);
}

describe.runIf(hasBrowser())('catalogo', () => {
  const { newPage } = useBrowser();
  let page: Page;
  let prodotti: Awaited<ReturnType<typeof scegliProdotti>>;

  beforeAll(async () => {
    prodotti = await scegliProdotti();
    page = await newPage();
    await loginCliente(page);
  });
  afterAll(async () => {
    await page?.context().close();
  });

  it('home: side banners, flyer carousel and Ultimi Ordinati load', async () => {
    await page.goto('/home2');
    const banners = page.getByRole('list', { name: 'Banner' });
    await visible(banners.getByRole('link').first());
    expect(await banners.getByRole('img').count()).toBeGreaterThan(0);
    for (const img of await banners.getByRole('img').all()) {
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    }

    const carousel = page.getByRole('region', { name: 'Volantini' });
    await visible(carousel.getByRole('button', { name: 'Volantino successivo' }));
    const dots = carousel.getByRole('button', { name: /^Volantino \d+ di \d+/ });
    expect(await dots.count()).toBeGreaterThan(1);
    await carousel.getByRole('button', { name: 'Volantino successivo' }).click();
    await expect.poll(() => dots.nth(1).getAttribute('aria-current')).toBe('true');

    const ultimi = page.getByRole('list', { name: 'Ultimi Ordinati' });
    await visible(ultimi.getByRole('article').first());
    expect(await ultimi.getByRole('article').count()).toBeGreaterThan(0);

    // A click on the active flyer opens its products.
    await carousel.getByRole('button', { name: /^Apri il volantino/ }).click();
    await page.waitForURL(/\/prodotti-volantino\/\d+$/);
    await visible(page.getByRole('heading', { level: 1, name: 'Prodotti del Volantino' }));
    await conteggio(page);
  });

  it('a category pages with 25/50/100, Avanti/Precedente, and the URL keeps start/limit', async () => {
    await page.goto('/home2');
    await page.getByRole('complementary', { name: 'Categorie' }).getByRole('link', { name: 'Utensileria manuale' }).click();
    await page.waitForURL(/\/categoria\/01\//);
    await visible(page.getByRole('heading', { level: 1, name: 'Utensileria manuale' }));
    const { totale, pagine } = await conteggio(page);
    expect(totale).toBeGreaterThan(100);
    expect(pagine).toBe(Math.ceil(totale / 50));
    await attendiCards(page, 50);

    const pager = page.getByRole('navigation', { name: 'Paginazione' });
    const avanti = pager.getByRole('button', { name: 'Avanti' });
    const precedente = pager.getByRole('button', { name: 'Precedente' });
    expect(await precedente.isDisabled()).toBe(true);

    const size = page.getByLabel('Articoli per pagina');
    await size.selectOption('25');
    await page.waitForURL((u) => u.searchParams.get('limit') === '25' && u.searchParams.get('start') === '0');
    await expect.poll(async () => (await conteggio(page)).pagine).toBe(Math.ceil(totale / 25));
    await attendiPagina(page, 1, 25);

    await avanti.click();
    await page.waitForURL((u) => u.searchParams.get('start') === '25' && u.searchParams.get('limit') === '25');
    await attendiPagina(page, 2, 25);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expect.poll(() => precedente.isDisabled()).toBe(false);
    await avanti.click();
    await page.waitForURL((u) => u.searchParams.get('start') === '50');
    await attendiPagina(page, 3, 25);
    await precedente.click();
    await page.waitForURL((u) => u.searchParams.get('start') === '25');
    await attendiPagina(page, 2, 25);

    // Reload and history keep the page. The page's products are asked once: the route's loader
    // (web/shop/caricatori.ts) asks them as the route's module travels, and the list takes that answer.
    // The first card's picture too is asked once, by the card.
    const elenchi: string[] = [];
    const immaginiChieste: string[] = [];
    const conta = (r: { url: () => string }) => {
      if (r.url().includes('/api/prodotti/categoria')) elenchi.push(r.url());
      if (r.url().includes('/media/')) immaginiChieste.push(new URL(r.url()).pathname);
    };
    page.on('request', conta);
    await page.reload();
    await visible(pager.getByRole('button', { name: 'Pagina 2', exact: true }));
    await attendiPagina(page, 2, 25);
    await page.waitForLoadState('networkidle');
    page.off('request', conta);
    expect(elenchi.map((u) => [new URL(u).searchParams.get('start'), new URL(u).searchParams.get('limit')])).toEqual([['25', '25']]);
    const primaImmagine = await page.getByRole('list', { name: 'Prodotti' }).locator('.pcard-media img').first()
      .evaluate((i) => new URL((i as HTMLImageElement).src).pathname);
    expect(immaginiChieste.filter((u) => u === primaImmagine), `${primaImmagine} in ${immaginiChieste.join(' ')}`).toHaveLength(1);
    // The first row's pictures load at once, the first ahead of the rest; the others when scrolled near.
    const immagini = page.getByRole('list', { name: 'Prodotti' }).locator('.pcard-media img');
    expect(await immagini.evaluateAll((imgs) => imgs.slice(0, 6).map((i) => [i.getAttribute('loading'), i.getAttribute('fetchpriority')])))
      .toEqual([['eager', 'high'], ['eager', null], ['eager', null], ['eager', null], ['lazy', null], ['lazy', null]]);
    expect(await pager.getByRole('button', { name: 'Pagina 2', exact: true }).getAttribute('aria-current')).toBe('page');
    await page.goBack();
    await page.waitForURL((u) => u.searchParams.get('start') === '50');
    await attendiPagina(page, 3, 25);
    await page.goForward();
    await page.waitForURL((u) => u.searchParams.get('start') === '25');
    await attendiPagina(page, 2, 25);

    // A new page size goes back to the first page.
    await size.selectOption('100');
    await page.waitForURL((u) => u.searchParams.get('limit') === '100' && u.searchParams.get('start') === '0');
    await attendiPagina(page, 1, 100);
    const ultime = Math.ceil(totale / 100);
    expect(queryOf(page).get('start')).toBe('0');
    // More than 5 pages: '...' and the last page number; on the last page 'Avanti' is disabled.
    if (ultime > 5) expect(await pager.getByText('...').count()).toBe(1);
    await pager.getByRole('button', { name: `Pagina ${ultime}`, exact: true }).click();
    await page.waitForURL((u) => u.searchParams.get('start') === String((ultime - 1) * 100));
    await attendiPagina(page, ultime, totale - (ultime - 1) * 100);
    await expect.poll(() => avanti.isDisabled()).toBe(true);
    await expect.poll(() => precedente.isDisabled()).toBe(false);
  });

  it('a long page is drawn whole; back from a product, or a reload, returns where it was left', async () => {
    await page.goto('/home2');
    await page.getByRole('complementary', { name: 'Categorie' }).getByRole('link', { name: 'Utensileria manuale' }).click();
    await page.waitForURL(/\/categoria\/01\//);
    const griglia = page.getByRole('list', { name: 'Prodotti' });
    await page.getByLabel('Articoli per pagina').selectOption('100');
    await page.waitForURL((u) => u.searchParams.get('limit') === '100');
    await expect.poll(() => page.evaluate(() => document.querySelector('ul[aria-label="Prodotti"]')?.children.length)).toBe(100);

    // Down the page, into a product, and back: the grid is whole at once and the 80th card where it was
    // on screen (react-router's ScrollRestoration). The cards out of view hold an estimated height until
    // drawn (content-visibility: 420 px against 424 drawn here), so the card may sit up to a few pixels
    // per row above it higher or lower, as many as rows happened to be drawn: within half a card of
    // where it was, which no other card can be.
    const ottantesima = griglia.getByRole('article').nth(79);
    await ottantesima.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(2000);
    const sulloSchermo = async () => Math.round((await ottantesima.boundingBox())?.y ?? Number.NaN);
    const dove = await sulloSchermo();
    // A loaded machine may take longer than expect.poll's default second to draw and restore the page.
    const ATTESA = { timeout: 10_000 };
    const mezzaCard = ((await ottantesima.boundingBox())?.height ?? 0) / 2;
    const alSuoPosto = async () => Math.abs((await sulloSchermo()) - dove) <= mezzaCard;
    await ottantesima.getByRole('heading').getByRole('link').click();
    await page.waitForURL((u) => u.pathname === '/prodotto');
    await page.goBack();
    await page.waitForURL(/\/categoria\/01\//);
    await visible(griglia.getByRole('article').first());
    await expect.poll(() => page.evaluate(() => document.querySelector('ul[aria-label="Prodotti"]')?.children.length), ATTESA).toBe(100);
    await expect.poll(alSuoPosto, ATTESA).toBe(true);

    // A reload comes back there too (the route's loader has the list before the page is drawn); the
    // browser's back into the portal from another page load as well. A page opened anew starts at the top.
    await page.reload();
    await expect.poll(alSuoPosto, ATTESA).toBe(true);
    await page.goto('/home2');
    await visible(page.getByRole('heading', { level: 1, name: /Benvenuto/ }));
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await page.waitForURL(/\/categoria\/01\//);
    await expect.poll(alSuoPosto, ATTESA).toBe(true);
  });

  it('search finds a product by word and by code; under 2 characters it alerts', async () => {
    await page.goto('/home2');
    const box = page.getByRole('searchbox', { name: 'Cerca prodotti' });
    await box.fill('a');
    await box.press('Enter');
    const dialog = page.getByRole('dialog');
    await visible(dialog.getByText('Inserire almeno 2 caratteri per la ricerca'));
    await dialog.getByRole('button', { name: 'OK' }).click();
    expect(new URL(page.url()).pathname).toBe('/home2');

    await cerca(page, 'cacciavite');
    expect(queryOf(page).get('start')).toBe('0');
    await visible(page.getByText(/^Prodotti Visualizzati \(\d+\)$/));
    const titoli = await page.getByRole('list', { name: 'Prodotti' }).getByRole('heading').allTextContents();
    expect(titoli.length).toBeGreaterThan(0);
    expect(titoli.some((t) => /cacciavit/i.test(t))).toBe(true);

    await cerca(page, prodotti.disponibile.codice);
    await visible(card(page, prodotti.disponibile.codice));

    await cerca(page, 'zzqxwvk');
    await visible(page.getByText('Nessun prodotto trovato per questa ricerca.'));
  });

  it('the detail page shows the product and its CODE128 barcode', async () => {
    const { codice } = prodotti.disponibile;
    await cerca(page, codice);
    const titolo = ((await card(page, codice).getByRole('heading').textContent()) ?? '').trim();
    await card(page, codice).getByRole('link', { name: titolo }).click();
    await page.waitForURL((u) => u.pathname === '/prodotto');
    await visible(page.getByRole('heading', { level: 1, name: titolo }));
    const barcode = page.getByRole('img', { name: `Codice a barre CODE128 ${codice}` });
    await visible(barcode);
    await expect.poll(() => barcode.locator('rect').count()).toBeGreaterThan(10);
    const info = page.getByRole('region', { name: 'Info' });
    await visible(info.getByRole('link', { name: 'Visualizza foto' }).first());

    // Its address names it: a reload, or the link opened in a new tab (no navigation state), shows it again.
    expect(new URL(page.url()).searchParams.get('codice')).toBe(codice);
    await page.reload();
    await visible(page.getByRole('heading', { level: 1, name: titolo }));
    const scheda = page.url();
    const altra = await page.context().newPage();
    await altra.goto(scheda);
    await visible(altra.getByRole('heading', { level: 1, name: titolo }));
    await altra.goto('/prodotto?codice=NON-ESISTE-123');
    await visible(altra.getByText('Prodotto non disponibile'));
    await altra.close();

    // 'Indietro' goes back to the search.
    await page.getByRole('button', { name: /Indietro/ }).click();
    await page.waitForURL((u) => u.pathname === '/ricerca');

    // Without a product in navigation state.
    await page.goto('/prodotto');
    await visible(page.getByText('Prodotto non definito'));
  });

  it('add to cart: zero quantity, in stock, partial and unavailable; the dropdown shows lines and total', async () => {
    const { disponibile, parziale, esaurito } = prodotti;

    // Quantity 0 (not in the cart yet): a red message, nothing added.
    await cerca(page, disponibile.codice);
    let c = card(page, disponibile.codice);
    const qty = c.getByRole('spinbutton', { name: `Quantità ${disponibile.codice}` });
    expect(await qty.inputValue()).toBe('0');
    await c.getByRole('button', { name: 'Aggiungi al carrello' }).click();
    await visible(c.getByRole('status').getByText('Seleziona una quantità maggiore di zero.'));
    expect(await c.locator('.pcard-msg.is-error').count()).toBe(1);

    // Quantity control rules: minus never below 1, an empty field becomes 1, plus adds one.
    await c.getByRole('button', { name: 'Diminuisci quantità' }).click();
    expect(await qty.inputValue()).toBe('1');
    await qty.fill('');
    await qty.blur();
    expect(await qty.inputValue()).toBe('1');
    await c.getByRole('button', { name: 'Aumenta quantità' }).click();
    expect(await qty.inputValue()).toBe('2');

    // In stock: added, green message for 3 seconds.
    await c.getByRole('button', { name: 'Aggiungi al carrello' }).click();
    const ok = c.getByRole('status').getByText('Prodotto aggiunto al carrello!');
    await visible(ok);
    expect(await c.locator('.pcard-msg.is-ok').count()).toBe(1);
    await hidden(ok, 6000);
    await visible(page.getByRole('button', { name: 'Carrello, 1 articolo' }));

    // Partially available: added anyway, with the overlay and the fulfillable percentage.
    await cerca(page, parziale.codice);
    c = card(page, parziale.codice);
    await c.getByRole('spinbutton', { name: `Quantità ${parziale.codice}` }).fill('10');
    await c.getByRole('button', { name: 'Aggiungi al carrello' }).click();
    let dialog = page.getByRole('dialog', { name: 'Disponibilità parziale' });
    await visible(dialog);
    const disponibileParziale = parziale.disponibilita + parziale.ord_forn;
    const pct = new Intl.NumberFormat('it-IT', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format((disponibileParziale / 10) * 100);
    const testo = (await dialog.textContent()) ?? '';
    expect(testo).toContain(`${pct}%`);
    expect(testo).toMatch(/non può essere evaso completamente/);
    expect(testo).toMatch(/all'arrivo della merce/);
    await dialog.getByRole('button', { name: 'Chiudi' }).click();
    await hidden(dialog);
    await visible(page.getByRole('button', { name: 'Carrello, 2 articoli' }));

    // Nothing available: overlay, nothing added.
    await cerca(page, esaurito.codice);
    c = card(page, esaurito.codice);
    await c.getByRole('spinbutton', { name: `Quantità ${esaurito.codice}` }).fill('1');
    await c.getByRole('button', { name: 'Aggiungi al carrello' }).click();
    dialog = page.getByRole('dialog', { name: 'Prodotto non disponibile' });
    await visible(dialog.getByText('Ci dispiace, il prodotto non è attualmente disponibile e non è stato ordinato dal fornitore.'));
    await dialog.getByRole('button', { name: 'Chiudi' }).click();
    await hidden(dialog);
    await visible(page.getByRole('button', { name: 'Carrello, 2 articoli' }));

    // The dropdown: code, description, quantity, line total per price mode, total, Checkout.
    const prezzoA = await prezzoNetto(page, disponibile.codice);
    const prezzoB = await prezzoNetto(page, parziale.codice);
    await page.getByRole('button', { name: 'Carrello, 2 articoli' }).click();
    const panel = page.getByRole('region', { name: 'Carrello' });
    await visible(panel);
    const rowA = panel.getByRole('row').filter({ hasText: disponibile.codice });
    const rowB = panel.getByRole('row').filter({ hasText: parziale.codice });
    // Line totals and the total to the cent, as the invoice (docs/regole/generale.md#amounts).
    expect(await rowA.getByRole('cell').allTextContents()).toEqual([disponibile.codice, expect.any(String), '2', formatImporto(importoRiga(prezzoA, 2)), '']);
    expect(await rowB.getByRole('cell').allTextContents()).toEqual([parziale.codice, expect.any(String), '10', formatImporto(importoRiga(prezzoB, 10)), '']);
    const totale = totaleRighe([{ prezzo: prezzoA, qt: 2 }, { prezzo: prezzoB, qt: 10 }]);
    expect(await panel.getByTestId('cart-total').textContent()).toBe(formatImporto(totale));
    await visible(panel.getByRole('button', { name: 'Checkout' }));

    // Remove a line.
    await rowB.getByRole('button', { name: `Rimuovi ${parziale.codice} dal carrello` }).click();
    await visible(page.getByRole('button', { name: 'Carrello, 1 articolo' }));
    expect(await panel.getByTestId('cart-total').textContent()).toBe(formatImporto(importoRiga(prezzoA, 2)));
    await page.keyboard.press('Escape');
    await hidden(panel);
  });

  it('price modes: Prezzi nascosti hides prices, Prezzi ×2 doubles them', async () => {
    const { codice } = prodotti.disponibile;
    const netto = await prezzoNetto(page, codice);
    await cerca(page, codice);
    const prezzo = card(page, codice).locator('.price-net');
    await expect.poll(() => prezzo.textContent()).toBe(`Prezzo netto ${formatPrezzo(netto)}`);

    const scegli = async (label: string) => {
      await page.getByRole('button', { name: /^Modalità prezzi:/ }).click();
      const voce = page.getByRole('menuitemradio', { name: label });
      await voce.click();
      await visible(page.getByRole('button', { name: `Modalità prezzi: ${label}` }));
    };

    await scegli('Prezzi ×2');
    await expect.poll(() => prezzo.textContent()).toBe(`Prezzo netto ${formatPrezzo(netto * 2)}`);
    // The mode is UI state in local storage, beside the cart: it survives a reload.
    await page.reload();
    await visible(page.getByRole('button', { name: 'Modalità prezzi: Prezzi ×2' }));
    await expect.poll(() => prezzo.textContent()).toBe(`Prezzo netto ${formatPrezzo(netto * 2)}`);
    // The active mode is marked in the menu.
    await page.getByRole('button', { name: /^Modalità prezzi:/ }).click();
    expect(await page.getByRole('menuitemradio', { name: 'Prezzi ×2' }).getAttribute('aria-checked')).toBe('true');
    expect(await page.getByRole('menuitemradio', { name: 'Prezzi reali' }).getAttribute('aria-checked')).toBe('false');
    await page.keyboard.press('Escape');
    // The cart dropdown follows the mode.
    await page.getByRole('button', { name: /^Carrello, \d/ }).click();
    const panel = page.getByRole('region', { name: 'Carrello' });
    expect(await panel.getByTestId('cart-total').textContent()).toBe(formatImporto(importoRiga(netto * 2, 2)));
    await page.keyboard.press('Escape');

    await scegli('Prezzi nascosti');
    await hidden(prezzo);
    expect(await card(page, codice).getByText('€').count()).toBe(0);
    await page.getByRole('button', { name: /^Carrello, \d/ }).click();
    await visible(panel.getByRole('row').filter({ hasText: codice }));
    expect(await panel.getByTestId('cart-total').count()).toBe(0);
    expect(await panel.getByText('€').count()).toBe(0);
    await page.keyboard.press('Escape');

    await scegli('Prezzi reali');
    await expect.poll(() => prezzo.textContent()).toBe(`Prezzo netto ${formatPrezzo(netto)}`);
  });

  it("brands: a brand lists its products; an unknown one says 'Marchio con ID {id} non trovato'", async () => {
    await page.goto('/marchi');
    await visible(page.getByRole('heading', { level: 1, name: 'I Nostri Marchi' }));
    await page.getByRole('list', { name: 'Marchi' }).getByRole('link').first().click();
    await page.waitForURL('**/marchi-prodotti/**');
    await visible(page.getByRole('list', { name: 'Prodotti' }).getByRole('article'));

    await page.goto('/marchi-prodotti/999/Sconosciuto');
    await visible(page.getByText('Marchio con ID 999 non trovato', { exact: true }));
    expect(await page.getByText('Nessun prodotto presente per questo marchio.').count()).toBe(0);
  });
});
