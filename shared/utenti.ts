import { z } from 'zod';
import { esito, idParam, paginaDi, paginazione, testo } from './common.js';
import { contract } from './contract.js';
import { LIMITI_CREDENZIALI, MINUTI_LINK_PASSWORD } from './accesso-costanti.js';
import { RUOLI, STATI_PERSONA } from './organizzazione-costanti.js';

/**
 * Texts of the user screens (docs/regole/admin.md#users), of the server's refusals and of the
 * admin screens' own failures (the spec words none for the login toggle and the deletion).
 */
export const MSG_UTENTI = {
  inserito: 'Utente Inserito Correttamente',
  aggiornato: 'Utente Aggiornato Correttamente',
  cancellato: 'Utente cancellato con successo.',
  statoLogin: 'Stato login utente aggiornato con successo.',
  credenziali: 'Credenziali inviate con successo.',
  fatturato: 'Fatturato Metrica aggiornato correttamente.',
  campiObbligatori: 'Per favore, riempi tutti i campi richiesti.',
  almenoUnCliente: 'Per favore, seleziona almeno un cliente.',
  usernameUsato: 'Username già utilizzato da un altro utente.',
  usernameNonEmail: "Lo username dell'utente non è un indirizzo email: impossibile inviare le credenziali.",
  clienteSconosciuto: (ids: number[]) => `Cliente non trovato: ${ids.join(', ')}.`,
  utenteSconosciuto: 'Utente non trovato.',
  idNonDisponibile: 'ID utente non disponibile.',
  confermaCancella: 'Sei sicuro di voler cancellare questo utente?',
  confermaDisabilita: 'Sei sicuro di voler disabilitare questo utente?',
  confermaFatturato: 'Sei sicuro di voler modificare lo stato del Fatturato Metrica?',
  erroreFatturato: "Errore durante l'aggiornamento del Fatturato Metrica.",
  /** Followed by the server's msg. */
  problemaCredenziali: "Si è verificato un problema durante l'invio delle credenziali. ",
  erroreCredenziali: "Errore durante l'invio delle credenziali.",
  emailMancante: 'Attenzione: email mancante.',
  campiCompilati: 'Campi compilati correttamente',
  collegamentoAggiornato: 'Ruolo, limiti e visibilità aggiornati.',
  collegamentoSconosciuto: "L'utente non è collegato a questo cliente.",
  ultimoTitolare: 'Il cliente deve avere almeno un titolare attivo: nomina prima un altro titolare.',
  nessunaModifica: 'Nessuna modifica da salvare.',
  erroreStatoLogin: "Errore durante l'aggiornamento dello stato login.",
  erroreCancella: "Errore durante la cancellazione dell'utente.",
} as const;

/** Texts of password/cambia and of the gate that waits for it. */
export const MSG_PASSWORD = {
  cambiata: 'Password modificata con successo.',
  attualeErrata: 'La password attuale non è corretta.',
  corta: 'La nuova password deve avere almeno 12 caratteri.',
  uguale: 'La nuova password deve essere diversa da quella attuale.',
  username: 'La nuova password non può essere lo username.',
  azienda: "La nuova password non può essere il nome dell'azienda con un anno.",
  daCambiare: 'La password è temporanea: impostane una nuova per continuare.',
} as const;

/** Texts of 'Password dimenticata?' (docs/regole/accesso.md#password-reset): the same answer whether the account exists or not. */
export const MSG_RESET_PASSWORD = {
  richiesta: "Se l'indirizzo corrisponde a un account del portale, riceverai a breve una mail con il link per " +
    `scegliere una nuova password. Il link vale ${MINUTI_LINK_PASSWORD} minuti e si può usare una sola volta.`,
  emailObbligatoria: "Inserisci l'indirizzo e-mail del tuo account",
  emailNonValida: 'Indirizzo e-mail non valido',
  linkNonValido: "Il link non è valido o è già stato usato: chiedine uno nuovo da 'Password dimenticata?'.",
  linkScaduto: "Il link è scaduto: chiedine uno nuovo da 'Password dimenticata?'.",
  impostata: 'Password impostata: accedi con la nuova password.',
} as const;

export const UTENTI_MAX_PAGE_SIZE = 500;
export const STRINGA_UTENTI_MAX = 100;
export const TIPOLOGIE_ACCOUNT = ['cliente', 'user'] as const;

const obbligatorio = (max: number) => testo(MSG_UTENTI.campiObbligatori).trim()
  .min(1, MSG_UTENTI.campiObbligatori).max(max, `Valore troppo lungo (massimo ${max} caratteri)`);

