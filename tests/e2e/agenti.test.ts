import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import postgres from 'postgres';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, useBrowser } from './browser.js';
import { senzaScorrimentoLaterale, submitLogin, svuotaCarrello, visible } from './helpers.js';
import { portaleDiTest } from './portale.js';

// This file's own database, data folder and server (tests/e2e/portale.ts).
const portale = portaleDiTest();

/**
 * Sales agents (docs/regole/agenti.md) on a tablet, at 768 and 1024 px in both orientations: Paolo
 * logs in, finds a customer in his portfolio, opens its page, enters as the customer, orders with
 * the banner always there, and leaves; the order records him. Screenshots of every step go to
 * AGENTI_SCREENSHOTS_DIR (default /tmp/shots-ag), to look at.
 */
const PAOLO = { username: 'paolo.bianchi@ferramenta.local', password: 'Demo2024!' };
const FOTO = process.env.AGENTI_SCREENSHOTS_DIR ?? '/tmp/shots-ag';

async function foto(page: Page, nome: string): Promise<void> {
  fs.mkdirSync(FOTO, { recursive: true });
  await page.screenshot({ path: path.join(FOTO, `${nome}.png`) });
}

/** A product Mario's client can order one of: in stock, sold one by one, with a list 1 price. */
async function prodotto(): Promise<string> {
  const sql = postgres(portale.databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const [p] = await sql<{ codice: string }[]>`
      SELECT p.codice_prodotto AS codice FROM prodotti p JOIN giacenze g ON g.prodotto_id = p.id
      JOIN prodotti_prezzi lp ON lp.prodotto_id = p.id AND lp.listino = 1
      WHERE p.multiplo = 1 AND p.minimo = 1 AND g.disponibilita >= 50 AND p.status = 0 AND p.deleted_at IS NULL
        AND p.codice_prodotto ~ '^[A-Z0-9]{2}-[0-9]+$'
      ORDER BY p.id LIMIT 1`;
    return p!.codice;
  } finally {
    await sql.end();
  }
}

/** Fails naming every button, link or field of the agent's page smaller than a 44 px touch target. */
async function piccoli(page: Page, dove: string): Promise<void> {
  const troppo = await page.evaluate(() => Array.from(document.querySelectorAll('.agenti-header button, .agenti-header a, .agenti-pagina button, .agenti-pagina a, .agenti-pagina input:not([type=checkbox]), .agenti-pagina select'))
    .map((el) => ({ el, b: el.getBoundingClientRect() }))
    .filter(({ b }) => b.width > 0 && (b.height < 44 || b.width < 44))
    .map(({ el, b }) => `${(el.textContent ?? '').trim().slice(0, 30)} ${Math.round(b.width)}×${Math.round(b.height)}`));
  expect(troppo, dove).toEqual([]);
}

async function ordiniDiPaolo(): Promise<{ id: number; inserito_da_agente: string | null; cliente_codice: string }[]> {
  const sql = postgres(portale.databaseUrl, { max: 1, onnotice: () => {} });
  try {
    return await sql`SELECT o.id, o.inserito_da_agente, o.cliente_codice FROM ordini o JOIN utenti u ON u.id = o.utente_id
      WHERE u.username = ${PAOLO.username} AND o.cliente_codice = '001001' ORDER BY o.id`;
  } finally {
    await sql.end();
  }
}

