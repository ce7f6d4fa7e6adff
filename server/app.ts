import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import '../shared/common.js';
import { API_ROUTES } from './routes.js';
import { registerRoutes } from './lib/route.js';
import {
  DEFAULT_DB_CONNECT_TIMEOUT_SECONDS, DEFAULT_DB_STATEMENT_TIMEOUT_SECONDS, DEFAULT_EXPORT_MAX, DEFAULT_EXPORT_MAX_PER_USER,
  DEFAULT_EXPORT_STALL_SECONDS, DEFAULT_IMPORT_MEMORIA_MB, DEFAULT_POOL_MAX, type AppConfig,
} from './config.js';
import { connect } from './db/client.js';
import './deps.js';
import { accesso } from './auth/access.js';
import { precaricaNegozio } from './catalogo/precarica-negozio.js';
import { SessioniRecenti } from './auth/sessioni-recenti.js';
import { CatalogoCache } from './catalogo/catalogo.cache.js';
import { applicaPopolarita } from './catalogo/popolarita.js';
import { erpConfigurato, esportaOrdine } from './erp/esporta-ordine.js';
import { esportaReso } from './resi/esporta-reso.js';
import { importaFile } from './import/in-coda.js';
import { ProcessiImport } from './import/processo/avvia.js';
import { CodaLavori } from './lavori/coda-lavori.js';
import { inviaMail } from './posta/invia-mail.js';
import { applicaStatistiche } from './statistiche/coda.js';
import { scadenzaApprovazioni, urlPortale } from './approvazioni/approvazioni.service.js';
import { scadenzaPreventivi } from './preventivi/scadenze.js';
import { riaccodaLavoriOrdini } from './ordini/lavori-ordini.js';
import { fermaDisegnoPdf } from './pdf/disegno-in-disparte.js';
import { Impostazioni } from './impostazioni/impostazioni.service.js';
import { creaArchivio } from './lib/archivio/crea-archivio.js';
import { serviMedia } from './lib/archivio/servi-media.js';
import { ascolta } from './lib/cache.js';
import { corpoErrore, registerErrorHandler } from './lib/error-handler.js';
import { Esportazioni } from './lib/esportazioni.js';
import { registraFormUrlencoded } from './lib/form-urlencoded.js';
import { HttpError } from './lib/errors.js';
import { idRichiesta, loggerOptions } from './lib/logging.js';
import { createMailer } from './lib/mailer.js';
import { RawJson } from './lib/raw-json.js';
import { securityHeaders } from './lib/security-headers.js';
import { verificaStessoSito } from './lib/stesso-sito.js';
import { cartellaTemporanea, rimuoviTemporaneiVecchi } from './lib/upload/ricevi-file.js';
import { registraArresto } from './processo/arresto.js';
import { registraControlli } from './processo/prontezza.js';
import { eseguiLavori, servePortale } from './processo/ruolo.js';
import type { CodiceErrore } from '../shared/codici-errore.js';
import { MAX_DOCUMENTO_BYTES } from '../shared/upload.js';

/**
 * Hashed build assets never change under their name: cached for a year. index.html is always
 * revalidated (it names the current assets), so are the service worker and the web app manifest;
 * other public files (logo, icons) for an hour.
 */
export function cacheControlOf(webDir: string, file: string): string {
  const rel = path.relative(webDir, file).split(path.sep);
  if (rel[0] === 'assets') return 'public, max-age=31536000, immutable';
  if (['index.html', 'sw.js', 'manifest.webmanifest'].includes(rel.at(-1) ?? '')) return 'no-cache';
  return 'public, max-age=3600';
}

/** Upload limit per file; larger requests answer 413. */
export const MAX_UPLOAD_BYTES = MAX_DOCUMENTO_BYTES;

/** What Node's HTTP parser refuses before the app sees a request, answered in the app's words. */
const CLIENT_ERRORS: Record<string, [number, CodiceErrore, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'richiesta_troppo_grande', 'Richiesta troppo grande: indirizzo o intestazioni oltre il limite consentito.'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'richiesta_scaduta', 'Richiesta scaduta: riprova.'],
};

/**
 * Builds the HTTP app for a config: no side effects until called. Order: config → db → jobs →
 * health checks → auth → domain routes → static files and SPA. The process's role
 * (server/processo/ruolo.ts) decides whether the job runners start and whether the portal is built.
 */