export const utentiReadQuery = z.object({
  cliente_id: idParam('cliente_id').optional(),
  utente_id: idParam('utente_id').optional(),
  /** Trimmed and lowercased; empty means no filter (docs/regole/admin.md#admin-search). */
  stringa: testo().trim().toLowerCase().max(STRINGA_UTENTI_MAX, 'Testo di ricerca troppo lungo').optional(),
  ...paginazione(UTENTI_MAX_PAGE_SIZE),
});

export const clienteDiUtente = z.object({
  id: z.number().int(),
  azienda_codice: z.string(),
  azienda_ragionesociale: z.string(),
  cliente_codice: z.string(),
  cliente_ragionesociale: z.string(),
  /** The user's role, state, limits (net, numeric text; null: none) and switches on this client (docs/regole/organizzazione.md). */
  ruolo: z.enum(RUOLI),
  stato: z.enum(STATI_PERSONA),
  limite_ordine: z.string().nullable(),
  budget_mensile: z.string().nullable(),
  vede_prezzi: z.boolean(),
  vede_documenti: z.boolean(),
});

/** A customer user as the admin screens show it: never a password or its hash. */
export const utenteAdmin = z.object({
  id: z.number().int(),
  username: z.string(),
  nome: z.string(),
  cognome: z.string(),
  nominativo: z.string(),
  tipologia_account: z.string(),
  status_login: z.number().int(),
  fatturato_metrica: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  clienti: z.array(clienteDiUtente),
});
export type UtenteAdmin = z.infer<typeof utenteAdmin>;

/**
 * Client ids: a list in a JSON body; in the documented GET form `clienti=1&clienti=2` or `clienti=1,2`.
 * Left out on an update, the links stay as they are.
 */
const clientiIds = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? [] : v.split(',')) : typeof v === 'number' ? [v] : v),
  z.array(idParam('clienti'), { error: 'clienti deve essere un elenco di id cliente' }).max(500, 'Troppi clienti (massimo 500)'),
).transform((ids) => [...new Set(ids)]);

export const utentiCreateRequest = z.object({
  utente_id: idParam('utente_id').optional(),
  username: testo(MSG_UTENTI.campiObbligatori).trim().min(1, MSG_UTENTI.campiObbligatori)
    .max(LIMITI_CREDENZIALI.username, 'Username troppo lungo').pipe(z.email('Username non valido: inserire un indirizzo email')),
  /** On an update an empty password keeps the old one. */
  password: testo().max(LIMITI_CREDENZIALI.password, 'Password troppo lunga').optional().default(''),
  nome: obbligatorio(100),
  cognome: obbligatorio(100),
  tipologia_account: z.enum(TIPOLOGIE_ACCOUNT, { error: "tipologia_account deve essere 'user' o 'cliente'" }).default('cliente'),
  clienti: clientiIds.optional(),
}).superRefine((v, ctx) => {
  if (v.utente_id !== undefined) return;
  if (v.password === '') ctx.addIssue({ code: 'custom', path: ['password'], message: MSG_UTENTI.campiObbligatori });
  if (!v.clienti?.length) ctx.addIssue({ code: 'custom', path: ['clienti'], message: MSG_UTENTI.almenoUnCliente });
});

export const utenteIdRequest = z.object({ utente_id: idParam('utente_id') });

/** The largest limit one may set (numeric(12, 2)). */
export const MAX_LIMITE = 9_999_999_999.99;
/** A limit in euro, net: a number ≥ 0 with at most 2 decimals, or null for none. */
const limite = (nome: string) => z.number({ error: `${nome}: un importo in euro o null per nessun limite` })
  .min(0, `${nome}: non può essere negativo`).max(MAX_LIMITE, `${nome}: troppo grande`)
  .refine((n) => Math.round(n * 100) === n * 100 || Math.abs(Math.round(n * 100) - n * 100) < 1e-6, `${nome}: al massimo 2 decimali`)
  .nullable();
const interruttore = (nome: string) => z.boolean({ error: `${nome} deve essere true o false` });

/**
 * utenti/collegamento: what the wholesaler's staff change on one link of a user to a client: role,
 * limits, switches, suspended or not. What is left out stays as it is.
 */
export const collegamentoRequest = z.object({
  utente_id: idParam('utente_id'),
  cliente_id: idParam('cliente_id'),
  ruolo: z.enum(RUOLI, { error: `ruolo deve essere uno tra: ${RUOLI.join(', ')}` }).optional(),
  limite_ordine: limite('Limite per ordine').optional(),
  budget_mensile: limite('Budget mensile').optional(),
  vede_prezzi: interruttore('vede_prezzi').optional(),
  vede_documenti: interruttore('vede_documenti').optional(),
  sospeso: interruttore('sospeso').optional(),
});
export type CollegamentoRequest = z.infer<typeof collegamentoRequest>;
export const collegamentoResponse = esito.extend({ collegamento: clienteDiUtente.optional() });

