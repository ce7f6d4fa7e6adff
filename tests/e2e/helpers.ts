import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import postgres from 'postgres';
import { expect } from 'vitest';
import type { Ordine } from '../../shared/ordini.js';

/** Demo accounts (docs/regole/generale.md#demo-data). */
export const MARIO = { username: 'mario.rossi@ferramentarossi.it', password: 'Demo2024!' };
export const GIULIA = { username: 'giulia.bianchi@edilbianchi.it', password: 'Demo2024!' };
export const ADMIN = { username: 'admin', password: 'Admin2024!' };
export const TECNICO = { username: 'tecnico', password: 'Tecnico2024!' };

/** Fills and submits a login form (customer at /, backend at /admin). */
export async function submitLogin(page: Page, path: '/' | '/admin', account: { username: string; password: string }): Promise<void> {
  await page.goto(path);
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Effettua Login' }).click();
}

/** Logs a customer in through the login screen and waits for the shop home. */
export async function loginCliente(page: Page, account = MARIO): Promise<void> {
  await submitLogin(page, '/', account);
  await page.waitForURL('**/home2');
  await visible(page.getByRole('heading', { level: 1, name: /Benvenuto/ }));
}

/** The URL's query parameters. */
export function queryOf(page: Page): URLSearchParams {
  return new URL(page.url()).searchParams;
}

/** Amounts as the SPA shows them: the SPA's own formatters. */
export { formatImporto, formatPrezzo } from '../../web/lib/formato.js';

/** Waits until the locator is visible (playwright-core has no expect of its own). */
export async function visible(locator: Locator, timeout = 10_000): Promise<Locator> {
  await locator.first().waitFor({ state: 'visible', timeout });
  return locator;
}

/** Waits until the locator is gone or hidden. */
export async function hidden(locator: Locator, timeout = 10_000): Promise<void> {
  await locator.first().waitFor({ state: 'hidden', timeout });
}

/** Mario's scope in the demo data: the customer calls' company, client and user. */
export const SCOPE_MARIO = { azienda_codice: '0001', cliente_codice: '001001', utente_codice: 'U0001' };

/** Mario's orders as ordini/read gives them, asked from the page (its session). */
export async function ordiniDi(page: Page): Promise<Ordine[]> {
  return page.evaluate(async (s) => {
    const q = new URLSearchParams(s).toString();
    return ((await (await fetch(`/api/ordini/read?${q}`)).json()) as { ordini: Ordine[] }).ordini;
  }, SCOPE_MARIO);
}

/** The cart as the SPA keeps it in localStorage. */
export async function carrelloDi(page: Page): Promise<{ codice_prodotto: string; quantita: number }[]> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('carrelloItems') ?? '[]') as { codice_prodotto: string; quantita: number }[]);
}

/**
 * Empties the cart where it lives (the server's, for the page's user and client: docs/regole/ordini.md#cart)
 * and its copy in the page, so that the next test starts from an empty cart.
 */
export async function svuotaCarrello(page: Page): Promise<void> {
  // A change still on its way would fill it again.
  await page.waitForFunction(() => localStorage.getItem('carrelloStato') !== '"da_inviare"');
  const status = await page.evaluate(async () => {
    const s = JSON.parse(localStorage.getItem('sessionData') ?? 'null') as { azienda_codice: string; cliente_codice: string } | null;
    if (!s) return 0;
    const res = await fetch('/api/carrello/svuota', {
      method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ azienda_codice: s.azienda_codice, cliente_codice: s.cliente_codice }),
    });
    localStorage.setItem('carrelloItems', '[]');
    localStorage.setItem('carrelloStato', '"allineato"');
    return res.status;
  });
  expect(status, 'carrello/svuota').toBe(200);
}

/** The cart kept on the server for the page's user and client, as carrello/leggi answers it. */
export async function carrelloSulServer(page: Page): Promise<{ codice_prodotto: string; quantita: number }[]> {
  return page.evaluate(async () => {
    const s = JSON.parse(localStorage.getItem('sessionData') ?? 'null') as { azienda_codice: string; cliente_codice: string };
    const q = new URLSearchParams({ azienda_codice: s.azienda_codice, cliente_codice: s.cliente_codice });
    const { righe } = (await (await fetch(`/api/carrello/leggi?${q}`)).json()) as { righe: { codice_prodotto: string; quantita: number }[] };
    return righe.map((r) => ({ codice_prodotto: r.codice_prodotto, quantita: r.quantita }));
  });
}

/** The spec's confirm: checks its text and answers with the button named `risposta`. */
export async function confermaDice(page: Page, testo: string, risposta: string, titolo: string | RegExp = 'Conferma'): Promise<void> {
  const dialog = page.getByRole('dialog', { name: titolo });
  await visible(dialog);
  expect((await dialog.textContent()) ?? '').toContain(testo);
  await dialog.getByRole('button', { name: risposta, exact: true }).click();
  await hidden(dialog.filter({ hasText: testo }));
}

/** The page is no wider than the window: nothing pans sideways (the document's scroll width, as the user pans it). */
export async function senzaScorrimentoLaterale(page: Page, dove: string): Promise<void> {
  const { larghezza, finestra } = await page.evaluate(() => ({
    larghezza: document.scrollingElement!.scrollWidth,
    finestra: window.innerWidth,
  }));
  expect(larghezza, `${dove}: la pagina scorre di lato (${larghezza} px in una finestra di ${finestra})`).toBeLessThanOrEqual(finestra);
}

/** A screenshot of the page into `cartella` (made when missing), `dove` first scrolled into view: to look at. */
export async function fotografa(page: Page, cartella: string, nome: string, dove?: Locator): Promise<void> {
  fs.mkdirSync(cartella, { recursive: true });
  await dove?.first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(cartella, `${nome}.png`) });
}

/**
 * Demo products of a test's database sold by the piece, with at least `disponibilita` in stock and a
 * list price between `prezzo`'s bounds, `quanti` of them (the last made first with `ultimi`).
 */
export async function prodottiDemo(databaseUrl: string, o: { quanti: number; disponibilita: number; prezzo: [number, number]; ultimi?: boolean }): Promise<string[]> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const righe = await sql<{ codice: string }[]>`
      SELECT p.codice_prodotto AS codice FROM prodotti p JOIN giacenze g ON g.prodotto_id = p.id
      JOIN prodotti_prezzi lp ON lp.prodotto_id = p.id AND lp.listino = 1
      WHERE p.multiplo = 1 AND p.minimo = 1 AND g.disponibilita >= ${o.disponibilita} AND p.status = 0 AND p.deleted_at IS NULL
        AND lp.prezzo BETWEEN ${o.prezzo[0]} AND ${o.prezzo[1]} AND p.codice_prodotto ~ '^[A-Z0-9]{2}-[0-9]+$'
      ORDER BY ${o.ultimi ? sql`p.id DESC` : sql`p.id`} LIMIT ${o.quanti}`;
    if (righe.length < o.quanti) throw new Error('prodotti demo insufficienti');
    return righe.map((r) => r.codice);
  } finally {
    await sql.end();
  }
}
