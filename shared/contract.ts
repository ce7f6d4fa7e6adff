import { z } from 'zod';
import type { Chiamata, Method } from './chiamata.js';
import type { Permesso } from './organizzazione-costanti.js';

/**
 * Who may make a call, checked on the server before its input is read:
 * - `public`: anyone;
 * - `utente`: a customer session;
 * - `cliente`: a customer session and one of its clients, named by the call's `scope` codes (when
 *   the codes are optional and left out: the user's first client, of the named company if given);
 * - `sessione`: a customer or an admin session (catalogue data that no client prices);
 * - `catalogo`: as `cliente`, or an admin session reading the catalogue as any company and client
 *   (docs/regole/catalogo.md#staff-catalogue: the admin product screens use the codes 0001/0001; an unknown client is priced
 *   with list 1 and no discount);
 * - `admin`: an admin session; `tecnico`: an admin session of tipologia 'tecnico';
 * - `token`: an API token (`Authorization: Bearer …`, created by a tecnico), never a session: the
 *   ERP's unattended calls.
 */
export const ACCESSI = ['public', 'utente', 'cliente', 'sessione', 'catalogo', 'admin', 'tecnico', 'token'] as const;
export type Access = (typeof ACCESSI)[number];

/** The input fields that carry the company, client and user codes of a customer call. */
export interface Scope<I> {
  azienda?: keyof I & string;
  cliente?: keyof I & string;
  utente?: keyof I & string;
}

/**
 * One API call, declared once: the server registers it (validation, access, OpenAPI) and the SPA
 * calls it (typed and validated input, parsed answer). Path under /api; the documented method
 * first (logins and mutations also accept POST with a JSON body).
 */
export interface Contract<
  A extends Access = Access,
  I extends z.ZodType = z.ZodType,
  O extends z.ZodType = z.ZodType,
> {
  path: string;
  methods: readonly [Method, ...Method[]];
  access: A;
  input: I;
  response: O;
  summary: string;
  tag: string;
  scope?: Scope<z.output<I>>;
  /**
   * For `cliente` calls: what the user's role or switches on the named client must allow
   * (shared/organizzazione-costanti.ts); 403 otherwise, changing nothing.
   */
  permesso?: Permesso;
  /** A call that receives files (multipart/form-data, POST only); `input` holds its text fields. */
  upload?: Upload;
}

/**
 * The files of an upload call. The server streams each file to a temporary file under MEDIA_DIR
 * (never whole in memory), refuses a file over `maxBytes` and the files over `maxTotale` together
 * (413) and judges its type from its bytes; finer rules (which kinds, smaller limits per kind) are
 * the handler's.
 */
export interface Upload {
  /** Names of the parts that carry files; repeating a name sends several files. */
  campi: readonly [string, ...string[]];
  /** At most this many files in one request (413 above). */
  maxFile: number;
  /** The largest file accepted, in bytes (413 above). */
  maxBytes: number;
  /**
   * Smaller limits for some fields (e.g. a cover photo beside a 50 MB document): the file stops
   * being read at its field's limit, 413 as above.
   */
  maxBytesCampo?: Readonly<Partial<Record<string, number>>>;
  /**
   * The most all the files of one request may weigh together, counted as they stream in (413
   * above, nothing more written); without it, `maxBytes`: a request carries at most one largest file.
   */
  maxTotale?: number;
}

export type AnyContract = Contract<Access, z.ZodType<any, any>, z.ZodType>;

export const nessunInput = z.object({});

/** Declares a call; `input` defaults to no parameters. */
export function contract<const A extends Access, I extends z.ZodType = typeof nessunInput, O extends z.ZodType = z.ZodType>(
  c: Omit<Contract<A, I, O>, 'input'> & { input?: I },
): Contract<A, I, O> {
  return { ...c, input: (c.input ?? nessunInput) as I };
}

/** The contract of a call's route (shared/chiamata.ts), or the contract itself. */
type ContrattoDi<C extends AnyContract | Chiamata> = C extends AnyContract ? C : C extends Chiamata<infer K extends AnyContract> ? K : never;

/** What the caller sends (before defaults and transforms) and what it gets back. */
export type InputOf<C extends AnyContract | Chiamata> = z.input<ContrattoDi<C>['input']>;
export type OutputOf<C extends AnyContract | Chiamata> = z.output<ContrattoDi<C>['response']>;
