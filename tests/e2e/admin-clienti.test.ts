import type { Page } from 'playwright-core';
import postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import { MSG_ANAGRAFICA } from '../../shared/anagrafica.js';
import { MSG_BUDGET } from '../../shared/budget-costanti.js';
import { hasBrowser, useBrowser } from './browser.js';
import { ADMIN, hidden, queryOf, submitLogin, visible } from './helpers.js';
import { portaleDiTest } from './portale.js';

// This file's own database, data folder and server (tests/e2e/portale.ts).
const portale = portaleDiTest();

/**
 * The admin client screens (docs/regole/admin.md#clients): Aziende, the Clienti list with its search, and a
 * client's detail with the budget form and its 'Storico modifiche'. The budget changed here is
 * Brico Center Ferrari's (id 4, seeded with the current year's budgets), November of the current
 * year; it is put back at the end, through the screen.
 */
const CLIENTE = { id: 4, codice: '001003', ragione_sociale: 'Brico Center Ferrari S.r.l.' };
const ANNO = new Date().getFullYear();
const MESE = { numero: 11, nome: 'Novembre' };
const NUOVO = { testo: '12345,67', numero: 12345.67 };

function db() {
  return postgres(portale.databaseUrl, { max: 1, onnotice: () => {} });
}

async function budgetSalvato(): Promise<number | null> {
  const sql = db();
  try {
    const [r] = await sql<{ budget: string }[]>`
      SELECT budget::text FROM budget WHERE cliente_id = ${CLIENTE.id} AND anno = ${ANNO} AND mese = ${MESE.numero}`;
    return r ? Number(r.budget) : null;
  } finally {
    await sql.end();
  }
}

async function loginAdmin(page: Page): Promise<void> {
  await submitLogin(page, '/admin', ADMIN);
  await page.waitForURL('**/adminhome');
}

describe.runIf(hasBrowser())('admin: aziende e clienti', () => {
  const { newPage } = useBrowser();
  let originale: number | null | undefined;

  it('Aziende lists the demo companies by code', async () => {
    const page = await newPage();
    await loginAdmin(page);
    await page.getByRole('navigation', { name: 'Menu amministrazione' }).getByRole('link', { name: 'Aziende' }).click();
    await page.waitForURL('**/admin/aziende');
    const table = page.getByRole('table', { name: 'Aziende' });
    await visible(table.getByRole('cell', { name: 'Ferramenta Distribuzione S.p.A.' }));
    await visible(table.getByRole('cell', { name: 'Utensilmarket Sud S.r.l.' }));
    const codici = await table.locator('tbody tr td:first-child').allTextContents();
    expect(codici.slice(0, 2)).toEqual(['0001', '0002']);
    await page.context().close();
  });

  it('Clienti: search by two words in reverse order, open the client, save a budget, see it after a reload and in Storico modifiche, put it back', async () => {
    originale = await budgetSalvato();
    expect(originale, 'the demo data seeds the current year for client 4').not.toBeNull();
    const page = await newPage();
    await loginAdmin(page);
    await page.getByRole('navigation', { name: 'Menu amministrazione' }).getByRole('link', { name: 'Clienti' }).click();
    await page.waitForURL('**/admin/clienti');
    const table = page.getByRole('table', { name: 'Clienti' });
    await visible(table.getByRole('cell', { name: 'Ferramenta Rossi S.n.c.', exact: true }));
    // Default page size 50.
    expect(await page.getByLabel('Clienti per pagina').inputValue()).toBe('50');

    // 'Brico Center Ferrari': two of its words, the other way round, with spaces and capitals (docs/regole/admin.md#admin-search).
    await page.getByRole('searchbox', { name: 'Cerca' }).fill('  FERRARI brico ');
    await page.waitForURL((url) => url.searchParams.get('stringa') === 'ferrari brico');
    expect(queryOf(page).get('start')).toBe('0');
    await hidden(table.getByRole('cell', { name: 'Ferramenta Rossi S.n.c.', exact: true }));
    const righe = table.locator('tbody tr');
    await visible(righe.getByRole('cell', { name: CLIENTE.ragione_sociale, exact: true }));
    expect(await righe.count()).toBe(1);
    expect(await page.getByText('1 cliente per “ferrari brico”').count()).toBe(1);

    // A row opens the detail.
    await righe.getByRole('cell', { name: CLIENTE.ragione_sociale, exact: true }).click();
    await page.waitForURL(`**/admin/cliente/dettaglio/${CLIENTE.id}`);
    await visible(page.getByRole('heading', { level: 1, name: CLIENTE.ragione_sociale }));
    await visible(page.getByRole('heading', { name: 'Azienda e sedi' }));
    await visible(page.getByRole('table', { name: 'Sedi di Ferramenta Distribuzione S.p.A.' }).getByRole('cell', { name: 'Modena' }));
    const utenti = page.getByRole('table', { name: 'Utenti del cliente' });
    const utente = utenti.getByRole('link').first();
    await visible(utente);
    expect(await utente.getAttribute('href')).toMatch(/^\/admin\/utenti\/dettaglio\/\d+$/);

    // The budget form opens on the current year, Italian month names, the stored figures.
    const anno = page.getByRole('tab', { name: String(ANNO) });
    await visible(anno);
    expect(await anno.getAttribute('aria-selected')).toBe('true');
    expect(await page.getByRole('tab').allTextContents()).toEqual([String(ANNO - 1), String(ANNO), String(ANNO + 1)]);
    const campo = page.getByLabel(`${MESE.nome} ${ANNO}`, { exact: true });
    await visible(campo);
    expect(Number((await campo.inputValue()).replace(',', '.'))).toBe(originale);
    const salva = page.getByRole('button', { name: 'Salva budget' });
    expect(await salva.isDisabled(), 'nothing to save before a change').toBe(true);

    await campo.fill(NUOVO.testo);
    await salva.click();
    await visible(page.getByText(MSG_BUDGET.inseriti));
    await expect.poll(budgetSalvato).toBe(NUOVO.numero);

    await page.reload();
    const dopo = page.getByLabel(`${MESE.nome} ${ANNO}`, { exact: true });
    await visible(dopo);
    expect(await dopo.inputValue()).toBe(NUOVO.testo);

    // The change heads the client's 'Storico modifiche': who, what, which month and figure.
    const storico = page.getByRole('table', { name: 'Storico modifiche' });
    const prima = storico.locator('tbody tr').first();
    await visible(prima.getByRole('cell', { name: 'Budget salvati' }));
    expect(await prima.textContent()).toContain(ADMIN.username);
    expect((await prima.textContent())?.replace(/\s/g, ' ')).toContain(`${MESE.nome} ${ANNO}: 12.345,67 €`);

    // Back to what it was.
    await dopo.fill(String(originale).replace('.', ','));
    await page.getByRole('button', { name: 'Salva budget' }).click();
    await visible(page.getByText(MSG_BUDGET.inseriti));
    await expect.poll(budgetSalvato).toBe(originale);
    await page.context().close();
  });

  it('an unknown client shows the server message', async () => {
    const page = await newPage();
    await loginAdmin(page);
    await page.goto('/admin/cliente/dettaglio/999999');
    await visible(page.getByRole('alert').getByText(MSG_ANAGRAFICA.clienteNonTrovato));
    await visible(page.getByRole('link', { name: 'Torna ai clienti' }));
    await page.context().close();
  });
});
