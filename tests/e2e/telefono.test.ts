import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, useBrowser } from './browser.js';
import { carrelloDi, hidden, loginCliente, senzaScorrimentoLaterale, svuotaCarrello, visible } from './helpers.js';
import { portaleDiTest } from './portale.js';

// This file's own database, data folder and server (tests/e2e/portale.ts).
const portale = portaleDiTest();

/**
 * The shop on a phone (390×844): the whole order path with the thumb, no screen wider than the
 * window, touch targets of at least 44 px, the header's pop-ups inside the screen; and the web app:
 * manifest, service worker, the cart kept across going offline and back. Screenshots of every step
 * go to TELEFONO_SCREENSHOTS_DIR (default: portale-telefono-screenshots in the system's temporary
 * folder), to look at.
 */

const TELEFONO = { width: 390, height: 844 };
const FOTO = process.env.TELEFONO_SCREENSHOTS_DIR ?? path.join(os.tmpdir(), 'portale-telefono-screenshots');
const OFFLINE = /ERR_INTERNET_DISCONNECTED/;

async function foto(page: Page, nome: string): Promise<void> {
  fs.mkdirSync(FOTO, { recursive: true });
  await page.screenshot({ path: path.join(FOTO, `${nome}.png`) });
}

/** A product with plenty of stock and nothing on order, away from the ends other files pick from. */
async function prodottoDaOrdinare(): Promise<string> {
  const sql = postgres(portale.databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const [p] = await sql<{ codice: string }[]>`
      SELECT codice_prodotto AS codice FROM prodotti JOIN giacenze ON prodotto_id = id
       WHERE status = 0 AND deleted_at IS NULL AND disponibilita >= 60 AND ord_forn = 0 AND codice_prodotto ~ '^[A-Z0-9]{2}-[0-9]+$'
       ORDER BY id DESC OFFSET 40 LIMIT 1`;
    if (!p) throw new Error('nessun prodotto demo da ordinare');
    return p.codice;
  } finally {
    await sql.end();
  }
}

/** Width and height of an element's box, in CSS pixels. */
async function misure(l: Locator): Promise<{ width: number; height: number }> {
  const box = await l.boundingBox();
  if (!box) throw new Error('elemento senza riquadro');
  return { width: box.width, height: box.height };
}

async function almeno44(l: Locator): Promise<void> {
  const m = await misure(l);
  expect(m.width, 'larghezza del bersaglio').toBeGreaterThanOrEqual(44);
  expect(m.height, 'altezza del bersaglio').toBeGreaterThanOrEqual(44);
}

