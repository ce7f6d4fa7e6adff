import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, useBrowser } from './browser.js';
import { ADMIN, formatImporto, hidden, loginCliente, submitLogin, visible } from './helpers.js';
import { portaleDiTest } from './portale.js';

// This file's own database, data folder and server (tests/e2e/portale.ts).
const portale = portaleDiTest();

/**
 * What mario sees after an admin's change and in a price display mode: a product whose main photo
 * was taken away shows its first photo (docs/regole/catalogo.md#product-media); the doubled mode says
 * so and leaves /ordini at the amounts ordered (#price-mode); a category disabled while he is in the
 * shop leaves his menu, its old link says so plainly, and search no longer finds its products
 * (#disabled-category). Every demo row it changes is put back.
 */
/** VISTA_SHOTS=<folder> also saves screenshots of the notice and of the gone category at 1366, 768 and 390 px. */
const SHOTS = process.env.VISTA_SHOTS;

async function fotografa(page: Page, nome: string): Promise<void> {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [1366, 768, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(SHOTS, `${nome}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1366, height: 800 });
}

function db() {
  return postgres(portale.databaseUrl, { max: 1, onnotice: () => {} });
}

async function loginAdmin(page: Page): Promise<void> {
  await submitLogin(page, '/admin', ADMIN);
  await page.waitForURL('**/adminhome');
}

/** An admin call through the admin's page (its session cookie, same origin). */
async function chiamaAdmin(page: Page, path: string, body: object): Promise<number> {
  return page.evaluate(async ([p, b]) => {
    const res = await fetch(`/api/${p}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(b) });
    return res.status;
  }, [path, body] as const);
}

async function cerca(page: Page, testo: string): Promise<void> {
  const box = page.getByRole('searchbox', { name: 'Cerca prodotti' });
  await box.fill(testo);
  await box.press('Enter');
  await page.waitForURL((u) => u.pathname === '/ricerca' && u.searchParams.get('stringaRicerca') === testo);
}

const card = (page: Page, codice: string) =>
  page.getByRole('list', { name: 'Prodotti' }).getByRole('article').filter({ has: page.getByText(codice, { exact: true }) });

/** Whether an <img> shows a loaded product photo (not codart/…, not the placeholder). */
const fotoCaricata = (img: ReturnType<Page['locator']>) =>
  img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0 && new URL(i.src).pathname.startsWith('/media/prodotti/'));

