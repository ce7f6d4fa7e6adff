import type { Page } from 'playwright-core';
import postgres from 'postgres';
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG_CATALOGO } from '../../shared/catalogo-costanti.js';
import { hasBrowser, useBrowser } from './browser.js';
import { ADMIN, loginCliente, submitLogin, visible } from './helpers.js';
import { portaleDiTest } from './portale.js';

// This file's own database, data folder and server (tests/e2e/portale.ts).
const portale = portaleDiTest();

/**
 * The admin's catalogue screens against the customer's shop (two browser contexts): a product's
 * portal title edited with a word no product has, which mario then sees on the card and the
 * product page and finds by searching it; a category switched off, gone from mario's sidebar,
 * and on again. The demo data is put back at the end, also if a step fails.
 */
const PAROLA = 'Zirconflex';
const CATEGORIA = { cod: '05', nome: 'Giardinaggio' };

interface Originale {
  id: number;
  codice: string;
  titolo: string;
  titolo_portale: string | null;
  descrizione_aggiuntiva: string;
  pz_conf: number;
}
let prodotto: Originale;

const db = () => postgres(portale.databaseUrl, { max: 1, onnotice: () => {} });

async function loginAdmin(page: Page): Promise<void> {
  await submitLogin(page, '/admin', ADMIN);
  await page.waitForURL('**/adminhome');
}

/** Searches through the shop's header search bar. */
async function cerca(page: Page, testo: string): Promise<void> {
  const box = page.getByRole('searchbox', { name: 'Cerca prodotti' });
  await box.fill(testo);
  await box.press('Enter');
  await visible(page.getByRole('heading', { level: 1, name: `Ricerca Articoli - ${testo}` }));
}

