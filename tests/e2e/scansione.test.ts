import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, useBrowser } from './browser.js';
import { carrelloDi, hidden, loginCliente, svuotaCarrello, visible } from './helpers.js';
import { prodottoDaScansionare, videoEtichetta } from './video-codice.js';
import { portaleDiTest } from './portale.js';

// This file's own database, data folder and server (tests/e2e/portale.ts).
const portale = portaleDiTest();

/**
 * Scan to cart in real Chromium with a fake camera that films a label: the EAN-13 of a demo
 * product rendered by bwip-js (tests/e2e/video-codice.ts). Chromium on Linux has no native
 * BarcodeDetector, so the dialog reads it with zxing-wasm, the library path. Screenshots of the
 * dialog at 1366 and 390 px go to SCANSIONE_SCREENSHOTS_DIR, to look at.
 */
const SHOTS = process.env.SCANSIONE_SCREENSHOTS_DIR ?? `${os.tmpdir()}/portale-scansione-screenshots`;
fs.mkdirSync(SHOTS, { recursive: true });
const CARTELLA = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-scansione-'));
const VIDEO = path.join(CARTELLA, 'etichetta.y4m');
/** A well-formed EAN-13 (a real one, of a pen) that the demo catalogue does not have. */
const IGNOTO = '4006381333931';
const VIDEO_IGNOTO = path.join(CARTELLA, 'ignoto.y4m');

const sql = postgres(portale.databaseUrl, { max: 1, onnotice: () => {} });
let prodotto: { codice_prodotto: string; ean: string };

beforeAll(async () => {
  prodotto = await prodottoDaScansionare(sql);
  const [{ n }] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM prodotti_codici WHERE codice_n = ${IGNOTO}`;
  expect(n).toBe(0);
  await videoEtichetta(prodotto.ean, VIDEO);
  await videoEtichetta(IGNOTO, VIDEO_IGNOTO);
});

afterAll(async () => {
  await sql.end();
  fs.rmSync(CARTELLA, { recursive: true, force: true });
});

const dialogo = (page: Page) => page.getByRole('dialog', { name: 'Scansiona codice a barre' });

/** Opens the scan dialog and waits for the label's product (the reader and the camera start first). */
async function scansiona(page: Page, da: Page | ReturnType<Page['locator']> = page): Promise<void> {
  await da.getByRole('button', { name: 'Scansiona codice a barre' }).click();
  await visible(dialogo(page).getByText(`letto ${prodotto.ean}`), 30_000);
}

describe.runIf(hasBrowser())('scansione con la fotocamera', () => {
  const { newPage } = useBrowser({
    args: ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${VIDEO}`],
  });

  it('reads the label from the search bar, adds the quantity, reads it again and adds up in one cart line', async () => {
    const page = await newPage();
    await loginCliente(page);
    await page.setViewportSize({ width: 768, height: 1000 });
    await page.screenshot({ path: `${SHOTS}/intestazione-768.png` });
    await page.setViewportSize({ width: 1366, height: 800 });
    const wasm = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('.wasm'));
    await scansiona(page, page.getByRole('search'));
    // The reader came from the portal's own assets, precompressed, with the type WebAssembly streaming compilation needs.
    const risposta = await wasm;
    expect(new URL(risposta.url()).origin).toBe(new URL(page.url()).origin);
    expect(await risposta.allHeaders()).toMatchObject({ 'content-type': 'application/wasm', 'content-encoding': expect.stringMatching(/^(br|gzip)$/) });
    const d = dialogo(page);
    expect(await d.textContent()).toContain(prodotto.codice_prodotto);
    await visible(d.locator('.price-net'));
    await visible(d.getByText('Disponibile', { exact: true }));
    await page.screenshot({ path: `${SHOTS}/scansione-1366.png` });

    await d.getByLabel('Quantità').fill('3');
    await d.getByRole('button', { name: 'Aggiungi al carrello' }).click();
    await visible(d.getByText(`3 × ${prodotto.codice_prodotto} aggiunto al carrello.`));
    expect(await carrelloDi(page)).toEqual([expect.objectContaining({ codice_prodotto: prodotto.codice_prodotto, quantita: 3 })]);

    // The label is still in front of the camera: once the pause after an add is over, it is read again.
    await visible(d.getByText('Nel carrello: 3'), 15_000);
    await d.getByLabel('Quantità').fill('2');
    await d.getByRole('button', { name: 'Aggiungi al carrello' }).click();
    await visible(d.getByText(`2 × ${prodotto.codice_prodotto} aggiunto al carrello.`));
    expect(await carrelloDi(page)).toEqual([expect.objectContaining({ codice_prodotto: prodotto.codice_prodotto, quantita: 5 })]);

    await page.keyboard.press('Escape');
    await hidden(d);
    // Focus goes back to the button that opened the dialog.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Scansiona codice a barre');
    await page.goto('/checkout');
    await visible(page.getByText(prodotto.codice_prodotto).first());
    expect(await carrelloDi(page)).toHaveLength(1);
    // The cart follows mario into the next test's browser (docs/regole/ordini.md#cart): it starts empty.
    await svuotaCarrello(page);
  });

  it('fills a 390 px screen, with a close button of at least 44 px that stops the camera', async () => {
    const page = await newPage({ width: 390, height: 844 });
    // The page's real camera streams, kept aside to look at their tracks once the dialog is closed.
    await page.addInitScript(() => {
      const md = navigator.mediaDevices;
      const originale = md.getUserMedia.bind(md);
      const flussi: MediaStream[] = [];
      Object.assign(window, { flussiFotocamera: flussi });
      md.getUserMedia = async (c) => {
        const s = await originale(c);
        flussi.push(s);
        return s;
      };
    });
    await loginCliente(page);
    await page.screenshot({ path: `${SHOTS}/intestazione-390.png` });
    await scansiona(page);
    const d = dialogo(page);
    await page.screenshot({ path: `${SHOTS}/scansione-390.png` });
    expect(await d.boundingBox()).toEqual({ x: 0, y: 0, width: 390, height: 844 });
    const chiudi = d.getByRole('button', { name: 'Chiudi' });
    const box = (await chiudi.boundingBox())!;
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
    await chiudi.click();
    await hidden(d);
    // The camera's light goes off as the dialog closes (within a moment on a busy machine).
    await expect.poll(() => page.evaluate(() =>
      (window as unknown as { flussiFotocamera: MediaStream[] }).flussiFotocamera.flatMap((s) => s.getTracks().map((t) => t.readyState))),
    { timeout: 5000 }).toEqual(['ended']);
    expect(await carrelloDi(page)).toEqual([]);
  });

  it('in the quick order, adds the read label to the pasted list as a line', async () => {
    const page = await newPage();
    await loginCliente(page);
    await page.goto('/ordine-rapido');
    const campo = page.getByLabel('Codice e quantità, una riga per prodotto');
    await campo.fill('VITE-INESISTENTE 2');
    await page.screenshot({ path: `${SHOTS}/ordine-rapido-1366.png` });
    await scansiona(page, page.locator('.or-form'));
    const d = dialogo(page);
    await d.getByLabel('Quantità').fill('4');
    await d.getByRole('button', { name: "Aggiungi all'elenco" }).click();
    await visible(d.getByText(`4 × ${prodotto.codice_prodotto} aggiunto all'elenco.`));
    await d.getByRole('button', { name: 'Chiudi' }).click();
    await hidden(d);
    expect(await campo.inputValue()).toBe(`VITE-INESISTENTE 2\n${prodotto.codice_prodotto}\t4`);
    await page.getByRole('button', { name: 'Verifica righe' }).click();
    await visible(page.getByText('1 riga pronta su 2'));
  });
});

