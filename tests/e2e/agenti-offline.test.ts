import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import { MSG_AGENTI } from '../../shared/agenti-costanti.js';
import { paths } from '../../web/paths.js';
import { mailPer } from '../support/mail.js';
import { hasBrowser, useBrowser } from './browser.js';
import { hidden, senzaScorrimentoLaterale, submitLogin, svuotaCarrello, visible } from './helpers.js';
import { portaleDiTest } from './portale.js';

// This file's own database, data folder and server (tests/e2e/portale.ts).
const portale = portaleDiTest();

/**
 * An agent in a basement with no signal (docs/regole/agenti.md#offline), on a tablet at 768 and 1024
 * px in both orientations: Paolo opens a customer and a category while online, the connection goes,
 * the category opens again from the device with the time it was stored, a line is added, the order
 * is queued (the header counts 1); the connection comes back, the order arrives once and the
 * client's mail names the agent. Screenshots to AGENTI_OFFLINE_SCREENSHOTS_DIR (default /tmp/shots-ag-offline).
 */
const PAOLO = { username: 'paolo.bianchi@ferramenta.local', password: 'Demo2024!' };
const FOTO = process.env.AGENTI_OFFLINE_SCREENSHOTS_DIR ?? '/tmp/shots-ag-offline';
const MAIL_CLIENTE = 'ordini@ferramentarossi.it';

async function foto(page: Page, nome: string): Promise<void> {
  fs.mkdirSync(FOTO, { recursive: true });
  await page.screenshot({ path: path.join(FOTO, `${nome}.png`) });
}

async function query<T extends object>(fn: (sql: postgres.Sql) => Promise<T[]>): Promise<T[]> {
  const sql = postgres(portale.databaseUrl, { max: 1, onnotice: () => {} });
  try {
    return await fn(sql);
  } finally {
    await sql.end();
  }
}

/** Of the codes a page shows, one Mario's client can order two of: in stock, sold one by one. */
const ordinabile = async (codici: string[]) => (await query<{ codice: string }>((sql) => sql`
  SELECT p.codice_prodotto AS codice FROM prodotti p JOIN giacenze g ON g.prodotto_id = p.id
  WHERE p.codice_prodotto = ANY(${codici}) AND p.multiplo = 1 AND p.minimo = 1 AND g.disponibilita >= 50
  ORDER BY p.id LIMIT 1`))[0]?.codice;

const ordiniDiPaolo = () => query<{ id: number; nome: string; inserito_da_agente: string | null }>((sql) => sql`
  SELECT o.id, o.nome, o.inserito_da_agente FROM ordini o JOIN utenti u ON u.id = o.utente_id
  WHERE u.username = ${PAOLO.username} AND o.cliente_codice = '001001' ORDER BY o.id`);

/**
 * Online: Paolo logs in, the worker takes the page, he opens Mario's client, enters its shop and
 * opens a category. Offline: the category opens from the device, two of one product go in the
 * cart and the order is queued. Answers the product's code and Paolo's orders before.
 */
