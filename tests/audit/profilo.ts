/**
 * `npm run audit:profilo -- /home2 [--volte 5]`: where the browser's CPU goes while a customer's page
 * loads. The portal is started as the audit starts it, with the SPA built unminified (its scripts keep
 * the bundler's `// node_modules/…` and `// web/…` comments); the demo customer logs in, then the page
 * is loaded `--volte` times from about:blank with Chromium's sampling profiler on (no throttling: what
 * matters is the split, not the total). Prints the milliseconds per load of the JavaScript by package
 * (preact, zod, react-router, our folders), by module, and the inclusive time of our functions. The
 * figures that matter for Lighthouse's mobile TBT are about 4× these (its simulated CPU).
 */
import puppeteer from 'puppeteer-core';
import { CHROMIUM_ARGS, findChromium } from '../e2e/chromium.js';
import { avviaPortale } from './portale.js';

const argomenti = process.argv.slice(2);
const arg = (name: string) => (argomenti.includes(`--${name}`) ? argomenti[argomenti.indexOf(`--${name}`) + 1] : undefined);
const PAGINA = argomenti.find((a) => a.startsWith('/')) ?? '/home2';
const VOLTE = Number(arg('volte') ?? 5);

interface Campione { ms: number; fn: string; url: string; riga: number; pila: { fn: string; url: string; riga: number }[] }

/** The module of a line of an unminified chunk: the last `// path` comment above it. */
async function moduliDi(url: string): Promise<{ riga: number; nome: string }[]> {
  const testo = await (await fetch(url)).text();
  const moduli: { riga: number; nome: string }[] = [];
  testo.split('\n').forEach((l, riga) => {
    const m = /^\/\/ ((?:node_modules|web|shared)\/\S+)/.exec(l);
    if (m) moduli.push({ riga, nome: m[1]!.replace(/^node_modules\//, '') });
  });
  return moduli;
}

const pacchetto = (modulo: string) =>
  (modulo.startsWith('@') || modulo.startsWith('web/') || modulo.startsWith('shared/') ? modulo.split('/').slice(0, 2) : modulo.split('/').slice(0, 1)).join('/');

function stampa(titolo: string, valori: Map<string, number>, quanti: number) {
  console.log(`\n${titolo}`);
  for (const [k, v] of [...valori].sort((a, b) => b[1] - a[1]).slice(0, quanti)) console.log(`${(v / VOLTE).toFixed(1).padStart(8)}  ${k}`);
}

async function main() {
  const chromium = findChromium();
  if (!chromium) throw new Error('Chromium non trovato: installa il pacchetto Debian "chromium" oppure imposta CHROMIUM_PATH.');
  const portale = await avviaPortale({ minify: false });
  const browser = await puppeteer.launch({ executablePath: chromium, headless: true, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    await page.setViewport({ width: 390, height: 844, isMobile: true });
    await page.goto(`${portale.baseUrl}/`);
    await page.locator('input[name=username]').fill('mario.rossi@ferramentarossi.it');
    await page.locator('input[name=password]').fill('Demo2024!');
    await Promise.all([page.waitForNavigation(), page.locator('button[type=submit]').click()]);
    await page.waitForFunction(() => location.pathname === '/home2', { timeout: 30_000 });

    const cdp = await page.createCDPSession();
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    const campioni: Campione[] = [];
    for (let i = 0; i < VOLTE; i++) {
      await page.goto('about:blank');
      await cdp.send('Profiler.start');
      await page.goto(`${portale.baseUrl}${PAGINA}`, { waitUntil: 'networkidle0' });
      const { profile } = await cdp.send('Profiler.stop');
      const nodi = new Map(profile.nodes.map((n) => [n.id, n]));
      const padre = new Map<number, number>();
      for (const n of profile.nodes) for (const c of n.children ?? []) padre.set(c, n.id);
      profile.samples?.forEach((id, k) => {
        const pila: Campione['pila'] = [];
        for (let x: number | undefined = id; x !== undefined; x = padre.get(x)) {
          const f = nodi.get(x)!.callFrame;
          pila.push({ fn: f.functionName, url: f.url, riga: f.lineNumber });
        }
        const [cima] = pila;
        campioni.push({ ms: (profile.timeDeltas?.[k] ?? 0) / 1000, fn: cima!.fn || '(anonima)', url: cima!.url, riga: cima!.riga, pila });
      });
    }

    const moduli = new Map<string, { riga: number; nome: string }[]>();
    for (const url of new Set(campioni.flatMap((c) => c.pila.map((f) => f.url)).filter((u) => u.includes('/assets/')))) {
      moduli.set(url, await moduliDi(url));
    }
    const moduloDi = (url: string, riga: number) => {
      let nome = url.includes('/assets/') ? url.split('/').pop()! : '';
      for (const m of moduli.get(url) ?? []) if (m.riga <= riga) nome = m.nome;
      return nome;
    };

    const perModulo = new Map<string, number>();
    const perPacchetto = new Map<string, number>();
    const inclusivo = new Map<string, number>();
    let js = 0;
    for (const c of campioni) {
      if (c.fn === '(idle)') continue;
      const modulo = moduloDi(c.url, c.riga) || c.fn;
      perModulo.set(modulo, (perModulo.get(modulo) ?? 0) + c.ms);
      perPacchetto.set(pacchetto(modulo), (perPacchetto.get(pacchetto(modulo)) ?? 0) + c.ms);
      if (c.fn === '(program)' || c.fn === '(garbage collector)') continue;
      js += c.ms;
      // Each of our functions once per sample, however deep it recurs.
      const viste = new Set<string>();
      for (const f of c.pila) {
        const m = moduloDi(f.url, f.riga);
        if (!m.startsWith('web/') && !m.startsWith('shared/')) continue;
        const chiave = `${m} ${f.fn || '(anonima)'}`;
        if (viste.has(chiave)) continue;
        viste.add(chiave);
        inclusivo.set(chiave, (inclusivo.get(chiave) ?? 0) + c.ms);
      }
    }
    console.log(`${PAGINA}: ${VOLTE} caricamenti, JavaScript ${(js / VOLTE).toFixed(1)} ms per caricamento`
      + ' ((program) è il lavoro del browser fuori dagli script: HTML, stili, layout, rete)');
    stampa('ms per caricamento, per pacchetto', perPacchetto, 20);
    stampa('ms per caricamento, per modulo', perModulo, 30);
    stampa('ms per caricamento, inclusivi, nostre funzioni', inclusivo, 30);
  } finally {
    await browser.close();
    await portale.stop();
  }
}

await main();
