import fs from 'node:fs';
import os from 'node:os';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_ORDINE_RAPIDO } from '../../shared/ordine-rapido-costanti.js';
import { hasBrowser, useBrowser } from './browser.js';
import { carrelloDi, confermaDice, hidden, loginCliente, ordiniDi, visible } from './helpers.js';
import { portaleDiTest } from './portale.js';

// This file's own database, data folder and server (tests/e2e/portale.ts).
const portale = portaleDiTest();

/**
 * The quick order as mario (0001/001001): 20 pasted lines with mixed separators, one unknown code
 * fixed in place and one ambiguous code resolved by picking, added to the cart and ordered through
 * /checkout; then an XLSX made here with exceljs, uploaded and added to the cart. Screenshots of
 * the preview at 1366, 768 and 390 px go to ORDINE_RAPIDO_SCREENSHOTS_DIR, to look at.
 */
const SHOTS = process.env.ORDINE_RAPIDO_SCREENSHOTS_DIR ?? `${os.tmpdir()}/portale-ordine-rapido-screenshots`;
fs.mkdirSync(SHOTS, { recursive: true });
const DOPPIO = 'E2E-DOPPIO-77';
const MIO = 'mio trapano 1';
const DALLA_LISTA = 'SCAFFALE-B7';
const LISTA = 'E2E codici propri';

const sql = postgres(portale.databaseUrl, { max: 1, onnotice: () => {} });

async function carrello(page: Page): Promise<Record<string, number>> {
  return Object.fromEntries((await carrelloDi(page)).map((r) => [r.codice_prodotto, r.quantita]));
}

/** The product page of a code, through the search. */
async function apriProdotto(page: Page, codice: string): Promise<void> {
  await page.goto(`/ricerca?stringaRicerca=${encodeURIComponent(codice)}`);
  await page.locator('.pcard-title a').first().click();
  await page.waitForURL((u) => u.pathname === '/prodotto');
  await visible(page.getByText(codice, { exact: true }));
}

/** Visible products with plenty of stock, so that the order goes through without an availability question. */
let codici: string[] = [];

beforeAll(async () => {
  const righe = await sql<{ codice_prodotto: string; id: number }[]>`
    SELECT p.codice_prodotto, p.id FROM prodotti p JOIN giacenze g ON g.prodotto_id = p.id
    WHERE p.status = 0 AND p.deleted_at IS NULL AND g.disponibilita >= 50 AND p.codice_prodotto ~ '^[A-Za-z0-9-]+$'
      -- Sold by the piece: quantities in whole packs are the packs' own test (tests/integration/ordini/confezioni.test.ts).
      AND p.multiplo = 1 AND p.minimo = 1
    ORDER BY p.codice_prodotto LIMIT 24`;
  expect(righe.length).toBe(24);
  codici = righe.map((r) => r.codice_prodotto);
  // One supplier code shared by two products: the line that names it is ambiguous.
  await sql`INSERT INTO prodotti_codici (prodotto_id, tipo, codice) VALUES
    (${righe[20]!.id}, 'fornitore', ${DOPPIO}), (${righe[21]!.id}, 'fornitore', ${DOPPIO}) ON CONFLICT DO NOTHING`;
});

afterAll(async () => {
  await sql.end();
});

