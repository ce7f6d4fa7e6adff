import type { FastifyRequest } from 'fastify';
import { MSG_AGENTI } from '../../shared/agenti-costanti.js';
import type { UtenteSessione } from '../auth/utente-sessione.js';
import { hashToken, tokenSessione } from '../auth/sessioni.js';
import type { Deps } from '../deps.js';
import { forbidden, unauthorized } from '../lib/errors.js';
import { clienteDelPortafoglio } from './agenti.queries.js';

/** The session user when an agent (403 for anyone else: the portfolio's calls are theirs alone). */
export function soloAgente(utente: UtenteSessione): UtenteSessione & { agente: NonNullable<UtenteSessione['agente']> } {
  if (!utente.agente) throw forbidden(MSG_AGENTI.soloAgenti);
  return utente as UtenteSessione & { agente: NonNullable<UtenteSessione['agente']> };
}

/** The client these codes name in the agent's portfolio; 403 when it is not there (or does not exist). */
export async function delPortafoglio(deps: Deps, agenteId: number, codes: { azienda_codice: string; cliente_codice: string }) {
  const c = await clienteDelPortafoglio(deps.db, agenteId, codes);
  if (!c) throw forbidden(MSG_AGENTI.nonInPortafoglio);
  return c;
}

/**
 * Sets the client the agent's session acts for (null: back to the portfolio), on the session row
 * of this request: its trigger makes every process forget the session user, this one at once. The
 * same request twice sets the same value (docs/regole/agenti.md#acting-for-a-client).
 */
export async function agisciPer(deps: Deps, req: FastifyRequest, clienteId: number | null): Promise<void> {
  const token = tokenSessione(req, 'cliente', deps.config.env);
  if (!token) throw unauthorized();
  const tokenHash = hashToken(token);
  await deps.db.$client`UPDATE sessioni SET agente_cliente_id = ${clienteId}
    WHERE token_hash = ${tokenHash} AND tipo = 'cliente' AND agente_cliente_id IS DISTINCT FROM ${clienteId}`;
  deps.sessioniRecenti.forget(tokenHash);
}
