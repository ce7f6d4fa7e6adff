import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, useBrowser } from './browser.js';
import { carrelloDi, senzaScorrimentoLaterale, submitLogin, svuotaCarrello, visible } from './helpers.js';
import { prodottoDaScansionare, videoEtichetta } from './video-codice.js';
import { portaleDiTest } from './portale.js';

// This file's own database, data folder and server (tests/e2e/portale.ts).
const portale = portaleDiTest();

/**
 * The shop under a finger (issue 38, docs/decisions/tocco-pointer-coarse.md): the agent in Mario's shop
 * on a touch tablet, 768×1024 and 1024×768, walks home, category, search, product, cart, quick order,
 * lists, orders and documents; every visible button, link, field and select is at least 44×44 px and no
 * page scrolls sideways. Then the scan-to-cart, in the agent's session, with a fake camera filming a
 * label (as tests/e2e/scansione.test.ts). Screenshots go to TOCCO_SCREENSHOTS_DIR, to look at.
 */
const PAOLO = { username: 'paolo.bianchi@ferramenta.local', password: 'Demo2024!' };
const FOTO = process.env.TOCCO_SCREENSHOTS_DIR ?? path.join(os.tmpdir(), 'portale-tocco-screenshots');
const CARTELLA = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-tocco-'));
const VIDEO = path.join(CARTELLA, 'etichetta.y4m');
const MINIMO = 44;

const sql = postgres(portale.databaseUrl, { max: 1, onnotice: () => {} });
/** A product sold by the piece with stock whose EAN-13 names it alone, and its category. */
let prodotto: Awaited<ReturnType<typeof prodottoDaScansionare>>;

beforeAll(async () => {
  prodotto = await prodottoDaScansionare(sql);
  await videoEtichetta(prodotto.ean, VIDEO);
});

afterAll(async () => {
  await sql.end();
  fs.rmSync(CARTELLA, { recursive: true, force: true });
});

/**
 * Every visible control inside `radice` smaller than 44 px either way, named. Exempt, as WCAG 2.5.5
 * does: a link inside a sentence, and a link whose same destination is also a large target on the page
 * ('Equivalent': a card's title under its photo). Not measured: visually hidden fields (a file input
 * behind its label), the skip link until focused, cards skipped by content-visibility (not drawn). A
 * checkbox or radio counts by its label.
 */
async function piccoli(page: Page, radice = 'body'): Promise<string[]> {
  return page.evaluate(({ minimo, radice }) => {
    const out = new Set<string>();
    const controlli = [...document.querySelector(radice)!.querySelectorAll<HTMLElement>('button, a[href], input:not([type=hidden]), select, textarea, summary, [role=button]')]
      .filter((el) => !el.classList.contains('skip-link') && el.checkVisibility({ contentVisibilityAuto: true, visibilityProperty: true }))
      .map((el) => {
        const spunta = el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio');
        return { el, b: (spunta ? el.closest('label') ?? el : el).getBoundingClientRect() };
      })
      .filter(({ b }) => (b.width > 1 || b.height > 1) && b.bottom > 0 && b.right > 0 && b.left < window.innerWidth);
    const grande = (b: DOMRect) => b.width >= minimo && b.height >= minimo;
    const destinazioniGrandi = new Set(controlli.filter(({ el, b }) => el instanceof HTMLAnchorElement && grande(b)).map(({ el }) => (el as HTMLAnchorElement).href));
    for (const { el, b } of controlli) {
      if (grande(b)) continue;
      if (el instanceof HTMLAnchorElement) {
        if (destinazioniGrandi.has(el.href)) continue;
        const frase = el.parentElement?.textContent?.trim() ?? '';
        if (getComputedStyle(el).display === 'inline' && frase !== el.textContent?.trim()) continue;
      }
      {
        const nome = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30);
        out.add(`${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${nome}" ${Math.round(b.width)}×${Math.round(b.height)}`);
      }
    }
    return [...out];
  }, { minimo: MINIMO, radice });
}

/** The page is drawn and nothing is still loading. */
async function pronta(page: Page): Promise<void> {
  await visible(page.getByRole('heading', { level: 1 }));
  await page.waitForFunction(() => !document.querySelector('.spinner'));
  await page.evaluate(() => document.fonts.ready);
}

/** Logs Paolo in and enters Mario's client from his portfolio. */
async function entraDaMario(page: Page): Promise<void> {
  await submitLogin(page, '/', PAOLO);
  await page.waitForURL('**/agente');
  await page.locator('tr').filter({ hasText: 'Ferramenta Rossi S.n.c.' }).getByRole('button', { name: 'Entra come cliente' }).click();
  await page.waitForURL('**/home2');
  await visible(page.getByTestId('banner-agente'));
}

