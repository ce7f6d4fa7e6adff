import { ETICHETTE_RUOLO, type AzioneOrganizzazione, type Ruolo } from '../../shared/organizzazione-costanti.js';
import { MSG_UTENTI, type CollegamentoRequest, type UtenteAdmin } from '../../shared/utenti.js';
import type { Esito } from '../../shared/common.js';
import { registraModifica } from '../audit/audit.service.js';
import type { AdminSessione } from '../auth/utente-sessione.js';
import { type Db, inTransazione } from '../db/client.js';
import { HttpError, notFound } from '../lib/errors.js';
import { registraEvento } from '../organizzazione/eventi.js';
import { collegamentoJson } from './utenti.queries.js';

interface Collegamento {
  utente_id: number;
  nome: string;
  ruolo: Ruolo;
  stato: string;
  limite_ordine: string | null;
  budget_mensile: string | null;
  vede_prezzi: boolean;
  vede_documenti: boolean;
}

type Valori = Pick<Collegamento, 'ruolo' | 'stato' | 'limite_ordine' | 'budget_mensile' | 'vede_prezzi' | 'vede_documenti'>;

/** A limit as numeric(12, 2) text, as Postgres answers it, so that an unchanged one compares equal. */
const testoLimite = (n: number | null) => (n === null ? null : n.toFixed(2));

/** Each change as the organisation's history names it (a change of several kinds: one event each). */
function azioniEvento(prima: Valori, dopo: Valori): AzioneOrganizzazione[] {
  const a: AzioneOrganizzazione[] = [];
  if (prima.ruolo !== dopo.ruolo) a.push('ruolo');
  if (prima.limite_ordine !== dopo.limite_ordine || prima.budget_mensile !== dopo.budget_mensile) a.push('limiti');
  if (prima.vede_prezzi !== dopo.vede_prezzi || prima.vede_documenti !== dopo.vede_documenti) a.push('permessi');
  if (prima.stato !== dopo.stato) a.push(dopo.stato === 'sospeso' ? 'sospensione' : 'riattivazione');
  return a;
}

/**
 * utenti/collegamento (docs/regole/organizzazione.md#the-wholesalers-staff): the staff change a
 * user's role, limits, switches or suspension on one client. Every link of the client is locked
 * first, so that two changes of its Titolari at once are judged one after the other and the client
 * keeps an active Titolare (409 `ultimo_titolare` otherwise, nothing changed). A change that changes nothing
 * records nothing (a click repeated); a real one is recorded in the admin audit trail and in the
 * client's own history, in its transaction. The session cache learns it from the links' trigger.
 */
export async function cambiaCollegamento(
  db: Db, admin: AdminSessione, input: CollegamentoRequest,
): Promise<Esito & { collegamento?: UtenteAdmin['clienti'][number] }> {
  return inTransazione(db, async (tx) => {
    const sql = tx.$client;
    const links = await sql<Collegamento[]>`
      SELECT uc.utente_id, trim(u.nome || ' ' || u.cognome) AS nome, uc.ruolo, uc.stato, uc.limite_ordine::text,
        uc.budget_mensile::text, uc.vede_prezzi, uc.vede_documenti
      FROM utenti_clienti uc JOIN utenti u ON u.id = uc.utente_id
      WHERE uc.cliente_id = ${input.cliente_id}
      ORDER BY uc.utente_id FOR UPDATE OF uc`;
    const prima = links.find((l) => l.utente_id === input.utente_id);
    if (!prima) throw notFound(MSG_UTENTI.collegamentoSconosciuto);
    const dopo: Valori = {
      ruolo: input.ruolo ?? prima.ruolo,
      // Reactivating gives back an invited person's state only once they accepted: 'attivo' from 'sospeso'.
      stato: input.sospeso === undefined ? prima.stato : input.sospeso ? 'sospeso' : prima.stato === 'sospeso' ? 'attivo' : prima.stato,
      limite_ordine: input.limite_ordine === undefined ? prima.limite_ordine : testoLimite(input.limite_ordine),
      budget_mensile: input.budget_mensile === undefined ? prima.budget_mensile : testoLimite(input.budget_mensile),
      vede_prezzi: input.vede_prezzi ?? prima.vede_prezzi,
      vede_documenti: input.vede_documenti ?? prima.vede_documenti,
    };
    const titolare = (v: Valori) => v.ruolo === 'titolare' && v.stato === 'attivo';
    const altriTitolari = links.filter((l) => l.utente_id !== input.utente_id && titolare(l)).length;
    if (titolare(prima) && !titolare(dopo) && altriTitolari === 0) throw new HttpError(409, 'ultimo_titolare', MSG_UTENTI.ultimoTitolare);
    const azioni = azioniEvento(prima, dopo);
    if (azioni.length > 0) {
      await sql`
        UPDATE utenti_clienti SET ruolo = ${dopo.ruolo}, stato = ${dopo.stato}, limite_ordine = ${dopo.limite_ordine}::numeric,
          budget_mensile = ${dopo.budget_mensile}::numeric, vede_prezzi = ${dopo.vede_prezzi}, vede_documenti = ${dopo.vede_documenti}
        WHERE utente_id = ${input.utente_id} AND cliente_id = ${input.cliente_id}`;
      const cambiati = (Object.keys(dopo) as (keyof Valori)[]).filter((k) => prima[k] !== dopo[k]);
      const dettagli = {
        prima: Object.fromEntries(cambiati.map((k) => [k, prima[k]])),
        dopo: Object.fromEntries(cambiati.map((k) => [k, dopo[k]])),
      };
      await registraModifica(tx, admin, {
        azione: 'utente.collegamento', entita: 'utente', entitaId: input.utente_id, utenteId: input.utente_id, clienteId: input.cliente_id,
        dettagli: { ...dettagli, ...(prima.ruolo !== dopo.ruolo ? { ruolo: ETICHETTE_RUOLO[dopo.ruolo] } : {}) },
      });
      const autore = { adminId: admin.id, nome: `${admin.nome} ${admin.cognome}`.trim() || admin.username };
      for (const azione of azioni) {
        await registraEvento(tx, {
          clienteId: input.cliente_id, autore, azione, soggetto: { utenteId: input.utente_id, nome: prima.nome }, dettagli,
        });
      }
    }
    const [collegamento] = await sql<{ c: UtenteAdmin['clienti'][number] }[]>`
      SELECT ${collegamentoJson(sql)} AS c
      FROM utenti_clienti uc JOIN clienti c ON c.id = uc.cliente_id JOIN aziende a ON a.codice = c.azienda_codice
      WHERE uc.utente_id = ${input.utente_id} AND uc.cliente_id = ${input.cliente_id}`;
    return { status: 0, msg: MSG_UTENTI.collegamentoAggiornato, collegamento: collegamento!.c };
  });
}
