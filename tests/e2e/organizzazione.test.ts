import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { MSG_ORGANIZZAZIONE } from '../../shared/organizzazione-persone-costanti.js';
import { mailPer } from '../support/mail.js';
import { hasBrowser, useBrowser } from './browser.js';
import { confermaDice, GIULIA, hidden, loginCliente, MARIO, senzaScorrimentoLaterale, submitLogin, visible } from './helpers.js';
import { portaleDiTest } from './portale.js';

// This file's own database, data folder and server (tests/e2e/portale.ts): the people invited here stay here.
const portale = portaleDiTest();

/**
 * "La mia azienda" (docs/regole/organizzazione.md#people) in Chromium at 1366 and 390 px: Mario,
 * Titolare of his client, opens it from the profile menu, invites a person; the person opens the
 * mail's link, sets a password, logs in and sees the shop; Mario sees them active, changes their
 * limits and suspends them, and the history says so. Screens photographed at 1366, 768 and 390 px
 * into ORGANIZZAZIONE_SCREENSHOTS_DIR (default: portale-organizzazione-screenshots in the system's
 * temporary folder).
 */
const FOTO = process.env.ORGANIZZAZIONE_SCREENSHOTS_DIR ?? path.join(os.tmpdir(), 'portale-organizzazione-screenshots');
const LARGHEZZE = [{ width: 1366, height: 800 }, { width: 768, height: 1024 }, { width: 390, height: 844 }];

async function foto(page: Page, nome: string, larghezze = LARGHEZZE): Promise<void> {
  fs.mkdirSync(FOTO, { recursive: true });
  // The outcomes' toasts, closed: they would sit over the page in every picture.
  const chiudi = page.getByRole('button', { name: 'Chiudi notifica' });
  // One may close by itself meanwhile: a short wait for each, then count again.
  while (await chiudi.count() > 0) await chiudi.first().click({ timeout: 2_000 }).catch(() => {});
  const prima = page.viewportSize();
  for (const v of larghezze) {
    await page.setViewportSize(v);
    await senzaScorrimentoLaterale(page, `${nome} a ${v.width} px`);
    await page.screenshot({ path: path.join(FOTO, `${nome}-${v.width}.png`), fullPage: true });
  }
  if (prima) await page.setViewportSize(prima);
}

/** The path and query of the n-th invitation mail to `to`, once the portal's job has written it. */
const linkDellInvito = (to: string) => vi.waitFor(() => {
  const mails = mailPer(path.join(portale.dataDir, 'mail'), to).filter((m) => m.includes('Subject: Invito al portale ordini'));
  expect(mails.length).toBeGreaterThanOrEqual(1);
  const link = /https?:\/\/\S+(\/invito\?token=[A-Za-z0-9_-]{43})/.exec(mails.at(-1)!);
  expect(link).not.toBeNull();
  return link![1]!;
}, { timeout: 15_000, interval: 200 });

async function apriLaMiaAzienda(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Profilo di/ }).click();
  await page.getByRole('menuitem', { name: 'La mia azienda' }).click();
  await page.waitForURL('**/la-mia-azienda');
  await visible(page.getByRole('heading', { level: 1, name: 'La mia azienda' }));
  await visible(page.getByRole('table', { name: 'Persone del cliente' }).getByText(MARIO.username));
}

