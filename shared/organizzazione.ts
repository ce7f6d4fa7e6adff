import { z } from 'zod';
import { LIMITI_CREDENZIALI } from './accesso-costanti.js';
import { codice, esito, paginaDi, paginazione, testo } from './common.js';
import { contract } from './contract.js';
import { RUOLI, STATI_PERSONA } from './organizzazione-costanti.js';
import {
  LIMITE_MAX, LIMITI_PERSONA, MAX_ALTRI_CLIENTI_INVITO, MSG_ORGANIZZAZIONE as MSG, STORICO_ORGANIZZAZIONE_MAX, STORICO_ORGANIZZAZIONE_PREDEFINITO,
} from './organizzazione-persone-costanti.js';

/**
 * "La mia azienda" (docs/regole/organizzazione.md#people): a client's Titolare runs its people
 * (their roles, limits, switches and state), invites new ones and reads the history; the invited
 * person sets a password through the invitation's link. Names and fields fixed by issue 36.
 */
const scope = { azienda_codice: codice, cliente_codice: codice };
const scopeCliente = { azienda: 'azienda_codice', cliente: 'cliente_codice' } as const;

const ruolo = z.enum(RUOLI, { error: MSG.ruoloNonValido });

/**
 * A limit in euro, net: a number or its text with a point or a comma, at most 2 decimals, from 0;
 * null or empty text: no limit.
 */
export const limite = z.union([z.null(), z.number(), z.string()], { error: MSG.limiteNonValido })
  .transform((v, ctx): number | null => {
    if (v === null) return null;
    let n: number;
    if (typeof v === 'string') {
      const s = v.trim();
      if (s === '') return null;
      if (!/^\d{1,10}(?:[.,]\d{1,2})?$/.test(s)) {
        ctx.addIssue({ code: 'custom', message: MSG.limiteNonValido });
        return z.NEVER;
      }
      n = Number(s.replace(',', '.'));
    } else {
      n = v;
      if (!Number.isFinite(n) || Math.abs(n * 100 - Math.round(n * 100)) > 1e-6) {
        ctx.addIssue({ code: 'custom', message: MSG.limiteNonValido });
        return z.NEVER;
      }
    }
    if (n < 0 || n > LIMITE_MAX) {
      ctx.addIssue({ code: 'custom', message: MSG.limiteNonValido });
      return z.NEVER;
    }
    return Math.round(n * 100) / 100;
  });

/** A switch: a boolean, or 'true'/'false' as a query string or a form may send it. */
const interruttore = z.union([z.boolean(), z.enum(['true', 'false']).transform((s) => s === 'true')], { error: 'Valore non valido: true o false' });

/** The codice of a user (utenti.codice). */
const codiceUtente = codice;

export const personeQuery = z.object(scope);

/** A person of the client, as its Titolare sees them. */
export const persona = z.object({
  utente_codice: z.string(),
  /** The username, which for customers is their e-mail. */
  email: z.string(),
  nome: z.string(),
  cognome: z.string(),
  nominativo: z.string(),
  ruolo,
  stato: z.enum(STATI_PERSONA),
  /** Euro, net, VAT excluded; null: none. */
  limite_ordine: z.number().nullable(),
  budget_mensile: z.number().nullable(),
  vede_prezzi: z.boolean(),
  vede_documenti: z.boolean(),
  /** The last successful login (ISO), null: never. */
  ultimo_accesso: z.string().nullable(),
  /** Net total of the person's orders for this client this calendar month (Europe/Rome), confirmed or waiting for approval. */
  ordinato_mese: z.number(),
  /** When the invitation's link stops working (ISO), for a person still invited; null otherwise. */
  invito_scade: z.string().nullable(),
  /** The session's own user. */
  io: z.boolean(),
});
export type Persona = z.infer<typeof persona>;

export const personeResponse = z.object({ utenti: z.array(persona) });
export type PersoneResponse = z.infer<typeof personeResponse>;

export const invitaRequest = z.object({
  ...scope,
  email: testo(MSG.emailObbligatoria).trim().min(1, MSG.emailObbligatoria)
    .max(Math.min(LIMITI_PERSONA.email, LIMITI_CREDENZIALI.username), MSG.emailNonValida).pipe(z.email(MSG.emailNonValida)),
  nominativo: testo(MSG.nominativoObbligatorio).trim().min(1, MSG.nominativoObbligatorio)
    .max(LIMITI_PERSONA.nominativo, `Al massimo ${LIMITI_PERSONA.nominativo} caratteri`),
  ruolo,
  limite_ordine: limite.optional(),
  budget_mensile: limite.optional(),
  vede_prezzi: interruttore.optional(),
  vede_documenti: interruttore.optional(),
  /**
   * More of the Titolare's own clients to invite the person to at once, each with the same role,
   * limits and switches (issue 36: "the client(s) among the Titolare's own"): one mail, one link.
   * The call's own client is always one of them.
   */
  altri_clienti: z.array(z.object(scope), { error: MSG.troppiClienti }).max(MAX_ALTRI_CLIENTI_INVITO, MSG.troppiClienti).optional(),
});
export type InvitaRequest = z.input<typeof invitaRequest>;