describe.runIf(hasBrowser())('the shop on a phone (390 px)', () => {
  const { newPage } = useBrowser({ altriAttesi: OFFLINE });
  let page: Page;
  let codice: string;

  beforeAll(async () => {
    codice = await prodottoDaOrdinare();
    page = await newPage(TELEFONO);
    await loginCliente(page);
  });

  afterAll(async () => {
    await page?.context().close();
  });

  it('the whole order path with the thumb: menu, search, card, panel, checkout, confirmation', async () => {
    await foto(page, '01-home');
    // The top line and the header together take about a fifth of the screen, not half of it.
    const testata = (await page.locator('.shop-header').boundingBox())!;
    expect(testata.y + testata.height, "fondo dell'intestazione").toBeLessThanOrEqual(TELEFONO.height / 5);
    // The header: a menu button and the search; the main menu folded until asked for.
    const menu = page.getByRole('button', { name: 'Menu', exact: true });
    await almeno44(menu);
    const voci = page.getByRole('navigation', { name: 'Menu principale' });
    expect(await voci.isVisible()).toBe(false);
    await menu.click();
    await visible(voci.getByRole('link', { name: 'ORDINI' }));
    await almeno44(voci.getByRole('link', { name: 'ORDINI' }));
    await foto(page, '02-menu');
    await menu.click();
    await hidden(voci);

    // Find the product and add it with the card's own controls.
    await page.getByRole('searchbox', { name: 'Cerca prodotti' }).fill(codice);
    await page.getByRole('button', { name: 'Cerca', exact: true }).click();
    await page.waitForURL('**/ricerca?**');
    const card = page.locator('article.pcard').filter({ hasText: codice }).first();
    await visible(card);
    const piu = card.getByRole('button', { name: 'Aumenta quantità' });
    const meno = card.getByRole('button', { name: 'Diminuisci quantità' });
    const aggiungi = card.getByRole('button', { name: 'Aggiungi al carrello' });
    for (const b of [piu, meno, aggiungi]) await almeno44(b);
    // One card per row: as wide as the list.
    const lista = await misure(page.locator('.product-grid').first());
    expect((await misure(card)).width).toBeGreaterThan(lista.width - 2);
    // From 0: two taps on + make 2.
    await piu.click();
    await piu.click();
    await aggiungi.click();
    await visible(card.getByText('Nel carrello: 2'));
    await foto(page, '03-ricerca');
    await senzaScorrimentoLaterale(page, 'ricerca');

    // The header's cart opens inside the screen.
    await page.getByRole('button', { name: /^Carrello, 1 articolo/ }).click();
    const tendina = page.getByRole('region', { name: 'Carrello' });
    await visible(tendina);
    const box = (await tendina.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(TELEFONO.width);
    await foto(page, '04-tendina-carrello');
    await page.keyboard.press('Escape');
    await hidden(tendina);

    // The Speed Checkout panel: the whole screen, a close button for a thumb.
    await page.getByRole('button', { name: /^Speed Checkout/ }).click();
    const pannello = page.getByRole('dialog', { name: 'Speed Checkout' });
    await visible(pannello);
    // Its slide-in done.
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState === 'finished'));
    const p = (await pannello.boundingBox())!;
    expect([p.x, p.y, p.width, p.height]).toEqual([0, 0, TELEFONO.width, TELEFONO.height]);
    // The panel takes the focus, not its search box: the keyboard it would raise covers the cart.
    expect(await pannello.evaluate((el) => el === document.activeElement)).toBe(true);
    await almeno44(pannello.getByRole('button', { name: 'Chiudi Speed Checkout' }));
    await visible(pannello.getByText(codice));
    await foto(page, '05-pannello');
    await pannello.getByRole('link', { name: 'Vai al checkout completo' }).click();

    // /checkout: the line as a card, its total and remove button in view, and the confirmation.
    await page.waitForURL('**/checkout');
    await hidden(pannello);
    const rimuovi = page.getByRole('button', { name: `Rimuovi ${codice} dal carrello` });
    await visible(rimuovi);
    expect(await rimuovi.isVisible()).toBe(true);
    await almeno44(rimuovi);
    const r = (await rimuovi.boundingBox())!;
    expect(r.x + r.width).toBeLessThanOrEqual(TELEFONO.width);
    await senzaScorrimentoLaterale(page, 'checkout');
    await foto(page, '06-checkout');
    await page.getByRole('button', { name: 'Conferma Ordine' }).click();
    const conferma = page.getByRole('dialog', { name: 'Conferma' });
    await visible(conferma);
    await foto(page, '07-conferma');
    await conferma.getByRole('button', { name: 'Conferma', exact: true }).click();
    await page.waitForURL('**/ordini');
    expect(await carrelloDi(page)).toEqual([]);

    // /ordini: the new order as a card, Totale, Stato and Dettaglio in view.
    const dettaglio = page.getByRole('button', { name: /^Dettaglio ordine #/ }).first();
    await visible(dettaglio);
    const d = (await dettaglio.boundingBox())!;
    expect(d.x + d.width).toBeLessThanOrEqual(TELEFONO.width);
    await senzaScorrimentoLaterale(page, 'ordini');
    await foto(page, '08-ordini');
  });

  it('no customer screen is wider than a phone', async () => {
    const schermi = [
      '/home2', '/prodotti', '/ricerca?stringaRicerca=trapano&start=0', '/marchi', '/novita-dispatcher', '/volantini',
      '/volantini-list', '/prodotti-volantino/1', '/catalogo', '/tabellecomparative', '/ordini', '/liste', '/checkout',
      '/contatti', '/mieidati',
    ];
    for (const s of schermi) {
      await page.goto(s);
      await visible(page.getByRole('heading', { level: 1 }));
      // Lists load after the heading: wait until no spinner is left.
      await page.waitForFunction(() => !document.querySelector('.spinner'));
      await senzaScorrimentoLaterale(page, s);
      await foto(page, `schermo${s.replace(/[/?=&]+/g, '-')}`);
    }
  });

  it('the order and document filters fold behind a Filtri button that counts those in use', async () => {
    for (const [indirizzo, nome] of [['/ordini', 'Filtri ordini'], ['/documenti', 'Filtri documenti']] as const) {
      await page.goto(indirizzo);
      await visible(page.getByRole('heading', { level: 1 }));
      const filtri = page.getByRole('form', { name: nome });
      const bottone = page.getByRole('button', { name: 'Filtri', exact: true });
      await visible(bottone);
      expect(await filtri.isVisible()).toBe(false);
      await almeno44(bottone);
      await bottone.click();
      await visible(filtri);
      await filtri.getByLabel('Dal').fill('2020-01-01');
      await filtri.getByRole('button', { name: 'Filtra' }).click();
      await page.waitForURL((u) => u.searchParams.get('dal') === '2020-01-01');
      await visible(page.getByRole('button', { name: 'Filtri 1 attivo' }));
      await foto(page, `filtri${indirizzo.replace('/', '-')}`);
    }
  });

  it('the flyer dots and arrows take a thumb and leave the flyer image uncovered', async () => {
    await page.goto('/home2');
    const carosello = page.getByRole('region', { name: 'Volantini' });
    const punti = carosello.getByRole('button', { name: /^Volantino \d+ di \d+/ });
    await visible(punti);
    for (const b of await punti.all()) await almeno44(b);
    const immagine = (await carosello.locator('.carousel-track').boundingBox())!;
    for (const nome of ['Volantino precedente', 'Volantino successivo']) {
      const freccia = carosello.getByRole('button', { name: nome });
      await almeno44(freccia);
      // Below the image, never over its text.
      expect((await freccia.boundingBox())!.y).toBeGreaterThanOrEqual(immagine.y + immagine.height);
    }
    const didascalia = (await carosello.locator('.carousel-caption').boundingBox())!;
    expect(didascalia.y).toBeGreaterThanOrEqual(immagine.y + immagine.height);
  });

  it('installable: the manifest and its icons are served, the service worker is registered', async () => {
    const manifest = await page.evaluate(async () => {
      const href = document.querySelector<HTMLLinkElement>('link[rel="manifest"]')?.href;
      if (!href) return null;
      const res = await fetch(href);
      return { tipo: res.headers.get('content-type'), corpo: await res.json() as { name: string; theme_color: string; icons: { src: string; sizes: string; purpose: string }[] } };
    });
    expect(manifest?.tipo).toMatch(/manifest\+json/);
    expect(manifest!.corpo.name).toMatch(/Ferramenta/);
    expect(manifest!.corpo.theme_color).toBe('#1f5fa6');
    expect(manifest!.corpo.icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const i of manifest!.corpo.icons) {
      const png = await page.evaluate(async (src) => {
        const res = await fetch(src);
        return { status: res.status, tipo: res.headers.get('content-type') };
      }, i.src);
      expect(png).toEqual({ status: 200, tipo: 'image/png' });
    }
    const attivo = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
    expect(attivo).toMatch(/\/sw\.js$/);
  });

  it('offline: the shop opens from the service worker, the cart is kept, an order cannot leave; back online it can', async () => {
    await page.goto(`/ricerca?stringaRicerca=${encodeURIComponent(codice)}&start=0`);
    await svuotaCarrello(page);
    const card = page.locator('article.pcard').filter({ hasText: codice }).first();
    await card.getByRole('spinbutton').fill('1');
    await card.getByRole('button', { name: 'Aggiungi al carrello' }).click();
    await visible(card.getByText('Nel carrello: 1'));
    // A page the worker controls (the first one loaded before it was active).
    await page.reload();
    expect(await page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);

    await page.context().setOffline(true);
    await page.reload();
    await visible(page.getByRole('button', { name: /^Speed Checkout · ordine veloce: 1 articolo/ }));
    await page.getByRole('button', { name: /^Speed Checkout/ }).click();
    const pannello = page.getByRole('dialog', { name: 'Speed Checkout' });
    await visible(pannello.getByText(codice));
    await pannello.getByRole('button', { name: 'Conferma Ordine' }).click();
    const avviso = page.getByRole('dialog', { name: 'Avviso' });
    await visible(avviso);
    expect(await avviso.textContent()).toContain("Sei offline: l'ordine non può essere inviato ora.");
    await foto(page, '10-offline');
    await avviso.getByRole('button', { name: 'OK' }).click();
    expect(await carrelloDi(page)).toEqual([expect.objectContaining({ codice_prodotto: codice, quantita: 1 })]);

    await page.context().setOffline(false);
    await page.reload();
    await visible(page.getByRole('button', { name: /^Speed Checkout · ordine veloce: 1 articolo/ }));
    expect(await carrelloDi(page)).toEqual([expect.objectContaining({ codice_prodotto: codice, quantita: 1 })]);
  });

  it('1366 and 768 px keep their layout: the main menu in view, no menu button, the tab at the right edge', async () => {
    for (const viewport of [{ width: 1366, height: 800 }, { width: 768, height: 1024 }]) {
      const grande = await newPage(viewport);
      try {
        await loginCliente(grande);
        await visible(grande.getByRole('navigation', { name: 'Menu principale' }).getByRole('link', { name: 'ORDINI' }));
        expect(await grande.getByRole('button', { name: 'Menu', exact: true }).isVisible()).toBe(false);
        const tab = (await grande.getByRole('button', { name: /^Speed Checkout/ }).boundingBox())!;
        expect(tab.x + tab.width).toBe(viewport.width);
        expect(tab.width).toBeLessThan(60);
        await visible(grande.getByRole('region', { name: 'Volantini' }).getByRole('button', { name: 'Volantino successivo' }));
        await senzaScorrimentoLaterale(grande, `home2 a ${viewport.width}`);
        await foto(grande, `home2-${viewport.width}`);
        await grande.goto('/ordini');
        await visible(grande.getByRole('columnheader', { name: 'Totale' }));
        await foto(grande, `ordini-${viewport.width}`);
      } finally {
        await grande.context().close();
      }
    }
  });
});
