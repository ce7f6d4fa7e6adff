/**
 * `npm run audit:compiti -- /home2 [/categoria/01/x …] [--volte 3] [--base URL] [--cpu 4] [--font]`: the long
 * tasks of a customer's page load, as Lighthouse's mobile total blocking time counts them. The demo
 * customer logs in, then each page is loaded from about:blank at 390 px with Chromium's CPU slowed
 * `--cpu` times (DevTools throttling, 4 like Lighthouse's mobile preset) and a performance trace on.
 * Prints, per load, the first contentful paint, every main-thread task of 50 ms or more with where
 * its time went (script, style, layout, paint… by the trace's event names, self time), and the
 * blocking time after the first paint. With `--cpu 1` the tasks are shown from 12.5 ms and the blocking
 * time is Lighthouse's simulated count (every task of the load ×4, past 50 ms: its simulated first paint
 * lands before the scripts run). Without `--base` the portal is started as the audit starts it;
 * with it, an already running portal (e.g. `npm start`) is used, to try a build quickly.
 */
import fs from 'node:fs';
import puppeteer, { type CDPSession, type Page } from 'puppeteer-core';
import { CHROMIUM_ARGS, findChromium } from '../e2e/chromium.js';
import { avviaPortale } from './portale.js';

const argomenti = process.argv.slice(2);
const arg = (name: string) => (argomenti.includes(`--${name}`) ? argomenti[argomenti.indexOf(`--${name}`) + 1] : undefined);
const valori = new Set(['volte', 'base', 'cpu', 'salva'].map((n) => arg(n)));
const PAGINE = argomenti.filter((a) => a.startsWith('/') && !valori.has(a));
const VOLTE = Number(arg('volte') ?? 3);
const CPU = Number(arg('cpu') ?? 4);
/** `--salva FILE` keeps the last trace, to open in DevTools' Performance panel. */
const SALVA = arg('salva');
/** `--funzioni`: also the script functions of each long task, by self time (the portal it starts is then built unminified, for readable names; with `--base`, build it with `--minify false`). */
const FUNZIONI = argomenti.includes('--funzioni');
/**
 * `--font`: also how many fonts the load asked for. On Linux every face and size a page draws text in
 * (a "strike") costs a synchronous call to Chromium's browser process during layout, and every family
 * name of a font stack not installed a failed lookup: counts that do not depend on the machine's load.
 */
const FONT = argomenti.includes('--font');

interface Evento { name: string; ph: string; ts: number; dur?: number; pid: number; tid: number; cat: string; args?: Record<string, unknown> }
interface Compito { inizio: number; durata: number; perNome: Map<string, number> }

/** Names of the trace's events grouped as a reader thinks of them. */
function gruppo(nome: string): string {
  if (/^(EvaluateScript|v8\.compile|v8\.run|FunctionCall|TimerFire|EventDispatch|FireAnimationFrame|RunMicrotasks|v8\.callFunction|V8\.Execute|ScheduledAction|FireIdleCallback|XHRReadyStateChange)/.test(nome)) return 'script';
  if (/GC|Gc/.test(nome)) return 'gc';
  if (/^(UpdateLayoutTree|RecalculateStyles|ParseAuthorStyleSheet|InvalidateLayout|ScheduleStyleRecalculation)/.test(nome)) return 'stile';
  if (/^Layout/.test(nome)) return 'layout';
  if (/^(Paint|PrePaint|Layerize|UpdateLayer|CompositeLayers|Commit|RasterTask|Decode|ImageDecodeTask)/.test(nome)) return 'paint';
  if (/^ParseHTML/.test(nome)) return 'html';
  return nome;
}

