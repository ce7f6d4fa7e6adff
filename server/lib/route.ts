import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { z } from 'zod';
import { requireAdmin, requireUtente, resolveScope, type Access, type ScopeCodes } from '../auth/access.js';
import type { AdminSessione, ClienteSessione, UtenteSessione } from '../auth/session-user.js';
import type { Deps } from '../deps.js';
import { RawJson } from './raw-json.js';

export interface HandlerCtx<I> {
  input: I;
  req: FastifyRequest;
  reply: FastifyReply;
  deps: Deps;
  /** Set for customer routes. */
  utente: UtenteSessione;
  /** Set for customer routes whose scope names a client. */
  cliente: ClienteSessione | undefined;
  /** Set for admin and tecnico routes. */
  admin: AdminSessione | undefined;
}

export interface RouteDef<I extends z.ZodType, O extends z.ZodType> {
  /** Path under /api, e.g. 'prodotti/random'. */
  path: string;
  /** The documented method first; logins and mutations also accept POST with a JSON body. */
  methods: ReadonlyArray<'GET' | 'POST'>;
  access: Access;
  input?: I;
  response: O;
  summary: string;
  tag: string;
  /** Codes of the call that must belong to the session's user (customer routes). */
  scope?: (input: z.output<I>) => ScopeCodes;
  /** The answer, or the same already serialised (RawJson) for large pages. */
  handler: (ctx: HandlerCtx<z.output<I>>) => Promise<z.input<O> | RawJson>;
}

const emptyInput = z.object({});

/**
 * Registers one API call: its zod contract (validation, response shape and OpenAPI), its access
 * rule and its handler. A POST reads the query string and the JSON body together, so the
 * documented GET parameters can also be sent in a body.
 */
export function defineRoute<I extends z.ZodType = typeof emptyInput, O extends z.ZodType = z.ZodType>(
  app: FastifyInstance,
  def: RouteDef<I, O>,
): void {
  const input = def.input ?? emptyInput;
  for (const method of def.methods) {
    app.route({
      method,
      url: `/api/${def.path}`,
      schema: {
        summary: def.summary,
        tags: [def.tag],
        ...(method === 'GET' ? { querystring: input } : { body: input }),
        response: { 200: def.response },
      } as FastifySchema,
      preValidation: method === 'POST'
        ? async (req) => {
            const body = req.body && typeof req.body === 'object' ? req.body : {};
            req.body = { ...(req.query as object), ...body };
          }
        : undefined,
      handler: async (req, reply) => {
        const parsed = (method === 'GET' ? req.query : req.body) as z.output<I>;
        let utente: UtenteSessione | undefined;
        let cliente: ClienteSessione | undefined;
        let admin: AdminSessione | undefined;
        if (def.access === 'cliente') {
          utente = await requireUtente(req);
          cliente = def.scope ? resolveScope(utente, def.scope(parsed)) : undefined;
        } else if (def.access === 'admin' || def.access === 'tecnico') {
          admin = await requireAdmin(req, def.access === 'tecnico');
        }
        const result = await def.handler({
          input: parsed, req, reply, deps: app.deps, utente: utente as UtenteSessione, cliente, admin,
        });
        // A pre-serialised answer goes out as bytes, unless responses are being validated.
        if (result instanceof RawJson && app.deps.config.env === 'production') {
          return reply.type('application/json; charset=utf-8').send(result.bytes());
        }
        return reply.send(result as unknown);
      },
    });
  }
}
