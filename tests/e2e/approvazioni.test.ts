import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import postgres from 'postgres';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, useBrowser } from './browser.js';
import { loginCliente, senzaScorrimentoLaterale, submitLogin, svuotaCarrello, TECNICO, visible } from './helpers.js';
import { portaleDiTest } from './portale.js';

// This file's own database, data folder and server (tests/e2e/portale.ts).
const portale = portaleDiTest();

/**
 * Limits and approvals (docs/regole/organizzazione.md#limits-and-approvals), at 1366 and 390 px:
 * Luca, an Operatore with 500 € per order, orders over his limit and the order waits; Mario, the
 * Titolare, sees the counter in the header, opens the order from it and approves it; Luca sees it
 * confirmed. Screenshots of every step go to APPROVAZIONI_SCREENSHOTS_DIR (default:
 * portale-approvazioni-screenshots in the system's temporary folder), to look at.
 */
const LUCA = { username: 'luca.verdi@ferramentarossi.it', password: 'Demo2024!' };
const ANNA = { username: 'anna.neri@ferramentarossi.it', password: 'Demo2024!' };
const FOTO = process.env.APPROVAZIONI_SCREENSHOTS_DIR ?? path.join(os.tmpdir(), 'portale-approvazioni-screenshots');

/** The window as the user sees it (fixed bars where they are), scrolled to `dove` when given. */
async function foto(page: Page, nome: string, dove?: Locator): Promise<void> {
  fs.mkdirSync(FOTO, { recursive: true });
  await dove?.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(FOTO, `${nome}.png`) });
}

/**
 * Luca on Mario's client as the demo data has him (Operatore, 500 € an order, 2,000 € a month),
 * created here with Mario's password when the demo data does not have him yet; and a product sold
 * at its list price to that client (no special price or discount), with its price and a quantity
 * that takes an order between 650 and 800 €.
 */
async function prepara(): Promise<{ codice: string; quantita: number }> {
  const sql = postgres(portale.databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await sql`
      INSERT INTO utenti (codice, username, password_hash, nome, cognome, nominativo)
      SELECT 'U-LUCA', ${LUCA.username}, u.password_hash, 'Luca', 'Verdi', 'Luca Verdi' FROM utenti u
      WHERE lower(u.username) = 'mario.rossi@ferramentarossi.it'
      ON CONFLICT DO NOTHING`;
    // Anna, Consultazione without net prices, as the demo data has her.
    await sql`
      INSERT INTO utenti (codice, username, password_hash, nome, cognome, nominativo)
      SELECT 'U-ANNA', ${ANNA.username}, u.password_hash, 'Anna', 'Neri', 'Anna Neri' FROM utenti u
      WHERE lower(u.username) = 'mario.rossi@ferramentarossi.it'
      ON CONFLICT DO NOTHING`;
    await sql`
      INSERT INTO utenti_clienti (utente_id, cliente_id, ruolo, vede_prezzi)
      SELECT l.id, c.id, 'consultazione', false FROM utenti l, clienti c
      WHERE lower(l.username) = ${ANNA.username} AND c.azienda_codice = '0001' AND c.codice = '001001'
      ON CONFLICT (utente_id, cliente_id) DO UPDATE SET ruolo = 'consultazione', vede_prezzi = false, stato = 'attivo'`;
    await sql`
      INSERT INTO utenti_clienti (utente_id, cliente_id, ruolo, limite_ordine, budget_mensile)
      SELECT l.id, c.id, 'operatore', 500, 2000 FROM utenti l, clienti c
      WHERE lower(l.username) = ${LUCA.username} AND c.azienda_codice = '0001' AND c.codice = '001001'
      ON CONFLICT (utente_id, cliente_id) DO UPDATE SET ruolo = 'operatore', limite_ordine = 500, budget_mensile = 2000, stato = 'attivo'`;
    const [p] = await sql<{ codice: string; prezzo: string }[]>`
      SELECT p.codice_prodotto AS codice, lp.prezzo::text AS prezzo
      FROM prodotti p JOIN giacenze g ON g.prodotto_id = p.id
      JOIN prodotti_prezzi lp ON lp.prodotto_id = p.id AND lp.listino = 1
      JOIN clienti c ON c.azienda_codice = '0001' AND c.codice = '001001'
      WHERE p.multiplo = 1 AND p.minimo = 1 AND g.disponibilita >= 200 AND p.status = 0 AND p.deleted_at IS NULL
        AND lp.prezzo BETWEEN 50 AND 150 AND c.sconto = 0
        AND NOT EXISTS (SELECT 1 FROM prezzi_speciali ps WHERE ps.cliente_id = c.id AND ps.prodotto_id = p.id)
        AND NOT EXISTS (SELECT 1 FROM sconti_clienti s WHERE s.cliente_id = c.id AND (s.prodotto_id = p.id OR s.famiglia_sconto = p.famiglia_sconto))
        AND p.codice_prodotto ~ '^[A-Z0-9]{2}-[0-9]+$'
      ORDER BY p.id DESC LIMIT 1`;
    if (!p) throw new Error('nessun prodotto demo a prezzo di listino');
    return { codice: p.codice, quantita: Math.ceil(650 / Number(p.prezzo)) };
  } finally {
    await sql.end();
  }
}

