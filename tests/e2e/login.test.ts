import { describe, expect, it } from 'vitest';
import { MSG } from '../../server/auth/login.service.js';
import { ADMIN, GIULIA, loginCliente, MARIO, submitLogin, TECNICO, visible } from './helpers.js';
import { hasBrowser, useBrowser } from './browser.js';
import { portaleDiTest } from './portale.js';

// This file's own database, data folder and server (tests/e2e/portale.ts).
portaleDiTest();

/** The four demo accounts log in through the screens and land where docs/regole/accesso.md#customer-login says. */
describe.runIf(hasBrowser())('login', () => {
  const { newPage } = useBrowser();

  it('mario (one client) lands on /home2 showing his company', async () => {
    const page = await newPage();
    await loginCliente(page, MARIO);
    expect(new URL(page.url()).pathname).toBe('/home2');
    const topline = page.getByTestId('shop-topline');
    await visible(topline.getByText('Ferramenta Rossi S.n.c.'));
    expect(await topline.textContent()).toContain('(001001)');
    // Sticky, with a shadow once the page is scrolled, none back at the top.
    expect(await topline.getAttribute('class')).not.toContain('is-scrolled');
    await page.mouse.wheel(0, 400);
    await page.waitForFunction(() => document.querySelector('[data-testid=shop-topline]')?.classList.contains('is-scrolled'));
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForFunction(() => !document.querySelector('[data-testid=shop-topline]')?.classList.contains('is-scrolled'));
    // The session survives a reload. The frame's and the home's first calls, started by the routes'
    // loaders (web/shop/caricatori.ts), are each made once: the screens take the answers in flight.
    // So is the first flyer's cover. The frame's calls are named in the page's preload header
    // (server/catalogo/precarica-negozio.ts); its scripts are the entry's, named by index.html.
    const chiamate: string[] = [];
    page.on('request', (r) => { if (/\/(api|media|assets)\//.test(r.url())) chiamate.push(new URL(r.url()).pathname); });
    const risposta = await page.reload();
    expect(risposta?.headers().link).toBe('</api/sessione>; rel=preload; as=fetch; crossorigin, </api/categorie/list>; rel=preload; as=fetch; crossorigin');
    await visible(page.getByRole('heading', { level: 1, name: 'Benvenuto, Mario Rossi' }));
    await visible(page.getByRole('list', { name: 'Ultimi Ordinati' }).getByRole('listitem').first());
    await page.waitForLoadState('networkidle');
    const copertina = await page.locator('.carousel-slide').first().locator('img').evaluate((i) => new URL((i as HTMLImageElement).currentSrc).pathname);
    expect(copertina).toMatch(/^\/media\/volantini\//);
    for (const call of ['/api/sessione', '/api/categorie/list', '/api/volantini/list', '/api/prodotti/ultimiordinati', copertina]) {
      expect(chiamate.filter((c) => c === call), call).toHaveLength(1);
    }
    // The home builds no schema: zod (its own chunk) is not loaded (docs/decisions/zod-nel-browser.md);
    // a form that checks its input with the contracts' schemas loads it once it is used.
    expect(chiamate.filter((c) => c.startsWith('/assets/zod-'))).toEqual([]);
    await page.goto('/contatti');
    await visible(page.getByRole('button', { name: 'Invia messaggio' }));
    await page.waitForLoadState('networkidle');
    expect(chiamate.filter((c) => c.startsWith('/assets/zod-'))).toEqual([]);
    await page.getByLabel('Messaggio').focus();
    await expect.poll(() => chiamate.filter((c) => c.startsWith('/assets/zod-')).length).toBe(1);
    await page.context().close();
  });

  it('giulia (two clients) goes to /dispatcher, then Entra → /home2', async () => {
    const page = await newPage();
    await submitLogin(page, '/', GIULIA);
    await page.waitForURL('**/dispatcher');
    await visible(page.getByRole('heading', { name: "Utente con piu' Aziende collegate" }));
    const entra = page.getByRole('button', { name: 'Entra' });
    expect(await entra.count()).toBe(2);
    const scelta = (await page.getByRole('article').first().getByRole('heading').textContent())?.trim() ?? '';
    await entra.first().click();
    await page.waitForURL('**/home2');
    await visible(page.getByRole('heading', { level: 1, name: /Benvenuto/ }));
    // The top line names the chosen client, with the link back to the dispatcher.
    const topline = page.getByTestId('shop-topline');
    await visible(topline.getByRole('link', { name: 'Cambia azienda' }));
    expect(await topline.textContent()).toContain(scelta);
    await page.context().close();
  });

  it("the top line names the client's price list when it is not list 1 (giulia's Bianchi Costruzioni: Listino 2)", async () => {
    const page = await newPage();
    await submitLogin(page, '/', GIULIA);
    await page.waitForURL('**/dispatcher');
    const entra = async (ragioneSociale: string) => {
      await page.getByRole('article').filter({ hasText: ragioneSociale }).getByRole('button', { name: 'Entra' }).click();
      await page.waitForURL('**/home2');
      await visible(page.getByTestId('shop-topline').getByText(ragioneSociale));
    };
    await entra('Bianchi Costruzioni S.r.l.');
    await visible(page.getByTestId('shop-topline').getByText('Listino 2', { exact: true }));
    await page.getByTestId('shop-topline').getByRole('link', { name: 'Cambia azienda' }).click();
    await page.waitForURL('**/dispatcher');
    await entra('Edil Bianchi S.r.l.');
    expect(await page.getByTestId('shop-topline').getByText(/Listino/).count()).toBe(0);
    await page.context().close();
  });

  it('admin lands on /adminhome with the common menu entries (with Multimedia, Banner, Preventivi and Ordini ERP: docs/decisions/admin-menu-entries.md)', async () => {
    const page = await newPage();
    await page.goto('/admin');
    await visible(page.getByRole('heading', { name: 'Login Backend' }));
    await submitLogin(page, '/admin', ADMIN);
    await page.waitForURL('**/adminhome');
    await visible(page.locator('.admin-header').getByText('Pannello Amministrazione', { exact: true }));
    const menu = page.getByRole('navigation', { name: 'Menu amministrazione' });
    await visible(menu.getByRole('link').first());
    const voci = (await menu.getByRole('link').allTextContents()).map((t) => t.trim());
    expect(voci).toEqual(['Aziende', 'Utenti', 'Agenti', 'Clienti', 'Categorie', 'Prodotti', 'Multimedia', 'Banner', 'Preventivi', 'Ordini ERP', 'Resi']);
    await page.context().close();
  });

  it('tecnico also sees Impostazioni, Statistiche and Dispositivi', async () => {
    const page = await newPage();
    await submitLogin(page, '/admin', TECNICO);
    await page.waitForURL('**/adminhome');
    const menu = page.getByRole('navigation', { name: 'Menu amministrazione' });
    await visible(menu.getByRole('link', { name: 'Dispositivi' }));
    const voci = (await menu.getByRole('link').allTextContents()).map((t) => t.trim());
    expect(voci).toEqual(['Aziende', 'Utenti', 'Agenti', 'Clienti', 'Categorie', 'Prodotti', 'Multimedia', 'Banner', 'Preventivi', 'Ordini ERP', 'Resi', 'Impostazioni', 'Statistiche', 'Dispositivi', 'Importazioni']);
    await page.context().close();
  });

  it("a wrong password shows the server's message under the form, in an alert, not in a dialog", async () => {
    const page = await newPage();
    await submitLogin(page, '/', { username: MARIO.username, password: 'Sbagliata!1' });
    const avviso = page.locator('form').getByRole('alert').filter({ hasText: MSG.credenziali });
    await visible(avviso);
    expect(await page.getByRole('dialog').count()).toBe(0);
    // Under the password field, above the button.
    const campo = (await page.getByLabel('Password').boundingBox())!;
    const riquadro = (await avviso.boundingBox())!;
    const pulsante = (await page.getByRole('button', { name: 'Effettua Login' }).boundingBox())!;
    expect(riquadro.y).toBeGreaterThan(campo.y + campo.height - 1);
    expect(riquadro.y + riquadro.height).toBeLessThan(pulsante.y + 1);
    expect(new URL(page.url()).pathname).toBe('/');
    // The next attempt clears it; the right password goes on.
    await page.getByLabel('Password').fill(MARIO.password);
    await page.getByRole('button', { name: 'Effettua Login' }).click();
    await page.waitForURL('**/home2');

    // The backend login answers the same way.
    await submitLogin(page, '/admin', { username: ADMIN.username, password: 'Sbagliata!1' });
    await visible(page.locator('form').getByRole('alert').filter({ hasText: MSG.credenziali }));
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.context().close();
  });
});
