import { MSG_AGENTI } from '../../shared/agenti-costanti.js';
import type { SessioniRecenti } from '../auth/sessioni-recenti.js';
import type { UtenteSessione } from '../auth/utente-sessione.js';
import { aggiungiUnaVolta } from '../carrello/carrello.service.js';
import { type Db, inTransazione } from '../db/client.js';
import { forbidden } from '../lib/errors.js';
import { registraEvento } from '../organizzazione/eventi.js';
import { clienteDelPortafoglio } from './agenti.queries.js';

/** The session user when an agent (403 for anyone else: the portfolio's calls are theirs alone). */
export function soloAgente(utente: UtenteSessione): UtenteSessione & { agente: NonNullable<UtenteSessione['agente']> } {
  if (!utente.agente) throw forbidden(MSG_AGENTI.soloAgenti);
  return utente as UtenteSessione & { agente: NonNullable<UtenteSessione['agente']> };
}

/** The client these codes name in the agent's portfolio; 403 when it is not there (or does not exist). */
export async function delPortafoglio(db: Db, agenteId: number, codes: { azienda_codice: string; cliente_codice: string }) {
  const c = await clienteDelPortafoglio(db, agenteId, codes);
  if (!c) throw forbidden(MSG_AGENTI.nonInPortafoglio);
  return c;
}

/**
 * Sets the client the agent's session (by its token's hash) acts for, null: back to the portfolio.
 * The session row's trigger makes every process forget the session user; this one forgets it at
 * once. The same request twice sets the same value (docs/regole/agenti.md#acting-for-a-client);
 * entering a client is recorded once in its history (docs/regole/agenti.md#history).
 */
export async function agisciPer(
  db: Db, sessioni: SessioniRecenti, tokenHash: string, agente: { id: number; nome: string; cognome: string }, clienteId: number | null,
): Promise<void> {
  await inTransazione(db, async (tx) => {
    const cambiate = await tx.$client`UPDATE sessioni SET agente_cliente_id = ${clienteId}
      WHERE token_hash = ${tokenHash} AND tipo = 'cliente' AND agente_cliente_id IS DISTINCT FROM ${clienteId} RETURNING 1`;
    if (cambiate.length > 0 && clienteId !== null) {
      // The agent's name as their orders record it (inserito_da_agente).
      const autore = { utenteId: agente.id, nome: `${agente.nome} ${agente.cognome}`.trim() };
      await registraEvento(tx, { clienteId, autore, azione: 'agente_entra', soggetto: autore });
    }
  });
  sessioni.forget(tokenHash);
}

/**
 * The one tap (docs/regole/agenti.md#one-tap): the product goes into the agent's cart for the
 * client, once per tap's key, then the session acts for the client (if it did not already). A
 * refused product changes neither.
 */
export async function aggiungiPerCliente(
  db: Db, sessioni: SessioniRecenti, tokenHash: string, agente: { id: number; nome: string; cognome: string }, clienteId: number,
  r: { codice_prodotto: string; quantita: number; chiave: string },
): Promise<{ quantita: number; aggiunto: boolean }> {
  const esito = await aggiungiUnaVolta(db, agente.id, clienteId, r);
  await agisciPer(db, sessioni, tokenHash, agente, clienteId);
  return esito;
}
