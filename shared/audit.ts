import { z } from 'zod';
import { intParam, limitParam, startParam, testo } from './common.js';
import { contract } from './contract.js';

/** One change made by an admin, as the 'Storico modifiche' of a user or a client shows it. */
export const modifica = z.object({
  id: z.number().int(),
  created_at: z.string(),
  admin_username: z.string(),
  azione: z.string(),
  entita: z.string(),
  entita_id: z.string().nullable(),
  utente_id: z.number().int().nullable(),
  cliente_id: z.number().int().nullable(),
  dettagli: z.record(z.string(), z.unknown()),
});
export type Modifica = z.infer<typeof modifica>;

/** The kinds of record whose own history a screen shows (besides users and clients). */
export const ENTITA_STORICO = ['prodotto', 'categoria'] as const;
export type EntitaStorico = (typeof ENTITA_STORICO)[number];

export const storicoQuery = z.object({
  utente_id: intParam('utente_id non valido').optional(),
  cliente_id: intParam('cliente_id non valido').optional(),
  /** With entita_id: the history of one record, e.g. a product by its code. */
  entita: z.enum(ENTITA_STORICO, { error: `entita deve essere uno tra: ${ENTITA_STORICO.join(', ')}` }).optional(),
  entita_id: testo().trim().min(1, 'entita_id mancante').max(100, 'entita_id troppo lungo').optional(),
  start: startParam,
  limit: limitParam,
}).refine((q) => (q.entita === undefined) === (q.entita_id === undefined), {
  message: 'entita ed entita_id vanno indicati insieme', path: ['entita_id'],
});

/** The audit trail of admin changes (every admin mutation writes one row). */
export const auditApi = {
  storico: contract({
    path: 'modifiche/read', methods: ['GET'], access: 'admin', tag: 'Amministrazione',
    summary: "Storico modifiche: le modifiche degli amministratori, di un utente, di un cliente o di un prodotto o una categoria, dalla più recente",
    input: storicoQuery, response: z.object({ modifiche: z.array(modifica), totale: z.number().int() }),
  }),
};
