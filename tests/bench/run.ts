/**
 * `npm run bench [-- --products N --seconds S]`: the performance budgets (docs/regole/generale.md#performance-budgets) on a
 * large catalogue, against a real server on loopback with its database on this machine, and the
 * bytes on the wire of the first customer screens in Chromium (`--only wire` runs that alone).
 * Writes bench/report.json and bench/report.md. Data lives in bench/tmp (reused between runs).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { buildApp } from '../../server/app.js';
import { cookieSessione } from '../../server/auth/sessioni.js';
import type { AppConfig } from '../../server/config.js';
import { connect } from '../../server/db/client.js';
import { ArchivioLocale } from '../../server/lib/archivio/archivio-locale.js';
import { startEmbeddedPostgres } from '../../server/db/embedded.js';
import { runMigrations } from '../../server/db/migrate.js';
import { notificaCatalogo } from '../../server/catalogo/catalogo.cache.js';
import { isDatabaseEmpty, seedDemo } from '../../seed/demo.js';
import { LARGE_CLIENTI, LARGE_UTENTI, seedLargeCatalogue } from '../../seed/large.js';
import { seedStoricoOrdini } from '../../seed/storico-ordini.js';
import { execFile } from 'node:child_process';
import http from 'node:http';
import type postgres from 'postgres';
import type { FastifyInstance } from 'fastify';
import { promisify } from 'node:util';
import type { LoadRequest } from './load.js';
import { questoProcessoCpuMs, scenari, type Scenario } from './scenario.js';
import { misuraScala, scalaMarkdown, type RisultatoScala } from './scala.js';
import { misuraRete, reteMarkdown, type Rete } from './wire.js';
import { richiesteStorico } from './storico.js';
import { CLIENTI_AGENTE_BENCH, richiesteAgente } from './agenti.js';
import { IN_ATTESA_BENCH, richiesteApprovazioni } from './approvazioni.js';
import { operatoriConLimiti } from './operatori.js';
import { RIGHE_DDT_BENCH, richiesteRendibili } from './resi.js';
import { PREVENTIVI_BENCH, richiestePreventivi } from './preventivi.js';
import { findChromium } from '../e2e/chromium.js';
import { apriDownloadFermo } from '../support/download-fermo.js';

const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const PRODUCTS = arg('products', 200_000);
/** Orders of the history that ordini/stats summarises (about 10 lines each). */
const ORDERS = arg('orders', 200_000);
const SECONDS = arg('seconds', 10);
const RUNS = arg('runs', 3);
/** `--only categoria` runs the scenarios whose name matches (a regular expression), for profiling; `wire` names the bytes on the wire. */
const ONLY = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
const selected = (name: string) => !ONLY || new RegExp(ONLY).test(name);
const WIRE = selected('wire');
const CONNECTIONS = 16;
const POOL = process.argv.includes('--pool') ? arg('pool', 0) : undefined;
const ROOT = path.resolve('bench');
const TMP = path.join(ROOT, 'tmp');

const execFileAsync = promisify(execFile);
const BUDGET = { search: 25, categoria: 20, ordini: 40, stats: 50, ordineRapido: 300, storico: 50, approvazioni: 20, rendibili: 20, preventiviElenco: 20, preventiviAccetta: 60, agente: 50, spaKb: 200, listinoS: 20 };
const STORICO = 'ordini/elenco (filtri)';
const APPROVAZIONI = `approvazioni/elenco (${IN_ATTESA_BENCH.toLocaleString('en')} in attesa)`;
const RENDIBILI = `resi/rendibili (DDT of ${RIGHE_DDT_BENCH} lines)`;
const PREVENTIVI_ELENCO = `preventivi/elenco (${PREVENTIVI_BENCH.toLocaleString('en')} preventivi)`;
const PREVENTIVI_ACCETTA = 'preventivi/accetta (50 righe)';
const AGENTE = `agente/clienti (${CLIENTI_AGENTE_BENCH} clienti)`;

