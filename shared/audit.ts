import { z } from 'zod';
import { intParam, limitParam, startParam } from './common.js';
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

export const storicoQuery = z.object({
  utente_id: intParam('utente_id non valido').optional(),
  cliente_id: intParam('cliente_id non valido').optional(),
  start: startParam,
  limit: limitParam,
});

/** The audit trail of admin changes (every admin mutation writes one row). */
export const auditApi = {
  storico: contract({
    path: 'modifiche/read', methods: ['GET'], access: 'admin', tag: 'Amministrazione',
    summary: "Storico modifiche: le modifiche degli amministratori, di un utente o di un cliente, dalla più recente",
    input: storicoQuery, response: z.object({ modifiche: z.array(modifica), totale: z.number().int() }),
  }),
};