/** A new password as typed; its strength is the server's judgement (server/auth/cambio-password.ts). */
const nuovaPassword = testo('Nuova password obbligatoria').min(1, 'Nuova password obbligatoria').max(LIMITI_CREDENZIALI.password, 'Password troppo lunga');

export const cambiaPasswordRequest = z.object({
  password_attuale: testo('Password attuale obbligatoria').min(1, 'Password attuale obbligatoria').max(LIMITI_CREDENZIALI.password, 'Password troppo lunga'),
  nuova_password: nuovaPassword,
});

export const passwordDimenticataRequest = z.object({
  email: testo(MSG_RESET_PASSWORD.emailObbligatoria).trim().min(1, MSG_RESET_PASSWORD.emailObbligatoria)
    .max(LIMITI_CREDENZIALI.username, MSG_RESET_PASSWORD.emailNonValida)
    .pipe(z.email(MSG_RESET_PASSWORD.emailNonValida)),
});

/** The link's token: 32 random bytes in base64url (server/posta/reset-password.ts). */
export const passwordReimpostaRequest = z.object({
  token: testo(MSG_RESET_PASSWORD.linkNonValido).regex(/^[A-Za-z0-9_-]{43}$/, MSG_RESET_PASSWORD.linkNonValido),
  nuova_password: nuovaPassword,
});

const T = 'Utenti';

/** Customer users in the admin area (docs/regole/admin.md#users) and the customer's password change. */
export const utentiApi = {
  leggi: contract({
    path: 'utenti/read', methods: ['GET'], access: 'admin', tag: T,
    summary: 'Utenti cliente, per cliente, per id o per testo, una pagina alla volta',
    input: utentiReadQuery, response: paginaDi('utenti', utenteAdmin),
  }),
  salva: contract({
    path: 'utenti/create', methods: ['GET', 'POST'], access: 'admin', tag: T,
    summary: "Crea un utente, o lo aggiorna con utente_id (password vuota: resta quella di prima)",
    input: utentiCreateRequest, response: esito.extend({ utente_id: z.number().int().optional() }),
  }),
  cambiaStatoLogin: contract({
    path: 'utenti/changeStatusLogin', methods: ['GET', 'POST'], access: 'admin', tag: T,
    summary: "Abilita o disabilita il login dell'utente (disabilitare chiude le sue sessioni)",
    input: utenteIdRequest, response: esito.extend({ status_login: z.number().int() }),
  }),
  cancella: contract({
    path: 'utenti/delete', methods: ['GET', 'POST'], access: 'admin', tag: T,
    summary: "Cancella l'utente (i suoi ordini restano per lo storico e le statistiche)",
    input: utenteIdRequest, response: esito,
  }),
  mandaCredenziali: contract({
    path: 'utenti/mandacredenziali', methods: ['GET', 'POST'], access: 'admin', tag: T,
    summary: "Invia per email una nuova password temporanea (la precedente non vale più)",
    input: utenteIdRequest, response: esito,
  }),
  cambiaFatturatoMetrica: contract({
    path: 'utente/toggle_fatturato_metrica', methods: ['GET', 'POST'], access: 'admin', tag: T,
    summary: 'Mostra o nasconde il fatturato mensile al cliente',
    input: utenteIdRequest, response: z.object({ status: z.number().int(), new_value: z.number().int() }),
  }),
  collegamento: contract({
    path: 'utenti/collegamento', methods: ['POST'], access: 'admin', tag: T,
    summary: "Ruolo, limiti, visibilità e sospensione dell'utente su un cliente collegato (il cliente resta con almeno un titolare attivo)",
    input: collegamentoRequest, response: collegamentoResponse,
  }),
  /** POST only: passwords never travel in a URL (a URL is logged). */
  cambiaPassword: contract({
    path: 'password/cambia', methods: ['POST'], access: 'utente', tag: T,
    summary: 'Il cliente cambia la propria password (obbligatorio dopo una password temporanea)',
    input: cambiaPasswordRequest, response: esito,
  }),
  /** Public, and the same answer whether the address is an account or not. */
  passwordDimenticata: contract({
    path: 'password/dimenticata', methods: ['POST'], access: 'public', tag: T,
    summary: "Password dimenticata: invia all'indirizzo, se è di un utente, un link per sceglierne una nuova (1 ora, una volta)",
    input: passwordDimenticataRequest, response: esito,
  }),
  reimpostaPassword: contract({
    path: 'password/reimposta', methods: ['POST'], access: 'public', tag: T,
    summary: "Imposta una nuova password con il link di 'Password dimenticata?' e chiude le sessioni dell'utente",
    input: passwordReimpostaRequest, response: esito,
  }),
};
