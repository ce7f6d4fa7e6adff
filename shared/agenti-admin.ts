import { z } from 'zod';
import { LIMITI_CREDENZIALI } from './accesso-costanti.js';
import { LIMITI_AGENTE, MSG_AGENTI_ADMIN } from './agenti-costanti.js';
import { codice, esito, idParam, paginaDi, paginazione, testo } from './common.js';
import { contract } from './contract.js';

/** The staff's calls about sales agents (admin area, audited like users' changes: docs/regole/agenti.md#admin). */

/** An agent as the admin list shows it. */
export const agenteAdmin = z.object({
  utente_id: z.number().int(),
  utente_codice: z.string(),
  agente_codice: z.string(),
  username: z.string(),
  nome: z.string(),
  cognome: z.string(),
  /** 0 enabled, 1 disabled (as utenti.status_login). */
  status_login: z.number().int(),
  clienti_n: z.number().int(),
});
export type AgenteAdmin = z.infer<typeof agenteAdmin>;

export const agentiReadQuery = z.object({
  stringa: testo().trim().max(LIMITI_AGENTE.ricerca, 'Ricerca troppo lunga').optional(),
  utente_id: idParam('utente_id').optional(),
  ...paginazione(),
});
export const agentiReadResponse = paginaDi('agenti', agenteAdmin);

const obbligatorio = (max: number) => testo(MSG_AGENTI_ADMIN.campiObbligatori).trim()
  .min(1, MSG_AGENTI_ADMIN.campiObbligatori).max(max, `Al massimo ${max} caratteri`);

/** Create (no utente_id: a password is required, temporary) or edit (an empty password keeps the old one). */
export const agentiSalvaRequest = z.object({
  utente_id: idParam('utente_id').optional(),
  username: testo(MSG_AGENTI_ADMIN.campiObbligatori).trim().min(1, MSG_AGENTI_ADMIN.campiObbligatori)
    .max(LIMITI_CREDENZIALI.username, 'Username troppo lungo').pipe(z.email('Username non valido: inserire un indirizzo email')),
  password: testo().max(LIMITI_CREDENZIALI.password, 'Password troppo lunga').optional().default(''),
  nome: obbligatorio(LIMITI_AGENTE.nome),
  cognome: obbligatorio(LIMITI_AGENTE.nome),
  agente_codice: obbligatorio(LIMITI_AGENTE.codice).regex(/^[A-Za-z0-9_-]+$/, MSG_AGENTI_ADMIN.codiceNonValido),
}).superRefine((v, ctx) => {
  if (v.utente_id === undefined && v.password === '') ctx.addIssue({ code: 'custom', path: ['password'], message: MSG_AGENTI_ADMIN.passwordObbligatoria });
});
export type AgentiSalvaRequest = z.input<typeof agentiSalvaRequest>;
export const agentiSalvaResponse = esito.extend({ utente_id: z.number().int().optional() });

export const agenteIdRequest = z.object({ utente_id: idParam('utente_id') });
export const agentiStatoRequest = agenteIdRequest.extend({ attivo: z.boolean({ error: 'attivo deve essere true o false' }) });

/** A client of an agent's portfolio as the admin page lists it. */
export const clientePortafoglio = z.object({
  cliente_id: z.number().int(),
  azienda_codice: z.string(),
  cliente_codice: z.string(),
  ragione_sociale: z.string(),
  /** 'import' (the ERP) or 'admin' (by hand). */
  origine: z.string(),
});
export const agentiPortafoglioQuery = agenteIdRequest.extend({ ...paginazione() });
export const agentiPortafoglioResponse = paginaDi('clienti', clientePortafoglio);

export const agentiPortafoglioRequest = agenteIdRequest.extend({
  azienda_codice: codice,
  cliente_codice: codice,
  azione: z.enum(['aggiungi', 'rimuovi'], { error: "azione deve essere 'aggiungi' o 'rimuovi'" }),
});

const TA = 'Agenti (amministrazione)';

export const agentiAdminApi = {
  leggi: contract({
    path: 'agenti/read', methods: ['GET'], access: 'admin', tag: TA,
    summary: 'Gli agenti, per cognome, con quanti clienti hanno in portafoglio', input: agentiReadQuery, response: agentiReadResponse,
  }),
  salva: contract({
    path: 'agenti/create', methods: ['POST'], access: 'admin', tag: TA,
    summary: "Crea un agente (password temporanea) o lo modifica con utente_id", input: agentiSalvaRequest, response: agentiSalvaResponse,
  }),
  stato: contract({
    path: 'agenti/stato', methods: ['POST'], access: 'admin', tag: TA,
    summary: "Abilita o disabilita l'accesso di un agente (disabilitarlo chiude le sue sessioni)",
    input: agentiStatoRequest, response: esito,
  }),
  portafoglio: contract({
    path: 'agenti/clienti', methods: ['GET'], access: 'admin', tag: TA,
    summary: "I clienti del portafoglio di un agente", input: agentiPortafoglioQuery, response: agentiPortafoglioResponse,
  }),
  cambiaPortafoglio: contract({
    path: 'agenti/portafoglio', methods: ['POST'], access: 'admin', tag: TA,
    summary: "Aggiunge o toglie a mano un cliente dal portafoglio di un agente",
    input: agentiPortafoglioRequest, response: esito,
  }),
};
