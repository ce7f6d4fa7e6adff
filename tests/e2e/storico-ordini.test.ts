import fs from 'node:fs';
import os from 'node:os';
import type { Page } from 'playwright-core';
import postgres from 'postgres';
import { beforeAll, describe, expect, it } from 'vitest';
import { testoPdf } from '../support/pdf.js';
import { hasBrowser, useBrowser } from './browser.js';
import { carrelloDi, confermaDice, formatPrezzo, loginCliente, ordiniDi, visible } from './helpers.js';
import { portaleDiTest } from './portale.js';

// This file's own database, data folder and server (tests/e2e/portale.ts).
const portale = portaleDiTest();

/**
 * The order history and the reorder's preview as mario (0001/001001): an old order whose net price
 * changed since, confirmed into the cart; /ordini filtered by state and code, exported as CSV.
 * Screenshots at 1366, 768 and 390 px go to ORDINI_SCREENSHOTS_DIR, to look at.
 */
const SHOTS = process.env.ORDINI_SCREENSHOTS_DIR ?? `${os.tmpdir()}/portale-ordini-screenshots`;
fs.mkdirSync(SHOTS, { recursive: true });

const db = () => postgres(portale.databaseUrl, { max: 1, onnotice: () => {} });

async function riordinaDallAnteprima(page: Page, id: number) {
  await page.getByRole('button', { name: 'Riordina' }).click();
  const anteprima = page.getByRole('dialog', { name: `Riordina l'ordine #${id}` });
  await visible(anteprima.getByText(/Confermando, il carrello verrà sostituito/));
  return anteprima;
}

