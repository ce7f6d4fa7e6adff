/**
 * Sales agents (docs/regole/agenti.md): constants and texts the SPA and the server share, with no
 * schema (the SPA's first load builds none).
 */

/** The account kind of an agent (utenti.tipologia_account). */
export const TIPOLOGIA_AGENTE = 'agente';

/** A client not ordering for this many days stands out in the portfolio. */
export const GIORNI_SENZA_ORDINI = 60;

/** The most clients one portfolio answer carries (an agent's portfolio is a few hundred). */
export const MAX_CLIENTI_PORTAFOGLIO = 2000;
/** The customer page's lists. */
export const MAX_ULTIMI_ORDINI = 10;
export const MAX_PRODOTTI_ABITUALI = 20;
export const MAX_DOCUMENTI_AGENTE = 10;

export const MSG_AGENTI = {
  soloAgenti: 'Funzione riservata agli agenti di commercio.',
  nonInPortafoglio: 'Questo cliente non è nel tuo portafoglio.',
  nonConsentito: "Un agente non può gestire le persone, i ruoli, i limiti né le approvazioni del cliente.",
  preventiviAiClienti: 'I preventivi del cliente ai suoi clienti sono solo suoi: un agente non li vede.',
  entrato: (nome: string) => `Stai ordinando per ${nome}.`,
  uscito: 'Sei tornato al tuo portafoglio clienti.',
  banner: (nome: string) => `Stai ordinando per ${nome}`,
  inseritoDa: (nome: string) => `Ordine inserito dal tuo agente ${nome}`,
  chiaveNonValida: 'Richiesta non valida: ricarica la pagina e riprova.',
  aggiunto: (quantita: string, prodotto: string, cliente: string) => `${quantita} × ${prodotto} nel carrello di ${cliente}.`,
  giaAggiunto: 'Aggiunta già registrata: il carrello non è cambiato.',
} as const;

/**
 * A commission's states (import kind `provvigioni`, docs/regole/agenti.md#commissions): the document
 * is issued and the client has not paid it yet; due to the agent (the client paid); paid to the agent.
 */
export const STATI_PROVVIGIONE = ['da_maturare', 'maturata', 'liquidata'] as const;
export type StatoProvvigione = (typeof STATI_PROVVIGIONE)[number];
export const ETICHETTE_STATO_PROVVIGIONE: Record<StatoProvvigione, string> = {
  da_maturare: 'Da maturare', maturata: 'Maturata', liquidata: 'Liquidata',
};
/** The commissions a client's page lists (newest documents first); its totals count them all. */
export const MAX_PROVVIGIONI_CLIENTE = 50;

export const LIMITI_AGENTE = { nome: 100, codice: 20, ricerca: 100 } as const;

export const MSG_AGENTI_ADMIN = {
  campiObbligatori: 'Per favore, riempi tutti i campi richiesti.',
  passwordObbligatoria: 'La password è obbligatoria per un nuovo agente.',
  codiceNonValido: "Codice agente non valido: lettere, cifre, '-' e '_'.",
  codiceUsato: 'Codice agente già utilizzato da un altro agente.',
  usernameUsato: 'Username già utilizzato da un altro utente.',
  sconosciuto: 'Agente non trovato.',
  clienteSconosciuto: 'Cliente non trovato.',
  inserito: 'Agente inserito correttamente.',
  aggiornato: 'Agente aggiornato correttamente.',
  abilitato: 'Accesso dell\'agente abilitato.',
  disabilitato: 'Accesso dell\'agente disabilitato.',
  aggiunto: 'Cliente aggiunto al portafoglio.',
  giaPresente: 'Il cliente è già nel portafoglio.',
  tolto: 'Cliente tolto dal portafoglio.',
  nonPresente: 'Il cliente non è nel portafoglio.',
} as const;