async function main() {
  fs.mkdirSync(TMP, { recursive: true });
  // The SPA as it is now, for its size and for the bytes on the wire.
  if (!ONLY || WIRE) {
    const { build } = await import('vite');
    await build({ logLevel: 'warn' });
  }
  const pg = process.env.BENCH_DATABASE_URL ? undefined : await startEmbeddedPostgres(path.join(TMP, 'postgres'));
  const url = process.env.BENCH_DATABASE_URL ?? pg!.url;
  const mediaDir = path.join(TMP, 'media');
  // Order confirmations of earlier runs (written as files without SMTP) would only slow the folder.
  fs.rmSync(path.join(TMP, 'mail'), { recursive: true, force: true });
  const setup = connect(url, { max: 4 });
  await runMigrations(setup);
  if (await isDatabaseEmpty(setup.sql)) await seedDemo(setup.db, setup.sql, { archivio: new ArchivioLocale(mediaDir) });
  const t0 = performance.now();
  const grown = await seedLargeCatalogue(setup.sql, { products: PRODUCTS, clienti: LARGE_CLIENTI, utenti: LARGE_UTENTI });
  const seedSeconds = (performance.now() - t0) / 1000;
  const t1 = performance.now();
  const storico = await seedStoricoOrdini(setup.sql, { ordini: ORDERS });
  if (storico.added) console.log(`order history: ${storico.added} orders, ${storico.lines} lines in ${((performance.now() - t1) / 1000).toFixed(1)} s (${storico.times.toString()})`);
  // Plenty of stock for the order bench, so refusals measure nothing but contention.
  await setup.sql`UPDATE giacenze SET disponibilita = 1000000, giac_attuale = 1000000 WHERE prodotto_id IN (SELECT id FROM prodotti ORDER BY id LIMIT 2000)`;
  await notificaCatalogo(setup.sql, 'tutto');
  await setup.sql`VACUUM ANALYZE`;
  const [{ n: catalogue }] = await setup.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM prodotti`;
  const sample = await setup.sql<{ codice_prodotto: string; ean: string | null; fornitore: string | null }[]>`
    SELECT p.codice_prodotto,
      (SELECT codice FROM prodotti_codici c WHERE c.prodotto_id = p.id AND c.tipo = 'ean' LIMIT 1) AS ean,
      (SELECT codice FROM prodotti_codici c WHERE c.prodotto_id = p.id AND c.tipo = 'fornitore' LIMIT 1) AS fornitore
    FROM prodotti p ORDER BY p.id DESC LIMIT 40`;
  const categories = await setup.sql<{ cod_cat: string; n: number }[]>`
    SELECT c.cod_cat, count(*)::int AS n FROM categorie c JOIN prodotti_categorie pc ON pc.categoria_id = c.id
    GROUP BY c.cod_cat ORDER BY c.cod_cat`;
  const stockProducts = (await setup.sql<{ codice_prodotto: string }[]>`SELECT codice_prodotto FROM prodotti ORDER BY id LIMIT 2000`)
    .map((r) => r.codice_prodotto);

  const config: AppConfig = {
    env: 'production', port: 0, host: '127.0.0.1', databaseUrl: url, dataDir: TMP, mediaDir, mailDir: path.join(TMP, 'mail'),
    mailFrom: 'bench@localhost', officeMail: 'bench@localhost', sessionTtlHours: 2, seedDemo: false, trustProxy: false, logLevel: 'silent',
    webDir: undefined, dbPoolMax: POOL,
    // Stalled downloads (the scenario below) stay stalled for the whole run, not cut half-way.
    exportStallSeconds: 600,
  };
  const app = await buildApp(config, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  const login = await app.inject({
    method: 'POST', url: '/api/login/frontendfingerprint',
    payload: { username: 'mario.rossi@ferramentarossi.it', password: 'Demo2024!', fingerprint: 'b'.repeat(64) },
  });
  const { utente } = login.json();
  const sid = cookieSessione('cliente', 'production');
  const cookie = `${sid}=${login.cookies.find((c) => c.name === sid)!.value}`;
  const cl = utente.clienti[0];
  const scope = `cod_azienda=${cl.azienda_codice}&cod_cliente=${cl.cliente_codice}`;
  const headers = { cookie };

  const words = ['cacciavite', 'trapani', 'trap', 'wurth', 'trapano makita 18v', 'cacciavitti', 'M8', 'chiave combinata',
    'tassello', 'smerigliatrice', 'vite truciolare', 'pinza', 'martello', 'silicone', 'guanti', 'seghetto'];
  const codes = sample.flatMap((s) => [s.codice_prodotto, s.ean, s.fornitore]).filter((x): x is string => !!x).slice(0, 32);
  const searchTerms = [...words, ...codes, ...codes.slice(0, 8).map((c) => c.slice(0, 5))];
  const q = (s: string) => encodeURIComponent(s);

  const { results, run } = scenari({
    tmp: TMP, runs: RUNS, seconds: SECONDS, connections: CONNECTIONS, port, serverCpuMs: questoProcessoCpuMs, selected,
  });

  // Each for a session's cookie header (the bench's own, or one made through another entry point).
  const searchRequestOf = (h: Record<string, string>) => (i: number): LoadRequest =>
    ({ method: 'GET', path: `/api/search/prodotti?${scope}&stringa=${q(searchTerms[i % searchTerms.length]!)}&start=0&limit=50`, headers: h });
  const categoryRequestOf = (h: Record<string, string>) => (i: number): LoadRequest =>
    ({ method: 'GET', path: `/api/prodotti/categoriawithcustominfo?${scope}&categoria_cod=${categories[i % categories.length]!.cod_cat}&start=${(i % 5) * 50}&limit=50`, headers: h });
  const searchRequest = searchRequestOf(headers);
  const categoryRequest = categoryRequestOf(headers);
  const searchNote = `mix of ${searchTerms.length} terms (words, partial words, typos, codes, EAN, supplier codes), page of 50`;
  const categoryNote = `page of 50 with net prices, ${categories.length} categories, pages 1-5`;
  await run('search/prodotti', searchNote, BUDGET.search, searchRequest);
  await run('prodotti/categoriawithcustominfo', categoryNote, BUDGET.categoria, categoryRequest);

  // The same pages while the ERP's stock file of every product is imported over and over by
  // `npm run import` in a process of its own, as beside a running portal (issue 12): two files
  // that each change every figure, in turn.
  const imports: number[] = [];
  const duringImport = ['search/prodotti (stock import running)', 'prodotti/categoriawithcustominfo (stock import running)'];
  if (duringImport.some(selected)) {
    const stockFiles = await writeStockFiles(setup.sql);
    const during = (extra: string) => `${extra}, while a ${catalogue.toLocaleString('en')}-row stock file where every figure changed is imported in a loop`;
    const importing = () => importInLoop(url, stockFiles, imports);
    await run(duringImport[0]!, during(searchNote), BUDGET.search, searchRequest, { beforeRun: importing });
    await run(duringImport[1]!, during(categoryNote), BUDGET.categoria, categoryRequest, { beforeRun: importing });
  }

  // The same search while 25 downloads of the whole price list (CSV, five customers × 5) are held
  // by clients that never read (issue 33; docs/decisions/esportazioni-limitate.md).
  const FERMI = 'search/prodotti (25 stalled exports)';
  if (selected(FERMI)) {
    const fermi = await downloadFermi(app, port, setup.sql, SECONDS);
    await run(FERMI, `${searchNote}, while 25 listino/export CSV downloads of the whole catalogue by 5 customers are held by clients that never read`,
      BUDGET.search, searchRequest, { beforeRun: fermi });
  }

  // The admin's client search (users form, client list) over 20,000 clients: exact codes, code
  // prefixes, one word, two words in either order, whole e-mails and their domains.
  const adminLogin = await app.inject({ method: 'POST', url: '/api/login/backend', payload: { username: 'admin', password: 'Admin2024!' } });
  const adminSid = adminLogin.cookies.find((c) => c.name === cookieSessione('admin', 'production'))!;
  const adminCookie = `${adminSid.name}=${adminSid.value}`;
  const clientiCampione = await setup.sql<{ codice: string; ragione_sociale: string; email: string }[]>`
    SELECT codice, ragione_sociale, email FROM clienti WHERE email <> '' ORDER BY id DESC LIMIT 200`;
  const paroleDi = (s: string) => s.toLowerCase().split(/\s+/).filter((w) => w.length >= 3 && !w.includes('.'));
  const clientiTerms = clientiCampione.flatMap((c, k) => {
    const w = paroleDi(c.ragione_sociale);
    return [
      c.codice, c.codice.slice(0, 4), w[0] ?? c.codice, w.length > 1 ? `${w[1]} ${w[0]}` : c.codice,
      w.length > 1 ? `${w[0]} ${w[1]}` : c.codice, k % 2 ? c.email : c.email.split('@')[1]!,
    ];
  });
  await run('search/clienti', `admin session, 4 connections, ${clientiTerms.length} terms over the clients (exact codes, code prefixes, one word, two words in either order, e-mails and domains), best 50`, undefined,
    (i) => ({ method: 'GET', path: `/api/search/clienti?stringa=${q(clientiTerms[i % clientiTerms.length]!)}`, headers: { cookie: adminCookie } }),
    { connections: 4 });

  const [{ before }] = await setup.sql<{ before: string }[]>`SELECT sum(disponibilita)::text AS before FROM prodotti JOIN giacenze ON prodotto_id = id WHERE codice_prodotto = ANY(${stockProducts})`;
  let seq = 0;
  const orderRequestOf = (prefix: string, chi: { headers: Record<string, string>; utente_codice: string }) => (): LoadRequest => {
    const n = seq++;
    const items = Array.from({ length: 10 }, (_, k) => ({ codice_prodotto: stockProducts[(n * 37 + k * 191) % stockProducts.length], quantita: 1 + (k % 3) }));
    return {
      method: 'POST', path: '/api/ordini/create', headers: { ...chi.headers, 'idempotency-key': `${prefix}-${n}` },
      body: JSON.stringify({ azienda_codice: cl.azienda_codice, cliente_codice: cl.cliente_codice, utente_codice: chi.utente_codice, carrelloItems: items }),
    };
  };
  const orderRequest = (prefix: string, h: Record<string, string> = headers) => orderRequestOf(prefix, { headers: h, utente_codice: utente.utente_codice });
  // The quick order: 1,000 pasted lines of product codes, EANs and supplier codes of products all
  // over the catalogue, with a few unknown codes, in texts that take turns (docs/regole/ordine-rapido.md).
  const RAPIDO = 'ordine-rapido/risolvi (1,000 righe)';
  if (selected(RAPIDO)) {
    const codiciRapido = await setup.sql<{ c: string }[]>`
      SELECT CASE p.id % 3 WHEN 0 THEN p.codice_prodotto
        ELSE coalesce((SELECT codice FROM prodotti_codici k WHERE k.prodotto_id = p.id AND k.tipo = CASE p.id % 3 WHEN 1 THEN 'ean' ELSE 'fornitore' END LIMIT 1), p.codice_prodotto) END AS c
      FROM prodotti p WHERE p.id % 25 = 0 ORDER BY p.id LIMIT 8000`;
    const testi = Array.from({ length: 8 }, (_, t) => Array.from({ length: 1000 }, (_, i) =>
      (i % 50 === 49 ? `IGNOTO-${t}-${i}` : codiciRapido[(t * 1000 + i) % codiciRapido.length]!.c) + (i % 2 ? `\t${1 + (i % 4)}` : ` ${1 + (i % 4)}`)).join('\n'));
    const rapidoRequest = (i: number): LoadRequest => ({
      method: 'POST', path: '/api/ordine-rapido/risolvi', headers,
      body: JSON.stringify({ azienda_codice: cl.azienda_codice, cliente_codice: cl.cliente_codice, testo: testi[i % testi.length] }),
    });
    await run(RAPIDO, `1,000 lines (product codes, EAN, supplier codes, 2 % unknown) of ${codiciRapido.length.toLocaleString('en')} products, 8 texts in turn`,
      BUDGET.ordineRapido, rapidoRequest, { connections: 4 });
  }
  // The customer's price list of the whole catalogue (docs/regole/listino.md#export), once per format, over HTTP.
  const listino: Listino[] = [];
  for (const formato of ['csv', 'xlsx'] as const) {
    if (!selected(`listino/export ${formato}`)) continue;
    const qs = new URLSearchParams({ azienda_codice: cl.azienda_codice, cliente_codice: cl.cliente_codice, utente_codice: utente.utente_codice, formato });
    listino.push(await scaricaListino(`http://127.0.0.1:${port}/api/listino/export?${qs}`, cookie, formato));
    console.log('listino/export', JSON.stringify(listino.at(-1)));
  }
  const orderNote = '10 lines from 2,000 products, unique Idempotency-Key each';
  await run('ordini/create', orderNote, BUDGET.ordini, orderRequest(`bench-${process.pid}`));
  // An order's confirmation PDF (docs/decisions/pdf-ordine.md): the 10-line orders just placed, in turn.
  if (selected('ordini/pdf')) {
    const pdfIds = (await setup.sql<{ id: number }[]>`
      SELECT id FROM ordini WHERE idempotency_key LIKE ${`bench-${process.pid}-%`} ORDER BY id LIMIT 200`).map((r) => r.id);
    const pdfScope = `azienda_codice=${cl.azienda_codice}&cliente_codice=${cl.cliente_codice}&utente_codice=${utente.utente_codice}`;
    if (pdfIds.length) {
      await run('ordini/pdf', `the confirmation PDF of ${pdfIds.length} 10-line orders in turn, 4 connections`, undefined,
        (i) => ({ method: 'GET', path: `/api/ordini/pdf?${pdfScope}&id=${pdfIds[i % pdfIds.length]}`, headers }), { connections: 4 });
    }
  }
  // The admin statistics on the order history (docs/regole/generale.md#performance-budgets: 4 connections), the year's and all years'.
  const [{ ordiniStorico, righeStorico }] = await setup.sql<{ ordiniStorico: number; righeStorico: number }[]>`
    SELECT (SELECT count(*)::int FROM ordini) AS "ordiniStorico", (SELECT count(*)::int FROM ordini_righe) AS "righeStorico"`;
  const anni = ['', '?anno=2023', '?anno=2024', '?anno=2025'];
  await run('ordini/stats', `${ordiniStorico.toLocaleString('en')} orders, ${righeStorico.toLocaleString('en')} lines; all years and each of 2023-2025 in turn`, BUDGET.stats,
    (i) => ({ method: 'GET', path: `/api/ordini/stats${anni[i % anni.length]}`, headers: { cookie: adminCookie } }), { connections: 4 });
  // The customer's order history with its filters and pages (tests/bench/storico.ts), at 4
  // connections as the other history call (ordini/stats): a page opened now and then, not browsed.
  if (selected(STORICO)) {
    const elenco = await richiesteStorico(setup.db, setup.sql);
    await run(STORICO, elenco.note, BUDGET.storico, elenco.next, { connections: 4 });
  }
  // The approvers' page and the header's counter (docs/regole/organizzazione.md#limits-and-approvals),
  // at 4 connections as the history: a client's few approvers open it now and then.
  if (selected(APPROVAZIONI)) {
    const a = await richiesteApprovazioni(setup.sql, { headers, azienda: cl.azienda_codice, cliente: cl.cliente_codice, utente: utente.utente_codice });
    await run(APPROVAZIONI, a.note, BUDGET.approvazioni, a.next, { connections: 4 });
  }
  // What can be returned of a 200-line DDT (docs/regole/resi.md#lines).
  if (selected(RENDIBILI)) {
    const r = await richiesteRendibili(setup.sql, { headers, azienda: cl.azienda_codice, cliente: cl.cliente_codice, utente: utente.utente_codice });
    await run(RENDIBILI, r.note, BUDGET.rendibili, r.next);
  }
  // Quotes (issue 37): the customer's list over 20,000 quotes, and accepting 50-line quotes into orders.
  if (selected(PREVENTIVI_ELENCO) || selected(PREVENTIVI_ACCETTA)) {
    const p = await richiestePreventivi(setup.sql, { headers, azienda: cl.azienda_codice, cliente: cl.cliente_codice, utente: utente.utente_codice });
    if (selected(PREVENTIVI_ELENCO)) await run(PREVENTIVI_ELENCO, p.elenco.note, BUDGET.preventiviElenco, p.elenco.next);
    if (selected(PREVENTIVI_ACCETTA)) await run(PREVENTIVI_ACCETTA, p.accetta.note, BUDGET.preventiviAccetta, p.accetta.next);
  }
  // A sales agent's portfolio with its figures (docs/regole/agenti.md#portfolio), at 4 connections: a tablet each.
  if (selected(AGENTE)) {
    const ag = await richiesteAgente(app, setup.sql);
    await run(AGENTE, ag.note, BUDGET.agente, ag.next, { connections: 4 });
  }

  const [{ after }] = await setup.sql<{ after: string }[]>`SELECT sum(disponibilita)::text AS after FROM prodotti JOIN giacenze ON prodotto_id = id WHERE codice_prodotto = ANY(${stockProducts})`;
  const [{ sold }] = await setup.sql<{ sold: string }[]>`SELECT coalesce(sum(r.qt), 0)::text AS sold FROM ordini_righe r JOIN ordini o ON o.id = r.ordine_id WHERE o.idempotency_key LIKE ${`bench-${process.pid}-%`}`;
  const [{ negative }] = await setup.sql<{ negative: number }[]>`SELECT count(*)::int AS negative FROM giacenze WHERE disponibilita < 0`;
  const oversold = Number(sold) - (Number(before) - Number(after));

  // The same orders by Operatori with the demo's limits (Luca's: 500 € an order, 2,000 € a month;
  // docs/regole/organizzazione.md#holding), one per connection as people order, each in turn: an
  // order locks its user's link, sums the month's orders and, past a limit, is held for approval.
  // One user for every connection would only measure that lock: one person's orders wait for each
  // other by design (the month's sum must see the previous one). After the stock's count above,
  // since these orders take stock too.
  const LIMITI = 'ordini/create (Operatori con limiti)';
  if (selected(LIMITI)) {
    const operatori = await operatoriConLimiti(app, setup.sql, cl, CONNECTIONS);
    await run(LIMITI, `${orderNote}; ${CONNECTIONS} Operatori of one client in turn, each with 500 € an order and 2,000 € a month, so most orders are held`,
      BUDGET.ordini, (i) => orderRequestOf(`bench-limiti-${process.pid}`, operatori[i % operatori.length]!)());
  }

  // The same orders with the ERP configured: each order also queues its export job, which the
  // worker sends to a webhook server started here (issue 12: every order reaches the ERP once,
  // without slowing the portal). Another app on the same database with the webhook set; the
  // bench app's worker stops, so that every export goes through the configured one.
  let erp: { orders: number; delivered: number; duplicates: number; drainSeconds: number } | null = null;
  if (selected('ordini/create (ERP configured)')) {
    const received = new Map<string, number>();
    const webhook = http.createServer((req, res) => {
      req.resume().on('end', () => {
        const key = String(req.headers['idempotency-key']);
        received.set(key, (received.get(key) ?? 0) + 1);
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      });
    });
    await new Promise<void>((resolve) => webhook.listen(0, '127.0.0.1', resolve));
    await app.deps.lavori.stop();
    const appErp = await buildApp({
      ...config, erp: { webhookUrl: `http://127.0.0.1:${(webhook.address() as { port: number }).port}/ordini`, webhookSecret: 'bench-webhook-secret-0123456789' },
    }, { logger: false });
    await appErp.listen({ port: 0, host: '127.0.0.1' });
    const prefix = `bench-erp-${process.pid}`;
    await run('ordini/create (ERP configured)', `${orderNote}; each order handed to a webhook by the job queue`, BUDGET.ordini, orderRequest(prefix),
      { port: (appErp.server.address() as { port: number }).port });
    const t0 = performance.now();
    const pending = async () => (await setup.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM ordini WHERE idempotency_key LIKE ${`${prefix}-%`} AND erp_stato <> 'inviato'`)[0]!.n;
    while ((await pending()) > 0 && performance.now() - t0 < 300_000) await new Promise((r) => setTimeout(r, 500));
    const [{ orders }] = await setup.sql<{ orders: number }[]>`SELECT count(*)::int AS orders FROM ordini WHERE idempotency_key LIKE ${`${prefix}-%`}`;
    erp = {
      orders, delivered: received.size, duplicates: [...received.values()].filter((n) => n > 1).length,
      drainSeconds: Math.round((performance.now() - t0) / 100) / 10,
    };
    await appErp.close();
    webhook.close();
  }

  // The same scenarios with the portal as several processes behind nginx (tests/bench/scala.ts).
  // The bench's own app stops running jobs, so that the topology's worker runs them all.
  let scala: RisultatoScala[] = [];
  if (selected('scala')) {
    if (!erp) await app.deps.lavori.stop();
    scala = await misuraScala({
      databaseUrl: url, tmp: TMP, runs: RUNS, seconds: SECONDS, connections: CONNECTIONS,
      credenziali: { username: 'mario.rossi@ferramentarossi.it', password: 'Demo2024!' },
      richieste: (h) => ({
        'search/prodotti': { note: searchNote, budget: BUDGET.search, next: searchRequestOf(h) },
        'prodotti/categoriawithcustominfo': { note: categoryNote, budget: BUDGET.categoria, next: categoryRequestOf(h) },
        'ordini/create': { note: orderNote, budget: BUDGET.ordini, next: orderRequest(`bench-scala-${process.pid}-${Math.random().toString(36).slice(2, 8)}`, h) },
      }),
    });
  }

  // Last, as it churns every cache (search, product descriptions) that the others measure warm.
  // The long tail: searches of one or two words as they appear in product titles, each distinct
  // within a run, with the search cache emptied before every run (as since session 2: the product
  // descriptions stay warm, as in a real day; emptying those too measures something else).
  const titles = await setup.sql<{ t: string }[]>`SELECT descrizione1 AS t FROM prodotti ORDER BY id DESC LIMIT 40000`;
  const tail = [...new Set(titles.flatMap(({ t }) => {
    const w = t.toLowerCase().split(/[^a-zàèéìòù0-9]+/).filter((x) => x.length >= 3);
    return w.flatMap((x, k) => (k + 1 < w.length ? [x, `${x} ${w[k + 1]}`] : [x]));
  }))];
  // Shuffled (fixed seed), so that every run gets a like mix of broad and narrow searches.
  let seed = 42;
  for (let k = tail.length - 1; k > 0; k--) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    const j = seed % (k + 1);
    [tail[k], tail[j]] = [tail[j]!, tail[k]!];
  }
  await run('search/prodotti (cache misses)', `${tail.length.toLocaleString('en')} distinct searches of one or two words from product titles, search cache emptied before each run: the long tail`, undefined,
    (i) => ({ method: 'GET', path: `/api/search/prodotti?${scope}&stringa=${q(tail[i % tail.length]!)}&start=0&limit=50`, headers }),
    { beforeRun: () => setup.sql`DELETE FROM search_cache` });

  // Bytes on the wire: a second app on the same database that also serves the built SPA.
  let rete: Rete | { mancante: string } | null = null;
  if (WIRE) {
    const chromiumPath = findChromium();
    if (!chromiumPath) {
      console.warn('Chromium non trovato: bytes on the wire not measured (set CHROMIUM_PATH).');
      rete = { mancante: 'Chromium non trovato' };
    } else {
      const web = await buildApp({ ...config, webDir: path.resolve('dist/web') }, { logger: false });
      await web.listen({ port: 0, host: '127.0.0.1' });
      try {
        rete = await misuraRete(`http://127.0.0.1:${(web.server.address() as { port: number }).port}`, chromiumPath);
      } finally {
        await web.close();
      }
    }
  }

  await app.close();
  // The bench's own orders out, set-based: the statistics trigger updates the rollups once per
  // deleted order (over ten minutes for 80,000 orders); they are rebuilt once instead.
  await setup.sql.begin(async (tx) => {
    await tx`ALTER TABLE ordini DISABLE TRIGGER ordini_stat_cancella_trg`;
    await tx`DELETE FROM ordini WHERE idempotency_key LIKE 'bench-%'`;
    await tx`ALTER TABLE ordini ENABLE TRIGGER ordini_stat_cancella_trg`;
    await tx`SELECT ricalcola_statistiche()`;
  });
  await setup.sql`TRUNCATE popolarita_coda`; // the bench's own order lines, deleted above

  await setup.close();
  await pg?.stop();

  const spa = spaSize();
  const report = {
    date: new Date().toISOString(), machine: { cpus: (await import('node:os')).cpus().length, node: process.version },
    catalogue: { products: catalogue, seededNow: grown.added, seedSeconds: Math.round(seedSeconds * 10) / 10 },
    connections: CONNECTIONS, seconds: SECONDS, runs: RUNS, results,
    ordini: { unitsSold: Number(sold), stockDecrease: Number(before) - Number(after), oversold, negativeStockRows: negative },
    stockImports: imports, erp, scala, listino,
    spa, rete,
  };
  // A partial run (--only) prints its figures without replacing the report.
  if (!ONLY) {
    fs.writeFileSync(path.join(ROOT, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
    fs.writeFileSync(path.join(ROOT, 'report.md'), markdown(report));
  }
  console.log(markdown(report));
}

/**
 * Two giacenze files of every product, in the import's format: the stock as it is, and each
 * figure one higher. Importing them in turn changes every row every time.
 */
async function writeStockFiles(sql: postgres.Sql): Promise<string[]> {
  const rows = await sql<{ c: string; d: number; o: number }[]>`
    SELECT p.codice_prodotto AS c, g.disponibilita AS d, g.ord_forn AS o FROM prodotti p JOIN giacenze g ON g.prodotto_id = p.id ORDER BY p.id`;
  return [0, 1].map((k) => {
    const file = path.join(TMP, `giacenze-${k}.csv`);
    fs.writeFileSync(file, ['codice_prodotto;disponibilita;ord_forn', ...rows.map((r) => `${r.c};${r.d + k};${r.o}`), ''].join('\r\n'));
    return file;
  });
}

/**
 * Runs `npm run import` of the files in turn, each in a new process, until stopped; the stop
 * waits for the import under way. Each import's own time (as the command reports it) goes into
 * `seconds`.
 */
function importInLoop(databaseUrl: string, files: string[], seconds: number[]): () => Promise<void> {
  let stopped = false;
  const loop = (async () => {
    for (let i = 0; !stopped; i++) {
      const { stdout } = await execFileAsync(process.execPath, ['--import', 'tsx', path.resolve('server/import/cli.ts'), '--tipo', 'giacenze', files[i % files.length]!], {
        env: { ...process.env, DATABASE_URL: databaseUrl }, maxBuffer: 1 << 20,
      });
      const m = /importato in ([\d,]+) s/.exec(stdout);
      if (!m) throw new Error(`Import non riuscito durante il bench: ${stdout}`);
      seconds.push(Number(m[1]!.replace(',', '.')));
    }
  })();
  return async () => {
    stopped = true;
    await loop;
  };
}

/** Demo customers (seed/demo-anagrafica.ts), each with a client of their own. */
const ESPORTATORI = ['mario.rossi@ferramentarossi.it', 'giulia.bianchi@edilbianchi.it', 'luca.ferrari@bricocenterferrari.it',
  'francesca.colombo@giardinicolombo.it', 'marco.ricci@ferramentaricci.it'];

/**
 * Before each run: 25 listino/export CSV requests of the whole catalogue (5 customers × 5) on
 * raw sockets that read the head and nothing more, held from when the exports that got through
 * are waiting on their clients; the health checks are asked then. The returned stop lets them go
 * and waits for their transactions to end. Held at most the run's length plus a second, even
 * when the load never ends (a portal whose pool they hold answers nothing until they go).
 */
async function downloadFermi(app: FastifyInstance, port: number, sql: postgres.Sql, secondi: number): Promise<() => Promise<() => Promise<void>>> {
  const percorsi = await Promise.all(ESPORTATORI.map(async (username, k) => {
    const login = await app.inject({
      method: 'POST', url: '/api/login/frontendfingerprint', payload: { username, password: 'Demo2024!', fingerprint: 'bcdef'[k]!.repeat(64) },
    });
    if (login.statusCode !== 200) throw new Error(`login ${username}: ${login.body}`);
    const { utente } = login.json();
    const sid = cookieSessione('cliente', 'production');
    const cl = utente.clienti[0];
    const qs = new URLSearchParams({ azienda_codice: cl.azienda_codice, cliente_codice: cl.cliente_codice, utente_codice: utente.utente_codice, formato: 'csv' });
    return { path: `/api/listino/export?${qs}`, cookie: `${sid}=${login.cookies.find((c) => c.name === sid)!.value}` };
  }));
  const esportazioni = async () => (await sql<{ n: number; ferme: number }[]>`
    SELECT count(*)::int AS n, count(*) FILTER (WHERE wait_event = 'ClientRead')::int AS ferme FROM pg_stat_activity
    WHERE pid <> pg_backend_pid() AND xact_start IS NOT NULL AND query LIKE '%categorie_nascoste() AS ids%'`)[0]!;
  const esportazioniInCorso = async () => (await esportazioni()).n;
  const attendi = async (finché: () => Promise<boolean>) => {
    for (let t0 = performance.now(); performance.now() - t0 < 60_000 && await finché();) await new Promise((r) => setTimeout(r, 50));
  };
  return async () => {
    const aperti = Array.from({ length: 25 }, (_, i) => apriDownloadFermo(port, percorsi[i % 5]!.path, { cookie: percorsi[i % 5]!.cookie }));
    const stati: number[] = [];
    for (const a of aperti) void a.testa.then((d) => stati.push(d.status), () => stati.push(0));
    // Until four exports wait on their clients (their sorted query done, Postgres waiting for the
    // app to ask for the next batch: ClientRead; a cursor's query stays 'active' between batches):
    // what is measured is the stall, not the exports' own work (within a minute).
    await attendi(async () => (await esportazioni()).ferme < 4);
    const controllo = async (percorso: string) => {
      const t0 = performance.now();
      const status = await fetch(`http://127.0.0.1:${port}${percorso}`).then((r) => r.status, () => 0);
      return `${percorso} ${status} in ${Math.round(performance.now() - t0)} ms`;
    };
    console.log('stalled exports:', JSON.stringify(await esportazioni()), 'transactions;', await controllo('/api/health'), ';', await controllo('/api/ready'));
    const lascia = () => { for (const a of aperti) a.socket.destroy(); };
    const scadenza = setTimeout(lascia, (secondi + 1) * 1000);
    return async () => {
      clearTimeout(scadenza);
      const conta = (s: number) => stati.filter((x) => x === s).length;
      console.log(`stalled exports: ${conta(200)} answered 200, ${conta(429)} answered 429, ${25 - stati.length} no answer`);
      lascia();
      await attendi(async () => (await esportazioniInCorso()) > 0);
    };
  };
}

interface Listino { formato: string; righe: number | null; mb: number; secondi: number; rssMb: number }

/**
 * Downloads the price list as a browser would, counting its bytes (and, for CSV, its lines), and
 * samples this process's memory meanwhile: the export streams, so it must stay flat.
 */
async function scaricaListino(url: string, cookie: string, formato: string): Promise<Listino> {
  const rss0 = process.memoryUsage().rss;
  let rssMax = rss0;
  const campione = setInterval(() => { rssMax = Math.max(rssMax, process.memoryUsage().rss); }, 50);
  const t0 = performance.now();
  const { bytes, righe } = await new Promise<{ bytes: number; righe: number }>((resolve, reject) => {
    http.get(url, { headers: { cookie } }, (res) => {
      if (res.statusCode !== 200) reject(new Error(`listino/export ${formato}: HTTP ${res.statusCode}`));
      let b = 0;
      let n = 0;
      res.on('data', (c: Buffer) => {
        b += c.length;
        if (formato === 'csv') for (let i = c.indexOf(10); i >= 0; i = c.indexOf(10, i + 1)) n++;
      });
      res.on('end', () => resolve({ bytes: b, righe: n - 1 }));
      res.on('error', reject);
    }).on('error', reject);
  });
  clearInterval(campione);
  const r1 = (v: number) => Math.round(v * 10) / 10;
  return {
    formato, righe: formato === 'csv' ? righe : null, mb: r1(bytes / 1e6), secondi: r1((performance.now() - t0) / 1000),
    rssMb: r1((rssMax - rss0) / 1e6),
  };
}

function spaSize(): { jsGzipKb: number; files: string[] } | null {
  const dir = path.resolve('dist/web');
  const index = path.join(dir, 'index.html');
  if (!fs.existsSync(index)) return null;
  const html = fs.readFileSync(index, 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/?([^"]+\.js)"/g)].map((m) => m[1]!);
  const bytes = files.reduce((sum, f) => sum + zlib.gzipSync(fs.readFileSync(path.join(dir, f))).length, 0);
  return { jsGzipKb: Math.round((bytes / 1024) * 10) / 10, files };
}

function markdown(r: { date: string; catalogue: { products: number; seedSeconds: number }; connections: number; seconds: number; runs: number; results: Record<string, Scenario>; ordini: { oversold: number; negativeStockRows: number; unitsSold: number }; stockImports: number[]; erp: { orders: number; delivered: number; duplicates: number; drainSeconds: number } | null; spa: { jsGzipKb: number } | null; rete: Rete | { mancante: string } | null; scala: RisultatoScala[]; listino: Listino[] }): string {
  const ok = (v: number, b?: number) => (b === undefined ? '—' : v <= b ? 'ok' : '**over**');
  const lines = [
    '# Benchmark', '',
    `${r.date} — catalogue of ${r.catalogue.products.toLocaleString('en')} products, ${r.connections} connections (unless the scenario says otherwise), closed loop, ${r.runs} runs of ${r.seconds} s per scenario after a 2 s warm-up (the run with the median p95 is shown), server, Postgres and load generator on this machine.`, '',
    '| scenario | p50 ms | p95 ms | p99 ms | req/s | errors | budget p95 | | p95 of each run | CPU ms per request: server / Postgres / load generator |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...Object.entries(r.results).map(([k, v]) => `| ${k} | ${v.p50} | ${v.p95} | ${v.p99} | ${v.rps} | ${v.errors + v.non2xx} | ${v.budget ?? '—'} | ${ok(v.p95, v.budget)} | ${v.p95Runs.join(' / ')} | ${v.cpu.serverMs} / ${v.cpu.dbMs} / ${v.cpu.loadMs} |`),
    '', ...Object.entries(r.results).map(([k, v]) => `- ${k}: ${v.note}${v.connections !== r.connections ? `, ${v.connections} connections` : ''}`), '',
    `Orders: ${r.ordini.unitsSold} units sold, oversold ${r.ordini.oversold}, rows with negative stock ${r.ordini.negativeStockRows}.`,
    ...(r.erp ? [`Orders with the ERP configured: ${r.erp.orders} placed, ${r.erp.delivered} delivered to the webhook (${r.erp.duplicates} more than once), all sent ${r.erp.drainSeconds} s after the load ended.`] : []),
    ...(r.stockImports.length ? [`Stock imports beside the load (every product, every figure changed): ${r.stockImports.length}, ${Math.min(...r.stockImports)}–${Math.max(...r.stockImports)} s each as the command reports it.`] : []),
    ...r.listino.map((l) => `listino/export ${l.formato} of the whole catalogue: ${l.righe === null ? '' : `${l.righe.toLocaleString('en')} rows, `}${l.mb} MB in ${l.secondi} s (budget ${BUDGET.listinoS} s) ${ok(l.secondi, BUDGET.listinoS)}; this process's RSS at most ${l.rssMb} MB above its start (server and bench share the process).`),
    `SPA first load, JavaScript gzipped: ${r.spa ? `${r.spa.jsGzipKb} kB (budget ${BUDGET.spaKb} kB) ${ok(r.spa.jsGzipKb, BUDGET.spaKb)}` : 'not built (run `npm run build`)'}.`,
    `Large catalogue seeding (this run): ${r.catalogue.seedSeconds} s.`, '',
    ...scalaMarkdown(r.scala),
    ...reteMarkdown(r.rete),
  ];
  return lines.join('\n');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