async function finoAllaCoda(page: Page, vista: string): Promise<{ codice: string; prima: number }> {
  const prima = await ordiniDiPaolo();
  await submitLogin(page, '/', PAOLO);
  await page.waitForURL('**/agente');
  // The worker takes the page (an agent's device registers it at once): from then on the answers are kept.
  await page.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 20_000 });
  await page.reload();
  await expect.poll(() => page.locator('table.agenti-tabella tbody tr').count()).toBe(43);

  await page.locator('table.agenti-tabella tbody tr').filter({ hasText: 'Ferramenta Rossi S.n.c.' })
    .getByRole('link', { name: 'Ferramenta Rossi S.n.c.' }).click();
  await page.waitForURL('**/agente/cliente?**');
  await visible(page.getByRole('heading', { name: 'Prodotti più ordinati' }));
  await page.getByRole('button', { name: 'Entra come cliente' }).click();
  await page.waitForURL('**/home2');
  await svuotaCarrello(page);
  await page.goto(paths.categoria.href('01', 'Utensileria manuale'));
  await visible(page.getByRole('heading', { level: 1, name: 'Utensileria manuale' }));
  await visible(page.locator('article.pcard').first());
  const codici = await page.locator('article.pcard').evaluateAll((cards) => cards.map((c) =>
    [...c.querySelectorAll('.pcard-codes dt')].find((dt) => dt.textContent === 'Cod.')?.nextElementSibling?.textContent ?? ''));
  const codice = await ordinabile(codici.filter(Boolean));
  expect(codice, 'a product of the category that can be ordered').toBeTruthy();
  await page.waitForFunction(() => localStorage.getItem('carrelloStato') !== '"da_inviare"');
  expect(await page.getByTestId('offline-aggiornato').count()).toBe(0);
  await foto(page, `${vista}-01-categoria-online`);

  // The connection goes: the category opens from the device, with the time it was stored.
  await page.context().setOffline(true);
  await page.reload();
  await visible(page.getByRole('heading', { level: 1, name: 'Utensileria manuale' }));
  const aggiornato = await visible(page.getByTestId('offline-aggiornato'));
  expect(await aggiornato.textContent()).toMatch(/aggiornato alle \d{2}:\d{2} del \d{2}\/\d{2}\/\d{4}/);
  // The category tree too (the HTML's preload carries no agent's mark: asked again for the device).
  expect(await page.getByText('Errore nel recupero delle categorie').count()).toBe(0);
  const card = page.locator('article.pcard').filter({ hasText: codice! }).first();
  await card.getByRole('spinbutton').fill('2');
  await card.getByRole('button', { name: 'Aggiungi al carrello' }).click();
  await visible(card.getByText('Nel carrello: 2'));
  await senzaScorrimentoLaterale(page, `${vista}: categoria offline`);
  await foto(page, `${vista}-02-categoria-offline`);

  await page.goto('/checkout');
  await visible(page.getByText(codice!).first());
  await page.getByRole('button', { name: 'Conferma Ordine' }).first().click();
  const domanda = page.getByRole('dialog', { name: 'Sei offline' });
  await visible(domanda);
  await foto(page, `${vista}-03-domanda-coda`);
  await domanda.getByRole('button', { name: 'Metti in coda' }).click();
  const avviso = page.getByRole('dialog', { name: 'Ordine in coda' });
  await visible(avviso);
  await avviso.getByRole('button', { name: 'OK' }).click();
  const contatore = await visible(page.getByTestId('ordini-in-coda'));
  expect(await contatore.textContent()).toContain('1 ordine da inviare');
  await senzaScorrimentoLaterale(page, `${vista}: ordine in coda`);
  await foto(page, `${vista}-04-in-coda`);
  return { codice: codice!, prima: prima.length };
}