export const invitaResponse = esito.extend({
  utente_codice: z.string(),
  /** 'invitato' for a new person (a mail with the link), 'attivo' for a portal user linked at once. */
  stato: z.enum(STATI_PERSONA),
});

export const personaRequest = z.object({ ...scope, utente_codice: codiceUtente });

/** What changes; a field left out stays as it is. `rimuovi: true` removes the person from the client. */
export const modificaPersonaRequest = personaRequest.extend({
  ruolo: ruolo.optional(),
  limite_ordine: limite.optional(),
  budget_mensile: limite.optional(),
  vede_prezzi: interruttore.optional(),
  vede_documenti: interruttore.optional(),
  sospeso: interruttore.optional(),
  /** true: removed from the client (false changes nothing). */
  rimuovi: interruttore.optional(),
}).refine((v) => v.rimuovi === true || ['ruolo', 'limite_ordine', 'budget_mensile', 'vede_prezzi', 'vede_documenti', 'sospeso']
  .some((k) => v[k as keyof typeof v] !== undefined), { message: MSG.nessunaModifica });
export type ModificaPersonaRequest = z.input<typeof modificaPersonaRequest>;

export const modificaPersonaResponse = esito.extend({
  /** The person as they are now; null once removed. */
  utente: persona.nullable(),
});

export const storicoQuery = z.object({
  ...scope,
  /** Only the changes about this person. */
  utente_codice_persona: codiceUtente.optional(),
  ...paginazione(STORICO_ORGANIZZAZIONE_MAX, STORICO_ORGANIZZAZIONE_PREDEFINITO),
});

export const eventoStorico = z.object({
  id: z.number().int(),
  azione: z.string(),
  /** The action in Italian (ETICHETTE_EVENTO). */
  etichetta: z.string(),
  autore: z.string(),
  /** The person it is about ('' for none) and their code while they exist. */
  persona: z.string(),
  persona_codice: z.string().nullable(),
  created_at: z.string(),
  /** What changed: before and after, an order's id; never a password or a token. */
  dettagli: z.record(z.string(), z.unknown()),
});
export type EventoStorico = z.infer<typeof eventoStorico>;
export const storicoResponse = paginaDi('eventi', eventoStorico).extend({
  /** The client's sales agents, for the person filter: what they did in the client's name is theirs. */
  agenti: z.array(z.object({ utente_codice: z.string(), nominativo: z.string() })),
});

/** The link's token: 32 random bytes in base64url (server/posta/invito.ts). */
export const accettaInvitoRequest = z.object({
  token: testo(MSG.linkNonValido).regex(/^[A-Za-z0-9_-]{43}$/, MSG.linkNonValido),
  password: testo(MSG.passwordObbligatoria).min(1, MSG.passwordObbligatoria).max(LIMITI_CREDENZIALI.password, 'Password troppo lunga'),
});

const T = 'Organizzazione';

export const organizzazioneApi = {
  utenti: contract({
    path: 'organizzazione/utenti', methods: ['GET'], access: 'cliente', tag: T, permesso: 'organizzazione',
    summary: "Le persone del cliente: ruolo, stato, limiti, visibilità, ultimo accesso, ordinato del mese",
    input: personeQuery, response: personeResponse, scope: scopeCliente,
  }),
  invita: contract({
    path: 'organizzazione/invita', methods: ['POST'], access: 'cliente', tag: T, permesso: 'organizzazione',
    summary: "Invita una persona (un link per scegliere la password, 7 giorni); un utente già nel portale viene collegato",
    input: invitaRequest, response: invitaResponse, scope: scopeCliente,
  }),
  reinvia: contract({
    path: 'organizzazione/reinvia', methods: ['POST'], access: 'cliente', tag: T, permesso: 'organizzazione',
    summary: "Invia di nuovo l'invito a una persona invitata: il link precedente non vale più",
    input: personaRequest, response: esito, scope: scopeCliente,
  }),
  utente: contract({
    path: 'organizzazione/utente', methods: ['POST'], access: 'cliente', tag: T, permesso: 'organizzazione',
    summary: 'Cambia ruolo, limiti, visibilità, sospende o riattiva, o rimuove una persona del cliente',
    input: modificaPersonaRequest, response: modificaPersonaResponse, scope: scopeCliente,
  }),
  storico: contract({
    path: 'organizzazione/storico', methods: ['GET'], access: 'cliente', tag: T, permesso: 'organizzazione',
    summary: "Lo storico delle modifiche alle persone e delle approvazioni del cliente, dal più recente",
    input: storicoQuery, response: storicoResponse, scope: scopeCliente,
  }),
  /** Public: the link is the credential; POST only (a password never travels in a URL). */
  accettaInvito: contract({
    path: 'invito/accetta', methods: ['POST'], access: 'public', tag: T,
    summary: "Accetta un invito: sceglie la password con il link della mail e attiva l'accesso",
    input: accettaInvitoRequest, response: esito,
  }),
};
