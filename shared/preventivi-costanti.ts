/**
 * Quotes between a customer and the wholesaler (issue 37): states, labels, bounds and words,
 * without zod: the screens import them (docs/decisions/zod-nel-browser.md); the contracts are in preventivi.ts.
 */

/** The one stored state of a quote; both labels are derived from it (and from its validity). */
export const STATI_PREVENTIVO = [
  'inviata', 'presa_in_carico', 'info_richiesta', 'offerta', 'revisione', 'accettata', 'ordinata', 'rifiutata', 'scaduta', 'annullata',
] as const;
export type StatoPreventivo = (typeof STATI_PREVENTIVO)[number];

export const STATI_CLIENTE = [
  'Inviata', 'In lavorazione', 'Risposta ricevuta', 'Serve una tua risposta', 'Accettata', 'Ordinata', 'Rifiutata', 'Scaduta', 'Annullata',
] as const;
export type StatoCliente = (typeof STATI_CLIENTE)[number];

export const STATI_STAFF = [
  'Nuova', 'Presa in carico', 'In attesa del cliente', 'Offerta inviata', 'Chiusa vinta', 'Chiusa persa', 'Scaduta',
] as const;
export type StatoStaff = (typeof STATI_STAFF)[number];

/**
 * The state as read now: an offer past its validity is expired even before the daily job marks it,
 * so that nothing can accept it in between.
 */
export function statoEffettivo(stato: StatoPreventivo, scadeAt: Date | string | null, ora = new Date()): StatoPreventivo {
  return stato === 'offerta' && scadeAt !== null && new Date(scadeAt) <= ora ? 'scaduta' : stato;
}

export const ETICHETTA_CLIENTE: Record<StatoPreventivo, StatoCliente> = {
  inviata: 'Inviata',
  presa_in_carico: 'In lavorazione',
  revisione: 'In lavorazione',
  info_richiesta: 'Serve una tua risposta',
  offerta: 'Risposta ricevuta',
  accettata: 'Accettata',
  ordinata: 'Ordinata',
  rifiutata: 'Rifiutata',
  scaduta: 'Scaduta',
  annullata: 'Annullata',
};

export const ETICHETTA_STAFF: Record<StatoPreventivo, StatoStaff> = {
  inviata: 'Nuova',
  presa_in_carico: 'Presa in carico',
  revisione: 'Presa in carico',
  info_richiesta: 'In attesa del cliente',
  offerta: 'Offerta inviata',
  accettata: 'Chiusa vinta',
  ordinata: 'Chiusa vinta',
  rifiutata: 'Chiusa persa',
  annullata: 'Chiusa persa',
  scaduta: 'Scaduta',
};

/** The stored states each customer label filters on (elenco's `stato`). */
export const STATI_DI_ETICHETTA = Object.fromEntries(STATI_CLIENTE.map((e) => [
  e, STATI_PREVENTIVO.filter((s) => ETICHETTA_CLIENTE[s] === e),
])) as Record<StatoCliente, StatoPreventivo[]>;

/** The stored states each staff label filters on (the admin queue's `stato`). */
export const STATI_DI_ETICHETTA_STAFF = Object.fromEntries(STATI_STAFF.map((e) => [
  e, STATI_PREVENTIVO.filter((s) => ETICHETTA_STAFF[s] === e),
])) as Record<StatoStaff, StatoPreventivo[]>;

/** Where staff still have to act: the admin home's counter. */
export const STATI_DA_LAVORARE: readonly StatoPreventivo[] = ['inviata', 'presa_in_carico', 'revisione'];

/** Validity of an answer when the setting `giorni_validita_preventivo` is not there. */
export const GIORNI_VALIDITA_PREDEFINITI = 30;
export const MAX_GIORNI_VALIDITA = 365;
export const MAX_RIGHE_PREVENTIVO = 200;
export const MAX_ALLEGATI_PREVENTIVO = 5;
export const MAX_MESSAGGIO_PREVENTIVO = 2000;
export const MAX_NOTA_RIGA = 500;
/** The largest page of a list of quotes: the lists' largest page size (PAGE_SIZES). */
export const MAX_PREVENTIVI_PAGINA = 100;
/** The longest number typed in a filter (P2026/000123 and some room) and client code. */
export const MAX_FILTRO_NUMERO = 20;
export const MAX_FILTRO_CLIENTE = 40;

/** A discount chain on the customer's net: `40+10+5`, each step a percentage under 100 with up to two decimals. */
export const RE_SCONTI = /^(?:\d{1,2}(?:[.,]\d{1,2})?)(?:\+\d{1,2}(?:[.,]\d{1,2})?){0,5}$/;

