import { z } from 'zod';
import { RUOLI } from './organizzazione-costanti.js';
import { esito, intero, testo } from './common.js';
import { contract } from './contract.js';
import { LIMITI_CREDENZIALI, TIPOLOGIE_ADMIN, type TipologiaAdmin } from './accesso-costanti.js';

export const TIPOLOGIA_TECNICO: TipologiaAdmin = 'tecnico';

const username = testo('Username obbligatorio').trim().min(1, 'Username obbligatorio').max(LIMITI_CREDENZIALI.username, 'Username troppo lungo');
const password = testo('Password obbligatoria').min(1, 'Password obbligatoria').max(LIMITI_CREDENZIALI.password, 'Password troppo lunga');
const opt = (max: number) => testo().max(max, `Valore troppo lungo (massimo ${max} caratteri)`).optional();

/** Browser details sent with a customer login (docs/regole/accesso.md#device-details). */
export const browserInfo = z.object({
  userAgent: testo().max(1000).optional(),
  screenWidth: intero().min(0).optional(),
  screenHeight: intero().min(0).optional(),
  timeZone: testo().max(100).optional(),
  language: testo().max(50).optional(),
  platform: testo().max(100).optional(),
  /** Stored in an integer column. */
  colorDepth: intero().min(0).optional(),
  pixelRatio: z.number().optional(),
  cookieEnabled: z.boolean().optional(),
}).partial();
export type BrowserInfo = z.infer<typeof browserInfo>;

export const loginClienteRequest = z.object({
  username,
  password,
  fingerprint: testo('Fingerprint obbligatorio').trim()
    .regex(/^[a-f0-9]{64}$/i, 'Fingerprint non valido (SHA-256 esadecimale)'),
  screen_resolution: opt(30),
  timezone: opt(100),
  language: opt(50),
  platform: opt(100),
  /** An object from the SPA; a JSON string in the documented GET form. */
  browserInfo: z.union([
    browserInfo,
    testo().max(4000, 'browserInfo troppo lungo').transform((s, ctx) => {
      try {
        return browserInfo.parse(JSON.parse(s));
      } catch {
        ctx.addIssue({ code: 'custom', message: 'browserInfo non valido' });
        return z.NEVER;
      }
    }),
  ]).optional(),
});
export type LoginClienteRequest = z.input<typeof loginClienteRequest>;

export const clienteCollegato = z.object({
  azienda_codice: z.string(),
  azienda_ragionesociale: z.string(),
  cliente_codice: z.string(),
  cliente_ragionesociale: z.string(),
  cliente_lis_maga: z.number().int(),
  /** The user's role and switches on this client (docs/regole/organizzazione.md); limits in euro, net, null: none. */
  ruolo: z.enum(RUOLI),
  vede_prezzi: z.boolean(),
  vede_documenti: z.boolean(),
  limite_ordine: z.number().nullable(),
  budget_mensile: z.number().nullable(),
});
export type ClienteCollegato = z.infer<typeof clienteCollegato>;

export const utenteLogin = z.object({
  status: z.number().int(),
  msg: z.string(),
  utente_codice: z.string().optional(),
  username: z.string().optional(),
  nome: z.string().optional(),
  cognome: z.string().optional(),
  nominativo: z.string().optional(),
  tipologia_account: z.string().optional(),
  fatturato_metrica: z.number().int().optional(),
  /** 1: the password was set by an admin and must be changed (password/cambia) before anything else. */
  cambio_password: z.number().int().optional(),
  /**
   * A sales agent (docs/regole/agenti.md): their code and whether the session acts for a client
   * (agente/entra), then `clienti`' only one; null or absent for anyone else.
   */
  agente: z.object({ agente_codice: z.string(), in_cliente: z.boolean() }).nullable().optional(),
  clienti: z.array(clienteCollegato),
});
export type UtenteLogin = z.infer<typeof utenteLogin>;

export const loginClienteResponse = z.object({ utente: utenteLogin });
export type LoginClienteResponse = z.infer<typeof loginClienteResponse>;

export const loginBackendRequest = z.object({ username, password });

export const adminInfo = z.object({
  id: z.number().int(),
  username: z.string(),
  nome: z.string(),
  cognome: z.string(),
  tipologia: z.enum(TIPOLOGIE_ADMIN),
});
export type AdminInfo = z.infer<typeof adminInfo>;

export const loginBackendResponse = esito.extend({ utente: adminInfo.optional() });

/** manutenzione/check and manutenzione/change answer the bare number 0 or 1. */
export const statoManutenzione = z.union([z.literal(0), z.literal(1)]);

/** 'Cancella lista di attesa' (docs/regole/admin.md#devices-admin): 'success' once done. */
export const deleteAllResponse = z.object({ status: z.literal('success') });

/** Session info for page reloads: the same utente as the login. */
export const sessioneClienteResponse = loginClienteResponse;
export const sessioneAdminResponse = z.object({ utente: adminInfo });

const T = 'Accesso';

/** Logins, sessions, maintenance switch. */
export const accessoApi = {
  loginCliente: contract({
    path: 'login/frontendfingerprint', methods: ['POST', 'GET'], access: 'public', tag: T,
    summary: 'Login cliente con impronta del dispositivo', input: loginClienteRequest, response: loginClienteResponse,
  }),
  loginBackend: contract({
    path: 'login/backend', methods: ['POST', 'GET'], access: 'public', tag: T,
    summary: 'Login amministrazione', input: loginBackendRequest, response: loginBackendResponse,
  }),
  logout: contract({
    path: 'logout', methods: ['POST'], access: 'public', tag: T, summary: 'Logout cliente', response: esito,
  }),
  logoutBackend: contract({
    path: 'logout/backend', methods: ['POST'], access: 'public', tag: T, summary: 'Logout amministrazione', response: esito,
  }),
  sessione: contract({
    path: 'sessione', methods: ['GET'], access: 'utente', tag: T,
    summary: 'Utente della sessione cliente (ricarica della pagina)', response: sessioneClienteResponse,
  }),
  sessioneBackend: contract({
    path: 'sessione/backend', methods: ['GET'], access: 'admin', tag: T,
    summary: 'Utente della sessione di amministrazione', response: sessioneAdminResponse,
  }),
  manutenzione: contract({
    path: 'manutenzione/check', methods: ['GET'], access: 'public', tag: T,
    summary: 'Stato della manutenzione (1 = attiva)', response: statoManutenzione,
  }),
  cambiaManutenzione: contract({
    path: 'manutenzione/change', methods: ['GET', 'POST'], access: 'tecnico', tag: T,
    summary: 'Attiva o disattiva la manutenzione; risponde il nuovo stato', response: statoManutenzione,
  }),
  cancellaTentativi: contract({
    path: 'login_attempts/delete_all', methods: ['GET', 'POST'], access: 'tecnico', tag: T,
    summary: 'Cancella lista di attesa: elimina i dispositivi non autorizzati e azzera i tentativi di login falliti',
    response: deleteAllResponse,
  }),
};
