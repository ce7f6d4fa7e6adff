import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGINE_PRECARICATE } from '../../../server/catalogo/precarica-negozio.js';
import { volantini } from '../../../server/db/schema/index.js';
import { productImageChain } from '../../../shared/indirizzi-media.js';
import type { Prodotto } from '../../../shared/catalogo.js';
import { buildUrl } from '../../../web/lib/api.js';
import { createAdmin, createAzienda, createCategoria, createCliente, createProdotto, createUtente } from '../../support/factories.js';
import { loginAdmin, loginCliente, useTestApp } from '../../support/harness.js';

// A built SPA of one page and its manifest (vite.config.ts `build.manifest`): what the server sends
// for a page is all this test looks at. The entry loads the vendor chunk itself; the shop frame needs
// it too, a chunk of its own parts and a style; the home's page the vendor and the frame's parts.
const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-test-web-'));
fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Portale</title><div id="root"></div>');
fs.mkdirSync(path.join(webDir, '.vite'));
fs.writeFileSync(path.join(webDir, '.vite', 'manifest.json'), JSON.stringify({
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_vendor-1.js'], css: ['assets/index-1.css'] },
  '_vendor-1.js': { file: 'assets/vendor-1.js' },
  '_parti-1.js': { file: 'assets/parti-1.js', imports: ['_vendor-1.js'] },
  'shop/ShopLayout.tsx': { file: 'assets/ShopLayout-1.js', imports: ['_vendor-1.js', '_parti-1.js', 'index.html'], css: ['assets/ShopLayout-1.css'] },
  'shop/HomePage.tsx': { file: 'assets/HomePage-1.js', imports: ['_vendor-1.js', '_parti-1.js'] },
  'shop/prodotti/ListePagine.tsx': { file: 'assets/ListePagine-1.js', imports: ['_vendor-1.js', '_parti-1.js'], css: ['assets/liste-1.css'] },
}));
const FRAME = [
  '</assets/ShopLayout-1.js>; rel=preload; as=script; crossorigin',
  '</assets/ShopLayout-1.css>; rel=preload; as=style; crossorigin',
  '</assets/parti-1.js>; rel=preload; as=script; crossorigin',
];
/** The shop frame's calls, named for every page of PAGINE_PRECARICATE. */
const NEGOZIO = ['</api/sessione>; rel=preload; as=fetch; crossorigin', '</api/categorie/list>; rel=preload; as=fetch; crossorigin'];
const HOME = [
  ...FRAME,
  '</assets/HomePage-1.js>; rel=preload; as=script; crossorigin',
  ...NEGOZIO,
  '</api/volantini/list>; rel=preload; as=fetch; crossorigin',
];
const t = useTestApp({ webDir });
afterAll(() => fs.rmSync(webDir, { recursive: true, force: true }));

let cliente = '';
let dueClienti = '';
let admin = '';
beforeAll(async () => {
  const { db } = t().database;
  const az = await createAzienda(db, { codice: '0001' });
  const c = await createCliente(db, { aziendaCodice: az.codice, codice: '000100' });
  const altro = await createCliente(db, { aziendaCodice: az.codice, codice: '000200' });
  cliente = await loginCliente(t().app, await createUtente(db, { clienti: [c.id] }));
  dueClienti = await loginCliente(t().app, await createUtente(db, { clienti: [c.id, altro.id] }));
  admin = await loginAdmin(t().app, await createAdmin(db));
  const utensili = await createCategoria(db, { codCat: '01', nome: 'Utensili' });
  for (let i = 0; i < 3; i++) await createProdotto(db, { categoriaId: utensili.id });
});

/** The list call the SPA makes for a page (web/shop/api.ts: scope, paging, the list's field), as the browser writes it. */
const chiamataSpa = (path: string, campi: Record<string, string | number>) =>
  buildUrl(path, { cod_azienda: '0001', cod_cliente: '000100', ...campi });