describe.runIf(hasBrowser())('scansione: codice ignoto, permesso negato', () => {
  // No fake permission prompt here: a page is allowed the camera only when its context grants it.
  const { newPage } = useBrowser({ args: ['--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${VIDEO_IGNOTO}`] });

  it('says when the code read is not in the catalogue, and keeps reading', async () => {
    const page = await newPage();
    await page.context().grantPermissions(['camera']);
    await loginCliente(page);
    await page.getByRole('button', { name: 'Scansiona codice a barre' }).click();
    const d = dialogo(page);
    await visible(d.getByText(`Codice ${IGNOTO} non trovato nel catalogo.`), 30_000);
    await visible(d.getByText('Inquadra il prossimo codice a barre.'));
    await page.screenshot({ path: `${SHOTS}/scansione-ignoto-1366.png` });
    expect(await d.getByRole('button', { name: 'Aggiungi al carrello' }).count()).toBe(0);
  });

  it('says how to allow the camera when it is refused', async () => {
    const page = await newPage({ width: 390, height: 844 });
    await loginCliente(page);
    await page.getByRole('button', { name: 'Scansiona codice a barre' }).click();
    const d = dialogo(page);
    await visible(d.getByRole('alert').getByText(/^Accesso alla fotocamera negato\./), 15_000);
    await page.screenshot({ path: `${SHOTS}/scansione-negato-390.png` });
    await visible(d.getByRole('button', { name: 'Riprova' }));
  });
});

describe.runIf(hasBrowser())('scansione senza fotocamera', () => {
  const { newPage } = useBrowser();

  it('shows no scan button on a device without a camera', async () => {
    const page = await newPage({ width: 390, height: 844 });
    await loginCliente(page);
    await page.goto('/ordine-rapido');
    await visible(page.getByRole('button', { name: 'Verifica righe' }));
    const telecamere = await page.evaluate(async () =>
      (await navigator.mediaDevices.enumerateDevices()).filter((d) => d.kind === 'videoinput').length);
    expect(telecamere).toBe(0);
    expect(await page.getByRole('button', { name: 'Scansiona codice a barre' }).count()).toBe(0);
  });
});