/** The net price after a discount chain, to the cent's tenth (3 decimals, as unit prices are). */
export function applicaSconti(netto: number, sconti: string): number {
  const p = sconti.split('+').reduce((x, s) => x * (1 - Number(s.replace(',', '.')) / 100), netto);
  return Math.round(p * 1000) / 1000;
}

/** The number shown: P2026/000123. */
export const numeroPreventivo = (anno: number, progressivo: number) => `P${anno}/${String(progressivo).padStart(6, '0')}`;

/**
 * The states whose latest version's prices are the customer's to buy at (a valid offer, or the
 * version accepted): an installer's quote may start from them (docs/regole/preventivi-cliente.md#lines).
 */
export const STATI_CON_PREZZI_QUOTATI: readonly StatoPreventivo[] = ['offerta', 'accettata', 'ordinata'];

export const MSG_PREVENTIVI = {
  vuoto: 'Aggiungi almeno una riga al preventivo (un articolo del catalogo o una riga libera).',
  sconosciuto: 'Preventivo non trovato per questo cliente.',
  clienteSconosciuto: 'Cliente non trovato: controlla il codice azienda e il codice cliente.',
  utenteNonDelCliente: 'La persona indicata non è un utente di questo cliente.',
  sconosciuti: (codici: string[]) => `Prodotti non trovati nel catalogo: ${codici.join(', ')}.`,
  sostitutivoSconosciuto: (codice: string) => `Articolo sostitutivo ${codice} non trovato nel catalogo.`,
  prezzoOSconti: 'Per ogni riga indica un prezzo netto oppure una catena di sconti, non entrambi.',
  sconti: 'Sconti non validi: scrivi le percentuali separate da +, per esempio 40+10+5.',
  righeRisposta: 'Rispondi a tutte le righe della versione corrente, ognuna una volta sola.',
  rigaSconosciuta: (id: number) => `La riga ${id} non è nella versione corrente del preventivo.`,
  senzaPrezzo: (descrizione: string) => `Indica un prezzo per la riga «${descrizione}».`,
  nonRispondibile: (stato: string) => `Il preventivo è ${stato.toLowerCase()}: non si può più rispondere.`,
  giaPreso: (nome: string) => `Il preventivo è già in carico a ${nome}.`,
  scaduto: 'Il preventivo è scaduto: non si può più accettare. Usa «Richiedi di nuovo».',
  rifiutato: 'Il preventivo è stato rifiutato: non si può più accettare.',
  ordinato: (ordineId: number | null) => `Il preventivo è già stato ordinato${ordineId ? ` (ordine #${ordineId})` : ''}: non si può accettare di nuovo.`,
  superata: (versione: number, ultima: number) => `La versione ${versione} non è più valida: accetta la versione ${ultima}.`,
  nonAccettabile: (stato: string) => `Il preventivo è ${stato.toLowerCase()}: non c'è un'offerta da accettare.`,
  aumentata: (descrizione: string, max: number) => `Non si può aumentare la quantità di «${descrizione}»: al massimo ${max}.`,
  rigaAccetta: (id: number) => `La riga ${id} non è nella versione accettata.`,
  righeDoppie: 'Ogni riga una volta sola.',
  nessunaRiga: 'Tieni almeno una riga del catalogo per ordinare: per non ordinare nulla, rifiuta il preventivo.',
  confezioni: (codice: string, multiplo: number, minimo: number) =>
    `Quantità di ${codice} non in confezioni intere (multipli di ${multiplo}, minimo ${minimo}).`,
  nonRevisionabile: (stato: string) => `Il preventivo è ${stato.toLowerCase()}: non si può chiedere una revisione.`,
  nonRifiutabile: (stato: string) => `Il preventivo è ${stato.toLowerCase()}: non si può rifiutare.`,
  nonRiapribile: 'Si riapre solo un preventivo scaduto.',
  messaggio: 'Scrivi un messaggio.',
  motivo: 'Scrivi il motivo del rifiuto.',
  allegato: 'Allega solo PDF o immagini (JPG, PNG, GIF, WebP).',
} as const;

/** The wholesaler's conditions printed on every quote's PDF. */
export const CONDIZIONI_PREVENTIVO = [
  'Prezzi netti unitari, IVA esclusa, validi fino alla data indicata e per le quantità indicate (quantità minori alle stesse condizioni).',
  'Il preventivo si accetta dal portale: l\u2019ordine segue le condizioni generali di vendita, salvo il venduto e la disponibilità al momento dell\u2019ordine.',
  'I tempi di consegna sono indicativi, in giorni lavorativi dalla conferma d\u2019ordine.',
  'Pagamento e resa secondo le condizioni concordate con il cliente.',
] as const;

/** A quote's last valid day: its validity ends at scade_at, not included, so the day of the instant before. */
export const ultimoGiornoValido = (scadeAt: string): Date => new Date(new Date(scadeAt).getTime() - 1);
