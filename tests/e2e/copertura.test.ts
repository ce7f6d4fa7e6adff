import type { Page } from 'playwright-core';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, useBrowser } from './browser.js';
import { loginCliente, svuotaCarrello, visible } from './helpers.js';
import { portaleDiTest } from './portale.js';

// This file's own database, data folder and server (tests/e2e/portale.ts).
const portale = portaleDiTest();

/**
 * Nothing fixed on the screen covers content (issue 9), at 1366 and 768 px: the Speed Checkout tab
 * (fixed at the right edge, mid-height) on /checkout with a line, /liste with lists and a product
 * grid; the list's title and description on /liste/dettaglio; the PRODOTTI panel fits the window
 * with 'Tutte le categorie →' in view, also on short windows. Checked by hit-testing
 * (document.elementFromPoint), not by looking at pictures.
 */

const LARGHEZZE = [{ width: 1366, height: 768 }, { width: 768, height: 1024 }];
/** What the tab may never cover: every control and product title. */
const CONTENUTO = 'a[href], button, input, select, textarea, [role="button"], [tabindex="0"], .pcard-title, .checkout-title';

interface Copertura {
  /** Elements whose box reaches into the tab's column (it would cover them when scrolled by). */
  nellaColonna: string[];
  /** Elements scrolled to the tab's height where a hit test at their centre or corners found the tab. */
  coperti: string[];
  /** How many elements were checked. */
  controllati: number;
}

/**
 * Scrolls every element of CONTENUTO (and of `bersagli`, which must moreover answer the hit tests
 * themselves) to the tab's height and, once the page is drawn there, hit-tests its centre and corners. Space is added under the
 * page meanwhile so that the last rows can reach mid-height too.
 */