/** Adds `quantita` of a product from its search card, and waits until the card says it is in the cart. */
async function aggiungi(page: Page, codice: string, quantita: number): Promise<void> {
  await page.goto(`/ricerca?stringaRicerca=${encodeURIComponent(codice)}&start=0`);
  const card = page.locator('article.pcard').filter({ hasText: codice }).first();
  await card.getByRole('spinbutton').fill(String(quantita));
  await card.getByRole('button', { name: 'Aggiungi al carrello' }).click();
  await visible(card.getByText(`Nel carrello: ${quantita}`));
}

/** Luca orders over his limit from /checkout: the banner says the order waits and why. Answers its id. */
async function lucaOrdina(page: Page, prodotto: { codice: string; quantita: number }, vista: string): Promise<number> {
  await loginCliente(page, LUCA);
  await svuotaCarrello(page);
  await aggiungi(page, prodotto.codice, prodotto.quantita);
  await page.goto('/checkout');
  await page.getByRole('button', { name: 'Conferma Ordine' }).first().click();
  // 'Sei sicuro…?' (with the credit line's warning when there is one).
  const domanda = page.getByRole('dialog');
  await visible(domanda);
  await domanda.getByRole('button', { name: 'Conferma', exact: true }).click();
  await page.waitForURL('**/ordini');
  const banner = page.getByRole('status').filter({ hasText: 'in attesa di approvazione' });
  await visible(banner);
  const testo = (await banner.textContent()) ?? '';
  expect(testo).toMatch(/supera di [\d.,]+\s€ il limite per ordine di 500,00\s€/);
  await senzaScorrimentoLaterale(page, `${vista}: conferma in attesa`);
  await foto(page, `${vista}-01-luca-in-attesa`);
  return Number(/Ordine #(\d+)/.exec(testo)![1]);
}

/** Mario opens the order from the header's counter and approves it as it is. */
async function marioApprova(page: Page, id: number, vista: string): Promise<void> {
  await loginCliente(page);
  // Luca's order, and any the demo data keeps waiting.
  const contatore = page.getByRole('link', { name: /^Approvazioni: \d+ ordin[ei] da approvare/ });
  await visible(contatore);
  const prima = Number(/(\d+)/.exec((await contatore.getAttribute('aria-label')) ?? '')![1]);
  await foto(page, `${vista}-02-mario-contatore`);
  await contatore.click();
  await page.waitForURL('**/approvazioni');
  const scheda = page.getByRole('article', { name: new RegExp(`Ordine #${id}\\b`) });
  await visible(scheda);
  await expect.poll(() => scheda.textContent()).toMatch(/Da Luca Verdi/);
  await senzaScorrimentoLaterale(page, `${vista}: elenco approvazioni`);
  await foto(page, `${vista}-03-mario-elenco`);
  await scheda.getByRole('button', { name: 'Apri' }).click();
  await visible(scheda.getByRole('table'));
  await senzaScorrimentoLaterale(page, `${vista}: righe da approvare`);
  await foto(page, `${vista}-04-mario-righe`, scheda.getByRole('button', { name: 'Approva', exact: true }));
  await scheda.getByRole('button', { name: 'Approva', exact: true }).click();
  await visible(page.getByText(`Ordine #${id} approvato: ora è confermato.`));
  await expect.poll(() => scheda.count()).toBe(0);
  const dopo = prima - 1;
  await visible(page.getByRole('link', {
    name: dopo === 0 ? 'Approvazioni: nessun ordine da approvare' : `Approvazioni: ${dopo} ${dopo === 1 ? 'ordine' : 'ordini'} da approvare`,
  }));
  if (dopo === 0) await visible(page.getByText('Nessun ordine da approvare.'));
  await foto(page, `${vista}-05-mario-approvato`);
}

/** Luca sees the order confirmed, approved by Mario. */
async function lucaVede(page: Page, id: number, vista: string): Promise<void> {
  await page.goto(`/ordini/dettaglio?id=${id}`);
  await visible(page.getByRole('heading', { level: 1, name: `Dettaglio Ordine #${id}` }));
  const approvazione = page.getByRole('region', { name: 'Approvazione' });
  await visible(approvazione.getByRole('heading', { name: 'Approvato' }));
  await visible(approvazione.getByText(/Approvato da/));
  await visible(page.getByText('Confermato').first());
  await senzaScorrimentoLaterale(page, `${vista}: ordine approvato`);
  await foto(page, `${vista}-06-luca-confermato`, approvazione);
}

describe.runIf(hasBrowser())('an order over its limit, approved from the header', () => {
  const { newPage } = useBrowser();
  let prodotto = { codice: '', quantita: 0 };

  beforeAll(async () => {
    prodotto = await prepara();
  });

  for (const [vista, viewport] of [['1366', { width: 1366, height: 800 }], ['768', { width: 768, height: 1024 }], ['390', { width: 390, height: 844 }]] as const) {
    it(`at ${vista} px: Luca orders over 500 €, Mario approves from the counter, Luca sees it confirmed`, async () => {
      const luca = await newPage(viewport);
      const id = await lucaOrdina(luca, prodotto, vista);
      const mario = await newPage(viewport);
      await marioApprova(mario, id, vista);
      await lucaVede(luca, id, vista);
    });
  }

  for (const [vista, viewport] of [['1366', { width: 1366, height: 800 }], ['390', { width: 390, height: 844 }]] as const) {
    it(`at ${vista} px: Anna, a Consultazione, sends her cart to the approvers instead of confirming it`, async () => {
      const anna = await newPage(viewport);
      await loginCliente(anna, ANNA);
      await svuotaCarrello(anna);
      await aggiungi(anna, prodotto.codice, 1);
      await anna.goto('/checkout');
      const invia = anna.getByRole('button', { name: 'Invia in approvazione' }).first();
      await visible(invia);
      expect(await anna.getByRole('button', { name: 'Conferma Ordine' }).count()).toBe(0);
      await foto(anna, `${vista}-anna-01-checkout`, invia);
      await invia.click();
      const domanda = anna.getByRole('dialog', { name: 'Invia in approvazione' });
      await visible(domanda);
      await domanda.getByRole('button', { name: 'Invia', exact: true }).click();
      await anna.waitForURL('**/ordini');
      await visible(anna.getByRole('status').filter({ hasText: /in attesa di approvazione: inviato agli approvatori/ }));
      await senzaScorrimentoLaterale(anna, `${vista}: richiesta inviata`);
      await foto(anna, `${vista}-anna-02-inviato`);
    });
  }

  it('at 1366 px: Mario rejects with a reason; Luca reads it on the order and puts its lines back in the cart with one click', async () => {
    const luca = await newPage();
    const id = await lucaOrdina(luca, prodotto, '1366-rifiuto');
    const mario = await newPage();
    await loginCliente(mario);
    await mario.goto('/approvazioni');
    const scheda = mario.getByRole('article', { name: new RegExp(`Ordine #${id}\\b`) });
    await scheda.getByRole('button', { name: 'Apri' }).click();
    await scheda.getByRole('button', { name: 'Rifiuta…' }).click();
    const dialogo = mario.getByRole('dialog', { name: `Rifiuta l'ordine #${id}` });
    await visible(dialogo);
    // No reason: the box says so, nothing sent.
    await dialogo.getByRole('button', { name: "Rifiuta l'ordine" }).click();
    await visible(dialogo.getByText('Scrivi il motivo del rifiuto.'));
    await dialogo.getByLabel('Motivo del rifiuto').fill('Ne abbiamo già in magazzino');
    await foto(mario, '1366-rifiuto-01-dialogo');
    await dialogo.getByRole('button', { name: "Rifiuta l'ordine" }).click();
    await visible(mario.getByText(`Ordine #${id} rifiutato`));
    await expect.poll(() => scheda.count()).toBe(0);

    await luca.goto(`/ordini/dettaglio?id=${id}`);
    const approvazione = luca.getByRole('region', { name: 'Approvazione' });
    await visible(approvazione.getByRole('heading', { name: 'Non approvato' }));
    await visible(approvazione.getByText('Ne abbiamo già in magazzino'));
    await foto(luca, '1366-rifiuto-02-luca', approvazione);
    await approvazione.getByRole('button', { name: 'Rimetti nel carrello' }).click();
    await luca.waitForURL('**/checkout');
    await visible(luca.getByRole('button', { name: `Rimuovi ${prodotto.codice} dal carrello` }).first());
    await foto(luca, '1366-rifiuto-03-carrello');
    await svuotaCarrello(luca);
  });

  // The admin screens are a desktop's (and a tablet's): 1366 and 768 px.
  it("at 1366 and 768 px: the tecnico sets how many days an order waits on 'Impostazioni'", async () => {
    for (const [vista, viewport] of [['1366', { width: 1366, height: 800 }], ['768', { width: 768, height: 1024 }]] as const) {
      const page = await newPage(viewport);
      await submitLogin(page, '/admin', TECNICO);
      await page.waitForURL('**/adminhome');
      await page.goto('/admin/impostazioni');
      // The approvals' own form: the page has others (the returns' policy) with their own 'Salva'.
      const modulo = page.getByRole('form', { name: 'Approvazione ordini' });
      const giorni = modulo.getByLabel('Giorni di attesa');
      await visible(giorni);
      // The default, then what the first window saved.
      expect(await giorni.inputValue()).toBe(vista === '1366' ? '7' : '10');
      await giorni.fill('0');
      await modulo.getByRole('button', { name: 'Salva' }).click();
      await visible(page.getByText('giorni_approvazione: un numero intero di giorni da 1 a 90'));
      await giorni.fill('10');
      await modulo.getByRole('button', { name: 'Salva' }).click();
      await visible(page.getByText('Giorni di attesa delle approvazioni salvati.'));
      await senzaScorrimentoLaterale(page, `${vista}: impostazioni`);
      await foto(page, `${vista}-impostazioni-giorni`, giorni);
    }
    const sql = postgres(portale.databaseUrl, { max: 1, onnotice: () => {} });
    try {
      expect((await sql`SELECT valore FROM impostazioni WHERE chiave = 'giorni_approvazione'`)[0]?.valore).toBe('10');
    } finally {
      await sql.end();
    }
  });
});
