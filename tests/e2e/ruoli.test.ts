import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import postgres from 'postgres';
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG_PERMESSO } from '../../shared/organizzazione-costanti.js';
import { MSG_UTENTI } from '../../shared/utenti.js';
import { hasBrowser, useBrowser } from './browser.js';
import { ADMIN, formatPrezzo, loginCliente, senzaScorrimentoLaterale, submitLogin, visible } from './helpers.js';
import { portaleDiTest } from './portale.js';

// This file's own database, data folder and server (tests/e2e/portale.ts).
const portale = portaleDiTest();

/**
 * What each role sees (docs/regole/organizzazione.md): Anna (Consultazione, no net prices; her
 * documents switched off here) sees list prices and no documents; Luca (Operatore) sees his order waiting for approval; the wholesaler's
 * admin changes Luca's role on his page. Screens photographed at 1366, 768 and 390 px into
 * RUOLI_SCREENSHOTS_DIR (default: portale-ruoli-screenshots in the system's temporary directory).
 */
const ANNA = { username: 'anna.neri@ferramentarossi.it', password: 'Demo2024!' };
const LUCA = { username: 'luca.verdi@ferramentarossi.it', password: 'Demo2024!' };
const LARGHEZZE = [{ width: 1366, height: 900 }, { width: 768, height: 1024 }, { width: 390, height: 844 }];
const FOTO = process.env.RUOLI_SCREENSHOTS_DIR ?? path.join(os.tmpdir(), 'portale-ruoli-screenshots');

async function foto(page: Page, nome: string): Promise<void> {
  fs.mkdirSync(FOTO, { recursive: true });
  await page.screenshot({ path: path.join(FOTO, `${nome}-${page.viewportSize()!.width}.png`), fullPage: true });
}

async function db<T>(fn: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = postgres(portale.databaseUrl, { max: 1, onnotice: () => {} });
  try {
    return await fn(sql);
  } finally {
    await sql.end();
  }
}

