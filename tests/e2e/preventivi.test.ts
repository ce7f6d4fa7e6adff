import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import postgres from 'postgres';
import { beforeAll, describe, expect, it } from 'vitest';
import { testoPdf } from '../support/pdf.js';
import { hasBrowser, useBrowser } from './browser.js';
import { ADMIN, formatPrezzo, loginCliente, senzaScorrimentoLaterale, submitLogin, svuotaCarrello, visible } from './helpers.js';
import { portaleDiTest } from './portale.js';

// This file's own database, data folder and server (tests/e2e/portale.ts).
const portale = portaleDiTest();

/**
 * Quotes (issue 37), at 1366 and 390 px: Mario asks a quote from his cart, staff answer it in the
 * admin area with a price per line, Mario accepts it with one line removed, and the order is made
 * at the quoted prices; the quote's PDF is opened and its text checked. Screenshots go to
 * PREVENTIVI_SCREENSHOTS_DIR (default /tmp/shots-q), to look at.
 */
const FOTO = process.env.PREVENTIVI_SCREENSHOTS_DIR ?? '/tmp/shots-q';

async function foto(page: Page, nome: string, dove?: Locator): Promise<void> {
  fs.mkdirSync(FOTO, { recursive: true });
  await dove?.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(FOTO, `${nome}.png`) });
}

/** Two demo products sold in single pieces with plenty in stock. */
async function prodotti(): Promise<string[]> {
  const sql = postgres(portale.databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const righe = await sql<{ codice: string }[]>`
      SELECT p.codice_prodotto AS codice FROM prodotti p JOIN giacenze g ON g.prodotto_id = p.id
      JOIN prodotti_prezzi lp ON lp.prodotto_id = p.id AND lp.listino = 1
      WHERE p.multiplo = 1 AND p.minimo = 1 AND g.disponibilita >= 100 AND p.status = 0 AND p.deleted_at IS NULL
        AND lp.prezzo BETWEEN 5 AND 80 AND p.codice_prodotto ~ '^[A-Z0-9]{2}-[0-9]+$'
      ORDER BY p.id LIMIT 2`;
    if (righe.length < 2) throw new Error('prodotti demo insufficienti');
    return righe.map((r) => r.codice);
  } finally {
    await sql.end();
  }
}

async function aggiungi(page: Page, codice: string, quantita: number): Promise<void> {
  await page.goto(`/ricerca?stringaRicerca=${encodeURIComponent(codice)}&start=0`);
  const card = page.locator('article.pcard').filter({ hasText: codice }).first();
  await card.getByRole('spinbutton').fill(String(quantita));
  await card.getByRole('button', { name: 'Aggiungi al carrello' }).click();
  await visible(card.getByText(`Nel carrello: ${quantita}`));
}