describe.runIf(hasBrowser())('storico ordini e riordino', () => {
  const { newPage } = useBrowser();
  let page: Page;

  beforeAll(async () => {
    page = await newPage();
    await loginCliente(page);
  });

  it("reorder preview: a net price changed since the order shows old → new; confirmed, the cart holds the lines", async () => {
    const vecchio = (await ordiniDi(page)).find((o) => o.response_code === '201' && o.prodotti.length > 1);
    const righe = vecchio!.prodotti.map((r) => [r.codice_prodotto, r.qt] as const);
    const sql = db();
    const nuovo = 0.5;
    try {
      // Today's net price of the order's first product changes for mario's client (a special price).
      await sql`INSERT INTO prezzi_speciali (cliente_id, prodotto_id, prezzo)
        SELECT c.id, p.id, ${nuovo} FROM clienti c, prodotti p
        WHERE c.azienda_codice = '0001' AND c.codice = '001001' AND p.codice_prodotto = ${righe[0]![0]}
        ON CONFLICT (cliente_id, prodotto_id) DO UPDATE SET prezzo = excluded.prezzo`;
      await page.goto('/ordini');
      await page.getByRole('button', { name: `Dettaglio ordine #${vecchio!.id}` }).click();
      const anteprima = await riordinaDallAnteprima(page, vecchio!.id);
      await visible(anteprima.getByText('1 riga con prezzo cambiato'));
      const riga = anteprima.getByRole('row').filter({ has: page.getByRole('cell', { name: righe[0]![0], exact: true }) });
      await visible(riga.getByText('Prezzo cambiato'));
      expect(await riga.getByRole('cell').nth(3).textContent()).toMatch(new RegExp(`→ ${formatPrezzo(nuovo).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
      for (const [w, h] of [[1366, 800], [768, 1000], [390, 844]] as const) {
        await page.setViewportSize({ width: w, height: h });
        await page.screenshot({ path: `${SHOTS}/riordino-anteprima-${w}.png` });
      }
      await page.setViewportSize({ width: 1366, height: 800 });
      await anteprima.getByRole('button', { name: 'Riordina' }).click();
      await page.waitForURL('**/checkout');
      await expect.poll(async () => (await carrelloDi(page)).map((i) => i.codice_prodotto).sort()).toEqual(righe.map(([c]) => c).sort());
      await page.getByRole('button', { name: 'Svuota Carrello' }).click();
      await confermaDice(page, 'Sei sicuro di voler svuotare il carrello?', 'Svuota');
    } finally {
      await sql`DELETE FROM prezzi_speciali ps USING clienti c, prodotti p
        WHERE ps.cliente_id = c.id AND ps.prodotto_id = p.id AND c.codice = '001001' AND p.codice_prodotto = ${righe[0]![0]}`;
      await sql.end();
    }
  });

  it('history: filter by state and product code, pages in the URL, export the filtered orders as CSV', async () => {
    await page.goto('/ordini');
    const elenco = page.getByRole('region', { name: 'Elenco ordini' });
    await visible(elenco.getByRole('button', { name: /^Dettaglio ordine/ }).first());
    const tutti = await ordiniDi(page);
    for (const [w, h] of [[1366, 800], [768, 1000], [390, 844]] as const) {
      await page.setViewportSize({ width: w, height: h });
      await page.screenshot({ path: `${SHOTS}/ordini-${w}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1366, height: 800 });
    await page.getByRole('combobox', { name: 'Stato' }).selectOption('errore');
    await page.getByRole('button', { name: 'Filtra' }).click();
    await page.waitForURL((u) => u.searchParams.get('stato') === 'errore');
    // 'Errore' is a refused order, not one held for approval (Luca's demo order, which Mario sees as Titolare).
    const errori = tutti.filter((o) => o.response_code !== '201' && o.approvazione === null);
    await expect.poll(() => elenco.getByRole('button', { name: /^Dettaglio ordine/ }).count()).toBe(errori.length);
    await visible(page.getByText(`${errori.length === 1 ? '1 ordine' : `${errori.length} ordini`} con i filtri scelti`));

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Esporta CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('ordini.csv');
    const testo = fs.readFileSync((await file.path())!, 'utf8');
    // Texts quoted, numbers bare (docs/regole/generale.md#files-out): the order's id first, as it is.
    expect(testo.split('\r\n')[0]).toBe(`\uFEFF${['Ordine', 'Data', 'Nome', 'Riferimento cantiere', 'Stato', 'Ordinato da', 'Approvato da', 'Codice prodotto', 'Prodotto', 'Quantità',
      'In consegna', 'In arrivo dal fornitore', 'Prezzo (€)', 'Prezzo netto (€)', 'Totale riga (€)', 'Totale ordine (€)'].map((c) => `"${c}"`).join(';')}`);
    expect(new Set(testo.trimEnd().split('\r\n').slice(1).map((r) => r.split(';')[0]))).toEqual(new Set(errori.map((o) => String(o.id))));

    // A product code the failed orders do not hold: nothing, said so.
    const codice = tutti.find((o) => o.response_code === '201')!.prodotti[0]!.codice_prodotto;
    const conCodice = tutti.filter((o) => o.response_code !== '201' && o.approvazione === null && o.prodotti.some((r) => r.codice_prodotto === codice)).length;
    await page.getByRole('searchbox', { name: 'Codice prodotto' }).fill(codice);
    await page.getByRole('button', { name: 'Filtra' }).click();
    await page.waitForURL((u) => u.searchParams.get('codice_prodotto') === codice);
    await expect.poll(() => elenco.getByRole('button', { name: /^Dettaglio ordine/ }).count()).toBe(conCodice);
    await page.getByRole('button', { name: 'Azzera' }).click();
    await page.waitForURL((u) => !u.searchParams.has('stato'));
    await expect.poll(() => elenco.getByRole('button', { name: /^Dettaglio ordine/ }).count()).toBe(tutti.length);
  });

  it("detail: 'Scarica PDF' downloads the order's confirmation, a PDF holding its lines", async () => {
    const ordine = (await ordiniDi(page)).find((o) => o.response_code === '201' && o.prodotti.length > 0)!;
    await page.goto('/ordini');
    await page.getByRole('button', { name: `Dettaglio ordine #${ordine.id}` }).click();
    await visible(page.getByRole('heading', { name: `Dettaglio Ordine #${ordine.id}` }));
    for (const [w, h] of [[1366, 800], [768, 1000], [390, 844]] as const) {
      await page.setViewportSize({ width: w, height: h });
      await page.screenshot({ path: `${SHOTS}/ordine-dettaglio-${w}.png` });
    }
    await page.setViewportSize({ width: 1366, height: 800 });
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Scarica PDF' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`ordine-${ordine.id}.pdf`);
    const pdf = fs.readFileSync((await file.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const testo = (await testoPdf(pdf)).join('\n');
    expect(testo).toContain(`N. ${ordine.id} del`);
    for (const r of ordine.prodotti) expect(testo).toContain(r.codice_prodotto);
    await visible(page.getByRole('button', { name: 'Scarica PDF' }));
  });

});
