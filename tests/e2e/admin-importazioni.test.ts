import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import { pdf } from '../integration/documenti/campioni.js';
import { hasBrowser, useBrowser } from './browser.js';
import { MSG_IMPORT } from '../../shared/importazioni-costanti.js';
import { hidden, submitLogin, TECNICO, visible } from './helpers.js';
import { portaleDiTest } from './portale.js';

// This file's own database, data folder and server (tests/e2e/portale.ts).
const portale = portaleDiTest();

const SHOTS = process.env.ADMIN_SCREENSHOTS_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'portale-shots-import-'));

/**
 * 'Importazioni' (tecnico): a stock file from the ERP is checked (report, nothing written), then
 * applied, and the history shows the run; a token for the ERP is created once and revoked.
 */
describe.runIf(hasBrowser())('admin importazioni', () => {
  // 400: the file the server refuses on purpose (a PDF named .csv).
  const { newPage } = useBrowser({ statiAttesi: [400] });

  it('checks a stock file, applies it, and lists the run; creates and revokes a token', async () => {
    const sql = postgres(portale.databaseUrl, { max: 1, onnotice: () => {} });
    try {
      const [p] = await sql<{ codice: string; disponibilita: number; ord_forn: number }[]>`
        SELECT codice_prodotto AS codice, disponibilita, ord_forn FROM prodotti JOIN giacenze ON prodotto_id = id WHERE status = 0 AND deleted_at IS NULL ORDER BY id LIMIT 1`;
      const nuova = p!.disponibilita + 17;
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-import-e2e-'));
      const file = path.join(dir, 'giacenze.csv');
      // Windows-1252 and ';', as an Italian ERP writes it; one bad row out of two would be refused,
      // so the file has one good row and the threshold is raised for the bad one.
      fs.writeFileSync(file, Buffer.from(`codice_prodotto;disponibilita;ord_forn\r\n${p!.codice};${nuova};${p!.ord_forn}\r\n`, 'latin1'));

      const page = await newPage();
      await submitLogin(page, '/admin', TECNICO);
      await page.waitForURL('**/adminhome');
      await page.getByRole('link', { name: 'Importazioni' }).click();
      await page.waitForURL('**/admin/importazioni');
      // The form's checks: the threshold by the call's schema as it is typed; a file the server
      // cannot read (a PDF named .csv) refused under its picker, until another file is chosen.
      const soglia = page.getByLabel('Soglia righe scartate (%)');
      await soglia.fill('150');
      await visible(page.getByText(MSG_IMPORT.soglia));
      await soglia.fill('1,5');
      await hidden(page.getByText(MSG_IMPORT.soglia));
      const scelta = page.getByLabel('File (CSV o XLSX)');
      const finto = path.join(dir, 'giacenze-finte.csv');
      fs.writeFileSync(finto, pdf('non un CSV'));
      await scelta.setInputFiles(finto);
      await page.getByRole('button', { name: 'Verifica' }).click();
      await visible(page.getByText(MSG_IMPORT.soloCsvXlsx));
      expect(await scelta.getAttribute('aria-invalid')).toBe('true');
      await scelta.setInputFiles(file);
      await hidden(page.getByText(MSG_IMPORT.soloCsvXlsx));

      expect(await page.getByLabel('Tipo').inputValue()).toBe('giacenze');
      await page.getByRole('button', { name: 'Verifica' }).click();
      await visible(page.getByText('Verifica completata: nulla è stato scritto.'));
      const dopoProva = await sql`SELECT disponibilita FROM prodotti JOIN giacenze ON prodotto_id = id WHERE codice_prodotto = ${p!.codice}`;
      expect(dopoProva[0]!.disponibilita).toBe(p!.disponibilita);
      await page.screenshot({ path: `${SHOTS}/tecnico-importazioni-verifica-1366.png`, fullPage: true });

      await page.getByRole('button', { name: 'Applica' }).click();
      await visible(page.getByText('Importazione completata.'));
      const dopo = await sql`SELECT disponibilita FROM prodotti JOIN giacenze ON prodotto_id = id WHERE codice_prodotto = ${p!.codice}`;
      expect(dopo[0]!.disponibilita).toBe(nuova);
      const storico = page.getByRole('table', { name: 'Storico importazioni' });
      await visible(storico.getByText('Applicata'));
      await visible(storico.getByText('Verificata (prova)'));
      // Every column of the history readable at both widths: none under the pinned 'Errori (CSV)'.
      for (const viewport of [{ width: 1366, height: 800 }, { width: 768, height: 1024 }]) {
        await page.setViewportSize(viewport);
        const oltre = await page.evaluate(() => {
          const box = document.querySelector('.imp-storico')!.closest('.table-scroll')!;
          return box.scrollWidth - box.clientWidth;
        });
        expect(oltre, `storico a ${viewport.width} px`).toBeLessThanOrEqual(1);
        await storico.screenshot({ path: `${SHOTS}/tecnico-importazioni-storico-${viewport.width}.png` });
      }
      await page.setViewportSize({ width: 1366, height: 800 });

      await page.getByLabel('Nome', { exact: true }).fill('Gestionale e2e');
      await page.getByRole('button', { name: 'Crea token' }).click();
      const valore = (await visible(page.locator('.imp-token-valore code'))).first();
      expect(await valore.textContent()).toMatch(/^pbf_/);
      const tokens = page.getByRole('table', { name: 'Token API' });
      await tokens.locator('tbody tr', { hasText: 'Gestionale e2e' }).getByRole('button', { name: 'Revoca' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Revoca' }).click();
      await visible(tokens.locator('tbody tr', { hasText: 'Gestionale e2e' }).getByText(/Revocato il/));
      await page.screenshot({ path: `${SHOTS}/tecnico-importazioni-1366.png`, fullPage: true });
      await page.setViewportSize({ width: 768, height: 1000 });
      await page.screenshot({ path: `${SHOTS}/tecnico-importazioni-768.png`, fullPage: true });
      console.log(`screenshots: ${SHOTS}`);
    } finally {
      await sql.end();
    }
  });

  it('a refused file says what its good rows would have done; the Metel list asks for its own file', async () => {
    const sql = postgres(portale.databaseUrl, { max: 1, onnotice: () => {} });
    try {
      const [p] = await sql<{ codice: string; disponibilita: number }[]>`
        SELECT codice_prodotto AS codice, disponibilita FROM prodotti JOIN giacenze ON prodotto_id = id WHERE status = 0 AND deleted_at IS NULL ORDER BY id DESC LIMIT 1`;
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-import-rifiutato-e2e-'));
      const file = path.join(dir, 'giacenze.csv');
      // One good row (its stock changes) and one naming no product: 50 % refused, over the 1 % threshold.
      fs.writeFileSync(file, `codice_prodotto;disponibilita\r\n${p!.codice};${p!.disponibilita + 5}\r\nNON-ESISTE-1;4\r\n`);

      const page = await newPage();
      await submitLogin(page, '/admin', TECNICO);
      await page.waitForURL('**/adminhome');
      await page.goto(`${new URL(page.url()).origin}/admin/importazioni`);
      await page.getByLabel('File (CSV o XLSX)').setInputFiles(file);
      await page.getByRole('button', { name: 'Verifica' }).click();
      await visible(page.getByText(/File rifiutato, nulla è stato importato: 1 riga scartata su 2/));
      await visible(page.getByText(/Nuove, modificate, invariate e ritirate dicono cosa avrebbero fatto le righe valide/));
      const conteggio = (nome: string) => page.locator('.imp-conteggi > div', { has: page.getByText(nome, { exact: true }) }).locator('dd');
      expect(await conteggio('Modificate').textContent()).toBe('1');
      expect(await conteggio('Scartate').textContent()).toBe('1');
      const [dopo] = await sql<{ disponibilita: number }[]>`SELECT disponibilita FROM prodotti JOIN giacenze ON prodotto_id = id WHERE codice_prodotto = ${p!.codice}`;
      expect(dopo!.disponibilita).toBe(p!.disponibilita);
      for (const [w, h] of [[1366, 900], [768, 1024], [390, 844]] as const) {
        await page.setViewportSize({ width: w, height: h });
        await page.screenshot({ path: `${SHOTS}/tecnico-importazioni-rifiutato-${w}.png`, fullPage: true });
      }
      await page.setViewportSize({ width: 1366, height: 900 });

      await page.getByLabel('Tipo').selectOption('metel');
      await visible(page.getByLabel('File Metel (testo a larghezza fissa, di solito .txt)'));
      await hidden(page.getByLabel('File (CSV o XLSX)'));
    } finally {
      await sql.end();
    }
  });

  it('documenti: a CSV with its PDF as an attachment, checked then applied; the document is the client\'s', async () => {
    const sql = postgres(portale.databaseUrl, { max: 1, onnotice: () => {} });
    try {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-import-doc-e2e-'));
      const csv = path.join(dir, 'documenti.csv');
      fs.writeFileSync(csv, 'tipo;numero;data;azienda_codice;cliente_codice;imponibile;iva;totale;file\r\nDDT;E2E-1;2026-06-01;0001;001003;10;2,2;12,2;E2E-1.pdf\r\n');
      const allegato = path.join(dir, 'E2E-1.pdf');
      fs.writeFileSync(allegato, pdf('E2E-1'));

      const page = await newPage();
      await submitLogin(page, '/admin', TECNICO);
      await page.waitForURL('**/adminhome');
      await page.goto(`${new URL(page.url()).origin}/admin/importazioni`);
      await page.getByLabel('File (CSV o XLSX)').setInputFiles(csv);
      expect(await page.getByLabel('Tipo').inputValue()).toBe('documenti');
      await page.getByLabel('Allegati (i PDF e gli XML nominati dal CSV)').setInputFiles([allegato]);
      await visible(page.getByText('1 file ·'));
      await page.getByRole('button', { name: 'Verifica' }).click();
      await visible(page.getByText('Verifica completata: nulla è stato scritto.'));
      expect(await sql`SELECT 1 FROM documenti WHERE numero = 'E2E-1'`).toHaveLength(0);
      await page.screenshot({ path: `${SHOTS}/tecnico-importazioni-documenti-1366.png`, fullPage: true });
      await page.getByRole('button', { name: 'Applica' }).click();
      await visible(page.getByText('Importazione completata.'));
      const [d] = await sql<{ codice: string }[]>`SELECT c.codice FROM documenti d JOIN clienti c ON c.id = d.cliente_id WHERE d.numero = 'E2E-1'`;
      expect(d?.codice).toBe('001003');
    } finally {
      await sql.end();
    }
  });
});
