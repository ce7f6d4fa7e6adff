import { z } from 'zod';
import { messaggioValidazione } from './messaggi-validazione.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './paginazione.js';

// Validation messages in Italian, on the server and in the browser alike.
z.config({ localeError: messaggioValidazione });

/**
 * Text of one line (`error`: the message when it is missing or not text). Control characters are refused: Postgres cannot store NUL in text (it would
 * be a 500), and none of the others belongs in a name, a code or a search.
 */
export const testo = (error?: string) => z.string({ error }).regex(/^[^\u0000-\u001f\u007f]*$/, 'contiene caratteri non ammessi')
  .refine(benFormato, 'contiene caratteri non ammessi');
/** Text of several lines (notes, messages): line breaks and tabs too, no other control character. */
export const testoMultiriga = (error?: string) =>
  z.string({ error }).regex(/^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/, 'contiene caratteri non ammessi')
    .refine(benFormato, 'contiene caratteri non ammessi');

/**
 * No lone surrogate: such a string has no UTF-8 form, and Postgres refuses it inside JSON (the
 * audit trail stores the values an admin sent) where plain text would silently replace it.
 */
function benFormato(s: string): boolean {
  return !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(s);
}

/** A company, client or user code: text that keeps its leading zeros. */
export const codice = testo().trim().min(1, 'Codice mancante').max(40, 'Codice troppo lungo');

/** The range of a Postgres integer column: a number outside it would fail in SQL, not here. */
export const INT4 = { min: -2_147_483_648, max: 2_147_483_647 } as const;

/** An integer a Postgres integer column holds. */
export const intero = (msg = 'deve essere un numero intero') => z.number().int(msg).min(INT4.min, msg).max(INT4.max, msg);

/** Integer from a query string or a JSON body. */
export const intParam = (msg: string) =>
  z.union([z.number(), z.string().trim().regex(/^-?\d+$/, msg)], {
    // A missing value keeps the general 'campo obbligatorio'.
    error: (issue) => (issue.input === undefined ? undefined : msg),
  }).transform(Number).pipe(intero(msg));

/** The id of a table row (serial): a positive integer within int4. */
export const idParam = (name: string) => intParam(`${name} non valido`).pipe(z.number().min(1, `${name} non valido`));

const startParam = intParam('start deve essere un numero intero')
  .pipe(z.number().min(0, 'start non può essere negativo')).default(0);
/** The `limit` of a call: an integer from 1 to `max`. */
export const limitFino = (max: number) => intParam('limit deve essere un numero intero')
  .pipe(z.number().min(1, 'limit deve essere almeno 1').max(max, `limit può essere al massimo ${max}`));

/**
 * The paging fields of a request, spread into its object: `start` (from 0, default 0) and `limit`
 * (1 to `max`, default `predefinito`).
 */
export const paginazione = (max: number = MAX_PAGE_SIZE, predefinito: number = DEFAULT_PAGE_SIZE) =>
  ({ start: startParam, limit: limitFino(max).default(predefinito) });

/** The answer of a paged call: one page of rows under `chiave`, and `totale`, how many there are in all. */
export function paginaDi<K extends string, R extends z.ZodType>(chiave: K, riga: R) {
  const righe = { [chiave]: z.array(riga) } as { [k in K]: z.ZodArray<R> };
  return z.object({ ...righe, totale: z.number().int() });
}

/**
 * Business outcome envelope: status 0 ok, 1 a refusal. Refusals as status 1 only on the calls the
 * spec lists with this envelope; the project's own calls refuse with an HTTP error (shared/errori.ts).
 */
export const esito = z.object({ status: z.number().int(), msg: z.string() });
export type Esito = z.infer<typeof esito>;
