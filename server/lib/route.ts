import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { z } from 'zod';
import type { Access, AnyContract, Contract } from '../../shared/contract.js';
import { erroreApi } from '../../shared/errori.js';
import { clienteDelCatalogo, resolveScope, sessioneDi, type Sessione } from '../auth/access.js';
import type { TokenApi } from '../auth/api-token.js';
import type { AdminSessione, ClienteSessione, UtenteSessione } from '../auth/utente-sessione.js';
import type { Deps } from '../deps.js';
import { forbidden } from './errors.js';
import { RawJson } from './raw-json.js';
import { cartellaTemporanea, type FileRicevuto, riceviMultipart, rimuoviTemporanei } from './upload/ricevi-file.js';

/** What a handler receives beyond its session: the parsed input and the request's tools. */
interface BaseCtx<I> {
  input: I;
  req: FastifyRequest;
  reply: FastifyReply;
  deps: Deps;
  /** The files of an upload call (contract `upload`), waiting in a temporary folder; empty otherwise. */
  files: readonly FileRicevuto[];
}

/** The session a handler gets, by the access of its call (checked before the input is read). */
export type SessioneCtx<A extends Access> =
  A extends 'utente' ? { utente: UtenteSessione }
    : A extends 'cliente' ? { utente: UtenteSessione; cliente: ClienteSessione }
      : A extends 'sessione' ? { utente: UtenteSessione | undefined; admin: AdminSessione | undefined }
        : A extends 'catalogo' ? { cliente: ClienteSessione; utente: UtenteSessione | undefined; admin: AdminSessione | undefined }
          : A extends 'admin' | 'tecnico' ? { admin: AdminSessione }
            : A extends 'token' ? { token: TokenApi }
              : Record<never, never>;

export type HandlerCtx<C extends AnyContract> = BaseCtx<z.output<C['input']>> & SessioneCtx<C['access']>;

/** The answer of a call, or the same already serialised (RawJson) for large product pages. */
export type Handler<C extends AnyContract> = (ctx: HandlerCtx<C>) => Promise<z.input<C['response']> | RawJson>;

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
  interface FastifyRequest {
    /** Set before validation by the call's access rule. */
    sessione: Sessione | null;
    /** The files an upload call received; their temporary copies go after the answer. */
    fileRicevuti: FileRicevuto[] | null;
  }
}

export function registerRoutes(app: FastifyInstance, groups: RouteGroup[]): void {
  app.decorateRequest('sessione', null);
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
      onRequest: c.access === 'public' ? undefined : async (req) => {
        req.sessione = await sessioneDi(req, c.access);
      },
      preValidation: method === 'POST'
        ? async (req) => {
            if (c.upload && req.isMultipart()) {
              const files: FileRicevuto[] = [];
              req.fileRicevuti = files;
              const campi = await riceviMultipart(req, c.upload, cartellaTemporanea(app.deps.config.mediaDir), files);
              req.body = { ...(req.query as object), ...campi };
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
        const sessione = await conCliente(req, c, input as Record<string, unknown>);
        const files = req.fileRicevuti ?? [];
        const ctx = { input, req, reply, deps: app.deps, files, ...sessione };
        const result = await handler(ctx as unknown as HandlerCtx<Contract<A, I, O>>);
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

/** The session of the request with the client its codes name, for the access kinds that price. */
async function conCliente(req: FastifyRequest, c: AnyContract, input: Record<string, unknown>): Promise<Sessione> {
  const s = req.sessione ?? {};
  if (c.access === 'public' || c.access === 'admin' || c.access === 'tecnico' || c.access === 'sessione' || c.access === 'token') return s;
  const code = (k: 'azienda' | 'cliente' | 'utente') => {
    const field = c.scope?.[k];
    const v = field === undefined ? undefined : input[field];
    return typeof v === 'string' ? v : undefined;
  };
  const codes = { azienda: code('azienda'), cliente: code('cliente'), utente: code('utente') };
  if (s.admin) return { ...s, cliente: await clienteDelCatalogo(req.server.deps.db, codes) };
  if (!s.utente) throw forbidden();
  if (c.access === 'utente') {
    if (codes.utente !== undefined && codes.utente !== s.utente.codice) throw forbidden();
    return s;
  }
  return { ...s, cliente: resolveScope(s.utente, codes) };
}
