import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { MSG_PASSWORD, MSG_RESET_PASSWORD } from '../../shared/utenti.js';
import { MSG } from '../../server/auth/login.service.js';
import { mailPer } from '../support/mail.js';
import { hasBrowser, useBrowser } from './browser.js';
import { loginCliente, MARIO, submitLogin, visible } from './helpers.js';
import { portaleDiTest } from './portale.js';

// This file's own database, data folder and server (tests/e2e/portale.ts): Mario's password changes here only.
const portale = portaleDiTest();

/**
 * 'Password dimenticata?' through the screens and the real mail (docs/regole/accesso.md#password-reset):
 * the login's link, the e-mail, the mail the portal writes (nodemailer, an .eml in the data folder),
 * its link, a weak password refused under its field, a good one; the sessions opened before end;
 * the link works once. Screens photographed at 1366, 768 and 390 px into PASSWORD_SCREENSHOTS_DIR
 * (default: portale-password-screenshots in the system's temporary folder).
 */
const FOTO = process.env.PASSWORD_SCREENSHOTS_DIR ?? path.join(os.tmpdir(), 'portale-password-screenshots');
const LARGHEZZE = [{ width: 1366, height: 800 }, { width: 768, height: 1024 }, { width: 390, height: 844 }];
const NUOVA = 'Tassello-Nylon-2031!';

async function foto(page: Page, nome: string): Promise<void> {
  fs.mkdirSync(FOTO, { recursive: true });
  for (const v of LARGHEZZE) {
    await page.setViewportSize(v);
    const { larghezza, finestra } = await page.evaluate(() => ({ larghezza: document.scrollingElement!.scrollWidth, finestra: window.innerWidth }));
    expect(larghezza, `${nome} a ${v.width} px`).toBeLessThanOrEqual(finestra);
    await page.screenshot({ path: path.join(FOTO, `${nome}-${v.width}.png`), fullPage: true });
  }
  await page.setViewportSize(LARGHEZZE[0]!);
}

/** The link of the n-th reset mail to Mario, once the portal's job has written it: its path and fragment. */
const linkDellaMail = (n: number) => vi.waitFor(() => {
  const mails = mailPer(path.join(portale.dataDir, 'mail'), MARIO.username).filter((m) => m.includes('Subject: Nuova password per il portale'));
  expect(mails.length).toBeGreaterThanOrEqual(n);
  const link = /https?:\/\/\S+(\/reimposta-password#[A-Za-z0-9_-]{43})/.exec(mails[n - 1]!);
  expect(link).not.toBeNull();
  return link![1]!;
}, { timeout: 15_000, interval: 200 });

describe.runIf(hasBrowser())('password dimenticata', () => {
  // The weak password and the used link are refused with 400s, which the browser logs.
  const { newPage } = useBrowser({ statiAttesi: [400] });

  it('from the login to a new password through the mail; the old sessions end; the link works once', async () => {
    // A session opened before, in another browser.
    const prima = await newPage();
    await loginCliente(prima);

    const page = await newPage();
    await page.goto('/');
    await page.getByRole('link', { name: 'Password dimenticata?' }).click();
    await page.waitForURL('**/password-dimenticata');
    await visible(page.getByRole('heading', { level: 1, name: 'Password dimenticata' }));
    await foto(page, '01-richiesta');
    // The address checked in the browser first.
    await page.getByLabel(/^E-mail/).fill('non-una-mail');
    await page.getByRole('button', { name: 'Invia il link' }).click();
    await visible(page.getByText(MSG_RESET_PASSWORD.emailNonValida));
    await page.getByLabel(/^E-mail/).fill(MARIO.username);
    await page.getByRole('button', { name: 'Invia il link' }).click();
    await visible(page.getByRole('status').filter({ hasText: MSG_RESET_PASSWORD.richiesta }));
    await foto(page, '02-richiesta-inviata');

    await page.goto(await linkDellaMail(1));
    await visible(page.getByRole('heading', { level: 1, name: 'Nuova password' }));
    await foto(page, '03-nuova-password');
    const nuova = page.getByLabel(/^Nuova password/);
    const conferma = page.getByLabel(/^Conferma nuova password/);
    // The server's rules, under the field.
    await nuova.fill('FerramentaRossi2024');
    await conferma.fill('FerramentaRossi2024');
    await page.getByRole('button', { name: 'Imposta la password' }).click();
    await visible(page.getByText(MSG_PASSWORD.azienda));
    await foto(page, '04-password-debole');
    await nuova.fill(NUOVA);
    await conferma.fill(NUOVA);
    await page.getByRole('button', { name: 'Imposta la password' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await visible(page.getByText(MSG_RESET_PASSWORD.impostata));

    // The session opened before has ended; the old password no longer works, the new one does.
    await prima.reload();
    await prima.waitForURL((u) => u.pathname === '/');
    await submitLogin(page, '/', MARIO);
    await visible(page.locator('form').getByRole('alert').filter({ hasText: MSG.credenziali }));
    await submitLogin(page, '/', { username: MARIO.username, password: NUOVA });
    await page.waitForURL('**/home2');

    // Used: the link again says so, and leads to a new request.
    const usato = await newPage();
    await usato.goto(await linkDellaMail(1));
    await usato.getByLabel(/^Nuova password/).fill('Un-Altra-Password-77');
    await usato.getByLabel(/^Conferma nuova password/).fill('Un-Altra-Password-77');
    await usato.getByRole('button', { name: 'Imposta la password' }).click();
    await visible(usato.getByRole('alert').filter({ hasText: MSG_RESET_PASSWORD.linkNonValido }));
    await visible(usato.getByRole('link', { name: 'Chiedi un nuovo link' }));
    await foto(usato, '05-link-usato');
    for (const p of [prima, page, usato]) await p.context().close();
  });

  it('the login refused: the message under the form at every width', async () => {
    const page = await newPage();
    await submitLogin(page, '/', { username: MARIO.username, password: 'Sbagliata!1' });
    await visible(page.locator('form').getByRole('alert').filter({ hasText: MSG.credenziali }));
    await foto(page, '00-login-rifiutato');
    await page.context().close();
  });
});