function analizza(eventi: Evento[]): { fcp: number | undefined; compiti: Compito[]; origine: number } {
  const inizio = eventi.find((e) => e.name === 'navigationStart' && (e.args?.data as { isLoadingMainFrame?: boolean } | undefined)?.isLoadingMainFrame)
    ?? eventi.find((e) => e.name === 'navigationStart');
  const origine = inizio?.ts ?? 0;
  const fcpEvento = eventi.find((e) => e.name === 'firstContentfulPaint' && e.ts >= origine);
  const main = eventi.find((e) => e.name === 'thread_name' && (e.args as { name?: string } | undefined)?.name === 'CrRendererMain'
    && eventi.some((x) => x.pid === e.pid && x.name === 'firstContentfulPaint'));
  const delMain = eventi
    .filter((e) => main && e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined && e.ts >= origine)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const compiti: Compito[] = [];
  // Self time of every event nested in a top-level RunTask, by group.
  const pila: { fine: number; nome: string; figli: number; inizio: number }[] = [];
  let corrente: Compito | undefined;
  const chiudi = (fino: number) => {
    while (pila.length && pila.at(-1)!.fine <= fino) {
      const e = pila.pop()!;
      const self = e.fine - e.inizio - e.figli;
      if (corrente && pila.length) corrente.perNome.set(gruppo(e.nome), (corrente.perNome.get(gruppo(e.nome)) ?? 0) + self);
      if (!pila.length) corrente = undefined;
    }
  };
  for (const e of delMain) {
    chiudi(e.ts);
    const fine = e.ts + (e.dur ?? 0);
    if (!pila.length) {
      if (e.name !== 'RunTask') continue;
      corrente = { inizio: (e.ts - origine) / 1000, durata: (e.dur ?? 0) / 1000, perNome: new Map() };
      compiti.push(corrente);
    } else {
      pila.at(-1)!.figli += e.dur ?? 0;
    }
    pila.push({ fine, nome: e.name, figli: 0, inizio: e.ts });
  }
  chiudi(Infinity);
  for (const c of compiti) for (const [k, v] of c.perNome) c.perNome.set(k, v / 1000);
  return { fcp: fcpEvento ? (fcpEvento.ts - origine) / 1000 : undefined, compiti, origine };
}

interface Profilo { nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[]; startTime: number; samples?: number[]; timeDeltas?: number[] }

async function traccia(page: Page, cdp: CDPSession, url: string): Promise<{ eventi: Evento[]; profilo?: Profilo }> {
  await page.goto('about:blank');
  await page.tracing.start({
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'v8.execute', 'loading', 'blink.user_timing', '__metadata',
      ...(FONT ? ['fonts'] : [])],
  });
  if (FUNZIONI) await cdp.send('Profiler.start');
  await page.goto(url, { waitUntil: 'networkidle0' });
  await new Promise((r) => setTimeout(r, 500));
  const profilo = FUNZIONI ? (await cdp.send('Profiler.stop')).profile as Profilo : undefined;
  const buffer = await page.tracing.stop();
  if (SALVA) fs.writeFileSync(SALVA, Buffer.from(buffer!));
  return { eventi: (JSON.parse(Buffer.from(buffer!).toString('utf8')) as { traceEvents: Evento[] }).traceEvents, profilo };
}

/** Self time of the functions sampled between `da` and `a` (µs of the trace's clock), the largest first. */
function funzioniTra(profilo: Profilo, da: number, a: number): string {
  const nodi = new Map(profilo.nodes.map((n) => [n.id, n]));
  const perFunzione = new Map<string, number>();
  let t = profilo.startTime;
  profilo.samples?.forEach((id, k) => {
    const delta = profilo.timeDeltas?.[k] ?? 0;
    t += delta;
    if (t < da || t > a) return;
    const f = nodi.get(id)!.callFrame;
    if (f.functionName === '(idle)') return;
    const nome = `${f.functionName || '(anonima)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}`;
    perFunzione.set(nome, (perFunzione.get(nome) ?? 0) + (profilo.timeDeltas?.[k + 1] ?? delta) / 1000);
  });
  return [...perFunzione].sort((x, y) => y[1] - x[1]).slice(0, 12).map(([k, v]) => `      ${v.toFixed(1).padStart(6)}  ${k}`).join('\n');
}

