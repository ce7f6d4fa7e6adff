import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { z } from 'zod';
import type { Access, AnyContract, Contract } from '../../shared/contract.js';
import { erroreApi } from '../../shared/errori.js';
import { FileRisposta, tagliaSeFermo } from './file-risposta.js';
import { RawJson } from './raw-json.js';
import { cartellaTemporanea, type FileRicevuto, riceviMultipart, rimuoviTemporanei } from './upload/ricevi-file.js';

/** What a handler receives beyond its session: the parsed input and the request's tools. */
interface BaseCtx<I> {
  input: I;
  req: FastifyRequest;
  reply: FastifyReply;
  deps: FastifyInstance['deps'];
  /** The files of an upload call (contract `upload`), waiting in a temporary folder; empty otherwise. */
  files: readonly FileRicevuto[];
}

/**
 * The session a handler gets, by the access of its call (checked before the input is read). The
 * access layer names them (server/auth/access.ts augments this interface), so that lib imports no
 * domain; a public call gets none, and an access it does not name leaves its handlers no context.
 */
export interface SessioniPerAccesso {}
export type SessioneCtx<A extends Access> =
  A extends 'public' ? Record<never, never> : A extends keyof SessioniPerAccesso ? SessioniPerAccesso[A] : never;

/**
 * What the access layer does for every call (server/auth/access.ts), decorated on the app by
 * buildApp as `app.accesso`: route registration checks sessions through it without importing it.
 */
export interface Accesso {
  /** Checks the session a call of this access needs (401, 403, 503) before its input is read, and keeps it on the request. */
  sessione(req: FastifyRequest, access: Access): Promise<void>;
  /** Then, with the input: the handler's session, a customer call's codes checked and its client picked (403). */
  conCliente(req: FastifyRequest, c: AnyContract, input: Record<string, unknown>): Promise<object>;
}

export type HandlerCtx<C extends AnyContract> = BaseCtx<z.output<C['input']>> & SessioneCtx<C['access']>;

/** The answer of a call, the same already serialised (RawJson) for large product pages, or a file (an export). */
export type Handler<C extends AnyContract> = (ctx: HandlerCtx<C>) => Promise<z.input<C['response']> | RawJson | FileRisposta>;

/** One handler for every contract of a group: the type checker refuses a missing one. */
export type Handlers<G extends Record<string, AnyContract>> = { [K in keyof G]: Handler<G[K]> };

/** A domain's contracts with their handlers, registered together by `registerRoutes`. */
export interface RouteGroup {
  contracts: Record<string, AnyContract>;
  handlers: Record<string, Handler<AnyContract>>;
}

export const routeGroup = <G extends Record<string, AnyContract>>(contracts: G, handlers: Handlers<G>): RouteGroup =>
  ({ contracts, handlers: handlers as unknown as Record<string, Handler<AnyContract>> });

declare module 'fastify' {
  interface FastifyInstance {
    accesso: Accesso;
  }
  interface FastifyRequest {
    /** The files an upload call received; their temporary copies go after the answer. */
    fileRicevuti: FileRicevuto[] | null;
  }
}

export function registerRoutes(app: FastifyInstance, groups: RouteGroup[]): void {
  app.decorateRequest('fileRicevuti', null);
  for (const g of groups) {
    for (const [name, c] of Object.entries(g.contracts)) defineRoute(app, c, g.handlers[name]!);
  }
}

/**
 * Registers one call: the session is checked first (401/403/503, before the input is read), then
 * the input is validated (400 with an Italian msg), the codes of a customer call are checked
 * against the session's user (403), and the handler runs. A POST reads the query string and the
 * JSON body together, so the documented GET parameters can also be sent in a body. The answer is
 * stripped to the response schema (unknown keys never leave), except pre-serialised product pages.
 * An upload call (contract `upload`, POST only) reads its text fields from the multipart form and
 * streams its files to temporary files, removed once the answer is sent.
 */
export function defineRoute<A extends Access, I extends z.ZodType, O extends z.ZodType>(
  app: FastifyInstance,
  c: Contract<A, I, O>,
  handler: Handler<Contract<A, I, O>>,
): void {
  if (c.upload && c.methods.some((m) => m !== 'POST')) throw new Error(`${c.path}: an upload call is POST only`);
  for (const method of c.methods) {
    app.route({
      method,
      url: `/api/${c.path}`,
      schema: {
        summary: c.summary,
        tags: [c.tag],
        ...(method === 'GET' ? { querystring: c.input } : { body: c.input }),
        ...(c.upload ? { consumes: ['multipart/form-data', 'application/json'] } : {}),
        // Every error answer has one shape (its code, its Italian msg), documented and checked as such.
        response: { 200: c.response, '4xx': erroreApi, '5xx': erroreApi },
      } as FastifySchema,
      onRequest: c.access === 'public' ? undefined : async (req) => app.accesso.sessione(req, c.access),
      preValidation: method === 'POST'
        ? async (req, reply) => {
            if (c.upload && req.isMultipart()) {
              const files: FileRicevuto[] = [];
              req.fileRicevuti = files;
              try {
                const campi = await riceviMultipart(req, c.upload, cartellaTemporanea(app.deps.config.mediaDir), files);
                req.body = { ...(req.query as object), ...campi };
              } catch (err) {
                // A refusal before the body's end (a request over its total, a field not expected):
                // the rest is never read, so the connection ends with the answer rather than
                // hold the next request behind the unread bytes.
                if (!req.raw.complete) reply.header('connection', 'close');
                throw err;
              }
              return;
            }
            const body = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? req.body : {};
            req.body = { ...(req.query as object), ...body };
          }
        : undefined,
      onResponse: c.upload ? async (req) => { if (req.fileRicevuti) await rimuoviTemporanei(req.fileRicevuti); } : undefined,
      onRequestAbort: c.upload ? async (req) => { if (req.fileRicevuti) await rimuoviTemporanei(req.fileRicevuti); } : undefined,
      handler: async (req, reply) => {
        const input = (method === 'GET' ? req.query : req.body) as z.output<I>;
        const sessione = c.access === 'public' ? {} : await app.accesso.conCliente(req, c, input as Record<string, unknown>);
        const files = req.fileRicevuti ?? [];
        const ctx = { input, req, reply, deps: app.deps, files, ...sessione };
        const result = await handler(ctx as unknown as HandlerCtx<Contract<A, I, O>>);
        if (result instanceof FileRisposta) {
          if (result.fermoMaxMs !== undefined) {
            tagliaSeFermo(reply.raw, result.fermoMaxMs, () => req.log.info({ file: result.nome }, 'download fermo: interrotto'));
          }
          return reply.type(result.tipo).header('Content-Disposition', `${result.inline ? 'inline' : 'attachment'}; filename="${result.nome}"`).send(result.corpo);
        }
        // Large product pages go out as the bytes they were assembled from (tests check that
        // those bytes match the schema); in development and tests they are validated like the rest.
        if (result instanceof RawJson && app.deps.config.env === 'production') {
          return reply.type('application/json; charset=utf-8').send(result.bytes());
        }
        return reply.send(result as unknown);
      },
    });
  }
}
