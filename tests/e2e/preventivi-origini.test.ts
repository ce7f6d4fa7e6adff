import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, useBrowser } from './browser.js';
import { ADMIN, fotografa, loginCliente, prodottiDemo, SCOPE_MARIO, senzaScorrimentoLaterale, submitLogin, visible } from './helpers.js';
import { portaleDiTest } from './portale.js';

// This file's own database, data folder and server (tests/e2e/portale.ts).
const portale = portaleDiTest();

/**
 * Where quotes start from (issue 37 §2 and §4), clicked through as their users would: staff open
 * one for Mario's client (a phone request) and Mario finds it in his Preventivi; Mario turns the
 * wholesaler's answered quote into a quote for his own customer at the quoted prices, adds a
 * product found by the editor's search at his net price, and from the accepted quote asks the
 * wholesaler a quote for its articles. Screenshots go to PREVENTIVI_ORIGINI_SCREENSHOTS_DIR
 * (default /tmp/shots-qo), to look at.
 */
const FOTO = process.env.PREVENTIVI_ORIGINI_SCREENSHOTS_DIR ?? '/tmp/shots-qo';
const foto = (page: Page, nome: string, dove?: Parameters<typeof fotografa>[3]) => fotografa(page, FOTO, nome, dove);

/** A call of the page's customer session, its JSON. */
const chiama = <T,>(page: Page, url: string) => page.evaluate(async (u) => (await (await fetch(u)).json()) as unknown, url) as Promise<T>;
/** A price as the editor's cost box writes it: 14,406. */
const inCasella = (n: number) => String(n).replace('.', ',');

