import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import postgres from 'postgres';
import { beforeAll, describe, expect, it } from 'vitest';
import { testoPdf } from '../support/pdf.js';
import { hasBrowser, useBrowser } from './browser.js';
import { carrelloDi, loginCliente, senzaScorrimentoLaterale, svuotaCarrello, visible } from './helpers.js';
import { portaleDiTest } from './portale.js';

// This file's own database, data folder and server (tests/e2e/portale.ts).
const portale = portaleDiTest();

/**
 * The installer's quote to their own customer (docs/regole/preventivi-cliente.md), at 1366 and 390
 * px: Mario puts a product in the cart, makes a quote of it for his customer from the cart, adds
 * labour, saves, sees the totals with the VAT split, and opens the PDF (its text checked); the
 * demo's quote shows the beni significativi rule. Screenshots go to PREVENTIVI_CLIENTE_SCREENSHOTS_DIR
 * (default /tmp/shots-pc), to look at.
 */
const FOTO = process.env.PREVENTIVI_CLIENTE_SCREENSHOTS_DIR ?? '/tmp/shots-pc';

async function foto(page: Page, nome: string, dove?: Locator): Promise<void> {
  fs.mkdirSync(FOTO, { recursive: true });
  await dove?.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(FOTO, `${nome}.png`) });
}

/** A product on sale by the piece, with stock, and Mario's net price for it. */
async function prodotto(): Promise<{ codice: string; nome: string }> {
  const sql = postgres(portale.databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const [p] = await sql<{ codice: string; nome: string }[]>`
      SELECT p.codice_prodotto AS codice, coalesce(nullif(p.titolo_portale, ''), p.descrizione1) AS nome
      FROM prodotti p JOIN giacenze g ON g.prodotto_id = p.id JOIN prodotti_prezzi lp ON lp.prodotto_id = p.id AND lp.listino = 1
      WHERE p.multiplo = 1 AND p.minimo = 1 AND g.disponibilita >= 10 AND p.status = 0 AND p.deleted_at IS NULL
        AND lp.prezzo BETWEEN 20 AND 200 AND p.codice_prodotto ~ '^[A-Z0-9]{2}-[0-9]+$'
      ORDER BY p.id LIMIT 1`;
    if (!p) throw new Error('nessun prodotto demo');
    return p;
  } finally {
    await sql.end();
  }
}

async function aggiungi(page: Page, codice: string, quantita: number): Promise<void> {
  await page.goto(`/ricerca?stringaRicerca=${encodeURIComponent(codice)}&start=0`);
  const card = page.locator('article.pcard').filter({ hasText: codice }).first();
  await card.getByRole('spinbutton').fill(String(quantita));
  await card.getByRole('button', { name: 'Aggiungi al carrello' }).click();
  await visible(card.getByText(`Nel carrello: ${quantita}`));
}

/** The PDF the page's 'Apri PDF' opens, fetched with the page's session, as text. */
async function pdfDi(page: Page): Promise<string> {
  const href = await page.getByRole('link', { name: 'Apri PDF' }).getAttribute('href');
  const res = await page.request.get(new URL(href!, page.url()).href);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/pdf');
  // A long description wraps in its cell: its words are compared, not its line breaks.
  return (await testoPdf(await res.body())).join('\n').replace(/\s+/g, ' ');
}

