import type { AzioneOrganizzazione } from '../../shared/organizzazione-costanti.js';
import type { Db } from '../db/client.js';

/** Who acted: a user of the client (a Titolare, an approver), the wholesaler's staff, or the portal itself (an expiry). */
export type AutoreEvento =
  | { utenteId: number; nome: string }
  | { adminId: number; nome: string }
  | { sistema: true };

export interface NuovoEvento {
  clienteId: number;
  autore: AutoreEvento;
  azione: AzioneOrganizzazione;
  /** The person the change is about, with their name as it is now (kept if they are deleted). */
  soggetto?: { utenteId: number; nome: string };
  /** What changed (before and after), an order's id: shown in the history, never a password or a token. */
  dettagli?: Record<string, unknown>;
}

/**
 * Records a change to a client's people or an approval in its history (docs/regole/organizzazione.md#history).
 * Pass the change's own transaction, so that both commit or neither. The details go as JSON text:
 * the pool's custom `types` (server/db/client.ts) leave postgres.js without its json serializer.
 */
export async function registraEvento(db: Db, e: NuovoEvento): Promise<void> {
  // Text cast to jsonb, as crea_ordine's argument: sql.json()'s parameter is re-typed jsonb by the
  // prepared statement's description, which postgres.js has no serializer for (a TypeError).
  const a = e.autore;
  await db.$client`
    INSERT INTO eventi_organizzazione
      (cliente_id, autore_utente_id, autore_admin_id, autore_nome, soggetto_utente_id, soggetto_nome, azione, dettagli)
    VALUES (${e.clienteId}, ${'utenteId' in a ? a.utenteId : null}, ${'adminId' in a ? a.adminId : null},
      ${'sistema' in a ? 'Portale' : a.nome}, ${e.soggetto?.utenteId ?? null}, ${e.soggetto?.nome ?? ''}, ${e.azione},
      ${JSON.stringify(e.dettagli ?? {})}::jsonb)`;
}
