/**
 * `npm run audit:web`: Lighthouse (mobile and desktop presets) and axe-core on the customer's main
 * screens, logged in as the demo customer, against the portal started as the browser tests start
 * it. Writes docs/audit/report.md and exits with 1 when a goal of docs/regole/generale.md
 * (#performance-budgets) is missed. Not part of `npm test`: slow, and its performance figures depend on
 * the machine. `--volte 3` keeps the median of three runs per page and preset.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import puppeteer, { type Page } from 'puppeteer-core';
import { generateReport } from 'lighthouse';
import { CHROMIUM_ARGS, findChromium } from '../e2e/chromium.js';
import { avviaPortale } from './portale.js';
import { axeDi, lighthouseDi, PRESETS, type Preset, type Richiesta } from './misure.js';
import { scriviReport, type Esito } from './report.js';

const arg = (name: string) => (process.argv.includes(`--${name}`) ? process.argv[process.argv.indexOf(`--${name}`) + 1] : undefined);
const VOLTE = Number(arg('volte') ?? 1);
/** `--schermate DIR` also saves screenshots of every page at 1366, 768 and 390 px there, to look at. */
const SCHERMATE = arg('schermate');
/** `--solo ricerca` audits only the pages whose name matches (a regular expression), while fixing one. */
const SOLO = arg('solo');
/** `--preset mobile` runs only that preset (mobile or desktop), for a quick comparison of two builds. */
const SOLO_PRESET = arg('preset');
const REPORT = path.resolve('docs/audit/report.md');
const VIEWPORT: Record<Preset, { width: number; height: number; isMobile: boolean }> = {
  mobile: { width: 390, height: 844, isMobile: true },
  desktop: { width: 1366, height: 768, isMobile: false },
};

interface Pagina {
  nome: string;
  url: string;
  /** Brings the page there before a run whose request is not a URL (the product page). */
  prepara?: (page: Page) => Promise<void>;
  richiesta?: (page: Page) => Richiesta;
}

