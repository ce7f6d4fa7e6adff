import { z } from 'zod';

// Validation messages in Italian, on the server and in the browser alike.
z.config(z.locales.it());

/** Page sizes offered in the shop and the admin lists. */
export const PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;

/** A company, client or user code: text that keeps its leading zeros. */
export const codice = z.string().trim().min(1, 'Codice mancante').max(40, 'Codice troppo lungo');

/** Integer from a query string or a JSON body. */
export const intParam = (msg: string) =>
  z.union([z.number(), z.string().trim().regex(/^-?\d+$/, msg)]).transform(Number).pipe(z.number().int(msg));

export const startParam = intParam('start deve essere un numero intero')
  .pipe(z.number().min(0, 'start non può essere negativo')).default(0);
export const limitParam = intParam('limit deve essere un numero intero')
  .pipe(z.number().min(1, 'limit deve essere almeno 1').max(MAX_PAGE_SIZE, `limit può essere al massimo ${MAX_PAGE_SIZE}`))
  .default(DEFAULT_PAGE_SIZE);

/** Business outcome envelope: status 0 ok, 1 failure. */
export const esito = z.object({ status: z.number().int(), msg: z.string() });
export type Esito = z.infer<typeof esito>;

/** Body of every protocol error (4xx/5xx). */
export const erroreApi = z.object({
  status: z.number().int().optional(),
  msg: z.string(),
  requestId: z.string().optional(),
  manutenzione: z.number().int().optional(),
});
