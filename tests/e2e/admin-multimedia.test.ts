import fs from 'node:fs';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MSG_MULTIMEDIA } from '../../shared/media-costanti.js';
import { simplePdf } from '../../seed/pdf.js';
import { hasBrowser, useBrowser } from './browser.js';
import { ADMIN, loginCliente, submitLogin, visible } from './helpers.js';
import { portaleDiTest } from './portale.js';

// This file's own database, data folder and server (tests/e2e/portale.ts).
portaleDiTest();

/**
 * What an admin uploads reaches the customers (docs/regole/multimedia.md#multimedia-admin):
 * a catalogue PDF with its cover, downloaded by a customer byte for byte, and a side banner on the
 * customer home. The two items are deleted at the end (through the API, which removes their files).
 */
const CATALOGO = 'Catalogo 77 - Prova E2E';
const BANNER = 'Banner prova E2E';
const pdf = simplePdf(CATALOGO, ['Documento caricato dal test end-to-end', `Generato il ${new Date().toISOString()}`]);

async function loginAdmin(page: Page): Promise<void> {
  await submitLogin(page, '/admin', ADMIN);
  await page.waitForURL('**/adminhome');
}

describe.runIf(hasBrowser())('admin: multimedia e banner', () => {
  const { newPage } = useBrowser();

  it('a catalogue PDF with a cover reaches /catalogo and downloads byte-identical; a side banner reaches the home', async () => {
    const cover = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#2e7d32' } }).jpeg().toBuffer();
    const bannerPng = await sharp({ create: { width: 300, height: 450, channels: 3, background: '#e65100' } }).png().toBuffer();
    const admin = await newPage();
    await loginAdmin(admin);
    await admin.getByRole('navigation', { name: 'Menu amministrazione' }).getByRole('link', { name: 'Multimedia' }).click();
    await admin.waitForURL('**/admin/multimedia');

    // nome and tipologia required, submit disabled until the form is valid.
    const form = admin.getByRole('region', { name: 'Nuovo contenuto' });
    const carica = form.getByRole('button', { name: 'Carica', exact: true });
    expect(await carica.isDisabled()).toBe(true);
    await form.getByLabel('Nome').fill(CATALOGO);
    await form.getByLabel('File da scaricare').setInputFiles({ name: 'catalogo-prova.pdf', mimeType: 'application/pdf', buffer: pdf });
    await form.getByLabel('Copertina').setInputFiles({ name: 'copertina.jpg', mimeType: 'image/jpeg', buffer: cover });
    await visible(form.getByRole('img', { name: 'Anteprima della copertina' }));
    expect(await carica.isDisabled()).toBe(true);
    await form.getByRole('combobox', { name: 'Tipologia' }).selectOption('catalogo');
    expect(await carica.isDisabled()).toBe(false);
    await carica.click();
    await visible(admin.getByText(MSG_MULTIMEDIA.inserito));
    await visible(admin.getByRole('table', { name: 'Multimedia' }).getByRole('link', { name: CATALOGO }));
    expect(await carica.isDisabled()).toBe(true);

    const cliente = await newPage();
    await loginCliente(cliente);
    await cliente.getByRole('link', { name: 'CATALOGO', exact: true }).click();
    await cliente.waitForURL('**/catalogo');
    const card = cliente.getByRole('article', { name: CATALOGO });
    await visible(card);
    // The cover is the web copy the upload made, and it loads.
    const img = card.locator('img');
    await img.evaluate((el: HTMLImageElement) => el.decode());
    expect(await img.evaluate((el: HTMLImageElement) => ({ w: el.naturalWidth, src: new URL(el.src).pathname })))
      .toEqual({ w: 1200, src: expect.stringMatching(/^\/media\/multimedia\/catalogo\/copertina-[0-9a-f]{8}\.jpg\.web\.webp$/) });
    const [download] = await Promise.all([cliente.waitForEvent('download'), card.getByRole('button', { name: 'Scarica' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^catalogo-prova-[0-9a-f]{8}\.pdf$/);
    expect(fs.readFileSync((await download.path())!).equals(pdf)).toBe(true);

    // A side banner: cover, link and name; at the bottom of the home's column.
    await admin.getByRole('navigation', { name: 'Menu amministrazione' }).getByRole('link', { name: 'Banner' }).click();
    await admin.waitForURL('**/admin/banner');
    const nuovo = admin.getByRole('region', { name: 'Nuovo banner' });
    await nuovo.getByLabel('Nome').fill(BANNER);
    await nuovo.getByLabel('Link').fill('javascript:alert(1)');
    await visible(nuovo.getByText(MSG_MULTIMEDIA.linkNonValido));
    await nuovo.getByLabel('Link').fill('/catalogo');
    await nuovo.getByLabel('Copertina').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: bannerPng });
    await nuovo.getByRole('button', { name: 'Carica', exact: true }).click();
    await visible(admin.getByRole('link', { name: BANNER }));

    await cliente.getByRole('link', { name: 'HOME', exact: true }).click();
    await cliente.waitForURL('**/home2');
    const banner = cliente.getByRole('list', { name: 'Banner' }).getByRole('link', { name: BANNER });
    await visible(banner);
    expect(await banner.getAttribute('href')).toBe('/catalogo');
    expect(await cliente.getByRole('list', { name: 'Banner' }).getByRole('img').last().getAttribute('alt')).toBe(BANNER);

    // Clean up through the API: rows and files.
    const ids = await admin.evaluate(async (nomi) => {
      const res = await fetch('/api/multimedia/load');
      return ((await res.json()) as { id: number; nome: string }[]).filter((m) => nomi.includes(m.nome)).map((m) => m.id);
    }, [CATALOGO, BANNER]);
    expect(ids).toHaveLength(2);
    for (const id of ids) {
      const res = await admin.request.post('/api/multimedia/delete', { data: { multimedia_id: id } });
      expect(res.status()).toBe(200);
    }
    await admin.context().close();
    await cliente.context().close();
  });
});
