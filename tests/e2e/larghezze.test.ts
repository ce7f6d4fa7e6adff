import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import postgres from 'postgres';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, useBrowser } from './browser.js';
import { GIULIA, loginCliente, submitLogin, visible } from './helpers.js';
import { portaleDiTest } from './portale.js';

// This file's own database, data folder and server (tests/e2e/portale.ts).
const portale = portaleDiTest();

/**
 * No customer screen is wider than its window at 1366, 768 and 390 px (issue 35: a card's pack rule
 * that could not wrap made the whole page pan sideways). Every screen a customer reaches, as Mario
 * with a product sold in packs in his search and cart, and Giulia's dispatcher. Screenshots of each
 * go to LARGHEZZE_SCREENSHOTS_DIR (default: portale-larghezze-screenshots in the system's temporary
 * folder), to look at.
 */

const FINESTRE = [
  { width: 1366, height: 768 },
  { width: 768, height: 1024 },
  { width: 390, height: 844 },
];
const FOTO = process.env.LARGHEZZE_SCREENSHOTS_DIR ?? path.join(os.tmpdir(), 'portale-larghezze-screenshots');

interface Dati {
  /** A product sold by tens from 20, with stock: its card carries 'Multipli di 10, minimo 20'. */
  confezioni: string;
  /** Its category, for the category page. */
  categoria: { codice: string; nome: string };
}

async function datiDemo(): Promise<Dati> {
  const sql = postgres(portale.databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const [r] = await sql<{ codice: string; cod_cat: string; nome: string }[]>`
      SELECT p.codice_prodotto AS codice, c.cod_cat, c.nome FROM prodotti p
        JOIN giacenze g ON g.prodotto_id = p.id JOIN categorie c ON c.id = p.categoria_id
      WHERE p.multiplo = 10 AND p.minimo = 20 AND g.disponibilita >= 60 AND p.status = 0 AND p.deleted_at IS NULL
      ORDER BY p.id LIMIT 1`;
    if (!r) throw new Error('nessun prodotto demo a confezioni');
    return { confezioni: r.codice, categoria: { codice: r.cod_cat, nome: r.nome } };
  } finally {
    await sql.end();
  }
}

/** The page's heading is drawn and nothing is still loading (a card's list can start after the page's own). */
async function pronta(page: Page): Promise<void> {
  await visible(page.getByRole('heading', { level: 1 }));
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => !document.querySelector('.spinner'));
}

/** How much wider than the window the page is (0 when it fits), after its screenshot. */
async function eccesso(page: Page, nome: string, larghezza: number): Promise<number> {
  fs.mkdirSync(FOTO, { recursive: true });
  await page.screenshot({ path: path.join(FOTO, `${larghezza}-${nome}.png`) });
  return page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
}

/**
 * The screens whose lists show every column without scrolling at every width (DataTable's cards up
 * to a tablet where the columns do not fit): an order's state and total, a line's total, a person's
 * actions must never hide past the box's edge.
 */
const LISTE_INTERE = ['ordini', 'ordine-dettaglio', 'ordine-rapido', 'la-mia-azienda', 'preventivi', 'preventivo-offerta'];

/** The lists (DataTable) whose columns run past their box, so that some must be scrolled to: their names and excess. */
async function tabelleStrette(page: Page): Promise<string[]> {
  return page.evaluate(() => [...document.querySelectorAll<HTMLElement>('.data-table-scroll')]
    .filter((box) => box.scrollWidth > box.clientWidth + 1)
    .map((box) => `${box.querySelector('caption')?.textContent ?? '?'} +${box.scrollWidth - box.clientWidth} px`));
}