describe.runIf(hasBrowser())('what each role sees', () => {
  const { newPage } = useBrowser({ statiAttesi: [403] });
  /** A product of Mario's client's discount chain (family SC0301, 40+10+5): its list and net prices differ. */
  let prodotto = { codice: '', listino: 0, netto: 0 };
  let lucaId = 0;

  beforeAll(async () => {
    await db(async (sql) => {
      const [p] = await sql<{ codice: string; listino: string }[]>`
        SELECT p.codice_prodotto AS codice, lp.prezzo::text AS listino FROM prodotti p
        JOIN prodotti_prezzi lp ON lp.prodotto_id = p.id AND lp.listino = 1
        WHERE p.famiglia_sconto = 'SC0301' AND p.status = 0 AND p.deleted_at IS NULL AND p.codice_prodotto ~ '^[A-Z0-9]{2}-[0-9]+$'
        ORDER BY p.id LIMIT 1`;
      prodotto = { codice: p!.codice, listino: Number(p!.listino), netto: Math.round(Number(p!.listino) * 0.6 * 0.9 * 0.95 * 1000) / 1000 };
      lucaId = (await sql<{ id: number }[]>`SELECT id FROM utenti WHERE username = ${LUCA.username}`)[0]!.id;
      // The demo's Anna sees documents; in this file's own database her switch is off, to see what it hides.
      await sql`UPDATE utenti_clienti SET vede_documenti = false
        WHERE utente_id = (SELECT id FROM utenti WHERE username = ${ANNA.username})`;
    });
  });

  it('Anna sees list prices, no chain and no documents menu; a documents page opened directly says why', async () => {
    for (const viewport of LARGHEZZE) {
      const page = await newPage(viewport);
      await loginCliente(page, ANNA);
      await page.goto(`/ricerca?stringaRicerca=${encodeURIComponent(prodotto.codice)}&start=0`);
      const card = page.locator('article.pcard').filter({ hasText: prodotto.codice }).first();
      await visible(card.getByText(`Prezzo di listino ${formatPrezzo(prodotto.listino)}`));
      expect(await card.textContent()).not.toContain(formatPrezzo(prodotto.netto));
      expect(await card.getByText(/Netto|40%/).count()).toBe(0);
      await senzaScorrimentoLaterale(page, `ricerca ${viewport.width}`);
      await foto(page, 'anna-ricerca');
      // No DOCUMENTI in the main menu (folded behind 'Menu' on narrow screens), no documents in the profile menu.
      expect(await page.getByRole('navigation', { name: 'Menu principale' }).getByRole('link', { name: 'DOCUMENTI' }).count()).toBe(0);
      await page.getByRole('button', { name: /^Profilo di Anna/ }).click();
      await visible(page.getByRole('menuitem', { name: 'I miei ordini' }));
      expect(await page.getByRole('menuitem', { name: /documenti|Situazione contabile/ }).count()).toBe(0);
      await foto(page, 'anna-menu-profilo');
      await page.keyboard.press('Escape');
      await page.goto('/documenti');
      await visible(page.getByText(MSG_PERMESSO.documenti));
      await foto(page, 'anna-documenti');
      await page.goto('/situazione-contabile');
      await visible(page.getByText(MSG_PERMESSO.documenti));
      await page.context().close();
    }
  });

  it('Luca sees his order waiting for approval, with the limit it passed', async () => {
    for (const viewport of LARGHEZZE) {
      const page = await newPage(viewport);
      await loginCliente(page, LUCA);
      await page.goto('/ordini');
      const riga = page.getByRole('row').filter({ hasText: 'Attrezzatura nuovo banco' });
      await visible(riga.getByText('In attesa di approvazione'));
      await visible(riga.getByText(/supera di [\d.,]+\s€ il limite per ordine di 500,00\s€/i));
      await foto(page, 'luca-ordini');
      await senzaScorrimentoLaterale(page, `ordini ${viewport.width}`);
      await riga.getByRole('button', { name: /Dettaglio ordine/ }).click();
      await page.waitForURL('**/ordini/dettaglio?id=*');
      await visible(page.getByRole('region', { name: "Dati dell'ordine" }).getByText('Luca Verdi'));
      await visible(page.getByRole('region', { name: 'Approvazione' }).getByText(/supera di [\d.,]+\s€ il limite per ordine di 500,00\s€/));
      await foto(page, 'luca-ordine-dettaglio');
      await page.context().close();
    }
  });

  it("Mario, Titolare, sees every order of his client with who placed it, Luca's waiting one among them", async () => {
    for (const viewport of [LARGHEZZE[0]!, LARGHEZZE[2]!]) {
      const page = await newPage(viewport);
      await loginCliente(page);
      await page.goto('/ordini?stato=in_approvazione');
      const riga = page.getByRole('row').filter({ hasText: 'Attrezzatura nuovo banco' });
      await visible(riga.getByText('Luca Verdi'));
      await visible(riga.getByText('In attesa di approvazione'));
      await foto(page, 'mario-ordini-in-approvazione');
      await senzaScorrimentoLaterale(page, `ordini di Mario ${viewport.width}`);
      await page.context().close();
    }
  });

  it("the admin changes Luca's role on his page; the change is saved and in the history", async () => {
    for (const [i, viewport] of LARGHEZZE.entries()) {
      const admin = await newPage(viewport);
      await submitLogin(admin, '/admin', ADMIN);
      await admin.waitForURL('**/adminhome');
      await admin.goto(`/admin/utenti/dettaglio/${lucaId}`);
      const form = admin.getByRole('form', { name: /Ruolo e limiti su 001001/ });
      await visible(form);
      await visible(form.getByLabel('Limite per ordine (€)'));
      expect(await form.getByLabel('Limite per ordine (€)').inputValue()).toBe('500');
      if (i === 0) {
        await form.getByLabel('Ruolo').selectOption('acquisti');
        await form.getByRole('button', { name: 'Salva ruolo e limiti' }).click();
        await visible(admin.locator('.toasts').getByText(MSG_UTENTI.collegamentoAggiornato, { exact: true }));
        await expect.poll(() => db((sql) => sql<{ ruolo: string }[]>`
          SELECT ruolo FROM utenti_clienti WHERE utente_id = ${lucaId}`.then((r) => r[0]?.ruolo))).toBe('acquisti');
        await foto(admin, 'admin-utente-salvato');
        await visible(admin.getByRole('cell', { name: 'Ruolo, limiti o visibilità sul cliente cambiati' }).first(), 20_000);
      }
      await form.scrollIntoViewIfNeeded();
      // The admin screens are made for 1366 and 768 px (docs/regole/admin.md); at 390 the page's
      // tables scroll, but this card fits the window.
      if (viewport.width >= 768) await senzaScorrimentoLaterale(admin, `utente ${viewport.width}`);
      const box = (await form.boundingBox())!;
      expect(box.x, 'il modulo esce a sinistra').toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, 'il modulo esce a destra').toBeLessThanOrEqual(viewport.width);
      await foto(admin, 'admin-utente-ruoli');
      await admin.context().close();
    }
    // Back to Operatore, as the demo has him.
    await db((sql) => sql`UPDATE utenti_clienti SET ruolo = 'operatore' WHERE utente_id = ${lucaId}`);
  });
});