async function main() {
  const chromium = findChromium();
  if (!chromium) throw new Error('Chromium non trovato: installa il pacchetto Debian "chromium" oppure imposta CHROMIUM_PATH.');
  const portale = arg('base') ? undefined : await avviaPortale({ minify: !FUNZIONI });
  const base = arg('base') ?? portale!.baseUrl;
  const browser = await puppeteer.launch({ executablePath: chromium, headless: true, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    await page.setViewport({ width: 390, height: 844, isMobile: true });
    await page.goto(`${base}/`);
    await page.locator('input[name=username]').fill('mario.rossi@ferramentarossi.it');
    await page.locator('input[name=password]').fill('Demo2024!');
    await Promise.all([page.waitForNavigation(), page.locator('button[type=submit]').click()]);
    await page.waitForFunction(() => location.pathname === '/home2', { timeout: 30_000 });
    const cdp = await page.createCDPSession();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
    if (FUNZIONI) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    }
    for (const pagina of PAGINE.length ? PAGINE : ['/home2']) {
      const tbt: number[] = [];
      for (let i = 0; i < VOLTE; i++) {
        const { eventi, profilo } = await traccia(page, cdp, `${base}${pagina}`);
        const { fcp, compiti, origine } = analizza(eventi);
        const lunghi = compiti.filter((c) => c.durata >= 50 / (CPU === 1 ? 4 : 1));
        let bloccante = 0;
        for (const c of lunghi) {
          const da = Math.max(c.inizio, fcp ?? 0);
          const durata = c.inizio + c.durata - da;
          if (durata > 50) bloccante += durata - 50;
        }
        // With the CPU not slowed (`--cpu 1`), Lighthouse's simulated mobile run: it counts every task of the
        // load four times as long, and its first paint lands before the scripts run (the HTML paints nothing
        // of its own, but the simulation does not know): every task after the page's commit counts.
        if (CPU === 1) bloccante = compiti.filter((c) => !c.perNome.has('DocumentLoader::CreateParserPostCommit'))
          .reduce((somma, c) => somma + Math.max(0, 4 * c.durata - 50), 0);
        tbt.push(bloccante);
        console.log(`\n${pagina} #${i + 1}: FCP ${fcp?.toFixed(0)} ms, compiti ≥ 50 ms: ${lunghi.length}, bloccante dopo FCP ${bloccante.toFixed(0)} ms`);
        if (FONT) {
          const conta = (nome: string) => eventi.filter((e) => e.ph === 'X' && e.name === nome).length;
          console.log(`  font: ${conta('WebSandboxSupportLinux::GetWebFontRenderStyleForStrike')} strike, ${conta('FontDataServiceImpl::MatchFamilyName')} famiglie cercate`);
        }
        for (const c of lunghi) {
          const parti = [...c.perNome].sort((a, b) => b[1] - a[1]).filter(([, v]) => v >= 3).slice(0, 6)
            .map(([k, v]) => `${k} ${v.toFixed(0)}`).join(', ');
          console.log(`  ${c.inizio.toFixed(0).padStart(6)} +${c.durata.toFixed(0).padStart(4)}  ${parti}`);
          if (profilo && c.durata >= 100 / (CPU === 1 ? 4 : 1)) console.log(funzioniTra(profilo, origine + c.inizio * 1000, origine + (c.inizio + c.durata) * 1000));
        }
      }
      tbt.sort((a, b) => a - b);
      console.log(`${pagina}: bloccante dopo FCP, mediana ${tbt[Math.floor(tbt.length / 2)]!.toFixed(0)} ms (${tbt.map((t) => t.toFixed(0)).join(', ')})`);
    }
  } finally {
    await browser.close();
    await portale?.stop();
  }
}

await main();
