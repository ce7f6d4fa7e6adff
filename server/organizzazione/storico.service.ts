import { ETICHETTE_EVENTO } from '../../shared/organizzazione-costanti.js';
import type { EventoStorico } from '../../shared/organizzazione.js';
import type { ClienteSessione } from '../auth/utente-sessione.js';
import type { Db } from '../db/client.js';

type Riga = Omit<EventoStorico, 'etichetta'>;

/**
 * organizzazione/storico: the client's history newest first, a page at a time, optionally only the
 * changes about one person (by their code); on eventi_organizzazione_cliente_idx, or _soggetto_idx
 * with a person (a sales agent too: what they did in the client's name names them,
 * docs/regole/agenti.md#history). A person deleted since keeps their name, without a code.
 */
export async function storico(
  db: Db, cliente: ClienteSessione, input: { utente_codice_persona?: string; start: number; limit: number },
): Promise<{ eventi: EventoStorico[]; totale: number; agenti: { utente_codice: string; nominativo: string }[] }> {
  const sql = db.$client;
  const persona = input.utente_codice_persona === undefined ? sql``
    : sql`AND e.soggetto_utente_id = (SELECT id FROM utenti WHERE codice = ${input.utente_codice_persona})`;
  const righe = await sql<Riga[]>`
    SELECT e.id::int AS id, e.azione, e.autore_nome AS autore, e.soggetto_nome AS persona, u.codice AS persona_codice,
      iso_utc(e.created_at) AS created_at, e.dettagli
    FROM eventi_organizzazione e LEFT JOIN utenti u ON u.id = e.soggetto_utente_id
    WHERE e.cliente_id = ${cliente.id} ${persona}
    ORDER BY e.created_at DESC, e.id DESC
    LIMIT ${input.limit} OFFSET ${input.start}`;
  const [conto] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM eventi_organizzazione e WHERE e.cliente_id = ${cliente.id} ${persona}`;
  // The client's agents (agenti_clienti_cliente_idx): the person filter names them too.
  const agenti = await sql<{ utente_codice: string; nominativo: string }[]>`
    SELECT u.codice AS utente_codice, trim(u.nome || ' ' || u.cognome) AS nominativo FROM agenti_clienti ac JOIN utenti u ON u.id = ac.agente_id
    WHERE ac.cliente_id = ${cliente.id} ORDER BY 2, u.id`;
  return {
    eventi: righe.map((r) => ({
      ...r,
      etichetta: (ETICHETTE_EVENTO as Record<string, string>)[r.azione] ?? r.azione,
    })),
    totale: conto!.n,
    agenti: [...agenti],
  };
}