/** Clicks a category's status icon in 'Gestione Categorie' and confirms. */
async function cambiaStato(page: Page, nome: string, conferma: 'Disattiva' | 'Attiva'): Promise<void> {
  await page.getByRole('switch', { name: `Stato di ${nome}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: conferma }).click();
  const msg = conferma === 'Disattiva' ? MSG_CATALOGO.categoriaDisattivata(nome) : MSG_CATALOGO.categoriaAttivata(nome);
  await visible(page.getByText(msg));
}

describe.runIf(hasBrowser())('admin: prodotti e categorie', () => {
  const { newPage } = useBrowser();

  beforeAll(async () => {
    const sql = db();
    try {
      // A hammer of the demo catalogue (Utensileria manuale › Martelli e mazzette), mario can buy it.
      [prodotto] = await sql<Originale[]>`
        SELECT p.id, p.codice_prodotto AS codice, coalesce(nullif(p.titolo_portale, ''), p.descrizione1) AS titolo,
          p.titolo_portale, p.descrizione_aggiuntiva, p.pz_conf
        FROM prodotti p JOIN categorie c ON c.id = p.categoria_id
        WHERE c.cod_cat = '0104' AND p.status = 0 AND p.deleted_at IS NULL ORDER BY p.id LIMIT 1`;
    } finally {
      await sql.end();
    }
  });

  it("a new portal title reaches the customer's card and product page, and the search finds its new word", async () => {
    const titolo = `${prodotto.titolo} ${PAROLA}`;
    const admin = await newPage();
    await loginAdmin(admin);
    await admin.getByRole('navigation', { name: 'Menu amministrazione' }).getByRole('link', { name: 'Prodotti' }).click();
    await admin.waitForURL('**/admin/prodotti');
    await admin.getByRole('group', { name: 'Cerca per' }).getByRole('button', { name: 'Testo' }).click();
    await admin.getByRole('searchbox', { name: 'Testo' }).fill(`  ${prodotto.codice.toUpperCase()}  `);
    await admin.getByRole('button', { name: 'Cerca' }).click();
    const tabella = admin.getByRole('table', { name: /^Prodotti per/ });
    await tabella.getByRole('link', { name: prodotto.titolo, exact: true }).click();
    await admin.waitForURL(`**/admin/prodotti/dettaglio/${prodotto.codice}`);

    await admin.getByLabel('Titolo portale').fill(titolo);
    await admin.getByLabel('Descrizione aggiuntiva').fill('Manico in fibra di vetro antiurto.');
    await admin.getByLabel('Pezzi per confezione').fill('0');
    await admin.getByRole('button', { name: 'Invia' }).click();
    await visible(admin.getByText(MSG_CATALOGO.pzConf));
    await admin.getByLabel('Pezzi per confezione').fill('6');
    await admin.getByRole('button', { name: 'Invia' }).click();
    const dialog = admin.getByRole('dialog');
    await visible(dialog.getByText(MSG_CATALOGO.confermaModifica));
    await dialog.getByRole('button', { name: 'Invia' }).click();
    await visible(admin.getByText(MSG_CATALOGO.prodottoAggiornato));
    await visible(admin.getByRole('heading', { level: 1, name: titolo }));
    const storico = admin.getByRole('table', { name: 'Storico modifiche' });
    await visible(storico.getByRole('cell', { name: 'Prodotto modificato' }));
    await visible(storico.getByText(`titolo portale: ${prodotto.titolo_portale ?? '—'} → ${titolo}`));

    const cliente = await newPage();
    await loginCliente(cliente);
    await cerca(cliente, PAROLA.toLowerCase());
    const card = cliente.getByRole('list', { name: 'Prodotti' }).getByRole('article');
    await visible(card.getByRole('link', { name: titolo }));
    expect(await card.count()).toBe(1);
    await card.getByRole('link', { name: titolo }).click();
    await cliente.waitForURL((u) => u.pathname === '/prodotto');
    await visible(cliente.getByRole('heading', { level: 1, name: titolo }));
    await visible(cliente.getByText('Manico in fibra di vetro antiurto.'));
    // A prefix of the new word: only the search vocabulary knows it.
    await cerca(cliente, PAROLA.slice(0, 7));
    await visible(cliente.getByRole('list', { name: 'Prodotti' }).getByRole('link', { name: titolo }));
    await admin.context().close();
    await cliente.context().close();
  });

  it("on a category's address 'Testo' switches to the text search", async () => {
    const admin = await newPage();
    await loginAdmin(admin);
    await admin.goto(`/admin/prodotti/${CATEGORIA.cod}/${CATEGORIA.nome}`);
    await visible(admin.getByRole('table', { name: `Prodotti di ${CATEGORIA.nome}` }));
    const modo = admin.getByRole('group', { name: 'Cerca per' });
    await modo.getByRole('button', { name: 'Testo' }).click();
    await visible(admin.getByRole('searchbox', { name: 'Testo' }));
    expect(await modo.getByRole('button', { name: 'Testo' }).getAttribute('aria-pressed')).toBe('true');
    await admin.context().close();
  });

  it("a category switched off leaves the customer's sidebar and comes back when switched on", async () => {
    const admin = await newPage();
    await loginAdmin(admin);
    await admin.getByRole('navigation', { name: 'Menu amministrazione' }).getByRole('link', { name: 'Categorie' }).click();
    await visible(admin.getByRole('heading', { level: 1, name: 'Gestione Categorie' }));
    const interruttore = admin.getByRole('switch', { name: `Stato di ${CATEGORIA.nome}` });
    expect(await interruttore.getAttribute('aria-checked')).toBe('true');

    const cliente = await newPage();
    await loginCliente(cliente);
    const sidebar = cliente.getByRole('complementary', { name: 'Categorie' });
    await visible(sidebar.getByRole('link', { name: CATEGORIA.nome, exact: true }));

    await cambiaStato(admin, CATEGORIA.nome, 'Disattiva');
    expect(await interruttore.getAttribute('aria-checked')).toBe('false');
    // The shop keeps the tree for the page's life (docs/regole/catalogo.md#spa-caches): a new page reads it again.
    await cliente.reload();
    await visible(sidebar.getByRole('link', { name: 'Utensileria manuale', exact: true }));
    expect(await sidebar.getByRole('link', { name: CATEGORIA.nome, exact: true }).count()).toBe(0);

    await cambiaStato(admin, CATEGORIA.nome, 'Attiva');
    expect(await interruttore.getAttribute('aria-checked')).toBe('true');
    await cliente.reload();
    await visible(sidebar.getByRole('link', { name: CATEGORIA.nome, exact: true }));
    await admin.context().close();
    await cliente.context().close();
  });
});