describe.runIf(hasBrowser())('where quotes start from', () => {
  const { newPage } = useBrowser();
  let codici: string[] = [];

  beforeAll(async () => {
    codici = await prodottiDemo(portale.databaseUrl, { quanti: 2, disponibilita: 10, prezzo: [5, 80], ultimi: true });
  });

  it('at 1366 px (and 768): staff open a quote for Mario\'s client as he phoned it and land on its answer screen; Mario sees it in Preventivi as his', async () => {
    const staff = await newPage();
    await submitLogin(staff, '/admin', ADMIN);
    await staff.waitForURL('**/adminhome');
    await staff.goto('/admin/preventivi');
    await staff.getByRole('link', { name: 'Nuovo preventivo' }).click();
    await staff.waitForURL('**/admin/preventivi/nuovo');
    await staff.getByRole('searchbox', { name: 'Cerca cliente' }).fill(SCOPE_MARIO.cliente_codice);
    await staff.getByRole('button', { name: new RegExp(`^${SCOPE_MARIO.cliente_codice} Ferramenta Rossi`) }).click();
    await visible(staff.getByRole('button', { name: 'Cambia cliente' }));
    await staff.getByLabel('Chi ha chiamato').selectOption({ label: 'Mario Rossi (mario.rossi@ferramentarossi.it)' });
    const cerca = staff.getByRole('searchbox', { name: 'Cerca un articolo' });
    for (const codice of codici) {
      await cerca.fill(codice);
      await staff.getByRole('button', { name: `Aggiungi ${codice} al preventivo` }).click();
      await visible(staff.getByText(`${codice} aggiunto al preventivo.`));
    }
    await staff.getByLabel(`Quantità di ${codici[0]}`).fill('12');
    await staff.getByRole('button', { name: 'Aggiungi riga libera' }).click();
    await staff.getByLabel('Descrizione della riga libera 1').fill('Taglio su misura 40 cm');
    await staff.getByRole('textbox', { name: /^Messaggio/ }).fill('Telefonata del sig. Rossi');
    await senzaScorrimentoLaterale(staff, '1366: nuovo preventivo');
    await foto(staff, '1366-01-nuovo-staff');
    await staff.setViewportSize({ width: 768, height: 1000 });
    await senzaScorrimentoLaterale(staff, '768: nuovo preventivo');
    await foto(staff, '768-01-nuovo-staff');
    await staff.setViewportSize({ width: 1366, height: 800 });
    await staff.getByRole('button', { name: 'Apri il preventivo' }).click();
    await staff.waitForURL('**/admin/preventivi/dettaglio?id=*');
    const numero = ((await staff.getByRole('heading', { level: 1 }).textContent()) ?? '').replace('Preventivo ', '');
    expect(numero).toMatch(/^P\d{4}\/\d{6}$/);
    await visible(staff.getByRole('button', { name: 'Invia offerta' }));
    await visible(staff.getByText(/^Richiesto il \d{2}\/\d{2}\/\d{4} da Mario Rossi$/));
    expect(await staff.getByLabel(`Prezzo netto di ${codici[0]}`).count()).toBe(1);
    await foto(staff, '1366-02-risposta-staff');

    const mario = await newPage();
    await loginCliente(mario);
    await mario.goto('/preventivi');
    await mario.getByRole('link', { name: numero }).click();
    await mario.waitForURL('**/preventivi/dettaglio?id=*');
    await visible(mario.locator('.preventivo-meta').getByText('In lavorazione'));
    await visible(mario.locator('.preventivo-meta').getByText(/da Mario Rossi$/));
    await visible(mario.getByText('Telefonata del sig. Rossi'));
  });

  it('at 390 px: from the answered quote, a quote for his customer at the quoted prices; a product found by the search; accepted, asked of the wholesaler', async () => {
    const page = await newPage({ width: 390, height: 844 });
    await loginCliente(page);
    await page.goto('/preventivi');
    await page.getByRole('row').filter({ hasText: 'Risposta ricevuta' }).getByRole('link').first().click();
    await page.waitForURL('**/preventivi/dettaglio?id=*');
    const id = Number(new URL(page.url()).searchParams.get('id'));
    const { preventivo } = await chiama<{ preventivo: { righe: { codice_prodotto: string; quantita: number; prezzo: number; prezzo_oggi: number }[] } }>(
      page, `/api/preventivi/dettaglio?${new URLSearchParams({ ...SCOPE_MARIO, id: String(id) })}`);
    const crea = page.getByRole('button', { name: 'Crea preventivo per un cliente' });
    await senzaScorrimentoLaterale(page, '390: preventivo del grossista');
    await foto(page, '390-03-grossista', crea);
    await crea.click();
    await page.waitForURL('**/preventivi-cliente/dettaglio?id=*');
    const voce1 = page.getByRole('listitem', { name: 'Voce 1', exact: true });
    await visible(voce1.getByText(preventivo.righe[0]!.codice_prodotto));
    // The quoted price, not today's net.
    expect(preventivo.righe[0]!.prezzo).not.toBe(preventivo.righe[0]!.prezzo_oggi);
    expect(await voce1.getByLabel('Costo €').inputValue()).toBe(inCasella(preventivo.righe[0]!.prezzo));
    expect(await voce1.getByLabel('Quantità').inputValue()).toBe(String(preventivo.righe[0]!.quantita));

    // A product found by the editor's search, at Mario's net price as the shop's search gives it.
    const { prodotti: trovati } = await chiama<{ prodotti: { codice_prodotto: string; prezzo_reale: number }[] }>(
      page, `/api/search/prodotti?${new URLSearchParams({ cod_azienda: SCOPE_MARIO.azienda_codice, cod_cliente: SCOPE_MARIO.cliente_codice, stringa: codici[1]!, start: '0', limit: '10' })}`);
    const netto = trovati.find((p) => p.codice_prodotto === codici[1])!.prezzo_reale;
    const n = preventivo.righe.length + 1;
    await page.getByRole('searchbox', { name: 'Cerca un articolo da aggiungere' }).fill(codici[1]!);
    const aggiungi = page.getByRole('button', { name: `Aggiungi ${codici[1]} al preventivo` });
    await visible(aggiungi);
    await senzaScorrimentoLaterale(page, '390: ricerca nel preventivo');
    await foto(page, '390-04-ricerca-editor', aggiungi);
    await aggiungi.click();
    const nuova = page.getByRole('listitem', { name: `Voce ${n}`, exact: true });
    await visible(nuova.getByText(codici[1]!));
    expect(await nuova.getByLabel('Costo €').inputValue()).toBe(inCasella(netto));
    await page.getByLabel('Nome del cliente').fill('Condominio Aurora');
    await page.getByRole('button', { name: 'Salva', exact: true }).click();
    await visible(page.getByText('Preventivo salvato.'));

    await page.getByRole('button', { name: 'Segna come inviato' }).click();
    await page.getByRole('button', { name: 'Accettato dal cliente' }).click();
    const chiedi = page.getByRole('button', { name: 'Chiedi un preventivo al grossista' });
    await visible(chiedi);
    await senzaScorrimentoLaterale(page, '390: accettato');
    await foto(page, '390-05-accettato', chiedi);
    await chiedi.click();
    await page.waitForURL('**/preventivi/richiedi');
    await visible(page.getByRole('heading', { level: 1, name: 'Richiedi preventivo' }));
    for (const r of preventivo.righe.filter((x) => x.codice_prodotto)) {
      expect(await page.getByLabel(`Quantità di ${r.codice_prodotto}`).inputValue()).toBe(String(r.quantita));
    }
    expect(await page.getByLabel(`Quantità di ${codici[1]}`).inputValue()).toBe('1');
    await foto(page, '390-06-richiesta');
    await page.getByRole('button', { name: 'Invia richiesta di preventivo' }).click();
    await page.waitForURL('**/preventivi/dettaglio?id=*');
    await visible(page.locator('.preventivo-meta').getByText('Inviata', { exact: true }));
  });
});
