import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import postgres from 'postgres';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, useBrowser } from './browser.js';
import { ADMIN, hidden, loginCliente, submitLogin, visible } from './helpers.js';
import { portaleDiTest } from './portale.js';

// This file's own database, data folder and server (tests/e2e/portale.ts).
const portale = portaleDiTest();

/**
 * The photos and attachments of a product on its admin page (docs/regole/admin.md#product-photos):
 * a camera-sized photo uploaded with its preview and progress, made main, seen by the customer on
 * the card (the thumbnail, not the original) and in the product page's gallery (the web copy, with
 * the original to open); the browser's and the server's refusals; an attachment with its name,
 * downloaded and deleted. The demo product is left as it was: its photos, its main one, no attachment.
 * FOTO_SHOTS=<folder> also saves screenshots of the section at 1366 and 768 px.
 */
const SHOTS = process.env.FOTO_SHOTS;

interface Scelto {
  codice: string;
  principale: { id: number; file: string };
}

function db() {
  return postgres(portale.databaseUrl, { max: 1, onnotice: () => {} });
}

/** A visible demo product with a main photo and no attachment, far from those other tests pick (lowest ids). */
async function scegliProdotto(): Promise<Scelto> {
  const sql = db();
  try {
    const [r] = await sql<{ codice: string; id: number; file: string }[]>`
      SELECT p.codice_prodotto AS codice, m.id, m.file FROM prodotti p
      JOIN prodotti_media m ON m.codice_prodotto = p.codice_prodotto AND m.tipologia = 'foto' AND m.nome = 'default'
      WHERE p.status = 0 AND p.deleted_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM prodotti_media a WHERE a.codice_prodotto = p.codice_prodotto AND a.tipologia = 'allegato')
      ORDER BY p.id DESC LIMIT 1`;
    if (!r) throw new Error('nessun prodotto demo con una foto principale e senza allegati');
    return { codice: r.codice, principale: { id: r.id, file: r.file } };
  } finally {
    await sql.end();
  }
}

async function loginAdmin(page: Page): Promise<void> {
  await submitLogin(page, '/admin', ADMIN);
  await page.waitForURL('**/adminhome');
}

/** A toast's text (bottom right), waited for. */
const toast = (page: Page, testo: string) => visible(page.getByText(testo, { exact: true }));

