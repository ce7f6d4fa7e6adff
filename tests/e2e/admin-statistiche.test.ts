import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { StatsResponse } from '../../shared/statistiche.js';
import { formatIntero, nomeMese } from '../../web/lib/formato.js';
import { hasBrowser, useBrowser } from './browser.js';
import { ADMIN, formatImporto, queryOf, submitLogin, TECNICO, visible } from './helpers.js';
import { portaleDiTest } from './portale.js';

// This file's own database, data folder and server (tests/e2e/portale.ts).
portaleDiTest();

/**
 * The admin home chart 'Andamento Vendite Mensili' (every admin) and /admin/statistiche (tecnico):
 * the figures on screen are those of ordini/stats, called directly with the page's session.
 */

async function loginAdmin(page: Page, account: { username: string; password: string }): Promise<void> {
  await submitLogin(page, '/admin', account);
  await page.waitForURL('**/adminhome');
}

/** ordini/stats with the page's admin session (anno null: every year). */
async function stats(page: Page, anno: number | null): Promise<StatsResponse> {
  return page.evaluate(async (a) => {
    const res = await fetch(a === null ? '/api/ordini/stats' : `/api/ordini/stats?anno=${a}`);
    if (!res.ok) throw new Error(`ordini/stats: ${res.status}`);
    return (await res.json()) as StatsResponse;
  }, anno);
}

/** Spaces as compared (the euro format holds a no-break space). */
const norm = (s: string) => s.replace(/\s+/g, ' ').trim();

/** The text of every body cell of a table, row by row. */
async function celle(table: Locator): Promise<string[][]> {
  const righe = await table.locator('tbody tr').evaluateAll((rows) =>
    rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent ?? '')));
  return righe.map((r) => r.map(norm));
}

/** Waits until the table's rows are `expected` (the answer of another year may still be on screen). */
async function attendiRighe(table: Locator, attese: string[][]): Promise<void> {
  const expected = attese.map((r) => r.map(norm));
  let last: string[][] = [];
  for (let i = 0; i < 50; i++) {
    last = await celle(table);
    if (JSON.stringify(last) === JSON.stringify(expected)) return;
    await table.page().waitForTimeout(200);
  }
  expect(last).toEqual(expected);
}

function attese(d: StatsResponse, anno: number | null) {
  return {
    mesi: d.ordiniEImportiPerMeseAnno.map((r) => [
      anno === null ? `${nomeMese(r.mese)} ${r.anno}` : nomeMese(r.mese), formatIntero(r.numero_ordini), formatImporto(Number(r.importo_totale)),
    ]),
    prodotti: d.prodottiPiuComprati.map((p) => [
      p.codice_prodotto, p.prodotto_nome, formatIntero(p.quantita_totale), formatImporto(Number(p.importo_totale)),
    ]),
    clienti: d.clientiPiuAttiviEImportoSpeso.map((c) => [
      c.cliente_codice, c.cliente_nome, formatIntero(c.numero_ordini), formatImporto(Number(c.importo_totale)),
    ]),
  };
}

/** Painted pixels of a canvas (a chart with a line and its fill has thousands). */
async function pixelDipinti(canvas: Locator): Promise<number> {
  return canvas.evaluate((el) => {
    const c = el as HTMLCanvasElement;
    const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) n++;
    return n;
  });
}

