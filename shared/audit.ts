import { z } from 'zod';
import { intParam, paginaDi, paginazione, testo } from './common.js';
import { contract } from './contract.js';

/** Every action the server records in the audit trail (server/audit: registraModifica takes only these). */
export type AzioneAudit =
  | 'budget.salva' | 'cliente.blocca_oltre_fido'
  | 'utente.crea' | 'utente.modifica' | 'utente.cancella' | 'utente.abilita' | 'utente.disabilita'
  | 'utente.credenziali' | 'utente.fatturato_metrica' | 'utente.collegamento'
  | 'prodotto.modifica' | 'prodotto.foto.principale' | 'prodotto.foto.nessuna_principale'
  | 'prodotto.media.carica' | 'prodotto.media.cancella'
  | 'categoria.attiva' | 'categoria.disattiva'
  | 'dispositivo.autorizza' | 'dispositivo.disabilita' | 'lista_attesa.cancella'
  | 'multimedia.crea' | 'multimedia.modifica' | 'multimedia.file' | 'multimedia.ordina' | 'multimedia.cancella'
  | 'impostazioni.aggiorna' | 'manutenzione.cambia'
  | 'ordine.reinvia_erp'
  | 'token.crea' | 'token.revoca'
  | 'reso.autorizza' | 'reso.rifiuta' | 'reso.ricevi' | 'reso.verifica' | 'reso.chiudi' | 'resi.politica'
  | 'preventivo.crea' | 'preventivo.presa' | 'preventivo.risposta' | 'preventivo.domanda' | 'preventivo.riapertura'

  | 'agente.crea' | 'agente.modifica' | 'agente.abilita' | 'agente.disabilita' | 'agente.cliente_aggiunto' | 'agente.cliente_tolto';

/** Each action in words, as 'Storico modifiche' shows it: the type checker wants one for every action. */
export const ETICHETTE_AZIONI: Record<AzioneAudit, string> = {
  'preventivo.crea': 'Preventivo aperto per un cliente',
  'preventivo.presa': 'Preventivo preso in carico',
  'preventivo.risposta': 'Preventivo: offerta inviata',
  'preventivo.domanda': 'Preventivo: informazioni chieste al cliente',
  'preventivo.riapertura': 'Preventivo riaperto',
  'budget.salva': 'Budget salvati',
  'reso.autorizza': 'Reso autorizzato',
  'reso.rifiuta': 'Reso rifiutato',
  'reso.ricevi': 'Reso ricevuto',
  'reso.verifica': 'Reso verificato',
  'reso.chiudi': 'Reso chiuso',
  'resi.politica': 'Politica dei resi cambiata',
  'cliente.blocca_oltre_fido': 'Blocco oltre fido cambiato',
  'utente.crea': 'Utente creato',
  'utente.modifica': 'Utente modificato',
  'utente.cancella': 'Utente cancellato',
  'utente.abilita': 'Login abilitato',
  'utente.disabilita': 'Login disabilitato',
  'utente.credenziali': 'Credenziali inviate',
  'utente.fatturato_metrica': 'Fatturato Metrica modificato',
  'utente.collegamento': 'Ruolo, limiti o visibilità sul cliente cambiati',
  'prodotto.modifica': 'Prodotto modificato',
  'categoria.attiva': 'Categoria attivata',
  'categoria.disattiva': 'Categoria disattivata',
  'prodotto.foto.principale': 'Foto principale scelta',
  'prodotto.foto.nessuna_principale': 'Foto principale tolta',
  'prodotto.media.carica': 'Foto o allegato caricato',
  'prodotto.media.cancella': 'Foto o allegato cancellato',
  'dispositivo.autorizza': 'Dispositivo abilitato',
  'dispositivo.disabilita': 'Dispositivo disabilitato',
  'multimedia.crea': 'Contenuto multimediale creato',
  'multimedia.modifica': 'Contenuto multimediale modificato',
  'multimedia.file': 'File multimediale sostituito',
  'multimedia.ordina': 'Ordine dei contenuti multimediali cambiato',
  'multimedia.cancella': 'Contenuto multimediale cancellato',
  'impostazioni.aggiorna': 'Impostazioni aggiornate',
  'manutenzione.cambia': 'Modalità manutenzione cambiata',
  'lista_attesa.cancella': 'Dispositivi in attesa e tentativi di accesso cancellati',
  'ordine.reinvia_erp': 'Ordine reinviato al gestionale',
  'token.crea': 'Token API creato',
  'token.revoca': 'Token API revocato',
  'agente.crea': 'Agente creato',
  'agente.modifica': 'Agente modificato',
  'agente.abilita': 'Agente abilitato',
  'agente.disabilita': 'Agente disabilitato',
  'agente.cliente_aggiunto': "Cliente aggiunto al portafoglio dell'agente",
  'agente.cliente_tolto': "Cliente tolto dal portafoglio dell'agente",
};

/** An action in words; one recorded by an older version of the portal shows as it was stored. */
export function etichettaAzione(azione: string): string {
  return Object.hasOwn(ETICHETTE_AZIONI, azione) ? ETICHETTE_AZIONI[azione as AzioneAudit] : azione;
}

/** One change made by an admin, as the 'Storico modifiche' of a user or a client shows it. */
export const modifica = z.object({
  id: z.number().int(),
  created_at: z.string(),
  admin_username: z.string(),
  /** An AzioneAudit; typed as text because the trail keeps the actions of earlier versions too. */
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
  ...paginazione(),
}).refine((q) => (q.entita === undefined) === (q.entita_id === undefined), {
  message: 'entita ed entita_id vanno indicati insieme', path: ['entita_id'],
});

/** The audit trail of admin changes (every admin mutation writes one row). */
export const auditApi = {
  storico: contract({
    path: 'modifiche/read', methods: ['GET'], access: 'admin', tag: 'Amministrazione',
    summary: "Storico modifiche: le modifiche degli amministratori, di un utente, di un cliente o di un prodotto o una categoria, dalla più recente",
    input: storicoQuery, response: paginaDi('modifiche', modifica),
  }),
};