describe.runIf(hasBrowser())('ordine rapido', () => {
  // 400: the own code refused on purpose (another product has it).
  const { newPage } = useBrowser({ statiAttesi: [400] });
  let page: Page;

  beforeAll(async () => {
    page = await newPage();
    await loginCliente(page);
  });

  it('pastes 20 lines, fixes an unknown code, picks among an ambiguous code\'s products and orders them through checkout', async () => {
    await page.getByRole('link', { name: 'Ordine rapido' }).first().click();
    await page.waitForURL('**/ordine-rapido');
    await visible(page.getByText("Incolla le righe o carica un file: qui compare l'anteprima."));

    const sep = ['\t', ';', ',', ' ', '   ', ' ; '];
    const righe = codici.slice(0, 18).map((c, i) => `${c}${sep[i % sep.length]}${(i % 3) + 1}`);
    righe.splice(5, 0, 'NON-ESISTE-999 4');
    righe.splice(12, 0, `${DOPPIO}\t2`);
    expect(righe).toHaveLength(20);
    await page.getByLabel('Codice e quantità, una riga per prodotto').fill(['Codice;Quantità', ...righe].join('\n'));
    await page.getByRole('button', { name: 'Verifica righe' }).click();

    await visible(page.getByText('Riga 1 letta come intestazione e ignorata'));
    await visible(page.getByText('18 righe pronte su 20'));
    await visible(page.getByText('Codice NON-ESISTE-999 non trovato nel catalogo.'));
    await visible(page.getByText(`Il codice ${DOPPIO} corrisponde a 2 prodotti: scegli quello giusto.`));
    for (const [w, h] of [[1366, 900], [768, 1000], [390, 844]] as const) {
      await page.setViewportSize({ width: w, height: h });
      await page.screenshot({ path: `${SHOTS}/ordine-rapido-${w}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1366, height: 900 });

    // The unknown code, fixed in place: the line (7: the header is line 1) is resolved again.
    await page.getByLabel('Codice riga 7').fill(codici[22]!);
    await page.getByRole('button', { name: 'Verifica riga 7' }).click();
    await hidden(page.getByText('Codice NON-ESISTE-999 non trovato nel catalogo.'));
    await visible(page.getByText('19 righe pronte su 20'));
    // The ambiguous one: a candidate picked.
    await page.getByLabel('Scegli il prodotto della riga 14').selectOption(codici[21]!);
    await visible(page.getByText('20 righe pronte su 20'));

    await page.getByRole('button', { name: 'Aggiungi al carrello' }).click();
    await page.waitForURL('**/checkout');
    const cart = await carrello(page);
    expect(Object.keys(cart)).toHaveLength(20);
    expect(cart[codici[0]!]).toBe(1);
    expect(cart[codici[2]!]).toBe(3);
    expect(cart[codici[22]!]).toBe(4);
    expect(cart[codici[21]!]).toBe(2);

    const prima = (await ordiniDi(page))[0]?.id ?? 0;
    await page.getByRole('button', { name: 'Conferma Ordine' }).click();
    await confermaDice(page, "Sei sicuro di voler confermare l'ordine?", 'Conferma');
    await page.waitForURL('**/ordini');
    const [ordine] = await ordiniDi(page);
    expect(ordine!.id).toBeGreaterThan(prima);
    expect(Object.fromEntries(ordine!.prodotti.map((r) => [r.codice_prodotto, r.qt]))).toEqual(cart);
  });

  it('says a bad quantity as one, shows no line total for a line over availability, and that scanning exists', async () => {
    await page.goto('/ordine-rapido');
    await visible(page.getByText(/leggere il codice a barre di un'etichetta con la fotocamera/));
    await page.getByLabel('Codice e quantità, una riga per prodotto').fill([`${codici[0]} abc`, `${codici[1]} 1000000`, `${codici[2]} 2`].join('\n'));
    await page.getByRole('button', { name: 'Verifica righe' }).click();
    await visible(page.getByText('1 riga pronta su 3'));
    await visible(page.getByText(`Quantità non valida per il prodotto ${codici[0]}: deve essere un numero intero maggiore di zero (letto: abc).`));
    const tabella = page.getByRole('table', { name: "Anteprima dell'ordine rapido" });
    // Riga, Codice, Prodotto, Quantità, Esito, Prezzo netto, Disponibilità, Totale riga.
    const oltre = tabella.getByRole('row').filter({ hasText: `Prodotto ${codici[1]} non disponibile nella quantità richiesta` });
    expect(await oltre.getByRole('cell').nth(7).textContent()).toBe('—');
    const pronta = tabella.getByRole('row').filter({ hasText: 'Pronta' });
    expect(await pronta.getByRole('cell').nth(7).textContent()).toMatch(/^\d+,\d{2}\u00a0€$/);
    for (const [w, h] of [[1366, 900], [768, 1000], [390, 844]] as const) {
      await page.setViewportSize({ width: w, height: h });
      await page.screenshot({ path: `${SHOTS}/ordine-rapido-quantita-${w}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1366, height: 900 });
  });

  it('uploads an XLSX made with exceljs and adds its lines to the cart', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Ordine');
    ws.addRow(['Codice', 'Descrizione', 'Quantità']);
    ws.addRow([codici[0], 'prima', 6]);
    ws.addRow([codici[1], 'seconda', 2]);
    ws.addRow([codici[0], 'ancora la prima', 1]);
    const buffer = Buffer.from(await wb.xlsx.writeBuffer());

    await page.goto('/ordine-rapido');
    const scelta = page.getByLabel('oppure carica un file CSV o Excel');
    // A kind it does not read is refused in the browser, and a file that only looks like one (a PDF
    // named .csv) by the server: each time under the picker, the preview left empty.
    await scelta.setInputFiles({ name: 'ordine.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n') });
    await visible(page.getByText(MSG_ORDINE_RAPIDO.soloCsvXlsx));
    expect(await scelta.getAttribute('aria-invalid')).toBe('true');
    const rifiuto = page.waitForResponse((r) => r.url().includes('/api/ordine-rapido/file'));
    await scelta.setInputFiles({ name: 'ordine.csv', mimeType: 'text/csv', buffer: Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n', 'latin1') });
    expect((await rifiuto).status()).toBe(400);
    await visible(page.getByText(MSG_ORDINE_RAPIDO.soloCsvXlsx));
    expect(await scelta.getAttribute('aria-invalid')).toBe('true');
    await visible(page.getByText("Incolla le righe o carica un file: qui compare l'anteprima."));
    await scelta.setInputFiles({
      name: 'ordine.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer,
    });
    await hidden(page.getByText(MSG_ORDINE_RAPIDO.soloCsvXlsx));
    await visible(page.getByText('Riga 1 letta come intestazione e ignorata'));
    await visible(page.getByText('3 righe pronte su 3'));
    await page.getByRole('button', { name: 'Aggiungi al carrello' }).click();
    await page.waitForURL('**/checkout');
    // A product's lines are one cart line with their total quantity.
    expect(await carrello(page)).toEqual({ [codici[0]!]: 7, [codici[1]!]: 2 });
  });

  it("sets, uses, refuses a duplicate of and clears the client's own code on the product page", async () => {
    await apriProdotto(page, codici[23]!);
    await page.getByRole('button', { name: 'Imposta il tuo codice' }).click();
    await page.getByRole('textbox', { name: 'Il tuo codice', exact: true }).fill(MIO);
    await page.getByRole('button', { name: 'Salva', exact: true }).click();
    await visible(page.getByText(MIO, { exact: true }));

    // The quick order finds the product by it.
    await page.goto('/ordine-rapido');
    await page.getByLabel('Codice e quantità, una riga per prodotto').fill(`${MIO.toUpperCase()} 2`);
    await page.getByRole('button', { name: 'Verifica righe' }).click();
    await visible(page.getByText('1 riga pronta su 1'));
    await visible(page.getByRole('cell', { name: codici[23]! }));

    // Another product cannot take the same code: the server's Italian message, nothing changed.
    await apriProdotto(page, codici[22]!);
    await page.getByRole('button', { name: 'Imposta il tuo codice' }).click();
    await page.getByRole('textbox', { name: 'Il tuo codice', exact: true }).fill(MIO);
    await page.getByRole('button', { name: 'Salva', exact: true }).click();
    await visible(page.getByText(`Il codice ${MIO} è già il tuo codice del prodotto ${codici[23]!}: toglilo da lì o scegline un altro.`));
    for (const [w, h] of [[1366, 800], [390, 844]] as const) {
      await page.setViewportSize({ width: w, height: h });
      await page.screenshot({ path: `${SHOTS}/codice-cliente-${w}.png` });
    }
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.getByRole('button', { name: 'Annulla' }).click();
    await visible(page.getByText('Nessuno', { exact: true }));

    await apriProdotto(page, codici[23]!);
    await visible(page.getByText(MIO, { exact: true }));
    await page.getByRole('button', { name: 'Togli il tuo codice' }).click();
    await visible(page.getByText('Nessuno', { exact: true }));
    expect((await sql`SELECT 1 FROM codici_cliente WHERE codice = ${MIO}`).length).toBe(0);
  });

  it("sets the own code from a list's row; the search and the cart's quick search find the product by it, first", async () => {
    // mario's list (0001/001001) with two products.
    const [l] = await sql<{ id: number }[]>`
      INSERT INTO liste (utente_id, cliente_id, nome) SELECT u.id, c.id, ${LISTA} FROM utenti u, clienti c
      WHERE u.username = 'mario.rossi@ferramentarossi.it' AND c.azienda_codice = '0001' AND c.codice = '001001' RETURNING id`;
    await sql`INSERT INTO liste_prodotti (lista_id, prodotto_id) SELECT ${l!.id}, id FROM prodotti WHERE codice_prodotto IN (${codici[2]!}, ${codici[3]!})`;
    await page.goto('/liste');
    await page.getByRole('link', { name: LISTA, exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/liste/dettaglio');
    await page.getByRole('button', { name: `Imposta il tuo codice per ${codici[3]!}` }).click();
    await page.getByRole('textbox', { name: 'Il tuo codice', exact: true }).fill(DALLA_LISTA);
    await page.getByRole('button', { name: 'Salva', exact: true }).click();
    const riga = page.getByRole('row').filter({ hasText: codici[3]! });
    await visible(riga.getByText(`Il tuo codice: ${DALLA_LISTA}`));
    for (const [w, h] of [[1366, 800], [768, 900], [390, 844]] as const) {
      await page.setViewportSize({ width: w, height: h });
      await page.screenshot({ path: `${SHOTS}/lista-codice-cliente-${w}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1366, height: 900 });

    // The search: normalised (case, punctuation) and first.
    await page.goto(`/ricerca?stringaRicerca=${encodeURIComponent('scaffale b7')}`);
    const prima = page.locator('.pcard').first();
    await visible(prima.getByText(codici[3]!, { exact: true }));
    // Its card says the code typed is the client's own (only that card).
    await visible(prima.getByText('Il tuo codice', { exact: true }));
    await visible(prima.getByText(DALLA_LISTA, { exact: true }));
    expect(await page.locator('.pcard').getByText('Il tuo codice', { exact: true }).count()).toBe(1);
    // The cart's quick search.
    await page.goto('/checkout');
    await page.getByRole('searchbox', { name: 'Cerca prodotti da aggiungere' }).fill(DALLA_LISTA.toLowerCase());
    await visible(page.getByRole('list', { name: /^Risultati/ }).first().getByText(codici[3]!, { exact: true }).first());
  });
});