describe.runIf(hasBrowser())('admin statistiche', () => {
  const { newPage } = useBrowser();
  const corrente = new Date().getFullYear();

  it("admin: the home shows 'Andamento Vendite Mensili' drawn from this year's ordini/stats", async () => {
    const page = await newPage();
    await loginAdmin(page, ADMIN);
    await visible(page.getByRole('heading', { name: 'Benvenuto nel pannello di amministrazione' }));
    const sezione = page.getByRole('region', { name: 'Andamento Vendite Mensili' });
    await visible(sezione);
    const d = await stats(page, corrente);
    expect(d.ordiniEImportiPerMeseAnno.length, 'the demo data has orders this year').toBeGreaterThan(0);

    const canvas = sezione.locator('canvas');
    await visible(canvas);
    // January to the current month, one point each.
    expect(await canvas.getAttribute('data-punti')).toBe(String(new Date().getMonth() + 1));
    expect(await canvas.getAttribute('aria-label')).toBe(`Andamento Vendite Mensili ${corrente}`);
    const box = await canvas.boundingBox();
    expect(box!.width).toBeGreaterThan(300);
    expect(box!.height).toBeGreaterThan(200);
    let dipinti = 0;
    for (let i = 0; i < 30 && dipinti < 2000; i++) {
      dipinti = await pixelDipinti(canvas);
      if (dipinti < 2000) await page.waitForTimeout(200);
    }
    expect(dipinti).toBeGreaterThan(2000);
    await page.context().close();
  });

  it('tecnico: Statistiche shows the monthly figures, products and clients of ordini/stats, and follows the year', async () => {
    const page = await newPage();
    await loginAdmin(page, TECNICO);
    await page.getByRole('navigation', { name: 'Menu amministrazione' }).getByRole('link', { name: 'Statistiche' }).click();
    await page.waitForURL('**/admin/statistiche');
    await visible(page.getByRole('heading', { name: 'Statistiche', exact: true }));

    const mesi = page.getByRole('table', { name: 'Ordini e importi per mese' });
    const prodotti = page.getByRole('table', { name: 'Prodotti più comprati' });
    const clienti = page.getByRole('table', { name: 'Clienti più attivi e importo speso' });
    await visible(mesi.locator('tbody tr'));
    const intestazioni = async (t: Locator) => (await t.locator('thead th').allTextContents()).map((s) => s.trim());
    expect(await intestazioni(mesi)).toEqual(['Mese', 'Numero ordini', 'Importo']);
    expect(await intestazioni(prodotti)).toEqual(['Codice', 'Prodotto', 'Quantità', 'Importo']);
    expect(await intestazioni(clienti)).toEqual(['Codice', 'Cliente', 'Numero ordini', 'Importo spesa']);
    await visible(page.getByRole('region', { name: 'Ordini e importi per mese' }).locator('canvas'));

    // Default: the current year.
    const anno = page.getByLabel('Anno');
    expect(await anno.inputValue()).toBe(String(corrente));
    const oggi = await stats(page, corrente);
    const ora = attese(oggi, corrente);
    expect(ora.prodotti.length).toBeGreaterThan(0);
    expect(ora.clienti.length).toBeGreaterThan(0);
    await attendiRighe(mesi, ora.mesi);
    await attendiRighe(prodotti, ora.prodotti);
    await attendiRighe(clienti, ora.clienti);

    // The selector offers the years with data, newest first, then 'Tutti gli anni'.
    const tutti = await stats(page, null);
    const anni = [...new Set([corrente, ...tutti.ordiniEImportiPerMeseAnno.map((r) => r.anno)])].sort((a, b) => b - a);
    expect(anni.length, 'the demo data spans two years').toBeGreaterThan(1);
    const opzioni = (await anno.locator('option').allTextContents()).map((s) => s.trim());
    expect(opzioni).toEqual([...anni.map(String), 'Tutti gli anni']);

    // The previous year: other figures, in the URL too.
    const prima = anni.find((a) => a < corrente)!;
    await anno.selectOption(String(prima));
    await page.waitForURL((u) => u.searchParams.get('anno') === String(prima));
    expect(queryOf(page).get('anno')).toBe(String(prima));
    const allora = attese(await stats(page, prima), prima);
    expect(allora).not.toEqual(ora);
    await attendiRighe(mesi, allora.mesi);
    await attendiRighe(prodotti, allora.prodotti);
    await attendiRighe(clienti, allora.clienti);

    // Every year: months named with their year, rankings over all years.
    await anno.selectOption({ label: 'Tutti gli anni' });
    await page.waitForURL((u) => u.searchParams.get('anno') === 'tutti');
    const sempre = attese(tutti, null);
    await attendiRighe(mesi, sempre.mesi);
    await attendiRighe(prodotti, sempre.prodotti);
    await attendiRighe(clienti, sempre.clienti);
    const totale = tutti.ordiniEImportiPerMeseAnno.reduce((s, r) => s + r.numero_ordini, 0);
    expect(await page.getByTestId('stat-totali').textContent()).toContain(`Ordini accettati: ${formatIntero(totale)}`);

    // Back to the current year; a reload keeps the choice of the URL.
    await anno.selectOption(String(corrente));
    await attendiRighe(mesi, ora.mesi);
    expect(queryOf(page).get('anno')).toBeNull();
    await page.goto(`/admin/statistiche?anno=${prima}`);
    await attendiRighe(page.getByRole('table', { name: 'Ordini e importi per mese' }), allora.mesi);
    await page.context().close();
  });

  it('a year without orders shows the empty state', async () => {
    const page = await newPage();
    await loginAdmin(page, TECNICO);
    await page.goto('/admin/statistiche?anno=2001');
    await visible(page.getByText('Nessun ordine nel 2001.'));
    expect(await page.getByRole('table').count()).toBe(0);
    await page.context().close();
  });
});