describe.runIf(hasBrowser())('admin: foto e allegati di un prodotto', () => {
  // The server refuses a script named like a photo: a 400 the browser logs.
  const { newPage } = useBrowser({ statiAttesi: [400] });
  let prodotto: Scelto;
  let foto: Buffer;

  beforeAll(async () => {
    prodotto = await scegliProdotto();
    // A camera-sized photo (6000×4000): the card must never load it.
    foto = await sharp({
      create: { width: 6000, height: 4000, channels: 3, background: '#2d6cb5' },
    }).composite([{ input: Buffer.from('<svg width="6000" height="4000"><circle cx="3000" cy="2000" r="1500" fill="#f2a900"/></svg>') }])
      .jpeg({ quality: 90 }).toBuffer();
  });

  it('uploads a photo with its preview, makes it main; the customer sees its thumbnail on the card and its web copy on the page', async () => {
    const page = await newPage();
    await loginAdmin(page);
    await page.goto(`/admin/prodotti/dettaglio/${encodeURIComponent(prodotto.codice)}`);
    const sezione = page.getByRole('region', { name: 'Foto' });
    const griglia = sezione.getByRole('list', { name: 'Foto del prodotto' });
    await visible(griglia.getByRole('listitem', { name: `${prodotto.principale.file} (principale)` }));
    const input = sezione.getByLabel('Foto da caricare');

    // The browser's first check: a text file is no photo.
    await input.setInputFiles({ name: 'note.txt', mimeType: 'text/plain', buffer: Buffer.from('nota') });
    await visible(sezione.getByRole('alert').getByText('Per favore seleziona solo immagini.'));
    expect(await sezione.getByRole('button', { name: 'Carica', exact: true }).isDisabled()).toBe(true);
    await sezione.getByRole('button', { name: 'Togli note.txt' }).click();
    await hidden(sezione.getByRole('alert'));

    // The server's check: a script named like a photo passes the browser, not the server.
    await input.setInputFiles({ name: 'x.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('<script>alert(1)</script>') });
    await sezione.getByRole('button', { name: 'Carica', exact: true }).click();
    await visible(sezione.getByRole('alert').getByText('Per favore seleziona solo immagini. Il file "x.jpg" non è un\'immagine.'));
    await sezione.getByRole('button', { name: 'Togli x.jpg' }).click();

    // The real photo: previewed before sending, then uploaded with a progress bar.
    await input.setInputFiles({ name: 'Trapano a percussione.jpg', mimeType: 'image/jpeg', buffer: foto });
    const anteprima = sezione.getByRole('img', { name: 'Anteprima di Trapano a percussione.jpg' });
    await visible(anteprima);
    await expect.poll(() => anteprima.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(6000);
    if (SHOTS) {
      fs.mkdirSync(SHOTS, { recursive: true });
      await sezione.screenshot({ path: `${SHOTS}/foto-scelta-1366.png` });
    }
    await sezione.getByRole('button', { name: 'Carica', exact: true }).click();
    await toast(page, 'Foto caricata con successo');
    const nuova = griglia.getByRole('listitem', { name: /^trapano-a-percussione-[0-9a-f]{8}\.jpg$/ });
    await visible(nuova);
    const file = (await nuova.getAttribute('aria-label'))!;
    await hidden(sezione.getByRole('list', { name: 'File scelti' }));

    await nuova.getByRole('button', { name: `Imposta ${file} come foto principale` }).click();
    await toast(page, 'Foto Principale impostata con successo');
    await visible(griglia.getByRole('listitem', { name: `${file} (principale)` }));
    await visible(griglia.getByRole('listitem', { name: prodotto.principale.file, exact: true }));
    expect(await griglia.getByText('Principale', { exact: true }).count()).toBe(1);
    const originale = `/media/prodotti/${prodotto.codice}/${file}`;
    expect(await griglia.getByRole('link', { name: `Apri l'originale di ${file}` }).getAttribute('href')).toBe(originale);

    // Both widths: nothing wider than the window (the photo grid, the forms).
    for (const width of [1366, 768]) {
      await page.setViewportSize({ width, height: width === 768 ? 1024 : 800 });
      await page.waitForFunction(() => document.documentElement.scrollWidth <= window.innerWidth, undefined, { timeout: 5000 });
      // From the top: a full-page shot of a scrolled page draws the fixed header where it stands.
      await page.evaluate(() => window.scrollTo(0, 0));
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/prodotto-media-${width}.png`, fullPage: true });
    }
    await page.context().close();

    // The customer: the card loads the 400 px thumbnail, the product page the web copy and links the original.
    const cliente = await newPage();
    await loginCliente(cliente);
    const box = cliente.getByRole('searchbox', { name: 'Cerca prodotti' });
    await box.fill(prodotto.codice);
    await box.press('Enter');
    const card = cliente.getByRole('list', { name: 'Prodotti' }).getByRole('article')
      .filter({ has: cliente.getByText(prodotto.codice, { exact: true }) });
    const img = card.locator('.pcard-media img');
    await visible(img);
    expect(await img.getAttribute('src')).toBe(`${originale}.thumb.webp`);
    await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBe(400);

    const titolo = ((await card.getByRole('heading').textContent()) ?? '').trim();
    await card.getByRole('link', { name: titolo }).click();
    await cliente.waitForURL((u) => u.pathname === '/prodotto');
    const principale = cliente.getByRole('img', { name: titolo });
    await visible(principale);
    expect(await principale.getAttribute('src')).toBe(`${originale}.web.webp`);
    await expect.poll(() => principale.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBe(1600);
    expect(await cliente.getByRole('link', { name: 'Apri la foto originale' }).getAttribute('href')).toBe(originale);
    if (SHOTS) await cliente.screenshot({ path: `${SHOTS}/scheda-cliente-1366.png` });
    await cliente.context().close();
  });

  it("attachments need a name, refuse images; one is listed, downloaded and deleted; the photo goes and the demo's main photo comes back", async () => {
    const page = await newPage();
    await loginAdmin(page);
    await page.goto(`/admin/prodotti/dettaglio/${encodeURIComponent(prodotto.codice)}`);
    const allegati = page.getByRole('region', { name: 'Allegati' });
    await visible(allegati.getByText('Nessun Allegato Caricato'));
    const input = allegati.getByLabel('File da caricare');

    await input.setInputFiles({ name: 'schema.png', mimeType: 'image/png', buffer: await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).png().toBuffer() });
    await visible(allegati.getByRole('alert').getByText('Questo tipo di file non è consentito.'));
    await allegati.getByRole('button', { name: 'Togli schema.png' }).click();

    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    await input.setInputFiles({ name: 'scheda.pdf', mimeType: 'application/pdf', buffer: pdf });
    await allegati.getByRole('button', { name: 'Carica', exact: true }).click();
    await visible(allegati.getByText('Il campo Nome è obbligatorio per gli allegati.'));
    await allegati.getByLabel('Nome').fill('Scheda di sicurezza');
    await allegati.getByRole('button', { name: 'Carica', exact: true }).click();
    await toast(page, 'Allegato caricato con successo');
    const riga = allegati.getByRole('row').filter({ hasText: 'Scheda di sicurezza' });
    await visible(riga.getByRole('cell', { name: 'PDF', exact: true }));
    const scarica = riga.getByRole('link', { name: 'Scarica Scheda di sicurezza' });
    const [download] = await Promise.all([page.waitForEvent('download'), scarica.click()]);
    expect(download.suggestedFilename()).toMatch(/^scheda-[0-9a-f]{8}\.pdf$/);
    if (SHOTS) await allegati.screenshot({ path: `${SHOTS}/allegati-1366.png` });

    await riga.getByRole('button', { name: 'Cancella Scheda di sicurezza' }).click();
    const dialog = page.getByRole('dialog');
    await visible(dialog.getByText('Sei sicuro di voler cancellare l\'allegato "Scheda di sicurezza"?'));
    await dialog.getByRole('button', { name: 'Cancella' }).click();
    await toast(page, 'Media cancellata con successo');
    await visible(allegati.getByText('Nessun Allegato Caricato'));

    // The uploaded photo goes, files and all; the demo's photo becomes main again.
    const sezione = page.getByRole('region', { name: 'Foto' });
    const griglia = sezione.getByRole('list', { name: 'Foto del prodotto' });
    const nuova = griglia.getByRole('listitem', { name: /^trapano-a-percussione-.*\(principale\)$/ });
    const file = ((await nuova.getAttribute('aria-label')) ?? '').replace(' (principale)', '');
    await nuova.getByRole('button', { name: `Cancella ${file}` }).click();
    await dialog.getByRole('button', { name: 'Cancella' }).click();
    await toast(page, 'Media cancellata con successo');
    await hidden(nuova);
    const dir = path.join(portale.dataDir, 'media', 'prodotti', prodotto.codice);
    expect(fs.readdirSync(dir).filter((f) => f.startsWith('trapano-a-percussione-'))).toEqual([]);

    await griglia.getByRole('button', { name: `Imposta ${prodotto.principale.file} come foto principale` }).click();
    await toast(page, 'Foto Principale impostata con successo');
    await visible(griglia.getByRole('listitem', { name: `${prodotto.principale.file} (principale)` }));
    await page.context().close();
  });
});
