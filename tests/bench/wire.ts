import { chromium, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from '../e2e/chromium.js';

/**
 * Bytes on the wire of the customer's first screens, as a real Chromium loads them from the
 * portal at `baseUrl` (an app serving the built SPA): logged in as mario through the login screen,
 * then a cold cache for /home2, a category page reached from it by its link, and the same category
 * page cold. Counted with the DevTools protocol: `Network.loadingFinished` encodedDataLength
 * (headers and compressed body as received) summed per resource type, with whatever
 * Accept-Encoding the browser sends.
 */

export const TIPI = ['document', 'script', 'stylesheet', 'fetch/xhr', 'image', 'other'] as const;
export type Tipo = (typeof TIPI)[number];
export interface PesoPagina {
  pagina: string;
  byte: Record<Tipo, number>;
  totale: number;
  richieste: number;
}
export interface Rete {
  viewport: string;
  acceptEncoding: string;
  pagine: PesoPagina[];
}

const VIEWPORT = { width: 1366, height: 768 };
const MARIO = { username: 'mario.rossi@ferramentarossi.it', password: 'Demo2024!' };

const tipoDi = (t: string | undefined): Tipo => {
  switch (t) {
    case 'Document': return 'document';
    case 'Script': return 'script';
    case 'Stylesheet': return 'stylesheet';
    case 'Fetch': case 'XHR': return 'fetch/xhr';
    case 'Image': return 'image';
    default: return 'other';
  }
};

/** Counts what a page receives from the moment it is created, until `ferma`. */
class Contatore {
  private tipi = new Map<string, string | undefined>();
  private inVolo = new Set<string>();
  private ultimo = Date.now();
  byte = Object.fromEntries(TIPI.map((t) => [t, 0])) as Record<Tipo, number>;
  richieste = 0;
  acceptEncoding = '';

  constructor(cdp: CDPSession) {
    cdp.on('Network.requestWillBeSent', (e) => {
      this.tipi.set(e.requestId, e.type);
      this.inVolo.add(e.requestId);
      this.ultimo = Date.now();
    });
    // The headers as sent on the wire (Accept-Encoding is added by the network stack).
    cdp.on('Network.requestWillBeSentExtraInfo', (e) => {
      const ae = Object.entries(e.headers).find(([k]) => k.toLowerCase() === 'accept-encoding')?.[1];
      if (ae && !this.acceptEncoding) this.acceptEncoding = String(ae);
    });
    cdp.on('Network.loadingFinished', (e) => {
      this.byte[tipoDi(this.tipi.get(e.requestId))] += e.encodedDataLength;
      this.richieste++;
      this.fine(e.requestId);
    });
    cdp.on('Network.loadingFailed', (e) => this.fine(e.requestId));
  }

  private fine(id: string) {
    this.inVolo.delete(id);
    this.ultimo = Date.now();
  }

  azzera() {
    for (const t of TIPI) this.byte[t] = 0;
    this.richieste = 0;
  }

  /** Waits until nothing has been in flight for 800 ms (also after an in-app navigation). */
  async quiete(limite = 30_000): Promise<void> {
    const t0 = Date.now();
    while (this.inVolo.size > 0 || Date.now() - this.ultimo < 800) {
      if (Date.now() - t0 > limite) throw new Error(`rete mai ferma: ${this.inVolo.size} richieste in corso`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  risultato(pagina: string): PesoPagina {
    return { pagina, byte: { ...this.byte }, totale: TIPI.reduce((s, t) => s + this.byte[t], 0), richieste: this.richieste };
  }
}

async function conContatore(context: BrowserContext): Promise<{ page: Page; c: Contatore }> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const c = new Contatore(cdp);
  await cdp.send('Network.enable');
  return { page, c };
}

export async function misuraRete(baseUrl: string, chromiumPath: string): Promise<Rete> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS, headless: true });
  try {
    const nuovo = (storageState?: Awaited<ReturnType<BrowserContext['storageState']>>) =>
      browser.newContext({ baseURL: baseUrl, viewport: VIEWPORT, locale: 'it-IT', storageState });

    // Log in through the screen once; the cold loads below start from its cookie and local storage.
    const login = await nuovo();
    const lp = await login.newPage();
    await lp.goto('/');
    await lp.getByLabel('Username').fill(MARIO.username);
    await lp.getByLabel('Password').fill(MARIO.password);
    await lp.getByRole('button', { name: 'Effettua Login' }).click();
    await lp.waitForURL('**/home2');
    const link = lp.locator('.shop-side a[href^="/categoria/"]').first();
    await link.waitFor();
    const categoria = (await link.getAttribute('href'))!;
    const stato = await login.storageState();
    await login.close();

    const pagine: PesoPagina[] = [];
    let acceptEncoding = '';
    // Cold /home2, then the category through its link in the sidebar (the SPA's own navigation).
    const a = await nuovo(stato);
    const { page, c } = await conContatore(a);
    await page.goto('/home2');
    await page.getByRole('heading', { level: 1, name: /Benvenuto/ }).waitFor();
    await c.quiete();
    pagine.push(c.risultato('/home2, cold'));
    acceptEncoding = c.acceptEncoding;
    c.azzera();
    await page.locator(`.shop-side a[href="${categoria}"]`).first().click();
    await page.waitForURL(`**${categoria}`);
    await page.getByText(/^Risultati Trovati \d+/).waitFor();
    await c.quiete();
    pagine.push(c.risultato(`${decodeURI(categoria)}, from /home2 by its link`));
    await a.close();

    // The category page cold.
    const b = await nuovo(stato);
    const cold = await conContatore(b);
    await cold.page.goto(categoria);
    await cold.page.getByText(/^Risultati Trovati \d+/).waitFor();
    await cold.c.quiete();
    pagine.push(cold.c.risultato(`${decodeURI(categoria)}, cold`));
    await b.close();

    return { viewport: `${VIEWPORT.width}×${VIEWPORT.height}`, acceptEncoding, pagine };
  } finally {
    await browser.close();
  }
}

/** The report's table, in kB. */
export function reteMarkdown(rete: Rete | null | { mancante: string }): string[] {
  if (!rete) return [];
  if ('mancante' in rete) return ['Bytes on the wire: Chromium non trovato (set CHROMIUM_PATH).', ''];
  const kb = (n: number) => (n / 1024).toFixed(1);
  return [
    `Bytes on the wire, kB (Chromium, ${rete.viewport}, logged in as mario, Accept-Encoding \`${rete.acceptEncoding}\`; headers included):`, '',
    `| page | ${TIPI.join(' | ')} | total | requests |`,
    `| --- | ${TIPI.map(() => '---').join(' | ')} | --- | --- |`,
    ...rete.pagine.map((p) => `| ${p.pagina} | ${TIPI.map((t) => kb(p.byte[t])).join(' | ')} | ${kb(p.totale)} | ${p.richieste} |`),
    '',
  ];
}