describe.runIf(hasBrowser())('a quote asked from the cart, answered by staff, accepted into an order', () => {
  const { newPage } = useBrowser();
  let codici: string[] = [];

  beforeAll(async () => {
    codici = await prodotti();
  });

  for (const [vista, viewport] of [['1366', { width: 1366, height: 800 }], ['390', { width: 390, height: 844 }]] as const) {
    it(`at ${vista} px: request from the cart, staff answer, accept with one line removed, order at the quoted prices, PDF`, async () => {
      const mario = await newPage(viewport);
      await loginCliente(mario);
      await svuotaCarrello(mario);
      await aggiungi(mario, codici[0]!, 10);
      await aggiungi(mario, codici[1]!, 5);
      await mario.goto('/checkout');
      await mario.getByRole('button', { name: 'Richiedi preventivo' }).click();
      await mario.waitForURL('**/preventivi/richiedi');
      await visible(mario.getByRole('heading', { level: 1, name: 'Richiedi preventivo' }));
      await mario.getByLabel(`Prezzo obiettivo di ${codici[0]}`).fill('3,5');
      await mario.getByRole('button', { name: 'Aggiungi riga libera' }).click();
      await mario.getByLabel('Descrizione della riga libera 1').fill('Staffa su misura 40 cm');
      await mario.getByLabel('Messaggio al grossista ( facoltativo )').fill('Per il cantiere di via Roma');
      await senzaScorrimentoLaterale(mario, `${vista}: richiesta`);
      await foto(mario, `${vista}-01-richiesta`);
      await mario.getByRole('button', { name: 'Invia richiesta di preventivo' }).click();
      await mario.waitForURL('**/preventivi/dettaglio?id=*');
      const id = Number(new URL(mario.url()).searchParams.get('id'));
      const h1 = await visible(mario.getByRole('heading', { level: 1, name: /^Preventivo P\d{4}\/\d{6}$/ }));
      const numero = ((await h1.textContent()) ?? '').replace('Preventivo ', '');
      await visible(mario.getByText('Inviata', { exact: true }).first());
      await senzaScorrimentoLaterale(mario, `${vista}: richiesta inviata`);
      await foto(mario, `${vista}-02-inviata`);

      // Staff, on a desktop: the queue, take in charge, a price per line.
      const staff = await newPage({ width: 1366, height: 800 });
      await submitLogin(staff, '/admin', ADMIN);
      await staff.waitForURL('**/adminhome');
      await visible(staff.getByRole('link', { name: /Preventivi da lavorare: \d+/ }));
      await staff.getByRole('link', { name: /Preventivi da lavorare/ }).click();
      await staff.waitForURL('**/admin/preventivi');
      await staff.getByRole('link', { name: numero }).click();
      await staff.getByRole('button', { name: 'Prendi in carico' }).click();
      await visible(staff.getByText(`Preventivo ${numero} preso in carico.`));
      await staff.getByLabel(`Prezzo netto di ${codici[0]}`).fill('3,25');
      await staff.getByLabel(`Sconti sul netto di ${codici[1]}`).fill('20+5');
      await staff.getByLabel('Prezzo netto di Staffa su misura 40 cm').fill('12');
      await staff.getByLabel(`Giorni di consegna di ${codici[0]}`).fill('3');
      await staff.getByLabel('Messaggio al cliente').fill('Prezzi riservati per il cantiere');
      await foto(staff, `${vista}-03-staff-risposta`);
      await staff.getByRole('button', { name: 'Invia offerta' }).click();
      await visible(staff.getByText(/Versione 1 del preventivo .* inviata/));
      await foto(staff, `${vista}-04-staff-inviata`);

      // Mario: the versions side by side, the saving, accept without the second line.
      await mario.reload();
      await visible(mario.getByText('Risposta ricevuta', { exact: true }).first());
      // The versions' grid: columns on a desktop, a card per line on a phone (DataTable).
      const versioni = mario.getByRole('table', { name: /per versione/ });
      await visible(versioni.getByText(formatPrezzo(3.25)).first());
      if (vista === '1366') await visible(versioni.getByRole('columnheader', { name: 'Versione 1' }));
      await visible(mario.getByText(/Risparmi/));
      await senzaScorrimentoLaterale(mario, `${vista}: offerta`);
      await foto(mario, `${vista}-05-offerta`);
      const accetta = mario.getByRole('region', { name: 'Accetta la versione 1' }).or(mario.locator('section', { hasText: 'Accetta la versione 1' })).first();
      await accetta.getByRole('button', { name: `Togli la riga ${codici[1]}` }).click();
      await foto(mario, `${vista}-06-accetta`, accetta);
      await accetta.getByRole('button', { name: 'Accetta e ordina' }).click();
      await mario.waitForURL('**/ordini/dettaglio?id=*');
      const ordineId = Number(new URL(mario.url()).searchParams.get('id'));
      await visible(mario.getByRole('heading', { level: 1, name: `Dettaglio Ordine #${ordineId}` }));
      await visible(mario.getByText(formatPrezzo(3.25)).first());
      await senzaScorrimentoLaterale(mario, `${vista}: ordine`);
      await foto(mario, `${vista}-07-ordine`);

      const sql = postgres(portale.databaseUrl, { max: 1, onnotice: () => {} });
      try {
        const righe = await sql<{ codice_prodotto: string; qt: number; prezzo_reale: string }[]>`
          SELECT codice_prodotto, qt, prezzo_reale::text FROM ordini_righe WHERE ordine_id = ${ordineId}`;
        expect(righe).toEqual([{ codice_prodotto: codici[0], qt: 10, prezzo_reale: '3.250' }]);
        expect((await sql`SELECT stato, ordine_id FROM preventivi WHERE id = ${id}`)[0]).toEqual({ stato: 'ordinata', ordine_id: ordineId });
      } finally {
        await sql.end();
      }

      // The quote's PDF, as the page downloads it, read back as text.
      const pdf = await mario.request.get(`/api/preventivi/pdf?id=${id}&versione=1&azienda_codice=0001&cliente_codice=001001`);
      expect(pdf.status()).toBe(200);
      const testo = (await testoPdf(await pdf.body())).join('\n').replace(/\s+/g, ' ');
      expect(testo).toContain(`Preventivo ${numero}`);
      expect(testo).toContain('3,250');
      expect(testo).toContain('Staffa su misura 40 cm');
      expect(testo).toContain('Condizioni');

      await mario.goto('/preventivi');
      await visible(mario.getByRole('link', { name: numero }));
      await senzaScorrimentoLaterale(mario, `${vista}: elenco`);
      await foto(mario, `${vista}-08-elenco`, mario.getByRole('heading', { level: 1, name: 'Preventivi' }));

      // The demo's expired quote: read-only, only "Richiedi di nuovo", which brings its lines to a new request.
      // The filters apply together with 'Filtra'; on a phone they are folded behind 'Filtri'.
      if (vista === '390') await mario.getByRole('button', { name: 'Filtri' }).click();
      await mario.getByLabel('Stato').selectOption('Scaduta');
      await mario.getByRole('button', { name: 'Filtra' }).click();
      await visible(mario.getByText(/con i filtri scelti/));
      await mario.getByRole('row').filter({ hasText: 'Scaduta' }).first().getByRole('link').click();
      await visible(mario.getByText('Scaduta', { exact: true }).first());
      expect(await mario.getByRole('button', { name: 'Accetta e ordina' }).count()).toBe(0);
      const diNuovo = mario.getByRole('button', { name: 'Richiedi di nuovo' });
      await foto(mario, `${vista}-09-scaduto`, mario.getByRole('heading', { level: 1 }));
      await diNuovo.click();
      await mario.waitForURL('**/preventivi/richiedi');
      // The request page is loaded on demand: wait for its lines, do not count them at once.
      await visible(mario.getByRole('button', { name: /^Togli / }).first());

      await staff.goto('/admin/preventivi');
      await visible(staff.getByRole('link', { name: numero }));
      // The queue's filters, the same form as the customer's with the staff's labels: the quote, now ordered.
      await staff.getByLabel('Numero').fill(numero);
      await staff.getByLabel('Stato').selectOption('Chiusa vinta');
      await staff.getByRole('button', { name: 'Filtra' }).click();
      await visible(staff.getByText('1 richiesta', { exact: true }));
      await visible(staff.getByRole('link', { name: numero }));
      await senzaScorrimentoLaterale(staff, `${vista}: coda`);
      await foto(staff, `${vista}-10-coda`);
    });
  }

  it("from a quick order's result and from a list: 'Richiedi preventivo' opens the request with their lines", async () => {
    const mario = await newPage({ width: 1366, height: 800 });
    await loginCliente(mario);
    await mario.goto('/ordine-rapido');
    await mario.getByLabel('Codice e quantità, una riga per prodotto').fill(`${codici[0]} 4\n${codici[1]} 2`);
    await mario.getByRole('button', { name: 'Verifica righe' }).click();
    await visible(mario.getByText('2 righe pronte', { exact: false }));
    await mario.getByRole('button', { name: 'Richiedi preventivo' }).click();
    await mario.waitForURL('**/preventivi/richiedi');
    for (const c of [codici[0]!, codici[1]!]) await visible(mario.getByLabel(`Prezzo obiettivo di ${c}`));

    await mario.goto('/liste');
    await mario.locator('a.liste-link').first().click();
    await mario.waitForURL('**/liste/dettaglio**');
    const primo = (await mario.locator('.lista-prodotti tbody tr .lista-codice .codice').first().textContent())?.trim() ?? '';
    await mario.getByRole('button', { name: 'Richiedi preventivo' }).click();
    await mario.waitForURL('**/preventivi/richiedi');
    await visible(mario.getByLabel(`Prezzo obiettivo di ${primo}`));
  });
});
