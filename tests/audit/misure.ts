import fs from 'node:fs';
import { createRequire } from 'node:module';
import { desktopConfig, navigation, type Flags, type Result } from 'lighthouse';
import type { Page } from 'puppeteer-core';

export type Preset = 'mobile' | 'desktop';
export const PRESETS: Preset[] = ['mobile', 'desktop'];
export const CATEGORIE = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Categoria = (typeof CATEGORIE)[number];

export interface AuditFallito { id: string; titolo: string; valore: string; dove: string[] }
export interface MisuraLighthouse {
  punteggi: Record<Categoria, number>;
  cls: number;
  tbtMs: number;
  lcpMs: number;
  jsByte: number;
  falliti: AuditFallito[];
  /** Performance scores of every run, when more than one was taken (the median's is kept). */
  prestazioni: number[];
}
export interface Violazione { id: string; impatto: string; descrizione: string; nodi: string[] }

/** How the page under audit is reached: its URL, or (the product page, whose product travels in history state) a reload. */
export type Richiesta = string | (() => Promise<void>);

const arrotonda = (x: number | null | undefined) => Math.round((x ?? 0) * 100);

/**
 * One Lighthouse navigation of `page` (logged in, the session cookie kept) with the preset's
 * emulation and its default simulated throttling. The HTTP cache, the Cache Storage and the service
 * worker are cleared before the load (a cold visit); local storage is kept, since it holds the
 * customer's chosen client and the cart the checkout shows.
 */
async function unaNavigazione(page: Page, richiesta: Richiesta, preset: Preset): Promise<Result> {
  const flags: Flags = {
    onlyCategories: [...CATEGORIE], output: 'json', logLevel: 'error',
    clearStorageTypes: ['cache_storage', 'service_workers', 'indexeddb'],
  };
  const config = preset === 'desktop' ? desktopConfig : undefined;
  // lighthouse's Puppeteer types come from its own copy of puppeteer-core; the page is the same object.
  // A trace lost on a busy machine (NO_NAVSTART) is worth another try.
  let errore = '';
  for (let tentativo = 0; tentativo < 3; tentativo++) {
    const risultato = await navigation(page as never, richiesta, { config, flags });
    if (!risultato) throw new Error('Lighthouse non ha prodotto un risultato');
    if (!risultato.lhr.runtimeError) return risultato.lhr;
    errore = risultato.lhr.runtimeError.message;
  }
  throw new Error(`Lighthouse: ${errore}`);
}

/** The audits that keep a category below 100: binary ones failed, numeric ones below 0.9 (not the metrics). */
function fallitiDi(lhr: Result): AuditFallito[] {
  const ids = new Set<string>();
  for (const c of CATEGORIE) {
    for (const ref of lhr.categories[c]?.auditRefs ?? []) if (ref.group !== 'metrics') ids.add(ref.id);
  }
  const falliti: AuditFallito[] = [];
  for (const id of ids) {
    const a = lhr.audits[id];
    if (!a || a.score === null) continue;
    const soglia = a.scoreDisplayMode === 'binary' ? 1 : 0.9;
    if (a.score >= soglia) continue;
    const items = (a.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
    const dove = items.slice(0, 4).map((it) => {
      const node = it.node as { selector?: string; snippet?: string } | undefined;
      return node?.selector ?? (typeof it.url === 'string' ? it.url : typeof it.source === 'object' ? JSON.stringify(it.source) : '');
    }).filter(Boolean);
    falliti.push({ id, titolo: a.title, valore: a.displayValue ?? '', dove });
  }
  return falliti;
}

function misuraDi(lhr: Result): MisuraLighthouse {
  const items = (lhr.audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
  return {
    punteggi: Object.fromEntries(CATEGORIE.map((c) => [c, arrotonda(lhr.categories[c]?.score)])) as Record<Categoria, number>,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? 0,
    tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? 0,
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? 0,
    jsByte: items.filter((i) => i.resourceType === 'Script').reduce((s, i) => s + (i.transferSize ?? 0), 0),
    falliti: fallitiDi(lhr),
    prestazioni: [],
  };
}

/**
 * `volte` Lighthouse runs of one page; the one with the median performance score is kept (the
 * performance figures of a shared 2-core machine are noisy). `salva` receives each full report.
 */
export async function lighthouseDi(
  page: Page, richiesta: Richiesta, preset: Preset, volte: number, prepara: () => Promise<void>, salva: (html: Result) => void,
): Promise<MisuraLighthouse> {
  const misure: MisuraLighthouse[] = [];
  for (let i = 0; i < volte; i++) {
    await prepara();
    const lhr = await unaNavigazione(page, richiesta, preset);
    salva(lhr);
    misure.push(misuraDi(lhr));
  }
  const ordinate = [...misure].sort((a, b) => a.punteggi.performance - b.punteggi.performance);
  const mediana = ordinate[Math.floor(ordinate.length / 2)]!;
  return { ...mediana, prestazioni: misure.map((m) => m.punteggi.performance) };
}

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's violations on the page as it is now (every rule axe runs by default). */
export async function axeDi(page: Page): Promise<Violazione[]> {
  // The portal's CSP forbids inline scripts; evaluating through the DevTools protocol is not subject to it.
  await page.evaluate(AXE_SOURCE);
  const violazioni = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (o: object) => Promise<{ violations: {
      id: string; impact: string | null; help: string; nodes: { target: unknown[] }[];
    }[] }> } }).axe;
    const r = await axe.run({ resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impatto: v.impact ?? '', descrizione: v.help, nodi: v.nodes.map((n) => n.target.join(' ')) }));
  });
  return violazioni;
}