export async function buildApp(
  config: AppConfig,
  opts: { logger?: boolean; logStream?: { write: (line: string) => void } } = {},
): Promise<FastifyInstance> {
  const headers = securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // 'wasm-unsafe-eval' lets the scan dialog compile its barcode reader (zxing-wasm, one of our
        // own assets); it allows WebAssembly only, never eval of JavaScript (docs/decisions/scansione-codici.md).
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.env === 'production' ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // A hashed script or style sheet of the build is no document: the page's policies (CSP, framing,
  // referrer, COOP…) do nothing on it, and the cold first load fetches a dozen of them, ~0.6 kB of
  // headers each (docs/decisions/audit-web.md). What still applies to a subresource stays.
  const headersRisorsa = Object.fromEntries(Object.entries(headers)
    .filter(([k]) => ['strict-transport-security', 'x-content-type-options', 'cross-origin-resource-policy'].includes(k)));
  const ruolo = config.processRole ?? 'all';
  const app: FastifyInstance = Fastify({
    logger: opts.logger === false ? false : { ...loggerOptions(config.logLevel), ...(opts.logStream ? { stream: opts.logStream } : {}) },
    // Login limits count by client address: trust X-Forwarded-For only behind a known proxy.
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    // The id a load balancer passed on, checked (idRichiesta), rather than Fastify's unchecked
    // header; Fastify logs it as `reqId` on every line of the request (its default label).
    requestIdHeader: false,
    genReqId: idRichiesta,
    // The stop (server/processo/arresto.ts): at close, idle keep-alive sockets are closed and busy
    // ones finish their request (never `true`, which would cut them); a request that still comes in
    // on an open connection is served, with `Connection: close`, rather than refused with Fastify's
    // own 503: it reached this process before the load balancer moved on.
    forceCloseConnections: 'idle',
    return503OnClosing: false,
    // A URL that does not decode (/media/%c0%ae) gets the error handler's 400 and the headers of every
    // answer; no-store as an API answer's, since whether it was one cannot be told.
    frameworkErrors: (_err, req, reply: FastifyReply) => {
      reply.headers(headers).header('x-request-id', req.id).header('cache-control', 'no-store');
      return app.errorHandler(new HttpError(400, 'richiesta_non_valida', 'Indirizzo non valido.'), req, reply);
    },
    // Node's own 400/431 (a 100 kB query string, a malformed request) skip the router, its hooks
    // and the error handler: the same JSON shape and headers (no-store, as an API answer's), written on the socket.
    clientErrorHandler(err, socket) {
      if (err.code === 'ECONNRESET' || socket.destroyed) return;
      const [status, code, msg] = CLIENT_ERRORS[err.code ?? ''] ?? [400, 'richiesta_non_valida', 'Richiesta non valida.'];
      const requestId = crypto.randomUUID();
      app.log.info({ requestId, code: err.code }, 'richiesta rifiutata dal parser HTTP');
      const body = JSON.stringify(corpoErrore(code, msg, requestId));
      const answer = {
        ...headers, 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body), connection: 'close',
        'cache-control': 'no-store',
        'x-request-id': requestId,
      };
      if (!socket.writable) return socket.destroy();
      const head = [`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}`, ...Object.entries(answer).map(([k, v]) => `${k}: ${v}`)];
      socket.end(`${head.join('\r\n')}\r\n\r\n${body}`, () => socket.destroy());
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  // Every answer is parsed by its zod response schema before it is written, in production too:
  // unknown keys are stripped (a column a handler picked by mistake never leaves) and a shape
  // drift fails loudly. Pre-serialised product pages (RawJson) are sent as bytes by defineRoute in
  // production; elsewhere they are parsed and checked here like any other answer.
  app.setSerializerCompiler((route) => {
    const validate = serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);
    return (data) => validate(data instanceof RawJson ? JSON.parse(data.text()) : data);
  });

  const connessione = {
    genericPlans: true,
    connectTimeoutSeconds: config.dbConnectTimeoutSeconds ?? DEFAULT_DB_CONNECT_TIMEOUT_SECONDS,
    statementTimeoutSeconds: config.dbStatementTimeoutSeconds ?? DEFAULT_DB_STATEMENT_TIMEOUT_SECONDS,
  };
  const database = connect(config.databaseUrl, { ...connessione, max: config.dbPoolMax ?? DEFAULT_POOL_MAX });
  // Exports stream for as long as their clients read: they run on a pool of their own, one
  // connection per place (server/lib/esportazioni.ts), so that slow downloads never hold the
  // portal's. postgres.js connects on first use: a worker, which serves no export, opens none.
  const exportMax = config.exportMax ?? DEFAULT_EXPORT_MAX;
  const databaseEsportazioni = connect(config.databaseUrl, { ...connessione, max: exportMax, applicationName: 'portale-b2b-esportazioni' });
  // The health checks' own connection: their `select 1` never queues behind the portal's requests
  // (a load balancer would drop a busy process as dead). 5 s bounds a check stuck on it.
  const databaseControlli = connect(config.databaseUrl, {
    max: 1, connectTimeoutSeconds: connessione.connectTimeoutSeconds, statementTimeoutSeconds: 5, applicationName: 'portale-b2b-controlli',
  });
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, mailDir: config.mailDir });
  // Media: the folder MEDIA_DIR or an S3 bucket (server/lib/archivio/).
  const archivio = await creaArchivio(config);
  const esporta = { esporta_ordine: esportaOrdine(database.db, config.erp, archivio), esporta_reso: esportaReso(database.db, config.erp, archivio) };
  const brevi = {
    invia_mail: inviaMail(database.db, mailer, config.publicUrl ?? `http://localhost:${config.port}`),
    applica_popolarita: async () => { await applicaPopolarita(database.db); },
    applica_statistiche: async () => { await applicaStatistiche(database.db); },
    riaccoda_lavori_ordini: async () => { await riaccodaLavoriOrdini(database.db, app.log); },
    scadenza_approvazioni: async () => { await scadenzaApprovazioni(database.db, urlPortale(config)); },
    scadenza_preventivi: async () => { await scadenzaPreventivi(database.db, urlPortale(config)); },
  };
  // Each import in a process of its own, one started ahead to wait for the next run where so configured.
  const processiImport = new ProcessiImport(config.importMemoriaMb ?? DEFAULT_IMPORT_MEMORIA_MB, app.log, config.importProcessoPronto ?? false);
  const lavori = new CodaLavori(database.sql, [
    // The hand-over of orders to the ERP in a lane of its own, so that it never waits behind the
    // mail (each confirmation draws a PDF); only where orders are handed over: an idle runner
    // queries the queue at every job queued (docs/decisions/job-queue-graphile-worker.md).
    ...(erpConfigurato(config.erp) ? [esporta, brevi] : [{ ...esporta, ...brevi }]),
    // Imports queued by the admin screen and the ERP's push (45 s for 200,000 rows).
    {
      importa_file: importaFile(database.db, archivio, {
        databaseUrl: config.databaseUrl, archivio: { mediaDir: config.mediaDir, s3: config.s3 }, urlPortale: urlPortale(config), dataDir: config.dataDir, processi: processiImport,
      }, app.log),
    },
  ], [
    // Product popularity (search ranking) from the queued order lines.
    { task: 'applica_popolarita', ogniMs: 5 * 60_000 },
    // ordini/stats folds first anyway: this keeps the queue short between visits.
    { task: 'applica_statistiche', ogniMs: 60_000 },
    // The jobs of orders whose own call to queue them never ran (server/ordini/lavori-ordini.ts).
    { task: 'riaccoda_lavori_ordini', ogniMs: 60_000 },
    // Orders held for approval past their time expire (docs/regole/organizzazione.md#limits-and-approvals).
    { task: 'scadenza_approvazioni', ogniMs: 5 * 60_000 },
    // Quotes' reminders and expiry (server/preventivi/scadenze.ts): validities end at midnight, hourly is on time.
    { task: 'scadenza_preventivi', ogniMs: 60 * 60_000 },
  ], app.log);
  // A web process builds the queue (deps.lavori: tests and scripts run jobs with esegui) but never
  // starts it: its jobs are queued in SQL and run by the workers.
  if (eseguiLavori(ruolo)) {
    await lavori.start();
    processiImport.prepara();
  }
  // The waiting import process ends first; a run under way ends with its job.
  registraArresto(app, () => {
    processiImport.ferma();
    return lavori.stop();
  });
  app.addHook('onClose', async () => {
    processiImport.ferma();
    await lavori.stop();
    await fermaDisegnoPdf();
    await archivio.chiudi();
    mailer.close();
    await Promise.all([database.close(), databaseEsportazioni.close(), databaseControlli.close()]);
  });

  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(risorsaDellaBuild(req.routeOptions.url) ? headersRisorsa : headers).header('x-request-id', req.id);
    done();
  });
  // An API answer is a client's prices, orders, documents or session: never kept by the browser's
  // cache, where the next user of a shared PC could read it back (docs/decisions/api-no-store.md).
  // On the way out, so that no handler or plugin (the OpenAPI page's static files) sets another.
  app.addHook('onSend', (req, reply, payload, done) => {
    if (rispostaDellApi(req)) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
  // By the route matched, not the raw URL: the router also takes /%61pi/… for /api/….
  app.addHook('onRequest', async (req) => {
    if (req.routeOptions.url?.startsWith('/api/')) verificaStessoSito(req);
  });
  registerErrorHandler(app);
  registraControlli(app, databaseControlli.sql, app.arresto);

  const webDir = servePortale(ruolo) ? config.webDir : undefined;
  const spaIndex = webDir ? path.join(webDir, 'index.html') : undefined;
  app.setNotFoundHandler(async (req, reply) => {
    if (req.url.startsWith('/api/') || req.url === '/api' || req.url.startsWith('/media/')) {
      return reply.status(404).send(corpoErrore('non_trovato', 'Risorsa non trovata.', req.id));
    }
    if ((req.method === 'GET' || req.method === 'HEAD') && spaIndex && fs.existsSync(spaIndex)) {
      const link = await precaricaNegozio(req);
      if (link) reply.header('Link', link);
      return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(fs.createReadStream(spaIndex));
    }
    return reply.status(404).send(corpoErrore('non_trovato', 'Risorsa non trovata.', req.id));
  });
  // A worker's HTTP listener is for the health checks only: none of the portal below is built.
  if (!servePortale(ruolo)) return app;

  // The per-process caches, each emptied in every process by its channel's notices.
  const sessioniRecenti = new SessioniRecenti();
  const catalogo = new CatalogoCache();
  const impostazioni = new Impostazioni(database.db);
  const smettiDiAscoltare = await ascolta(database.sql, [sessioniRecenti, catalogo, impostazioni]);
  // Before the hook above that closes the database (onClose hooks run last registered first). A
  // listener whose connection is already gone (the database stopped first) has nothing to undo.
  app.addHook('onClose', async () => { await smettiDiAscoltare().catch(() => {}); });
  app.decorate('deps', {
    config,
    db: database.db,
    impostazioni,
    sessioniRecenti,
    catalogo,
    lavori,
    archivio,
    esportazioni: new Esportazioni(databaseEsportazioni.db, {
      massimo: exportMax,
      perUtente: Math.min(config.exportMaxPerUser ?? DEFAULT_EXPORT_MAX_PER_USER, exportMax),
      fermoMaxMs: (config.exportStallSeconds ?? DEFAULT_EXPORT_STALL_SECONDS) * 1000,
    }),
  });

  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 10, fields: 30 } });
  registraFormUrlencoded(app);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Portale B2B Ferramenta — API', version: '1.0.0', description: 'API del portale ordini.' },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  app.decorate('accesso', accesso);
  app.decorateRequest('sessione', null);
  registerRoutes(app, API_ROUTES);

  fs.mkdirSync(config.mediaDir, { recursive: true });
  rimuoviTemporaneiVecchi(cartellaTemporanea(config.mediaDir));
  serviMedia(app, archivio);

  if (webDir && spaIndex && fs.existsSync(spaIndex)) {
    await app.register(fastifyStatic, {
      root: webDir, prefix: '/', wildcard: false, index: false,
      // Brotli/gzip files made by the build (vite.config.ts), chosen by Accept-Encoding.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, file) => res.setHeader('Cache-Control', cacheControlOf(webDir, file)),
    });
  }
  return app;
}

/**
 * A request the API answers, errors included: by the route matched (the router also takes /%61pi/…
 * for /api/…), else (the not-found handler) by its path, as the not-found handler judges it.
 */
function rispostaDellApi(req: FastifyRequest): boolean {
  const percorso = req.routeOptions.url ?? req.url.split('?')[0]!;
  return percorso === '/api' || percorso.startsWith('/api/');
}

/** The route of a hashed file of the build (the static handler registers one route per file). */
function risorsaDellaBuild(route: string | undefined): boolean {
  return !!route && /^\/assets\/[\w.-]+\.(js|css)$/.test(route);
}