async function login(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/`);
  await page.locator('input[name=username]').fill('mario.rossi@ferramentarossi.it');
  await page.locator('input[name=password]').fill('Demo2024!');
  await Promise.all([page.waitForNavigation(), page.locator('button[type=submit]').click()]);
  await page.waitForFunction(() => location.pathname === '/home2', { timeout: 30_000 });
}

/** Opens a page and waits for the SPA to settle (its requests done). */
async function apri(page: Page, url: string) {
  await page.goto(url, { waitUntil: 'networkidle0' });
}

/** Adds one piece of the first product the category page lets add (one not available opens a dialog instead: closed). */
async function aggiungiUnaRiga(page: Page) {
  for (const scheda of await page.$$('.pcard')) {
    await (await scheda.$('button[aria-label="Aumenta quantità"]'))?.click();
    await (await scheda.$('.pcard-add'))?.click();
    const aggiunta = await page.waitForFunction(() => (localStorage.getItem('carrelloItems') ?? '[]') !== '[]', { timeout: 2000 })
      .then(() => true, () => false);
    if (aggiunta) return;
    await page.keyboard.press('Escape');
  }
  throw new Error('Nessun prodotto della categoria si lascia aggiungere al carrello');
}

async function main() {
  const chromiumPath = findChromium();
  if (!chromiumPath) throw new Error('Chromium non trovato: installa il pacchetto Debian "chromium" oppure imposta CHROMIUM_PATH.');
  console.log('Avvio del portale (build della SPA, Postgres, dati demo)…');
  const portale = await avviaPortale();
  const { baseUrl } = portale;
  const [categoria] = await portale.sql<{ cod_cat: string; nome: string }[]>`
    SELECT c.cod_cat, c.nome FROM categorie c JOIN prodotti_categorie pc ON pc.categoria_id = c.id
    GROUP BY c.id ORDER BY count(*) DESC, c.cod_cat LIMIT 1`;
  // The demo customer's invoice with a FatturaPA (seed/demo-documenti.ts), for its rendered page.
  const [fattura] = await portale.sql<{ id: number }[]>`
    SELECT id FROM documenti WHERE xml IS NOT NULL AND tipo = 'FATTURA' ORDER BY data DESC, id LIMIT 1`;
  if (!fattura) throw new Error('Nessuna fattura con FatturaPA nei dati demo');
  const urlCategoria = `${baseUrl}/categoria/${encodeURIComponent(categoria!.cod_cat)}/${encodeURIComponent(categoria!.nome)}`;
  const tutte: Pagina[] = [
    { nome: 'home2', url: `${baseUrl}/home2` },
    { nome: 'categoria', url: urlCategoria },
    { nome: 'ricerca', url: `${baseUrl}/ricerca?stringaRicerca=trapano&start=0` },
    {
      nome: 'prodotto', url: `${baseUrl}/prodotto`,
      prepara: async (page) => {
        await page.setCacheEnabled(true);
        await apri(page, urlCategoria);
        await page.locator('.pcard-title a').click();
        await page.waitForSelector('.scheda');
      },
      // The product travels in history state, which a reload keeps. A cold visit like the others:
      // Lighthouse empties the caches and removes the service worker only before a load it starts
      // itself, so here the browser's cache is off and the worker with its Cache Storage gone (else the
      // page's scripts came from the worker and were compiled inside the HTML's parse, one long task).
      richiesta: (page) => async () => {
        const cdp = await page.createCDPSession();
        await cdp.send('Storage.clearDataForOrigin', { origin: baseUrl, storageTypes: 'service_workers,cache_storage' });
        await cdp.detach();
        await page.setCacheEnabled(false);
        await page.evaluate(() => location.reload());
      },
    },
    { nome: 'checkout', url: `${baseUrl}/checkout` },
    { nome: 'ordine-rapido', url: `${baseUrl}/ordine-rapido` },
    // The customer pages of issues 21–22 (web/paths.ts).
    { nome: 'documenti', url: `${baseUrl}/documenti` },
    { nome: 'fattura', url: `${baseUrl}/documenti/fattura?id=${fattura.id}` },
    { nome: 'listino', url: `${baseUrl}/listino` },
    { nome: 'situazione-contabile', url: `${baseUrl}/situazione-contabile` },
  ];
  const pagine = tutte.filter((p) => !SOLO || new RegExp(SOLO).test(p.nome));

  const browser = await puppeteer.launch({ executablePath: chromiumPath, headless: true, args: CHROMIUM_ARGS });
  const cartella = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-audit-lhr-'));
  const esiti: Esito[] = [];
  try {
    const page = await browser.newPage();
    await page.setViewport(VIEWPORT.desktop);
    await login(page, baseUrl);
    // One line in the cart, for the checkout (and the header's cart as a customer usually has it).
    await apri(page, urlCategoria);
    await aggiungiUnaRiga(page);

    for (const p of pagine) {
      for (const preset of PRESETS.filter((x) => !SOLO_PRESET || x === SOLO_PRESET)) {
        console.log(`${p.nome} (${preset})…`);
        const prepara = async () => {
          if (p.prepara) await p.prepara(page);
          else await apri(page, p.url);
        };
        const lighthouse = await lighthouseDi(page, p.richiesta?.(page) ?? p.url, preset, VOLTE, prepara, (lhr) => {
          fs.writeFileSync(path.join(cartella, `${p.nome}-${preset}-${Date.now()}.html`), generateReport(lhr, 'html'));
        });
        await page.setViewport(VIEWPORT[preset]);
        await prepara();
        const axe = await axeDi(page);
        esiti.push({ pagina: p.nome, preset, lighthouse, axe });
      }
      if (SCHERMATE) {
        fs.mkdirSync(SCHERMATE, { recursive: true });
        for (const width of [1366, 768, 390]) {
          await page.setViewport({ width, height: 900, isMobile: width < 768 });
          if (p.prepara) await p.prepara(page);
          else await apri(page, p.url);
          await page.screenshot({ path: path.join(SCHERMATE, `${p.nome}-${width}.png`) as `${string}.png` });
        }
      }
    }
  } finally {
    await browser.close();
    await portale.stop();
  }
  const mancati = scriviReport(REPORT, esiti, { volte: VOLTE, categoria: `${categoria!.cod_cat} ${categoria!.nome}` });
  console.log(`Report: ${path.relative(process.cwd(), REPORT)}; rapporti Lighthouse completi in ${cartella}`);
  if (mancati.length) {
    console.log(`Obiettivi mancati:\n${mancati.map((m) => `- ${m}`).join('\n')}`);
    process.exitCode = 1;
  } else {
    console.log('Tutti gli obiettivi raggiunti.');
  }
}

await main();
