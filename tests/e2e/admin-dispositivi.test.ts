import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MSG } from '../../server/auth/login.service.js';
import { MSG_DISPOSITIVI } from '../../shared/dispositivi.js';
import { CHROMIUM_ARGS } from './chromium.js';
import { ADMIN, hidden, submitLogin, TECNICO, visible } from './helpers.js';
import { baseUrl, hasBrowser, useBrowser } from './browser.js';
import { portaleDiTest } from './portale.js';

// This file's own database, data folder and server (tests/e2e/portale.ts).
portaleDiTest();

/** A customer without devices in the demo data: his first login is the 'new device'. */
const MARCO = { username: 'marco.ricci@ferramentaricci.it', password: 'Demo2024!', nome: 'Marco Ricci' };

/**
 * Impostazioni and 'Lista Dispositivi Utente' (docs/regole/admin.md#settings, docs/regole/admin.md#devices-admin)
 * as the tecnico, and closed to the amministratore.
 */
describe.runIf(hasBrowser())('admin: impostazioni e dispositivi', () => {
  const { newPage } = useBrowser();

  // The customer's pages (and the failures made on purpose) live in a browser of their own: during
  // maintenance the shop's calls are answered 503 {manutenzione: 1} on purpose, which Chromium logs
  // as a failed resource.
  let clienteBrowser: Browser | undefined;
  const erroriCliente: string[] = [];
  beforeAll(async () => {
    clienteBrowser = await chromium.launch({ executablePath: inject('chromiumPath'), args: CHROMIUM_ARGS, headless: true });
  });
  afterAll(async () => {
    await clienteBrowser?.close();
    expect(erroriCliente, 'errori nella console del browser del cliente').toEqual([]);
  });
  async function paginaCliente(risorseAttese = /Failed to load resource.*status of (40[14]|503)/): Promise<Page> {
    const context = await clienteBrowser!.newContext({ baseURL: baseUrl(), viewport: { width: 1366, height: 800 }, locale: 'it-IT' });
    const page = await context.newPage();
    page.on('console', (msg) => {
      if (msg.type() === 'error' && !risorseAttese.test(msg.text())) erroriCliente.push(msg.text());
    });
    page.on('pageerror', (err) => erroriCliente.push(err.message));
    return page;
  }

  let tecnico: Page;

  async function apriDaMenu(page: Page, voce: string, heading: string): Promise<void> {
    await page.getByRole('navigation', { name: 'Menu amministrazione' }).getByRole('link', { name: voce }).click();
    await visible(page.getByRole('heading', { name: heading }));
  }

  /** Answers the confirmation dialog with that question. */
  async function rispondi(page: Page, domanda: string, bottone: 'Conferma' | 'Annulla' | 'Cancella'): Promise<void> {
    const dialog = page.getByRole('dialog');
    await visible(dialog.getByText(domanda, { exact: true }));
    await dialog.getByRole('button', { name: bottone, exact: true }).click();
    await hidden(dialog);
  }

  const toast = (page: Page, testo: string | RegExp) => visible(page.locator('.toasts').getByText(testo, { exact: true }));

  it("the tecnico switches 'Approvazione dispositivi' on (after a confirmation) and a cancelled maintenance toggle changes nothing", async () => {
    tecnico = await newPage();
    await submitLogin(tecnico, '/admin', TECNICO);
    await tecnico.waitForURL('**/adminhome');
    await apriDaMenu(tecnico, 'Impostazioni', 'Manutenzione Sito');
    expect(new URL(tecnico.url()).pathname).toBe('/admin/impostazioni');
    await visible(tecnico.getByRole('note').getByText(/il sito diventa inaccessibile/));

    // Maintenance: cancelled → the status is read again and the box is unticked.
    const stato = tecnico.getByRole('checkbox', { name: 'Stato:' });
    expect(await stato.isChecked()).toBe(false);
    await stato.click();
    await rispondi(tecnico, 'Sei sicuro di voler attivare la modalità manutenzione?', 'Annulla');
    await tecnico.waitForFunction(() => !(document.querySelector<HTMLInputElement>('input[type=checkbox]:not([role=switch])')?.checked ?? true));
    expect(await stato.isChecked()).toBe(false);

    const approvazione = tecnico.getByRole('switch', { name: 'Approvazione dispositivi' });
    expect(await approvazione.isChecked()).toBe(false);
    await approvazione.click();
    await rispondi(tecnico, "Sei sicuro di voler attivare l'approvazione dei dispositivi?", 'Conferma');
    await toast(tecnico, 'Approvazione dispositivi attivata.');
    expect(await approvazione.isChecked()).toBe(true);
    // The server agrees after a reload.
    await tecnico.reload();
    await visible(tecnico.getByRole('switch', { name: 'Approvazione dispositivi', checked: true }));
  });

  let cliente: Page;

  it("a customer on a new device is refused; his device waits in the list with 'Abilita'; once enabled he logs in", async () => {
    cliente = await paginaCliente();
    await submitLogin(cliente, '/', MARCO);
    // The refusal shows under the form, in an alert (not a dialog).
    await visible(cliente.locator('form').getByRole('alert').filter({ hasText: MSG.dispositivo }));
    expect(new URL(cliente.url()).pathname).toBe('/');

    await apriDaMenu(tecnico, 'Dispositivi', 'Lista Dispositivi Utente');
    expect(new URL(tecnico.url()).pathname).toBe('/admin/userdevice/list');
    const tabella = tecnico.getByRole('table', { name: 'Lista Dispositivi Utente' });
    await visible(tabella.getByRole('row').nth(1));
    const intestazioni = (await tabella.getByRole('columnheader').allTextContents()).map((t) => t.trim());
    expect(intestazioni).toEqual([
      'ID', 'Nome Utente', 'Fingerprint', 'IP', 'Piattaforma', 'Risoluzione Schermo', 'Fuso Orario', 'Lingua',
      'Profondità Colore', 'Pixel Ratio', 'Cookie Abilitati', 'Data Creazione', 'Azioni',
    ]);

    const cerca = tecnico.getByRole('searchbox', { name: 'Cerca per nome cliente' });
    expect(await cerca.getAttribute('placeholder')).toBe('Cerca per nome cliente...');
    await cerca.fill('marco RICCI');
    const righe = tabella.locator('tbody tr');
    await tecnico.waitForFunction(() => document.querySelectorAll('tbody tr').length === 1 &&
      document.querySelector('tbody tr')?.textContent?.includes('Marco Ricci'));
    const riga = righe.first();
    // The red dot (its text is for screen readers).
    expect(await riga.locator('.status-dot:not(.is-ok)').textContent()).toContain('Non autorizzato');
    expect(await riga.getByRole('cell').nth(10).textContent()).toBe('Sì');
    expect(await riga.getByRole('cell').nth(11).textContent()).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);

    // The filter: the pending device is among the unauthorised only.
    const filtro = tecnico.getByLabel('Mostra');
    expect((await filtro.locator('option').allTextContents())).toEqual(['Tutti i dispositivi', 'Solo autorizzati', 'Solo non autorizzati']);
    await filtro.selectOption({ label: 'Solo autorizzati' });
    await visible(tabella.getByText('Nessun dispositivo trovato.'));
    await filtro.selectOption({ label: 'Solo non autorizzati' });
    await visible(riga.getByRole('button', { name: /^Abilita/ }));

    await riga.getByRole('button', { name: /^Abilita/ }).click();
    await toast(tecnico, MSG_DISPOSITIVI.autorizzato);
    // Updated in place, and the active filter ('Solo non autorizzati') is applied again.
    await visible(tabella.getByText('Nessun dispositivo trovato.'));
    await filtro.selectOption({ label: 'Tutti i dispositivi' });
    await visible(riga.getByRole('button', { name: /^Disabilita/ }));
    expect(await riga.locator('.status-dot.is-ok').textContent()).toContain('Autorizzato');

    await submitLogin(cliente, '/', MARCO);
    await cliente.waitForURL('**/home2');
    await visible(cliente.getByRole('heading', { level: 1, name: /Benvenuto/ }));
  });

  it('maintenance on sends the customer to /manutenzione; off lets him back in', async () => {
    await apriDaMenu(tecnico, 'Impostazioni', 'Manutenzione Sito');
    const stato = tecnico.getByRole('checkbox', { name: 'Stato:' });
    await stato.click();
    await rispondi(tecnico, 'Sei sicuro di voler attivare la modalità manutenzione?', 'Conferma');
    await toast(tecnico, 'Modalità manutenzione attivata.');
    expect(await stato.isChecked()).toBe(true);

    // The customer's next call is answered 503 {manutenzione: 1}: the SPA moves to /manutenzione.
    await cliente.reload();
    await cliente.waitForURL('**/manutenzione');
    await visible(cliente.getByRole('heading', { name: 'Sito in manutenzione' }));
    // The admin area keeps working.
    await tecnico.reload();
    await visible(tecnico.getByRole('checkbox', { name: 'Stato:', checked: true }));

    await tecnico.getByRole('checkbox', { name: 'Stato:' }).click();
    await rispondi(tecnico, 'Sei sicuro di voler disattivare la modalità manutenzione?', 'Conferma');
    await toast(tecnico, 'Modalità manutenzione disattivata.');
    expect(await tecnico.getByRole('checkbox', { name: 'Stato:' }).isChecked()).toBe(false);

    await cliente.getByRole('button', { name: 'Riprova' }).click();
    await cliente.waitForURL((u) => u.pathname !== '/manutenzione');
    await cliente.context().close();
  });

  it("the tecnico switches the approval off again; 'Cancella lista di attesa' asks first", async () => {
    const approvazione = tecnico.getByRole('switch', { name: 'Approvazione dispositivi' });
    await approvazione.click();
    await rispondi(tecnico, "Sei sicuro di voler disattivare l'approvazione dei dispositivi?", 'Conferma');
    await toast(tecnico, 'Approvazione dispositivi disattivata.');
    expect(await approvazione.isChecked()).toBe(false);

    // Cancelled, so that the demo's pending device stays for the other browser tests.
    await apriDaMenu(tecnico, 'Dispositivi', 'Lista Dispositivi Utente');
    const tabella = tecnico.getByRole('table', { name: 'Lista Dispositivi Utente' });
    await tecnico.getByLabel('Mostra').selectOption({ label: 'Solo non autorizzati' });
    await visible(tabella.getByRole('button', { name: /^Abilita/ }));
    const inAttesa = await tabella.getByRole('button', { name: /^Abilita/ }).count();
    await tecnico.getByRole('button', { name: 'Cancella lista di attesa' }).click();
    await rispondi(tecnico, MSG_DISPOSITIVI.confermaLista, 'Annulla');
    expect(await tabella.getByRole('button', { name: /^Abilita/ }).count()).toBe(inAttesa);
    await tecnico.context().close();
  });

  it('a failed call puts the maintenance box back and shows the device failure', async () => {
    const page = await paginaCliente(/Failed to load resource.*status of (401|404|500)/);
    await submitLogin(page, '/admin', TECNICO);
    await page.waitForURL('**/adminhome');
    const guasto = { status: 500, contentType: 'application/json', body: JSON.stringify({ msg: 'Errore interno del server.' }) };
    await page.route('**/api/impostazioni/update', (route) => route.fulfill(guasto));
    await page.route('**/api/device/*', (route) => route.fulfill(guasto));

    await apriDaMenu(page, 'Impostazioni', 'Manutenzione Sito');
    const stato = page.getByRole('checkbox', { name: 'Stato:' });
    await stato.click();
    await rispondi(page, 'Sei sicuro di voler attivare la modalità manutenzione?', 'Conferma');
    await toast(page, /^Errore durante il cambio della modalità manutenzione\.\s+Errore interno del server\.$/);
    expect(await stato.isChecked()).toBe(false);

    await apriDaMenu(page, 'Dispositivi', 'Lista Dispositivi Utente');
    const riga = page.getByRole('table', { name: 'Lista Dispositivi Utente' }).locator('tbody tr').filter({ hasText: MARCO.nome });
    await riga.getByRole('button', { name: /^Disabilita/ }).click();
    await toast(page, /^Si è verificato un errore durante l'operazione\.\s+Errore interno del server\.$/);
    // The row is unchanged.
    await visible(riga.getByRole('button', { name: /^Disabilita/ }));
    await page.context().close();
  });

  it('an amministratore has no such menu entries, gets an error on their addresses, and the server answers 403', async () => {
    const page = await newPage();
    await submitLogin(page, '/admin', ADMIN);
    await page.waitForURL('**/adminhome');
    const menu = page.getByRole('navigation', { name: 'Menu amministrazione' });
    await visible(menu.getByRole('link', { name: 'Prodotti' }));
    const voci = (await menu.getByRole('link').allTextContents()).map((t) => t.trim());
    expect(voci).not.toContain('Impostazioni');
    expect(voci).not.toContain('Dispositivi');

    // Every page of the technical staff, by its address: one guard for all of them.
    for (const path of ['/admin/impostazioni', '/admin/userdevice/list', '/admin/statistiche', '/admin/importazioni']) {
      await page.goto(path);
      await visible(page.getByRole('alert').getByText('Accesso non consentito'));
      expect(await page.getByRole('checkbox').count()).toBe(0);
      expect(await page.getByRole('table').count()).toBe(0);
      await visible(page.getByRole('link', { name: 'Torna al pannello' }));
    }
    for (const api of ['/api/impostazioni/read', '/api/devices/all']) {
      expect((await page.request.get(api)).status(), api).toBe(403);
    }
    expect((await page.request.post('/api/impostazioni/update', { data: { manutenzione: 1 } })).status()).toBe(403);
    expect((await page.request.post('/api/device/accept', { data: { user_id: 7, fingerprint: 'a'.repeat(64) } })).status()).toBe(403);
    await page.context().close();
  });
});