describe.runIf(hasBrowser())('no customer page is wider than its window', () => {
  const { newPage } = useBrowser();
  let dati: Dati;

  beforeAll(async () => {
    dati = await datiDemo();
  });

  for (const finestra of FINESTRE) {
    it(`${finestra.width}×${finestra.height}: every screen of Mario's fits the width`, async () => {
      const page = await newPage(finestra);
      const larghe: string[] = [];
      const tabelle: string[] = [];
      const controlla = async (nome: string) => {
        await pronta(page);
        const px = await eccesso(page, nome, finestra.width);
        if (px > 0) larghe.push(`${nome} (+${px} px)`);
        if (LISTE_INTERE.includes(nome)) for (const t of await tabelleStrette(page)) tabelle.push(`${nome}: ${t}`);
      };
      const vai = async (nome: string, url: string) => {
        await page.goto(url);
        await controlla(nome);
      };
      try {
        await loginCliente(page);
        await controlla('home2');
        await vai('categoria', `/categoria/${encodeURIComponent(dati.categoria.codice)}/${encodeURIComponent(dati.categoria.nome)}`);

        // The product sold in packs in the search, added to the cart (25 rounded up to 30).
        await vai('ricerca', `/ricerca?stringaRicerca=${encodeURIComponent(dati.confezioni)}&start=0`);
        const card = page.locator('article.pcard').filter({ has: page.getByText(dati.confezioni, { exact: true }) }).first();
        await visible(card.getByText('Multipli di 10, minimo 20'));
        await card.getByRole('spinbutton', { name: `Quantità ${dati.confezioni}` }).fill('25');
        await card.getByRole('button', { name: 'Aggiungi al carrello' }).click();
        await visible(card.getByText('Nel carrello: 30'));
        await controlla('ricerca-aggiunto');
        await card.locator('.pcard-title a').click();
        await page.waitForURL('**/prodotto**');
        await controlla('prodotto');

        await vai('checkout', '/checkout');
        await vai('ordine-rapido', '/ordine-rapido');
        await vai('ordini', '/ordini');
        await page.getByRole('button', { name: /^Dettaglio ordine #/ }).first().click();
        await page.waitForURL('**/ordini/dettaglio**');
        await controlla('ordine-dettaglio');
        await vai('documenti', '/documenti');
        const fattura = page.getByRole('link', { name: /^FatturaPA:/ }).first();
        if (await fattura.count() > 0) {
          await fattura.click();
          await page.waitForURL('**/documenti/fattura**');
          await controlla('fattura');
        }
        await vai('liste', '/liste');
        await page.locator('a.liste-link').first().click();
        await page.waitForURL('**/liste/dettaglio**');
        await controlla('lista-dettaglio');
        for (const [nome, url] of [
          ['listino', '/listino'], ['situazione-contabile', '/situazione-contabile'], ['mieidati', '/mieidati'],
          ['contatti', '/contatti'], ['marchi', '/marchi'], ['novita-dispatcher', '/novita-dispatcher'], ['novita', '/novita'],
          ['novitaprodotti', '/novitaprodotti'], ['nuovi-inserimenti', '/nuovi-inserimenti'], ['volantini', '/volantini'],
          ['volantini-list', '/volantini-list'], ['prodotti-volantino', '/prodotti-volantino/1'], ['catalogo', '/catalogo'],
          ['tabellecomparative', '/tabellecomparative'], ['prodotti', '/prodotti'],
          // Mario is his client's Titolare: his people, and the demo's order of Luca's waiting for him.
          ['la-mia-azienda', '/la-mia-azienda'], ['approvazioni', '/approvazioni'],
          // Mario's returns (the demo's two: one authorised, one closed with its credit note).
          ['resi', '/resi'],
          // Quotes (issue 37): the list, the demo's answered one waiting for Mario (id 3), the request from the cart.
          ['preventivi', '/preventivi'], ['preventivo-offerta', '/preventivi/dettaglio?id=3'], ['preventivo-richiesta', '/preventivi/richiedi'],
          // His quotes to his own customers: the list, the demo's quote (the only one, id 1) and the header.
          ['preventivi-cliente', '/preventivi-cliente'], ['preventivo-cliente', '/preventivi-cliente/dettaglio?id=1'],
          ['preventivi-cliente-intestazione', '/preventivi-cliente/intestazione'],
        ] as const) await vai(nome, url);
      } finally {
        await page.context().close();
      }
      expect(larghe, `pagine più larghe della finestra a ${finestra.width} px`).toEqual([]);
      expect(tabelle, `elenchi con colonne fuori dal riquadro a ${finestra.width} px`).toEqual([]);
      // About thirty screens with their pictures: past the e2e project's 60 s on a busy 2-core machine.
    }, 180_000);
  }

  it("Giulia's dispatcher fits every width, and 'Cambia azienda' is in her profile menu at every width", async () => {
    for (const finestra of FINESTRE) {
      const page = await newPage(finestra);
      try {
        await submitLogin(page, '/', GIULIA);
        await page.waitForURL('**/dispatcher');
        await visible(page.getByRole('button', { name: 'Entra' }));
        expect(await eccesso(page, 'dispatcher', finestra.width), `dispatcher a ${finestra.width} px`).toBeLessThanOrEqual(0);
        await page.getByRole('button', { name: 'Entra' }).first().click();
        await page.waitForURL('**/home2');
        await page.getByRole('button', { name: /^Profilo di / }).click();
        await page.getByRole('menuitem', { name: 'Cambia azienda' }).click();
        await page.waitForURL('**/dispatcher');
        await visible(page.getByRole('button', { name: 'Entra' }));
      } finally {
        await page.context().close();
      }
    }
  });
});
