import { z } from 'zod';
import { CODICI_ERRORE } from './codici-errore.js';

/** The value 1 (an enum rather than a literal: the OpenAPI document's components have no `const`). */
const uno = z.enum({ si: 1 });

/**
 * The body of every error answer. `manutenzione` and `cambio_password` are the flags older clients
 * read (a 503 {manutenzione: 1} is documented to API clients); they only repeat `code`. `campi`, on
 * a 400 `dati_non_validi` that concerns fields, names each one (its path, dotted: `nome`,
 * `budgets.3.budget`) with its own message, so that a form shows it under the field.
 */
export const erroreApi = z.object({
  code: z.enum(CODICI_ERRORE),
  msg: z.string(),
  requestId: z.string(),
  manutenzione: uno.optional(),
  cambio_password: uno.optional(),
  campi: z.record(z.string(), z.string()).optional()
    .meta({ description: 'I campi rifiutati (percorso puntato, es. `nome` o `budgets.3.budget`) con il messaggio di ciascuno' }),
}).meta({ id: 'Errore' });
export type ErroreApi = z.infer<typeof erroreApi>;