describe.runIf(hasBrowser())('the customer view after admin changes and in a price mode', () => {
  const { newPage } = useBrowser();
  let foto: { codice: string; mediaId: number };
  let categoria: { codCat: string; nome: string; prodotto: string; sopra: string[] };

  beforeAll(async () => {
    const sql = db();
    try {
      // A product with a main photo, away from those other files pick (the first and the last).
      const [f] = await sql<{ codice: string; id: number }[]>`
        SELECT p.codice_prodotto AS codice, m.id FROM prodotti p
        JOIN prodotti_media m ON m.codice_prodotto = p.codice_prodotto AND m.tipologia = 'foto' AND m.nome = 'default'
        WHERE p.status = 0 AND p.deleted_at IS NULL ORDER BY p.id DESC OFFSET 3 LIMIT 1`;
      // A leaf category with products, the last of the tree.
      const [c] = await sql<{ cod_cat: string; nome: string; prodotto: string; sopra: string[] }[]>`
        SELECT c.cod_cat, c.nome, p.codice_prodotto AS prodotto,
          ARRAY(SELECT a.nome FROM unnest(c.path_ids) WITH ORDINALITY u(id, n) JOIN categorie a ON a.id = u.id
                WHERE a.id <> c.id ORDER BY u.n) AS sopra
        FROM categorie c
        JOIN prodotti p ON p.categoria_id = c.id AND p.status = 0 AND p.deleted_at IS NULL
        WHERE c.status = 0 AND categoria_visibile(c.path_ids) AND NOT EXISTS (SELECT 1 FROM categorie f WHERE f.parent_id = c.id)
        ORDER BY c.id DESC, p.id LIMIT 1`;
      if (!f || !c) throw new Error('dati demo insufficienti');
      foto = { codice: f.codice, mediaId: f.id };
      categoria = { codCat: c.cod_cat, nome: c.nome, prodotto: c.prodotto, sopra: c.sopra };
    } finally {
      await sql.end();
    }
  });

  afterAll(async () => {
    const sql = db();
    try {
      if (foto) await sql`UPDATE prodotti_media SET nome = 'default' WHERE id = ${foto.mediaId}`;
      if (categoria) await sql`UPDATE categorie SET status = 0 WHERE cod_cat = ${categoria.codCat}`;
      await sql`SELECT notifica_catalogo('tutto')`;
    } finally {
      await sql.end();
    }
  });

  it("after 'Togli principale' the product shows its first photo on the card and on its page", async () => {
    const admin = await newPage();
    await loginAdmin(admin);
    await admin.goto(`/admin/prodotti/dettaglio/${encodeURIComponent(foto.codice)}`);
    await admin.getByRole('region', { name: 'Foto' }).getByRole('button', { name: 'Togli principale' }).click();
    await visible(admin.getByText('Nessuna foto ora è impostata come principale', { exact: true }));
    await admin.context().close();

    const page = await newPage();
    await loginCliente(page);
    await cerca(page, foto.codice);
    const img = card(page, foto.codice).locator('.pcard-media img');
    await visible(img);
    await expect.poll(() => fotoCaricata(img)).toBe(true);

    const titolo = ((await card(page, foto.codice).getByRole('heading').textContent()) ?? '').trim();
    await card(page, foto.codice).getByRole('link', { name: titolo }).click();
    await page.waitForURL((u) => u.pathname === '/prodotto');
    const principale = page.getByRole('img', { name: titolo });
    await visible(principale);
    await expect.poll(() => fotoCaricata(principale.first())).toBe(true);
    expect(await page.getByText('Immagine non disponibile').count()).toBe(0);
    await page.context().close();
  });

  it("'Prezzi ×2' says so on every priced screen; /ordini stays at the amounts ordered", async () => {
    const page = await newPage();
    await loginCliente(page);
    const ordini = await page.evaluate(async () => {
      const res = await fetch('/api/ordini/read?utente_codice=U0001&azienda_codice=0001&cliente_codice=001001');
      return ((await res.json()) as { ordini: { id: number; totale_imponibile: number }[] }).ordini;
    });
    expect(ordini.length).toBeGreaterThan(0);
    const avviso = page.getByTestId('avviso-prezzi');
    expect(await avviso.count()).toBe(0);

    await page.getByRole('button', { name: /^Modalità prezzi:/ }).click();
    await page.getByRole('menuitemradio', { name: 'Prezzi ×2' }).click();
    await visible(page.getByRole('button', { name: 'Modalità prezzi: Prezzi ×2' }));
    await visible(avviso.getByText('Prezzi visualizzati ×2'));
    // Nothing in the menu reads as the client's own price list any more.
    await page.getByRole('button', { name: /^Modalità prezzi:/ }).click();
    for (const nome of ['Prezzi nascosti', 'Prezzi reali', 'Prezzi ×2']) await visible(page.getByRole('menuitemradio', { name: nome }));
    expect(await page.getByRole('menuitemradio', { name: /Listino/ }).count()).toBe(0);
    await page.keyboard.press('Escape');

    // The Speed Checkout panel says it too.
    await page.getByRole('button', { name: /^Speed Checkout · ordine veloce:/ }).click();
    await visible(page.getByRole('dialog', { name: 'Speed Checkout' }).getByText('Prezzi visualizzati ×2'));
    await page.getByRole('button', { name: 'Chiudi Speed Checkout' }).click();

    await page.goto('/ordini');
    await visible(avviso.getByText('Prezzi visualizzati ×2'));
    const riga = page.getByRole('row').filter({ has: page.getByRole('cell', { name: `#${ordini[0]!.id}`, exact: true }) });
    await visible(riga);
    // Ordine, Data, Nome, Riferimento cantiere, Totale.
    expect(await riga.getByRole('cell').nth(4).textContent()).toBe(formatImporto(ordini[0]!.totale_imponibile));
    await riga.getByRole('button', { name: `Dettaglio ordine #${ordini[0]!.id}` }).click();
    await visible(page.getByRole('heading', { level: 1, name: `Dettaglio Ordine #${ordini[0]!.id}` }));
    expect(await page.locator('.ordine-totale').textContent()).toBe(formatImporto(ordini[0]!.totale_imponibile));
    await fotografa(page, 'ordine-prezzi-x2');

    // Back to the real prices from the notice itself.
    await avviso.getByRole('button', { name: 'Mostra i prezzi reali' }).click();
    await hidden(avviso);
    await visible(page.getByRole('button', { name: 'Modalità prezzi: Prezzi reali' }));
    await page.context().close();
  });

  it("a category disabled while the customer is in the shop: its old link says 'Categoria non più disponibile', the menu drops it, search agrees", async () => {
    const page = await newPage();
    await loginCliente(page);
    const menu = page.locator('aside.shop-side');
    const voce = menu.getByRole('link', { name: categoria.nome, exact: true });
    // Its branch is folded: open the path down to it.
    for (const nome of categoria.sopra) await menu.getByRole('button', { name: `Apri ${nome}`, exact: true }).click();
    await visible(voce);
    await cerca(page, categoria.prodotto);
    await visible(card(page, categoria.prodotto));

    const admin = await newPage();
    await loginAdmin(admin);
    expect(await chiamaAdmin(admin, 'categorie/toggle', { cod_cat: categoria.codCat })).toBe(200);
    await admin.context().close();

    // The menu of the open page still lists it: its link now explains, with no pointless 'Riprova'.
    await voce.click();
    await visible(page.getByText('Categoria non più disponibile', { exact: true }));
    expect(await page.getByRole('button', { name: 'Riprova' }).count()).toBe(0);
    expect(await page.getByText(/Codice: 404/).count()).toBe(0);
    // …and the menu asked for the tree again.
    await hidden(voce);
    await visible(page.getByRole('link', { name: 'Vai alle categorie' }));
    await fotografa(page, 'categoria-non-disponibile');

    // The same search as before: its cached page was dropped with the category.
    await cerca(page, categoria.prodotto);
    await visible(page.getByText('Nessun prodotto trovato per questa ricerca.'));
    expect(await card(page, categoria.prodotto).count()).toBe(0);
    await page.context().close();
  });
});