const preloadChiamata = (url: string) => `<${url}>; rel=preload; as=fetch; crossorigin`;

const pagina = (url: string, cookie?: string) => t().app.inject({ url, headers: cookie ? { cookie } : {} });

describe("a customer's page names what the SPA asks next in a preload header (server/catalogo/precarica-negozio.ts)", () => {
  it("with a customer session, /home2 and /home carry the frame's and the home's modules and the session, category tree and flyers calls", async () => {
    for (const url of ['/home2', '/home', '/home2?x=1']) {
      const res = await pagina(url, cliente);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers.link).toBe(HOME.join(', '));
    }
    // What they name answers that session (the SPA then takes these answers).
    for (const url of ['/api/sessione', '/api/categorie/list', '/api/volantini/list']) {
      expect((await pagina(url, cliente)).statusCode, url).toBe(200);
    }
  });

  it("names the cover of the flyer the home shows first, at the address the browser resolves its image to", async () => {
    const { db } = t().database;
    const ieri = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await db.insert(volantini).values([
      { nome: 'Scaduto', coverDir: 'volantini', coverFile: 'scaduto.svg', ordine: 0, dataFine: ieri },
      { nome: 'Secondo', coverDir: 'volantini', coverFile: 'secondo.svg', ordine: 2 },
      { nome: 'Primo', coverDir: '/volantini/', coverFile: 'caffè 1.svg', ordine: 1 },
    ]);
    try {
      const res = await pagina('/home2', cliente);
      expect(res.headers.link).toBe([...HOME, '</media/volantini/caff%C3%A8%201.svg>; rel=preload; as=image; fetchpriority=high'].join(', '));
      // The flyer the carousel shows first (the first of the list) is that one.
      const lista = (await pagina('/api/volantini/list', cliente)).json() as { volantini: { nome: string }[] };
      expect(lista.volantini.map((v) => v.nome)).toEqual(['Primo', 'Secondo']);
      // A first flyer without a cover names no image (the carousel shows a placeholder).
      await db.update(volantini).set({ coverFile: '' });
      expect((await pagina('/home2', cliente)).headers.link).not.toContain('as=image');
    } finally {
      await db.delete(volantini);
    }
  });

  it('a database that does not answer does not hold the page: it leaves without the cover', async () => {
    const { db, sql } = t().database;
    await db.insert(volantini).values({ nome: 'Primo', coverDir: 'volantini', coverFile: 'primo.svg' });
    // Another connection holds the flyers' table: the cover's read waits behind it.
    let rilascia = () => {};
    let bloccata = () => {};
    const tabellaBloccata = new Promise<void>((r) => { bloccata = r; });
    const transazione = sql.begin(async (tx) => {
      await tx`LOCK TABLE volantini IN ACCESS EXCLUSIVE MODE`;
      bloccata();
      await new Promise<void>((r) => { rilascia = r; });
    });
    try {
      await tabellaBloccata;
      const res = await pagina('/home2', cliente);
      expect(res.statusCode).toBe(200);
      expect(res.headers.link).toContain('</api/volantini/list>');
      expect(res.headers.link).not.toContain('as=image');
    } finally {
      rilascia();
      await transazione;
      await db.delete(volantini);
    }
  });

  it("a category or search page names the frame's and the lists' modules, the frame's calls and the page's product call; other pages less", async () => {
    const liste = [...FRAME, '</assets/ListePagine-1.js>; rel=preload; as=script; crossorigin', '</assets/liste-1.css>; rel=preload; as=style; crossorigin'];
    const casi: [string, string][] = [
      ['/categoria/0102/Cacciaviti%20a%20croce?start=25&limit=25', chiamataSpa('prodotti/categoriawithcustominfo', { start: 25, limit: 25, categoria_cod: '0102' })],
      ['/ricerca?stringaRicerca=trapano', chiamataSpa('search/prodotti', { start: 0, limit: 50, stringa: 'trapano' })],
      // The SPA's reading of the address: the text trimmed, a page size out of bounds the default one.
      ['/ricerca?stringaRicerca=%20avvitatore%20%C3%A8&limit=500', chiamataSpa('search/prodotti', { start: 0, limit: 50, stringa: 'avvitatore è' })],
    ];
    for (const [url, chiamata] of casi) {
      // A category unknown to the catalogue (0102) still names its call (which answers 404), not a picture.
      expect((await pagina(url, cliente)).headers.link, url).toBe([...liste, ...NEGOZIO, preloadChiamata(chiamata)].join(', '));
    }
    // No list to ask: a search of one letter.
    expect((await pagina('/ricerca?stringaRicerca=a', cliente)).headers.link).toBe([...liste, ...NEGOZIO].join(', '));
    // Another page of the shop frame: the frame's modules and calls (the test's build has no module of its own for it).
    expect((await pagina('/checkout', cliente)).headers.link).toBe([...FRAME, ...NEGOZIO].join(', '));
    // A page outside PAGINE_PRECARICATE (maybe not in the frame): the frame's modules only.
    for (const url of ['/categoria/01', '/home2/altro', '/dispatcher']) {
      expect((await pagina(url, cliente)).headers.link, url).toBe(FRAME.join(', '));
    }
  });

  it("a category or search page also names its first card's picture, the one the call then answers first", async () => {
    const casi: [string, string][] = [
      ['/categoria/01/Utensili', chiamataSpa('prodotti/categoriawithcustominfo', { start: 0, limit: 50, categoria_cod: '01' })],
      ['/ricerca?stringaRicerca=prova', chiamataSpa('search/prodotti', { start: 0, limit: 50, stringa: 'prova' })],
    ];
    for (const [url, chiamata] of casi) {
      const link = (await pagina(url, cliente)).headers.link as string;
      const risposta = await pagina(chiamata, cliente);
      expect(risposta.statusCode, url).toBe(200);
      const [primo] = (risposta.json() as { prodotti: Prodotto[] }).prodotti;
      const immagine = productImageChain(primo!)[0]!;
      expect(link.split(', ').slice(-2), url).toEqual([preloadChiamata(chiamata), `<${immagine}>; rel=preload; as=image; fetchpriority=high`]);
    }
  });

  it('a user with several clients chooses one in the browser: their list pages name no call', async () => {
    for (const url of ['/categoria/01/Utensili', '/ricerca?stringaRicerca=trapano']) {
      const link = (await pagina(url, dueClienti)).headers.link as string;
      expect(link, url).toContain('ListePagine-1.js');
      expect(link, url).toContain(NEGOZIO.join(', '));
      expect(link, url).not.toMatch(/\/api\/(prodotti|search)\//);
      expect(link, url).not.toContain('as=image');
    }
  });

  it('each page module it names is still a lazy route of the SPA, at a path of web/paths.ts its pattern matches', () => {
    const routes = fs.readFileSync(path.resolve('web/routes.tsx'), 'utf8');
    const percorsi = [...fs.readFileSync(path.resolve('web/paths.ts'), 'utf8').matchAll(/fixed\('([^']+)'\)|path: '([^']+)'/g)]
      .map((m) => (m[1] ?? m[2])!.replace(/:\w+/g, 'x'));
    for (const [percorso, modulo] of PAGINE_PRECARICATE) {
      expect(routes, modulo).toContain(`import('./${modulo.replace(/\.tsx$/, '')}')`);
      expect(percorsi.filter((p) => percorso.test(p)), String(percorso)).not.toEqual([]);
    }
  });

  it('no header without a customer session, or for an admin', async () => {
    const casi: [string, string | undefined][] = [
      ['/home2', undefined], ['/home2', admin], ['/categoria/01/Utensili', undefined], ['/', undefined], ['/adminhome', admin],
    ];
    for (const [url, cookie] of casi) {
      const res = await pagina(url, cookie);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers.link, `${url} ${cookie ?? ''}`).toBeUndefined();
    }
  });
});
