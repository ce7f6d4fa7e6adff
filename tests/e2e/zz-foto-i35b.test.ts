// TEMPORARY (not committed): screenshots of the screens changed on branch i35-b, to look at.
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, useBrowser } from './browser.js';
import { carrelloDi, confermaDice, loginCliente, ordiniDi, visible } from './helpers.js';
import { portaleDiTest } from './portale.js';

const portale = portaleDiTest();
const SHOTS = '/tmp/i35b-foto';
fs.mkdirSync(SHOTS, { recursive: true });
const LARGHEZZE = [[1366, 900], [768, 1024], [390, 844]] as const;
const sql = postgres(portale.databaseUrl, { max: 1, onnotice: () => {} });
afterAll(async () => { await sql.end(); });

async function foto(page: Page, nome: string, pieno = true) {
  for (const [w, h] of LARGHEZZE) {
    await page.setViewportSize({ width: w, height: h });
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${SHOTS}/${nome}-${w}.png`, fullPage: pieno });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

describe.runIf(hasBrowser())('foto i35b', () => {
  const { newPage } = useBrowser();
  let page: Page;
  let codici: string[] = [];
  beforeAll(async () => {
    const r = await sql<{ c: string }[]>`SELECT p.codice_prodotto AS c FROM prodotti p JOIN giacenze g ON g.prodotto_id = p.id
      WHERE p.status = 0 AND p.deleted_at IS NULL AND g.disponibilita >= 60 AND p.multiplo = 1 AND p.minimo = 1 AND p.codice_prodotto ~ '^[A-Za-z0-9-]+$'
      ORDER BY p.id DESC LIMIT 3`;
    codici = r.map((x) => x.c);
    page = await newPage();
    await loginCliente(page);
  });

  it('checkout, order sent, refused order, menu, panel', async () => {
    await page.goto('/checkout');
    const ricerca = page.getByRole('region', { name: 'Cerca prodotti' });
    for (const c of codici) {
      await ricerca.getByRole('searchbox').fill(c);
      await ricerca.getByRole('button', { name: `Aggiungi ${c} al carrello` }).click();
    }
    await expect.poll(async () => (await carrelloDi(page)).length).toBe(3);
    await page.getByRole('spinbutton', { name: `Qt: Cod. Prodotto ${codici[0]}` }).fill('7');
    await page.keyboard.press('Tab');
    await foto(page, 'checkout');
    await page.getByRole('button', { name: /^Carrello, \d/ }).click();
    await foto(page, 'carrello-tendina', false);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /^Speed Checkout/ }).click();
    await foto(page, 'speed-checkout', false);
    await page.getByRole('button', { name: 'Chiudi Speed Checkout' }).click();
    await page.getByRole('button', { name: /^Modalità prezzi:/ }).click();
    await foto(page, 'menu-prezzi', false);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Conferma Ordine', exact: true }).click();
    await visible(page.getByRole('dialog'));
    await foto(page, 'conferma-domanda', false);
    await confermaDice(page, "Sei sicuro di voler confermare l'ordine?", 'Conferma');
    await page.waitForURL('**/ordini');
    await visible(page.getByText('inviato correttamente'));
    await foto(page, 'ordini-inviato');
    const [nuovo] = await ordiniDi(page);
    await page.getByRole('button', { name: `Vedi l'ordine #${nuovo!.id}` }).click();
    await visible(page.getByRole('heading', { level: 1, name: `Dettaglio Ordine #${nuovo!.id}` }));
    await foto(page, 'ordine-dettaglio');
    const fallito = (await ordiniDi(page)).find((o) => o.response_code !== '201');
    await page.goto('/ordini');
    await page.getByRole('button', { name: `Dettaglio ordine #${fallito!.id}` }).click();
    await visible(page.getByRole('heading', { level: 1, name: `Dettaglio Ordine #${fallito!.id}` }));
    await foto(page, 'ordine-rifiutato');
    await page.goto('/ordine-rapido');
    await foto(page, 'ordine-rapido-vuoto');
  });
});
