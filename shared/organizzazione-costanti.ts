/**
 * The customer's own organisation (docs/regole/organizzazione.md): each link of a user to a client
 * has one role, written as these codes in every call; the labels are the screens'.
 */
export const RUOLI = ['titolare', 'acquisti', 'operatore', 'consultazione'] as const;
export type Ruolo = (typeof RUOLI)[number];
export const ETICHETTE_RUOLO: Record<Ruolo, string> = {
  titolare: 'Titolare', acquisti: 'Acquisti', operatore: 'Operatore', consultazione: 'Consultazione',
};

/** A person's state on a client: invited until the link is used, suspended by a Titolare or the staff. */
export const STATI_PERSONA = ['attivo', 'invitato', 'sospeso'] as const;
export type StatoPersona = (typeof STATI_PERSONA)[number];
export const ETICHETTE_STATO_PERSONA: Record<StatoPersona, string> = { attivo: 'Attivo', invitato: 'Invitato', sospeso: 'Sospeso' };

/** An order held over a limit: waiting, then decided or expired (ordini.approvazione). */
export const STATI_APPROVAZIONE = ['in_attesa', 'approvato', 'rifiutato', 'scaduto'] as const;
export type StatoApprovazione = (typeof STATI_APPROVAZIONE)[number];

/** How long an invitation link works, from when it was (re)sent. */
export const GIORNI_INVITO = 7;
/** How long an order waits for approval unless the setting says otherwise. */
export const GIORNI_APPROVAZIONE_PREDEFINITI = 7;
/** The range of that setting (impostazioni 'giorni_approvazione', the admin page Impostazioni). */
export const LIMITI_GIORNI_APPROVAZIONE = { min: 1, max: 90 } as const;

/**
 * What a call may need beyond a client of the session (a contract's `permesso`, checked on the
 * server with the client's role and switches; 403 with MSG_PERMESSO otherwise):
 * - `ordinare`: confirm an order (not Consultazione);
 * - `tutti_gli_ordini`: every order of the client, not only one's own (Titolare, Acquisti);
 * - `approvare`: decide others' orders held for approval (Titolare, Acquisti);
 * - `organizzazione`: the client's people, their roles and limits, and the history (Titolare);
 * - `documenti`: documents and the credit line (the person's switch);
 * - `prezzi_netti`: what shows the client's net prices as such, never replaced by list prices (the
 *   installer's quotes to their customers, built on their cost: the `vede_prezzi` switch).
 */
export const PERMESSI = ['ordinare', 'tutti_gli_ordini', 'approvare', 'organizzazione', 'documenti', 'preventivi_cliente'] as const;
export type Permesso = (typeof PERMESSI)[number];

const RUOLI_DEL_PERMESSO: Record<Exclude<Permesso, 'documenti' | 'preventivi_cliente'>, readonly Ruolo[]> = {
  ordinare: ['titolare', 'acquisti', 'operatore'],
  tutti_gli_ordini: ['titolare', 'acquisti'],
  approvare: ['titolare', 'acquisti'],
  organizzazione: ['titolare'],
};

/**
 * What a sales agent acting for a client never does (docs/regole/agenti.md#acting-for-a-client):
 * manage its people, roles and limits, approve, or see the installer's own quotes.
 */
export const NEGATI_AGENTE: ReadonlySet<Permesso> = new Set(['organizzazione', 'approvare', 'preventivi_cliente']);

/** Whether a person with this role and switches on a client (or an agent acting for it) may do it. */
export function consente(c: { ruolo: Ruolo; vedeDocumenti: boolean; vedePrezzi: boolean; agente?: boolean }, p: Permesso): boolean {
  if (c.agente && NEGATI_AGENTE.has(p)) return false;
  if (p === 'documenti') return c.vedeDocumenti;
  if (p === 'preventivi_cliente') return c.vedePrezzi;
  return RUOLI_DEL_PERMESSO[p].includes(c.ruolo);
}

export const MSG_PERMESSO: Record<Permesso, string> = {
  ordinare: 'Il tuo ruolo non permette di confermare ordini: puoi inviare il carrello in approvazione.',
  tutti_gli_ordini: 'Il tuo ruolo permette di vedere solo i tuoi ordini.',
  approvare: 'Il tuo ruolo non permette di approvare ordini.',
  organizzazione: "Solo il titolare gestisce le persone dell'azienda.",
  documenti: 'Non sei abilitato a vedere documenti e fido.',
  preventivi_cliente: 'Non sei abilitato a vedere i prezzi netti: i preventivi ai tuoi clienti partono dal tuo costo.',
};

/** What the organisation's history records (eventi_organizzazione.azione), with its words for the screens. */
export const ETICHETTE_EVENTO = {
  invito: 'Persona invitata',
  invito_reinviato: 'Invito inviato di nuovo',
  invito_accettato: 'Invito accettato',
  collegamento: 'Persona collegata',
  ruolo: 'Ruolo cambiato',
  limiti: 'Limiti cambiati',
  permessi: 'Visibilità cambiata',
  sospensione: 'Persona sospesa',
  riattivazione: 'Persona riattivata',
  rimozione: 'Persona rimossa',
  ordine_in_approvazione: 'Ordine in attesa di approvazione',
  ordine_approvato: 'Ordine approvato',
  ordine_rifiutato: 'Ordine rifiutato',
  ordine_scaduto: 'Approvazione scaduta',
  agente_entra: "L'agente è entrato come cliente",
  agente_ordine: "Ordine inserito dall'agente",
  agente_preventivo: "Preventivo richiesto dall'agente",
  agente_reso: "Reso richiesto dall'agente",
} as const;
export type AzioneOrganizzazione = keyof typeof ETICHETTE_EVENTO;