describe.runIf(hasBrowser())("the shop on a touch tablet, in the agent's session", () => {
  const { newPage } = useBrowser({
    tocco: true,
    args: ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${VIDEO}`],
  });

  for (const finestra of [{ width: 768, height: 1024 }, { width: 1024, height: 768 }]) {
    it(`${finestra.width}×${finestra.height}: every control of every shop page is at least ${MINIMO} px, and none scrolls sideways`, async () => {
      fs.mkdirSync(FOTO, { recursive: true });
      const page = await newPage(finestra);
      await entraDaMario(page);
      // The touch context is what makes the 44 px rules apply (web/shop/layout/tocco.css).
      expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(true);
      await svuotaCarrello(page);
      const difetti: string[] = [];
      const misura = async (nome: string) => {
        await pronta(page);
        for (const p of await piccoli(page)) difetti.push(`${nome}: ${p}`);
        await senzaScorrimentoLaterale(page, `${finestra.width}: ${nome}`);
        await page.screenshot({ path: path.join(FOTO, `${finestra.width}-${nome}.png`) });
      };
      const vai = async (nome: string, url: string) => {
        await page.goto(url);
        await misura(nome);
      };

      await misura('home');
      await vai('categoria', `/categoria/${encodeURIComponent(prodotto.cod_cat)}/${encodeURIComponent(prodotto.categoria)}`);
      await vai('ricerca', `/ricerca?stringaRicerca=${encodeURIComponent(prodotto.codice_prodotto)}&start=0`);
      const card = page.locator('article.pcard').filter({ hasText: prodotto.codice_prodotto }).first();
      await card.getByRole('spinbutton').fill('1');
      await card.getByRole('button', { name: 'Aggiungi al carrello' }).tap();
      await visible(card.getByText('Nel carrello: 1'));
      await card.locator('.pcard-title a').tap();
      await page.waitForURL('**/prodotto**');
      await misura('prodotto');
      await vai('carrello', '/checkout');
      await visible(page.getByText(prodotto.codice_prodotto).first());
      await misura('carrello');
      for (const [nome, url] of [['ordine-rapido', '/ordine-rapido'], ['documenti', '/documenti'], ['liste', '/liste']]) {
        await vai(nome!, url!);
      }
      // Lists are the user's own (docs/regole/liste.md): the agent makes one in the customer's shop.
      const lista = `Tocco ${finestra.width}`;
      await page.getByLabel(/^Nome lista/).fill(lista);
      await page.getByRole('button', { name: 'Crea lista' }).tap();
      await page.locator('a.liste-link').filter({ hasText: lista }).tap();
      await page.waitForURL('**/liste/dettaglio**');
      await misura('lista-dettaglio');
      await vai('ordini', '/ordini');
      await page.getByRole('button', { name: /^Dettaglio ordine #/ }).first().tap();
      await page.waitForURL('**/ordini/dettaglio**');
      await misura('ordine-dettaglio');
      expect(difetti, `controlli sotto i ${MINIMO} px:\n${difetti.join('\n')}`).toEqual([]);
      await svuotaCarrello(page);
      await page.close();
    });
  }

  it("the scan-to-cart opens in the agent's session and fills the customer's cart", async () => {
    const page = await newPage({ width: 768, height: 1024 });
    await entraDaMario(page);
    await svuotaCarrello(page);
    await page.getByRole('search').getByRole('button', { name: 'Scansiona codice a barre' }).tap();
    const d = page.getByRole('dialog', { name: 'Scansiona codice a barre' });
    await visible(d.getByText(`letto ${prodotto.ean}`), 30_000);
    expect(await d.textContent()).toContain(prodotto.codice_prodotto);
    expect(await piccoli(page, '[role=dialog]'), 'scansione').toEqual([]);
    await page.screenshot({ path: path.join(FOTO, '768-scansione.png') });
    await d.getByLabel('Quantità').fill('2');
    await d.getByRole('button', { name: 'Aggiungi al carrello' }).tap();
    await visible(d.getByText(`2 × ${prodotto.codice_prodotto} aggiunto al carrello.`));
    expect(await carrelloDi(page)).toEqual([expect.objectContaining({ codice_prodotto: prodotto.codice_prodotto, quantita: 2 })]);
    // The line is in the cart of Paolo in Mario's client, on the server (docs/regole/ordini.md#cart).
    await expect.poll(async () => (await sql<{ q: number }[]>`
      SELECT r.quantita AS q FROM carrelli c JOIN carrelli_righe r ON r.carrello_id = c.id JOIN prodotti p ON p.id = r.prodotto_id
      JOIN utenti u ON u.id = c.utente_id JOIN clienti k ON k.id = c.cliente_id
      WHERE u.username = ${PAOLO.username} AND k.codice = '001001' AND p.codice_prodotto = ${prodotto.codice_prodotto}`)[0]?.q ?? 0).toBe(2);
    await page.keyboard.press('Escape');
    await svuotaCarrello(page);
    await page.close();
  });
});