async function copertura(page: Page, bersagli: string): Promise<Copertura & { bersagli: number; nonColpiti: string[] }> {
  return page.evaluate(async ({ contenuto, bersagli }) => {
    const tab = document.querySelector<HTMLElement>('.sc-toggle');
    if (!tab) throw new Error('pulsante Speed Checkout non trovato');
    const t = tab.getBoundingClientRect();
    const nome = (el: Element) => `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
    const visibile = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 2 && r.height > 2 && el.checkVisibility({ visibilityProperty: true, opacityProperty: true });
    };
    const target = new Set([...document.querySelectorAll(bersagli)].filter(visibile));
    const elementi = [...new Set([...document.querySelectorAll(contenuto), ...target])]
      .filter((el) => !tab.contains(el) && !el.closest('.visually-hidden') && visibile(el));
    const extra = document.createElement('div');
    extra.style.height = '100vh';
    document.body.append(extra);
    const nellaColonna: string[] = [];
    const coperti: string[] = [];
    const nonColpiti: string[] = [];
    try {
      for (const el of elementi) {
        const r0 = el.getBoundingClientRect();
        if (r0.right > t.left && r0.left < t.right) nellaColonna.push(nome(el));
        window.scrollBy(0, r0.top + r0.height / 2 - (t.top + t.height / 2));
        // A card scrolled into view is drawn at the next rendering step (content-visibility: auto), not
        // at a forced layout: the hit tests wait for it.
        await new Promise<void>((r) => { requestAnimationFrame(() => requestAnimationFrame(() => r())); });
        const r = el.getBoundingClientRect();
        const punti: [number, number][] = [
          [r.left + r.width / 2, r.top + r.height / 2],
          [r.left + 2, r.top + 2], [r.right - 2, r.top + 2], [r.left + 2, r.bottom - 2], [r.right - 2, r.bottom - 2],
        ];
        const colpiti = punti
          .filter(([x, y]) => x >= 0 && y >= 0 && x < innerWidth && y < innerHeight)
          .map(([x, y]) => document.elementFromPoint(x, y));
        if (colpiti.some((h) => h && tab.contains(h))) coperti.push(nome(el));
        if (target.has(el) && (colpiti.length < 5 || colpiti.some((h) => !h || !(h === el || el.contains(h))))) {
          nonColpiti.push(`${nome(el)} → ${colpiti.map((h) => (h ? nome(h) : 'niente')).join(', ')}`);
        }
      }
    } finally {
      extra.remove();
      window.scrollTo(0, 0);
    }
    return { nellaColonna, coperti, nonColpiti, controllati: elementi.length, bersagli: target.size };
  }, { contenuto: CONTENUTO, bersagli });
}

async function prodottoDisponibile(): Promise<string> {
  const sql = postgres(portale.databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql<{ codice: string }[]>`
      SELECT codice_prodotto AS codice FROM prodotti JOIN giacenze ON prodotto_id = id
       WHERE status = 0 AND deleted_at IS NULL AND disponibilita >= 60 ORDER BY id LIMIT 1 OFFSET 10`;
    if (!row) throw new Error('nessun prodotto demo disponibile');
    return row.codice;
  } finally {
    await sql.end();
  }
}

describe.runIf(hasBrowser())('copertura', () => {
  const { newPage } = useBrowser();
  let page: Page;

  beforeAll(async () => {
    page = await newPage();
    await loginCliente(page);
    // A line in the cart, through the /checkout quick search.
    const codice = await prodottoDisponibile();
    await page.goto('/checkout');
    const ricerca = page.getByRole('region', { name: 'Cerca prodotti' });
    await ricerca.getByRole('searchbox').fill(codice);
    const add = ricerca.getByRole('button', { name: `Aggiungi ${codice} al carrello` });
    await visible(add);
    await add.click();
    await visible(page.getByRole('button', { name: `Rimuovi ${codice} dal carrello` }));
  });
  afterAll(async () => {
    if (page) await svuotaCarrello(page);
    await page?.context().close();
  });

  for (const size of LARGHEZZE) {
    it(`${size.width} px: the Speed Checkout tab covers no control on /checkout, /liste and a product grid`, async () => {
      await page.setViewportSize(size);
      const schermi: { path: string; pronto: () => Promise<unknown>; bersagli: string }[] = [
        {
          path: '/checkout',
          pronto: () => visible(page.getByRole('button', { name: /^Rimuovi .+ dal carrello$/ })),
          bersagli: '.checkout-table button[aria-label^="Rimuovi"], .checkout-title',
        },
        {
          path: '/liste',
          pronto: () => visible(page.getByRole('button', { name: /^Cancella lista #\d+/ })),
          bersagli: 'button[aria-label^="Cancella lista"], button[aria-label^="Rinomina lista"]',
        },
        {
          path: '/ricerca?stringaRicerca=trapano&start=0',
          pronto: () => visible(page.getByRole('list', { name: 'Prodotti' }).getByRole('article')),
          bersagli: '.pcard-title',
        },
      ];
      for (const s of schermi) {
        await page.goto(s.path);
        await s.pronto();
        const c = await copertura(page, s.bersagli);
        expect(c.bersagli, `${s.path}: bersagli`).toBeGreaterThan(0);
        expect(c.nellaColonna, `${s.path}: nella colonna del pulsante`).toEqual([]);
        expect(c.coperti, `${s.path}: coperti dal pulsante`).toEqual([]);
        expect(c.nonColpiti, `${s.path}: non raggiungibili`).toEqual([]);
      }
    });
  }

  it("/liste/dettaglio: the list's title and its description do not overlap", async () => {
    const nome = 'Ristrutturazione completa appartamento signora Bianchi via Garibaldi 22 scala B';
    await page.setViewportSize(LARGHEZZE[0]!);
    await page.goto('/liste');
    await page.getByRole('textbox', { name: 'Nome lista' }).fill(nome);
    await page.getByRole('textbox', { name: 'Descrizione (facoltativa)' }).fill('Consegna in cantiere entro fine mese');
    await page.getByRole('button', { name: 'Crea lista' }).click();
    const link = page.getByRole('link', { name: nome, exact: true });
    await visible(link);
    const id = Number(/#(\d+)/.exec((await page.getByRole('row').filter({ has: link }).getByRole('cell').first().textContent()) ?? '')![1]);
    await link.click();
    await page.waitForURL((u) => u.pathname === '/liste/dettaglio');
    for (const size of LARGHEZZE) {
      await page.setViewportSize(size);
      const titolo = page.getByRole('heading', { level: 1, name: new RegExp(nome) });
      await visible(titolo);
      const desc = page.getByText('Consegna in cantiere entro fine mese', { exact: true });
      const [h, d] = [(await titolo.boundingBox())!, (await desc.boundingBox())!];
      expect(d.y, `${size.width} px: la descrizione inizia sotto il titolo`).toBeGreaterThanOrEqual(h.y + h.height);
      // Every corner of the description shows the description.
      const scoperta = await desc.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return [[r.left + 1, r.top + 1], [r.right - 1, r.top + 1], [r.left + 1, r.bottom - 1], [r.left + r.width / 2, r.top + r.height / 2]]
          .every(([x, y]) => el.contains(document.elementFromPoint(x!, y!)));
      });
      expect(scoperta, `${size.width} px: descrizione visibile`).toBe(true);
    }
    await page.goto('/liste');
    await page.getByRole('button', { name: `Cancella lista #${id} ${nome}` }).click();
    await page.getByRole('dialog', { name: 'Conferma' }).getByRole('button', { name: 'Cancella', exact: true }).click();
    await page.getByRole('link', { name: nome, exact: true }).waitFor({ state: 'detached' });
  });

  for (const size of [{ width: 1366, height: 768 }, { width: 1366, height: 650 }, { width: 768, height: 1024 }, { width: 768, height: 600 }]) {
    it(`${size.width}×${size.height}: the PRODOTTI panel fits the window, 'Tutte le categorie →' in view`, async () => {
      await page.setViewportSize(size);
      await page.goto('/home2');
      await page.getByRole('button', { name: 'PRODOTTI' }).click();
      const tutte = page.getByRole('link', { name: 'Tutte le categorie →' });
      await visible(tutte);
      const esito = await tutte.evaluate((link) => {
        const panel = link.closest('.dropdown-panel')!;
        const p = panel.getBoundingClientRect();
        const colpito = (el: Element) => {
          const r = el.getBoundingClientRect();
          return [[r.left + r.width / 2, r.top + r.height / 2], [r.left + 1, r.top + 1], [r.right - 1, r.bottom - 1]]
            .every(([x, y]) => el.contains(document.elementFromPoint(x!, y!)));
        };
        // The last category of the tree is reached by scrolling inside the panel, and then shows.
        const links = panel.querySelectorAll('.megamenu-cols a');
        const ultima = links[links.length - 1]!;
        ultima.scrollIntoView({ block: 'nearest' });
        return {
          dentro: p.bottom <= innerHeight && p.top >= 0,
          tutte: colpito(link),
          ultima: colpito(ultima),
          paginaFerma: scrollY === 0,
        };
      });
      expect(esito).toEqual({ dentro: true, tutte: true, ultima: true, paginaFerma: true });
      await page.keyboard.press('Escape');
    });
  }
});