describe.runIf(hasBrowser())("the installer's quote to their customer", () => {
  const { newPage } = useBrowser();
  let p = { codice: '', nome: '' };

  beforeAll(async () => {
    p = await prodotto();
  });

  for (const [vista, viewport] of [['1366', { width: 1366, height: 800 }], ['390', { width: 390, height: 844 }]] as const) {
    it(`at ${vista} px: from the cart, labour added, saved, totals with the VAT split, the PDF in Italian`, async () => {
      const page = await newPage(viewport);
      await loginCliente(page);
      await svuotaCarrello(page);
      await aggiungi(page, p.codice, 3);
      await page.goto('/checkout');
      const crea = page.getByRole('button', { name: 'Crea preventivo per un cliente' });
      await visible(crea);
      await foto(page, `${vista}-01-carrello`, crea);
      await crea.click();
      await page.waitForURL('**/preventivi-cliente/dettaglio?id=*');
      await visible(page.getByRole('heading', { level: 1, name: /^Preventivo n\. \d{4}\/\d+$/ }));
      const voce1 = page.getByRole('listitem', { name: 'Voce 1', exact: true });
      await visible(voce1.getByText(p.codice));
      expect(await voce1.getByLabel('Quantità').inputValue()).toBe('3');

      await page.getByLabel('Nome del cliente').fill('Condominio Le Rose');
      await page.getByLabel('Indirizzo').first().fill('Via dei Mille 5, Bergamo');
      await page.getByLabel('Ricarico generale %').fill('20');
      await page.getByRole('button', { name: 'Aggiungi manodopera' }).click();
      const voce2 = page.getByRole('listitem', { name: 'Voce 2', exact: true });
      await voce2.getByLabel('Descrizione').fill('Posa in opera');
      await voce2.getByLabel('Ore').fill('2,5');
      await voce2.getByLabel('Tariffa oraria €').fill('40');
      await visible(voce2.getByText('100,00\u00a0€'));
      await senzaScorrimentoLaterale(page, `${vista}: editor`);
      await foto(page, `${vista}-02-editor`, voce2);
      await page.getByRole('button', { name: 'Salva', exact: true }).click();
      await visible(page.getByText('Preventivo salvato.'));
      const totali = page.getByRole('region', { name: 'Totali' });
      await visible(totali.getByText(/IVA 10 % su 100,00/));
      await visible(totali.getByText(/IVA 22 % su/));
      await foto(page, `${vista}-03-totali`, totali);

      const testo = await pdfDi(page);
      for (const atteso of ['Preventivo', 'Condominio Le Rose', 'Via dei Mille 5, Bergamo', 'Manodopera: Posa in opera', p.nome, 'RIEPILOGO IVA', 'Totale']) {
        expect(testo).toContain(atteso.replace(/\s+/g, ' '));
      }
      expect(testo).not.toMatch(/margine|costo/i);

      await page.getByRole('button', { name: 'Segna come inviato' }).click();
      await visible(page.getByText('Solo un preventivo in bozza si modifica', { exact: false }));
      await foto(page, `${vista}-04-inviato`);

      // Accepted: its articles back in the cart at today's prices, in this page's cart too.
      await svuotaCarrello(page);
      await page.getByRole('button', { name: 'Accettato dal cliente' }).click();
      await page.getByRole('button', { name: 'Metti nel carrello' }).click();
      await visible(page.getByText('1 articolo messo nel carrello ai prezzi di oggi (non a quelli del preventivo).'));
      await expect.poll(async () => (await carrelloDi(page)).map((r) => [r.codice_prodotto, r.quantita])).toEqual([[p.codice, 3]]);
    });
  }

  it('at 390 px: Anna, who may not see net prices, has no menu entry and the page says why; Mario has it', async () => {
    const anna = await newPage({ width: 390, height: 844 });
    await loginCliente(anna, { username: 'anna.neri@ferramentarossi.it', password: 'Demo2024!' });
    await anna.getByRole('button', { name: /^Profilo di Anna/ }).click();
    await visible(anna.getByRole('menuitem', { name: 'I miei ordini' }));
    expect(await anna.getByRole('menuitem', { name: 'Preventivi ai clienti' }).count()).toBe(0);
    await anna.keyboard.press('Escape');
    await anna.goto('/preventivi-cliente');
    await visible(anna.getByText('Non sei abilitato a vedere i prezzi netti', { exact: false }));
    await foto(anna, '390-07-anna');
    const mario = await newPage({ width: 390, height: 844 });
    await loginCliente(mario);
    await mario.getByRole('button', { name: /^Profilo di Mario/ }).click();
    await mario.getByRole('menuitem', { name: 'Preventivi ai clienti' }).click();
    await visible(mario.getByRole('heading', { level: 1, name: 'Preventivi ai clienti' }));
  });

  it('at 390 px: from one of his lists, each product once at its net price', async () => {
    const page = await newPage({ width: 390, height: 844 });
    await loginCliente(page);
    await page.goto('/liste');
    await page.locator('a.liste-link').first().click();
    await page.waitForURL('**/liste/dettaglio**');
    const crea = page.getByRole('button', { name: 'Crea preventivo per un cliente' });
    await visible(crea);
    await senzaScorrimentoLaterale(page, '390: lista');
    await foto(page, '390-08-lista');
    await crea.click();
    await page.waitForURL('**/preventivi-cliente/dettaglio?id=*');
    const voce1 = page.getByRole('listitem', { name: 'Voce 1', exact: true });
    await visible(voce1);
    expect(await voce1.getByLabel('Quantità').inputValue()).toBe('1');
    expect(await voce1.getByLabel('Costo €').inputValue()).toMatch(/^\d+(,\d+)?$/);
  });

  it("at 1366 px: the demo's quote shows the beni significativi split; the list shows it", async () => {
    const page = await newPage();
    await loginCliente(page);
    await page.goto('/preventivi-cliente');
    const voce = page.getByRole('link', { name: /Famiglia Esposito/ });
    await visible(voce);
    await foto(page, '1366-05-elenco');
    await voce.click();
    await page.waitForURL('**/preventivi-cliente/dettaglio?id=*');
    const nota = page.getByLabel('Beni significativi');
    await visible(nota);
    expect(await nota.textContent()).toMatch(/al 10 % [\d.,]+\s€, al 22 % [\d.,]+\s€/);
    await foto(page, '1366-06-demo-beni', nota);
    expect(await pdfDi(page)).toContain('Beni significativi');
  });
});