describe.runIf(hasBrowser())('La mia azienda', () => {
  // A weak password is refused with a 400, the suspended person's session with a 401: the browser logs both.
  const { newPage } = useBrowser({ statiAttesi: [400, 401] });

  for (const viewport of [{ width: 1366, height: 800 }, { width: 390, height: 844 }]) {
    it(`Mario invites a person, who sets a password from the mail, logs in and sees the shop (${viewport.width} px)`, async () => {
      const email = `magazzino.${viewport.width}@ferramentarossi.it`;
      const nome = `Marco Magazzino ${viewport.width}`;
      const page = await newPage(viewport);
      await loginCliente(page);
      await apriLaMiaAzienda(page);
      const primo = viewport.width === 1366;
      if (primo) await foto(page, '01-la-mia-azienda');
      // Mario, the client's only Titolare, is offered no Sospendi or Rimuovi on his own row (the server would refuse).
      const righe = page.getByRole('table', { name: 'Persone del cliente' }).getByRole('row');
      await visible(righe.filter({ hasText: 'luca.verdi@' }).getByRole('button', { name: /^Sospendi / }));
      expect(await righe.filter({ hasText: MARIO.username }).getByRole('button', { name: /^(Sospendi|Rimuovi) / }).count()).toBe(0);

      await page.getByRole('button', { name: 'Invita una persona' }).click();
      const dialogo = page.getByRole('dialog', { name: 'Invita una persona' });
      await visible(dialogo);
      // The contract's checks, in the browser, under the fields.
      await dialogo.getByLabel(/^E-mail/).fill('non-una-mail');
      await dialogo.getByRole('button', { name: 'Invia invito' }).click();
      await visible(dialogo.getByText(MSG_ORGANIZZAZIONE.nominativoObbligatorio));
      await visible(dialogo.getByText(MSG_ORGANIZZAZIONE.emailNonValida));
      // Mario has one client: no choice of clients.
      expect(await dialogo.getByRole('group', { name: 'Clienti' }).count()).toBe(0);
      await dialogo.getByLabel(/^Nome e cognome/).fill(nome);
      await dialogo.getByLabel(/^E-mail/).fill(email);
      await dialogo.getByLabel(/^Ruolo/).selectOption('operatore');
      await dialogo.getByLabel(/^Limite per ordine/).fill('500');
      await dialogo.getByLabel(/^Budget mensile/).fill('2000,50');
      if (primo) await foto(page, '02-invito', [{ width: 1366, height: 800 }, { width: 390, height: 844 }]);
      await dialogo.getByRole('button', { name: 'Invia invito' }).click();
      await hidden(dialogo);
      await visible(page.getByText(MSG_ORGANIZZAZIONE.invitata(email)));
      const riga = page.getByRole('row').filter({ hasText: email });
      await visible(riga.getByText('Invitato'));

      // The person, in another browser, from the mail's link.
      const ospite = await newPage(viewport);
      await ospite.goto(await linkDellInvito(email));
      await visible(ospite.getByRole('heading', { level: 1, name: 'Attiva il tuo accesso' }));
      // The token leaves the address bar.
      expect(new URL(ospite.url()).search).toBe('');
      if (primo) await foto(ospite, '03-invito-pagina');
      await ospite.getByLabel(/^Password/).fill('FerramentaRossi2024');
      await ospite.getByLabel(/^Conferma password/).fill('FerramentaRossi2024');
      await ospite.getByRole('button', { name: 'Imposta la password' }).click();
      await visible(ospite.getByText("La nuova password non può essere il nome dell'azienda con un anno."));
      await ospite.getByLabel(/^Password/).fill('Scaffale-Bulloni-77');
      await ospite.getByLabel(/^Conferma password/).fill('Scaffale-Bulloni-77');
      await ospite.getByRole('button', { name: 'Imposta la password' }).click();
      await ospite.waitForURL((u) => u.pathname === '/');
      await visible(ospite.getByText(MSG_ORGANIZZAZIONE.passwordImpostata));
      await submitLogin(ospite, '/', { username: email, password: 'Scaffale-Bulloni-77' });
      await ospite.waitForURL('**/home2');
      await visible(ospite.getByRole('heading', { level: 1, name: /Benvenuto/ }));
      // An Operatore: no 'La mia azienda' in the menu.
      await ospite.getByRole('button', { name: /^Profilo di/ }).click();
      await visible(ospite.getByRole('menuitem', { name: 'I miei ordini' }));
      expect(await ospite.getByRole('menuitem', { name: 'La mia azienda' }).count()).toBe(0);
      await ospite.keyboard.press('Escape');

      // Mario sees them active; changes a limit; suspends them.
      await page.reload();
      await visible(riga.getByText('Attivo'));
      await riga.getByRole('button', { name: `Modifica ${nome}` }).click();
      const modifica = page.getByRole('dialog', { name: `Modifica ${nome}` });
      await visible(modifica);
      expect(await modifica.getByLabel(/^Budget mensile/).inputValue()).toBe('2000,5');
      await modifica.getByLabel(/^Limite per ordine/).fill('750');
      await modifica.getByRole('button', { name: 'Salva' }).click();
      await hidden(modifica);
      await visible(riga.getByText(/Ordine: 750,00/));
      await riga.getByRole('button', { name: `Sospendi ${nome}` }).click();
      await confermaDice(page, `Sospendere ${nome}?`, 'Sospendi');
      await visible(riga.getByText('Sospeso'));
      await visible(page.getByText(`Accesso sospeso per ${nome}.`));

      // The history, by person.
      const storico = page.getByRole('region', { name: 'Storico' });
      await storico.getByLabel('Persona').selectOption({ label: nome });
      const tabella = storico.getByRole('table', { name: 'Storico delle modifiche' });
      for (const etichetta of ['Persona invitata', 'Invito accettato', 'Limiti cambiati', 'Persona sospesa']) await visible(tabella.getByText(etichetta));
      expect(await tabella.getByText('Ruolo cambiato').count()).toBe(0);
      if (primo) await foto(page, '04-la-mia-azienda-dopo');

      // Suspended: the person's next page is refused, back to the login (their only client).
      await ospite.goto('/ordini');
      await ospite.waitForURL((u) => u.pathname === '/');
      for (const p of [page, ospite]) await p.context().close();
    });
  }

  it('Giulia, Titolare of two clients in two companies, invites one person to both: one mail, one link, both clients', async () => {
    const email = 'capocantiere@edilbianchi.it';
    const page = await newPage({ width: 1366, height: 800 });
    await submitLogin(page, '/', GIULIA);
    await page.waitForURL('**/dispatcher');
    await page.getByRole('article').filter({ hasText: 'Edil Bianchi S.r.l.' }).getByRole('button', { name: 'Entra' }).click();
    await page.waitForURL('**/home2');
    await page.getByRole('button', { name: /^Profilo di/ }).click();
    await page.getByRole('menuitem', { name: 'La mia azienda' }).click();
    await page.waitForURL('**/la-mia-azienda');
    await page.getByRole('button', { name: 'Invita una persona' }).click();
    const dialogo = page.getByRole('dialog', { name: 'Invita una persona' });
    const clienti = dialogo.getByRole('group', { name: 'Clienti' });
    await visible(clienti);
    // The session's own client is always in, fixed; the other is offered.
    const proprio = clienti.getByLabel(/Edil Bianchi S\.r\.l\./);
    expect(await proprio.isChecked()).toBe(true);
    expect(await proprio.isDisabled()).toBe(true);
    await clienti.getByLabel(/Bianchi Costruzioni S\.r\.l\./).check();
    await dialogo.getByLabel(/^Nome e cognome/).fill('Carlo Capocantiere');
    await dialogo.getByLabel(/^E-mail/).fill(email);
    await dialogo.getByLabel(/^Ruolo/).selectOption('acquisti');
    await foto(page, '05-invito-piu-clienti');
    await dialogo.getByRole('button', { name: 'Invia invito' }).click();
    await hidden(dialogo);
    await visible(page.getByText(MSG_ORGANIZZAZIONE.invitata(email)));

    const ospite = await newPage({ width: 390, height: 844 });
    await ospite.goto(await linkDellInvito(email));
    const mails = mailPer(path.join(portale.dataDir, 'mail'), email);
    expect(mails.length).toBe(1);
    expect(mails[0]).toContain('Edil Bianchi S.r.l.');
    expect(mails[0]).toContain('Bianchi Costruzioni S.r.l.');
    await ospite.getByLabel(/^Password/).fill('Ponteggio-Sicuro-58');
    await ospite.getByLabel(/^Conferma password/).fill('Ponteggio-Sicuro-58');
    await ospite.getByRole('button', { name: 'Imposta la password' }).click();
    await ospite.waitForURL((u) => u.pathname === '/');
    // Linked to both: the login offers the choice of client.
    await submitLogin(ospite, '/', { username: email, password: 'Ponteggio-Sicuro-58' });
    await ospite.waitForURL('**/dispatcher');
    expect(await ospite.getByRole('button', { name: 'Entra' }).count()).toBe(2);
    for (const p of [page, ospite]) await p.context().close();
  });
});