describe.runIf(hasBrowser())('a sales agent offline', () => {
  const { newPage } = useBrowser({ altriAttesi: /ERR_INTERNET_DISCONNECTED|ERR_FAILED/ });

  for (const [vista, viewport] of [
    ['768', { width: 768, height: 1024 }], ['768-orizzontale', { width: 1024, height: 768 }],
    ['1024', { width: 1024, height: 1366 }], ['1024-orizzontale', { width: 1366, height: 1024 }],
  ] as const) {
    it(`at ${vista}: a cached category opens offline, an order is queued, back online it arrives once`, async () => {
      const page = await newPage(viewport);
      const { prima } = await finoAllaCoda(page, vista);
      await page.getByTestId('ordini-in-coda').click();
      const elenco = page.getByRole('dialog', { name: 'Ordini da inviare' });
      await visible(elenco.getByText('Ferramenta Rossi S.n.c.'));
      await visible(elenco.getByText('In attesa della connessione'));
      await foto(page, `${vista}-05-elenco-coda`);
      await elenco.getByRole('button', { name: 'Chiudi' }).first().click();

      // Still offline: the portfolio and the client's page open from the device, with the count.
      await page.goto('/agente');
      await expect.poll(() => page.locator('table.agenti-tabella tbody tr').count()).toBe(43);
      await visible(page.getByTestId('offline-aggiornato'));
      await visible(page.getByTestId('ordini-in-coda'));
      await senzaScorrimentoLaterale(page, `${vista}: portafoglio offline`);
      await foto(page, `${vista}-06-portafoglio-offline`);
      await page.locator('table.agenti-tabella tbody tr').filter({ hasText: 'Ferramenta Rossi S.n.c.' })
        .getByRole('link', { name: 'Ferramenta Rossi S.n.c.' }).click();
      await visible(page.getByRole('heading', { name: 'Prodotti più ordinati' }));
      await visible(page.getByTestId('offline-aggiornato'));
      await senzaScorrimentoLaterale(page, `${vista}: cliente offline`);
      await foto(page, `${vista}-07-cliente-offline`);
      expect(await ordiniDiPaolo()).toHaveLength(prima);

      // Back online: checked again, sent once; the header's count goes.
      await page.context().setOffline(false);
      await hidden(page.getByTestId('ordini-in-coda'), 20_000);
      await expect.poll(async () => (await ordiniDiPaolo()).length, { timeout: 10_000 }).toBe(prima + 1);
      const ordine = (await ordiniDiPaolo()).at(-1)!;
      expect(ordine.inserito_da_agente).toBe('Paolo Bianchi');
      expect(await page.getByTestId('offline-aggiornato').count()).toBe(0);
      await foto(page, `${vista}-08-inviato`);
      // Another page and another going online send nothing more.
      await page.reload();
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
      await page.waitForTimeout(1000);
      expect(await ordiniDiPaolo()).toHaveLength(prima + 1);

      // The client's confirmation mail names the agent.
      await expect.poll(() => mailPer(path.join(portale.dataDir, 'mail'), MAIL_CLIENTE)
        .some((m) => m.includes(`${ordine.id}`) && m.includes(MSG_AGENTI.inseritoDa('Paolo Bianchi'))), { timeout: 15_000 }).toBe(true);
      await page.context().close();
    });
  }

  it('a change since the order was queued is shown before it goes: less available, the quantity cut, sent once as the agent chose', async () => {
    const page = await newPage({ width: 1024, height: 768 });
    const { codice, prima } = await finoAllaCoda(page, 'cambi');
    const [comEra] = await query<{ disponibilita: number; ord_forn: number }>((sql) => sql`
      SELECT g.disponibilita, g.ord_forn FROM giacenze g JOIN prodotti p ON p.id = g.prodotto_id WHERE p.codice_prodotto = ${codice}`);
    const giacenza = (disponibilita: number, ordForn = 0) => query((sql) => sql`UPDATE giacenze g SET disponibilita = ${disponibilita}, ord_forn = ${ordForn}
      FROM prodotti p WHERE p.id = g.prodotto_id AND p.codice_prodotto = ${codice} RETURNING 1`);
    try {
      // While the agent is in the basement, the product sells out but for one.
      await giacenza(1);
      await page.context().setOffline(false);
      const cambi = page.getByRole('dialog', { name: 'Ordine in coda per Ferramenta Rossi S.n.c.: qualcosa è cambiato' });
      await visible(cambi, 20_000);
      expect(await cambi.textContent()).toContain(`${codice}: disponibili 1 su 2, quantità portata a 1`);
      await foto(page, 'cambi-01-domanda');
      expect(await ordiniDiPaolo()).toHaveLength(prima);
      await cambi.getByRole('button', { name: 'Invia', exact: true }).click();
      await hidden(page.getByTestId('ordini-in-coda'), 20_000);
      await expect.poll(async () => (await ordiniDiPaolo()).length, { timeout: 10_000 }).toBe(prima + 1);
      const id = (await ordiniDiPaolo()).at(-1)!.id;
      const righe = await query<{ quantita: number }>((sql) => sql`SELECT r.qt AS quantita FROM ordini_righe r WHERE r.ordine_id = ${id}`);
      expect(righe).toEqual([{ quantita: 1 }]);
      await foto(page, 'cambi-02-inviato');
    } finally {
      await giacenza(comEra!.disponibilita, comEra!.ord_forn);
    }
    await page.context().close();
  });
});
