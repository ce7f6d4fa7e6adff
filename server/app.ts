import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import '../shared/common.js';
import { authRoutes } from './auth/auth.routes.js';
import { catalogoRoutes } from './catalogo/catalogo.routes.js';
import { mediaRoutes } from './media/media.routes.js';
import { ordiniRoutes } from './ordini/ordini.routes.js';
import { listeRoutes } from './liste/liste.routes.js';
import { contattiRoutes } from './contatti/contatti.routes.js';
import { DEFAULT_POOL_MAX, type AppConfig } from './config.js';
import { connect } from './db/client.js';
import './deps.js';
import { SessioniRecenti } from './auth/sessioni-recenti.js';
import { schedulePopolarita } from './catalogo/popolarita.js';
import { PostaInUscita } from './posta/posta-in-uscita.js';
import { Impostazioni } from './impostazioni/impostazioni.service.js';
import { registerErrorHandler } from './lib/error-handler.js';
import { badRequest } from './lib/errors.js';
import { loggerOptions } from './lib/logging.js';
import { createMailer } from './lib/mailer.js';
import { RawJson } from './lib/raw-json.js';
import { securityHeaders } from './lib/security-headers.js';

/** Upload limit per file; larger requests answer 413. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

/** What Node's HTTP parser refuses before the app sees a request, answered in the app's words. */
const CLIENT_ERRORS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Richiesta troppo grande: indirizzo o intestazioni oltre il limite consentito.'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Richiesta scaduta: riprova.'],
};

/**
 * Builds the HTTP app for a config: no side effects until called. Order: config → db → auth →
 * domain routes → static files and SPA.
 */
export async function buildApp(
  config: AppConfig,
  opts: { logger?: boolean; logStream?: { write: (line: string) => void } } = {},
): Promise<FastifyInstance> {
  const headers = securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
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
  const app: FastifyInstance = Fastify({
    logger: opts.logger === false ? false : { ...loggerOptions(config.logLevel), ...(opts.logStream ? { stream: opts.logStream } : {}) },
    // Login limits count by client address: trust X-Forwarded-For only behind a known proxy.
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    genReqId: () => crypto.randomUUID(),
    // A URL that does not decode (/media/%c0%ae) gets the error handler's 400 and the headers of every answer.
    frameworkErrors: (_err, req, reply: FastifyReply) => {
      reply.headers(headers);
      return app.errorHandler(badRequest('Indirizzo non valido.'), req, reply);
    },
    // Node's own 400/431 (a 100 kB query string, a malformed request) skip the router, its hooks
    // and the error handler: the same JSON shape and headers, written on the socket.
    clientErrorHandler(err, socket) {
      if (err.code === 'ECONNRESET' || socket.destroyed) return;
      const [status, msg] = CLIENT_ERRORS[err.code ?? ''] ?? [400, 'Richiesta non valida.'];
      const requestId = crypto.randomUUID();
      app.log.info({ requestId, code: err.code }, 'richiesta rifiutata dal parser HTTP');
      const body = JSON.stringify({ msg, requestId });
      const answer = {
        ...headers, 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body), connection: 'close',
      };
      if (!socket.writable) return socket.destroy();
      const head = [`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}`, ...Object.entries(answer).map(([k, v]) => `${k}: ${v}`)];
      socket.end(`${head.join('\r\n')}\r\n\r\n${body}`, () => socket.destroy());
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  // Responses are checked against their zod schema in development and tests, where a shape drift
  // must fail loudly; production trusts the handlers (they build answers from named columns) and
  // saves the validation of large product pages on every request (a RawJson is sent as bytes by
  // defineRoute and never reaches the serializer there).
  app.setSerializerCompiler((route) => {
    if (config.env === 'production') return (data) => JSON.stringify(data);
    const validate = serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);
    return (data) => validate(data instanceof RawJson ? JSON.parse(data.text()) : data);
  });

  const database = connect(config.databaseUrl, { genericPlans: true, max: config.dbPoolMax ?? DEFAULT_POOL_MAX });
  const sessioniRecenti = new SessioniRecenti();
  await sessioniRecenti.listen(database.sql);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, mailDir: config.mailDir });
  const posta = new PostaInUscita(database.sql, mailer, app.log);
  await posta.start();
  app.decorate('deps', {
    config,
    db: database.db,
    sql: database.sql,
    impostazioni: new Impostazioni(database.db),
    sessioniRecenti,
    posta,
  });
  app.addHook('onClose', async () => {
    await posta.stop();
    mailer.close();
    await database.close();
  });
  schedulePopolarita(app);

  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 10, fields: 30 } });
  registerErrorHandler(app);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Portale B2B Ferramenta — API', version: '1.0.0', description: 'API del portale ordini (DESIGN.md §4).' },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  app.get('/api/health', { schema: { hide: true } }, async (_req, reply) => {
    try {
      await database.sql`select 1`;
      return { status: 'ok' };
    } catch {
      return reply.status(503).send({ status: 'error', msg: 'Database non raggiungibile.' });
    }
  });

  await app.register(authRoutes);
  await app.register(catalogoRoutes);
  await app.register(mediaRoutes);
  await app.register(ordiniRoutes);
  await app.register(listeRoutes);
  await app.register(contattiRoutes);

  fs.mkdirSync(config.mediaDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: config.mediaDir,
    prefix: '/media/',
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    // Uploaded files are only ever downloaded, never run or sniffed as something else.
    setHeaders: (res) => res.setHeader('X-Content-Type-Options', 'nosniff'),
  });

  const webDir = config.webDir;
  const spaIndex = webDir ? path.join(webDir, 'index.html') : undefined;
  if (webDir && spaIndex && fs.existsSync(spaIndex)) {
    await app.register(fastifyStatic, { root: webDir, prefix: '/', wildcard: false, index: false });
  }
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/') || req.url === '/api' || req.url.startsWith('/media/')) {
      return reply.status(404).send({ msg: 'Risorsa non trovata.', requestId: req.id });
    }
    if ((req.method === 'GET' || req.method === 'HEAD') && spaIndex && fs.existsSync(spaIndex)) {
      return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(fs.createReadStream(spaIndex));
    }
    return reply.status(404).send({ msg: 'Risorsa non trovata.', requestId: req.id });
  });

  return app;
}
