import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG_PASSWORD } from '../../shared/utenti.js';
import { baseUrl, hasBrowser, useBrowser } from './browser.js';
import { ADMIN, loginCliente, submitLogin, visible } from './helpers.js';
import { portaleDiTest } from './portale.js';

// This file's own database, data folder and server (tests/e2e/portale.ts).
portaleDiTest();

/**
 * The password change (docs/regole/accesso.md#password-change): a user created by the admin has a temporary password, so the
 * login leads to /cambia-password, which refuses a weak password with the server's words and then
 * goes on to /home2; the new password logs straight in; 'I miei Dati' changes it again. The user is
 * this file's own (created through the API as admin, deleted at the end): nobody else's password changes.
 */
const USERNAME = `cambio.password.${Date.now()}@example.it`;
const TEMPORANEA = 'Temporanea-Admin-77';
const NUOVA = 'Chiave-Ferrosa-2025!';
const ANCORA_NUOVA = 'Bullone-Zincato-8842';
const SHOTS = process.env.CAMBIOPWD_SHOTS;
const MSG_CONFERMA_DIVERSA = 'La conferma non coincide con la nuova password.';

let cookieAdmin = '';
let ragioneSociale = '';

async function admin<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(`${baseUrl()}/api/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: cookieAdmin },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

async function esci(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Profilo di/ }).click();
  await page.getByRole('menuitem', { name: 'Esci' }).click();
  await page.waitForURL((u) => u.pathname === '/');
}

describe.runIf(hasBrowser())('cambio password', () => {
  // A wrong current password is refused with a 400, which the browser logs. No call answers 403: while
  // the password is temporary, the page's preload names only the session (server/catalogo/precarica-negozio.ts).
  const { newPage } = useBrowser({ statiAttesi: [400] });

  beforeAll(async () => {
    const login = await fetch(`${baseUrl()}/api/login/backend`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(ADMIN),
    });
    cookieAdmin = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const { clienti } = await admin<{ clienti: { id: number; ragione_sociale: string }[] }>('clienti/read?limit=10', undefined);
    // Client 4's users are the admin-clienti test's: leave them alone.
    const cliente = clienti.find((c) => c.id !== 4)!;
    ragioneSociale = cliente.ragione_sociale;
    const r = await admin<{ status: number; msg: string }>('utenti/create', {
      username: USERNAME, password: TEMPORANEA, nome: 'Carla', cognome: 'Verdi', tipologia_account: 'cliente', clienti: [cliente.id],
    });
    expect(r.status, r.msg).toBe(0);
  });

  it('a temporary password leads to Cambia password; weak refused, good one goes on; then I miei Dati', async () => {
    const page = await newPage();
    await submitLogin(page, '/', { username: USERNAME, password: TEMPORANEA });
    await page.waitForURL('**/cambia-password');
    await visible(page.getByRole('heading', { level: 1, name: 'Cambia password' }));
    await visible(page.getByText('impostata dal nostro personale'));

    // A reload, or another customer screen, comes back here (GET /api/sessione carries the flag).
    await page.goto('/dispatcher');
    await page.waitForURL('**/cambia-password');
    await visible(page.getByLabel('Password attuale'));

    const attuale = page.getByLabel('Password attuale');
    const nuova = page.getByLabel(/^Nuova password/);
    const conferma = page.getByLabel('Conferma nuova password');
    const salva = page.getByRole('button', { name: 'Salva e continua' });

    // The confirmation is checked in the browser.
    await attuale.fill(TEMPORANEA);
    await nuova.fill(NUOVA);
    await conferma.fill('Qualcosa-di-diverso-1');
    await salva.click();
    await visible(page.getByText(MSG_CONFERMA_DIVERSA));
    expect(await conferma.getAttribute('aria-invalid')).toBe('true');

    // The company name with a year: the server refuses it, and its words are shown in the form.
    const debole = `${ragioneSociale.replace(/[^A-Za-z0-9]/g, '')}2024`;
    await nuova.fill(debole);
    await conferma.fill(debole);
    await salva.click();
    await visible(page.getByText(MSG_PASSWORD.azienda));
    expect(new URL(page.url()).pathname).toBe('/cambia-password');
    if (SHOTS) {
      await page.screenshot({ path: `${SHOTS}/cambia-password-1366.png`, fullPage: true });
    }

    await nuova.fill(NUOVA);
    await conferma.fill(NUOVA);
    await salva.click();
    await page.waitForURL('**/home2');
    await visible(page.getByText(MSG_PASSWORD.cambiata));
    await visible(page.getByRole('heading', { level: 1, name: /Benvenuto/ }));

    // The new password logs straight in.
    await esci(page);
    await loginCliente(page, { username: USERNAME, password: NUOVA });

    // 'I miei Dati' changes it again.
    await page.getByRole('button', { name: /^Profilo di/ }).click();
    await page.getByRole('menuitem', { name: 'I miei dati' }).click();
    await page.waitForURL('**/mieidati');
    const sezione = page.getByRole('region', { name: 'Cambia password' });
    await sezione.getByLabel('Password attuale').fill('Sbagliata-davvero-1');
    await sezione.getByLabel(/^Nuova password/).fill(ANCORA_NUOVA);
    await sezione.getByLabel('Conferma nuova password').fill(ANCORA_NUOVA);
    await sezione.getByRole('button', { name: 'Cambia password' }).click();
    await visible(sezione.getByText(MSG_PASSWORD.attualeErrata));
    await sezione.getByLabel('Password attuale').fill(NUOVA);
    await sezione.getByRole('button', { name: 'Cambia password' }).click();
    await visible(page.getByText(MSG_PASSWORD.cambiata));
    expect(await sezione.getByLabel('Password attuale').inputValue()).toBe('');
    if (SHOTS) {
      await page.setViewportSize({ width: 768, height: 1024 });
      await sezione.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/mieidati-768.png`, fullPage: true });
    }

    await esci(page);
    await loginCliente(page, { username: USERNAME, password: ANCORA_NUOVA });
    await page.context().close();
  });
});