describe.runIf(hasBrowser())('a sales agent on a tablet', () => {
  const { newPage } = useBrowser();
  let codice = '';
  beforeAll(async () => {
    codice = await prodotto();
  });

  for (const [vista, viewport] of [
    // A 768 px tablet upright and on its side (1024 wide), a 1024 px one upright and on its side (1366 wide).
    ['768', { width: 768, height: 1024 }], ['1024', { width: 1024, height: 768 }],
    ['1024-verticale', { width: 1024, height: 1366 }], ['1366-orizzontale', { width: 1366, height: 1024 }],
  ] as const) {
    it(`at ${vista}: logs in, finds a customer, enters, orders, leaves`, async () => {
      const page = await newPage(viewport);
      const prima = (await ordiniDiPaolo()).length;
      await submitLogin(page, '/', PAOLO);
      await page.waitForURL('**/agente');
      await visible(page.getByRole('heading', { level: 1, name: 'I miei clienti' }));
      await visible(page.getByText(/\d+ clienti · \d+ senza ordini da 60 giorni/));
      // 43 customers: Mario's, Giulia's two and the 40 generated ones; some not ordering for 60 days.
      await expect.poll(() => page.locator('table.agenti-tabella tbody tr').count()).toBe(43);
      expect(await page.getByText('Nessun ordine da 60 giorni').count()).toBeGreaterThan(0);
      await senzaScorrimentoLaterale(page, `${vista}: portafoglio`);
      await foto(page, `${vista}-01-portafoglio`);

      await page.getByLabel('Cerca per nome, codice o città').fill('rossi');
      const riga = page.locator('table.agenti-tabella tbody tr').filter({ hasText: 'Ferramenta Rossi S.n.c.' });
      await visible(riga);
      await page.getByRole('button', { name: 'Ordina per fatturato anno' }).click();
      await foto(page, `${vista}-02-ricerca`);

      await riga.getByRole('link', { name: 'Ferramenta Rossi S.n.c.' }).click();
      await page.waitForURL('**/agente/cliente?**');
      await visible(page.getByRole('heading', { level: 1, name: 'Ferramenta Rossi S.n.c.' }));
      await visible(page.getByRole('heading', { name: 'Prodotti più ordinati' }));
      await senzaScorrimentoLaterale(page, `${vista}: cliente`);
      await foto(page, `${vista}-03-cliente`);

      await page.getByRole('button', { name: 'Entra come cliente' }).click();
      await page.waitForURL('**/home2');
      const banner = page.getByTestId('banner-agente');
      await visible(banner);
      expect(await banner.textContent()).toContain('Stai ordinando per Ferramenta Rossi S.n.c.');
      await senzaScorrimentoLaterale(page, `${vista}: negozio del cliente`);
      await foto(page, `${vista}-04-negozio`);

      await svuotaCarrello(page);
      await page.goto(`/ricerca?stringaRicerca=${encodeURIComponent(codice)}&start=0`);
      const card = page.locator('article.pcard').filter({ hasText: codice }).first();
      await card.getByRole('spinbutton').fill('2');
      await card.getByRole('button', { name: 'Aggiungi al carrello' }).click();
      await visible(card.getByText('Nel carrello: 2'));
      // The banner stays in view however far the page is scrolled.
      await page.mouse.wheel(0, 2000);
      await visible(banner);
      await page.goto('/checkout');
      await visible(banner);
      await page.getByRole('button', { name: 'Conferma Ordine' }).first().click();
      const domanda = page.getByRole('dialog');
      await visible(domanda);
      await domanda.getByRole('button', { name: 'Conferma', exact: true }).click();
      await page.waitForURL('**/ordini');
      await senzaScorrimentoLaterale(page, `${vista}: ordini`);
      await foto(page, `${vista}-05-ordinato`);
      const dopo = await ordiniDiPaolo();
      expect(dopo).toHaveLength(prima + 1);
      expect(dopo.at(-1)).toMatchObject({ inserito_da_agente: 'Paolo Bianchi', cliente_codice: '001001' });
      await page.goto(`/ordini/dettaglio?id=${dopo.at(-1)!.id}`);
      await visible(page.getByText("Inserito dall'agente"));
      await foto(page, `${vista}-06-dettaglio`);

      await banner.getByRole('button', { name: 'Esci' }).click();
      await page.waitForURL('**/agente');
      await visible(page.getByRole('heading', { level: 1, name: 'I miei clienti' }));
      expect(await page.getByTestId('banner-agente').count()).toBe(0);
    });
  }

  it('the portfolio at 390 and 1366 px', async () => {
    for (const [vista, viewport] of [['390', { width: 390, height: 844 }], ['1366', { width: 1366, height: 800 }]] as const) {
      const page = await newPage(viewport);
      await submitLogin(page, '/', PAOLO);
      await page.waitForURL('**/agente');
      await expect.poll(() => page.locator('table.agenti-tabella tbody tr').count()).toBe(43);
      await senzaScorrimentoLaterale(page, `${vista}: portafoglio`);
      await foto(page, `${vista}-portafoglio`);
      await page.close();
    }
  });
  it("one tap on a usual product at 768 and 1024 px: the usual quantity into the client's cart once a tap; commissions only where the ERP sent them; touch targets of 44 px", async () => {
    const sql = postgres(portale.databaseUrl, { max: 1, onnotice: () => {} });
    const nelCarrello = async (prodotto: string) => (await sql<{ q: number }[]>`
      SELECT r.quantita AS q FROM carrelli c JOIN carrelli_righe r ON r.carrello_id = c.id JOIN prodotti p ON p.id = r.prodotto_id
      JOIN utenti u ON u.id = c.utente_id JOIN clienti k ON k.id = c.cliente_id
      WHERE u.username = ${PAOLO.username} AND k.codice = '001001' AND p.codice_prodotto = ${prodotto}`)[0]?.q ?? 0;
    try {
      for (const viewport of [{ width: 768, height: 1024 }, { width: 1024, height: 768 }]) {
        const page = await newPage(viewport);
        await submitLogin(page, '/', PAOLO);
        await page.waitForURL('**/agente');
        // The demo agent's commissions (from the ERP): the totals on the portfolio.
        await visible(page.getByRole('region', { name: 'Le tue provvigioni' }));
        await piccoli(page, `${viewport.width}: portafoglio`);
        await page.getByRole('link', { name: 'Ferramenta Rossi S.n.c.' }).click();
        await visible(page.getByRole('heading', { name: 'Prodotti più ordinati' }));
        // None on Mario's client: no section.
        expect(await page.getByRole('heading', { name: 'Provvigioni', exact: true }).count()).toBe(0);
        await piccoli(page, `${viewport.width}: cliente`);
        const riga = page.locator('tr').filter({ has: page.getByRole('button', { name: /^Metti nel carrello/ }) }).first();
        const prodotto = (await riga.locator('.codice').first().textContent())!.trim();
        const qt = Number((await riga.getByRole('button', { name: /^Metti nel carrello/ }).textContent())!.replace(/\D/g, ''));
        const prima = await nelCarrello(prodotto);
        // Two taps in a row: each adds the usual quantity once.
        const bottone = riga.getByRole('button', { name: /^Metti nel carrello/ });
        await bottone.click();
        await bottone.click();
        await visible(page.getByText(/nel carrello di Ferramenta Rossi S\.n\.c\./).first());
        await expect.poll(() => nelCarrello(prodotto)).toBe(prima + 2 * qt);
        await foto(page, `${viewport.width}-tocco`);
        // The session entered the client: its shop's cart shows the product.
        await page.goto('/checkout');
        await visible(page.getByTestId('banner-agente'));
        await visible(page.getByText(prodotto).first());
        await senzaScorrimentoLaterale(page, `${viewport.width}: carrello`);
        await page.getByTestId('banner-agente').getByRole('button', { name: 'Esci' }).click();
        await page.waitForURL('**/agente');
        // A generated customer of his with commissions: the section and its documents.
        await page.getByRole('link', { name: 'Agraria Neri S.n.c.' }).click();
        await visible(page.getByRole('heading', { name: 'Provvigioni', exact: true }));
        await visible(page.getByRole('table', { name: 'Provvigioni' }));
        await senzaScorrimentoLaterale(page, `${viewport.width}: provvigioni`);
        await foto(page, `${viewport.width}-provvigioni`);
        await page.close();
      }
    } finally {
      await sql.end();
    }
  });
});
