import type { FastifyRequest } from 'fastify';
import { accessoApi, TIPOLOGIA_TECNICO } from '../../shared/accesso.js';
import type { Access, AnyContract } from '../../shared/contract.js';
import { MSG_AGENTI } from '../../shared/agenti-costanti.js';
import { consente, MSG_PERMESSO, NEGATI_AGENTE } from '../../shared/organizzazione-costanti.js';
import { MSG_PASSWORD, utentiApi } from '../../shared/utenti.js';
import type { Db } from '../db/client.js';
import { forbidden, HttpError, inMaintenance, unauthorized } from '../lib/errors.js';
import type { Accesso } from '../lib/route.js';
import { requireToken, type TokenApi } from './api-token.js';
import { hashToken, minutiInattivita, tokenSessione } from './sessioni.js';
import {
  adminDellaSessione, utenteDellaSessione, type AdminSessione, type ClienteSessione, type UtenteSessione,
} from './utente-sessione.js';

/** The session of a request, as its call's access rule found it. */
export interface Sessione {
  utente?: UtenteSessione;
  admin?: AdminSessione;
  cliente?: ClienteSessione;
  token?: TokenApi;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set before validation by the call's access rule. */
    sessione: Sessione | null;
  }
}

/** The session each access gives its handlers (route.ts types their context by it). */
declare module '../lib/route.js' {
  interface SessioniPerAccesso {
    utente: { utente: UtenteSessione };
    cliente: { utente: UtenteSessione; cliente: ClienteSessione };
    sessione: { utente: UtenteSessione | undefined; admin: AdminSessione | undefined };
    catalogo: { cliente: ClienteSessione; utente: UtenteSessione | undefined; admin: AdminSessione | undefined };
    admin: { admin: AdminSessione };
    tecnico: { admin: AdminSessione };
    token: { token: TokenApi };
  }
}

/** The access layer of every call, decorated on the app by buildApp (route.ts reaches it as app.accesso). */
export const accesso: Accesso = {
  sessione: async (req, access) => {
    req.sessione = await sessioneDi(req, access);
  },
  conCliente: (req, c, input) => conCliente(req, c, input),
};

/**
 * The session a call of this access needs (401 without one, 403 for the wrong kind, 503 for
 * customers during maintenance). Calls open to both kinds take the admin's session when there is
 * one: staff browse the shop during maintenance, and a customer's codes price the same either way.
 */
export async function sessioneDi(req: FastifyRequest, access: Access): Promise<Sessione> {
  switch (access) {
    case 'public':
      return {};
    case 'utente':
    case 'cliente':
      return { utente: passwordCambiata(req, await requireUtente(req)) };
    case 'admin':
    case 'tecnico':
      return { admin: await requireAdmin(req, access === 'tecnico') };
    case 'token':
      return { token: await requireToken(req.server.deps.db, req) };
    case 'sessione':
    case 'catalogo': {
      const admin = await adminDellaRichiesta(req);
      return admin ? { admin } : { utente: passwordCambiata(req, await requireUtente(req)) };
    }
  }
}

/**
 * Calls a customer with a temporary password may make: the change itself, and the session info
 * that tells a reloaded page to ask for it (it carries cambio_password like the login answer).
 */
const SENZA_PASSWORD_NUOVA = new Set([utentiApi.cambiaPassword.path, accessoApi.sessione.path].map((p) => `/api/${p}`));

/**
 * A password set by an admin is temporary (docs/regole/accesso.md#temporary-passwords): until the user sets one of their own,
 * every other customer call answers 403. The flag is part of the cached session user, and the
 * notice of its change reaches every process (migration 0015).
 */
function passwordCambiata(req: FastifyRequest, utente: UtenteSessione): UtenteSessione {
  if (utente.cambioPassword && !SENZA_PASSWORD_NUOVA.has(req.routeOptions.url ?? '')) {
    // Its own code lets the SPA tell this refusal from the others and open the change form.
    throw new HttpError(403, 'cambio_password_richiesto', MSG_PASSWORD.daCambiare);
  }
  return utente;
}

/** The codes a customer call names; each must belong to the session's user. */
export interface ScopeCodes {
  azienda?: string;
  cliente?: string;
  utente?: string;
}

export async function requireUtente(req: FastifyRequest): Promise<UtenteSessione> {
  if (await req.server.deps.impostazioni.get('manutenzione')) throw inMaintenance();
  const utente = await utenteDellaRichiesta(req);
  if (!utente) throw unauthorized();
  return utente;
}

/** The customer user of the request's live session (the recent sessions first), or null. */
export async function utenteDellaRichiesta(req: FastifyRequest): Promise<UtenteSessione | null> {
  const deps = req.server.deps;
  const token = tokenSessione(req, 'cliente', deps.config.env);
  if (!token) return null;
  const tokenHash = hashToken(token);
  const recent = deps.sessioniRecenti.get(tokenHash);
  if (recent) return recent;
  const lettura = deps.sessioniRecenti.lettura();
  const found = await utenteDellaSessione(deps.db, tokenHash, minutiInattivita(deps.config));
  if (!found) return null;
  deps.sessioniRecenti.set(lettura, tokenHash, found.utente, found.scade);
  return found.utente;
}

/** The live admin session of the request, if any. */
async function adminDellaRichiesta(req: FastifyRequest): Promise<AdminSessione | null> {
  const token = tokenSessione(req, 'admin', req.server.deps.config.env);
  return token ? adminDellaSessione(req.server.deps.db, token, minutiInattivita(req.server.deps.config)) : null;
}

export async function requireAdmin(req: FastifyRequest, tecnico = false): Promise<AdminSessione> {
  const admin = await adminDellaRichiesta(req);
  // A customer who is logged in is known and not allowed (403); nobody logged in must log in (401).
  if (!admin) throw (await utenteDellaRichiesta(req)) ? forbidden('Funzione riservata al personale del portale.') : unauthorized();
  if (tecnico && admin.tipologia !== TIPOLOGIA_TECNICO) {
    throw forbidden('Funzione riservata al personale tecnico.');
  }
  return admin;
}


/**
 * Checks that the codes of a call belong to the session's user (403 otherwise) and picks the
 * client they name. Company and client must be given together when the user has clients of
 * several companies with the same client code.
 */
export function resolveScope(utente: UtenteSessione, codes: ScopeCodes): ClienteSessione {
  if (codes.utente !== undefined && codes.utente !== utente.codice) throw forbidden();
  const matches = utente.clienti.filter(
    (c) => (codes.cliente === undefined || c.codice === codes.cliente)
      && (codes.azienda === undefined || c.aziendaCodice === codes.azienda),
  );
  // Without a client code (calls whose codes are optional) the first client of the company named,
  // or of the user, prices the answer; with one, it must name exactly one client.
  const found = codes.cliente === undefined ? matches[0] : matches.length === 1 ? matches[0] : undefined;
  if (!found) throw forbidden();
  return found;
}

/**
 * The client an admin reads the catalogue as (docs/regole/catalogo.md#staff-catalogue): any client by its codes; codes that
 * name no client (the admin screens' 0001/0001) price with list 1 and no discount.
 */
export async function clienteDelCatalogo(db: Db, codes: ScopeCodes): Promise<ClienteSessione> {
  const rows = codes.azienda !== undefined && codes.cliente !== undefined
    ? await db.$client<Omit<ClienteSessione, 'ruolo' | 'limiteOrdine' | 'budgetMensile' | 'vedePrezzi' | 'vedeDocumenti'>[]>`
        SELECT c.id, c.azienda_codice AS "aziendaCodice", a.ragione_sociale AS "aziendaRagioneSociale", c.codice,
          c.ragione_sociale AS "ragioneSociale", c.lis_maga AS "lisMaga",
          c.sconto::text AS sconto
        FROM clienti c JOIN aziende a ON a.codice = c.azienda_codice
        WHERE c.azienda_codice = ${codes.azienda} AND c.codice = ${codes.cliente}`
    : [];
  const cliente = rows[0] ?? {
    id: 0, aziendaCodice: codes.azienda ?? '', aziendaRagioneSociale: '', codice: codes.cliente ?? '',
    ragioneSociale: '', lisMaga: 1, sconto: '0',
  };
  // Staff see what the client's Titolare sees.
  return { ...cliente, ruolo: 'titolare', limiteOrdine: null, budgetMensile: null, vedePrezzi: true, vedeDocumenti: true };
}

/** The session of the request with the client its codes name, for the access kinds that price. */
async function conCliente(req: FastifyRequest, c: AnyContract, input: Record<string, unknown>): Promise<Sessione> {
  const s = req.sessione ?? {};
  if (c.access === 'public' || c.access === 'admin' || c.access === 'tecnico' || c.access === 'sessione' || c.access === 'token') return s;
  const code = (k: 'azienda' | 'cliente' | 'utente') => {
    const field = c.scope?.[k];
    const v = field === undefined ? undefined : input[field];
    return typeof v === 'string' ? v : undefined;
  };
  const codes = { azienda: code('azienda'), cliente: code('cliente'), utente: code('utente') };
  if (s.admin) return { ...s, cliente: await clienteDelCatalogo(req.server.deps.db, codes) };
  if (!s.utente) throw forbidden();
  if (c.access === 'utente') {
    if (codes.utente !== undefined && codes.utente !== s.utente.codice) throw forbidden();
    return s;
  }
  const cliente = resolveScope(s.utente, codes);
  // An agent acting for a client orders as an Acquisti but never manages its people, roles,
  // limits or approvals, nor sees the installer's own quotes (docs/regole/agenti.md#acting-for-a-client).
  if (s.utente.agente && c.permesso && NEGATI_AGENTE.has(c.permesso)) {
    throw forbidden(c.permesso === 'preventivi_cliente' ? MSG_AGENTI.preventiviAiClienti : MSG_AGENTI.nonConsentito);
  }
  if (c.permesso && !consente(cliente, c.permesso)) throw forbidden(MSG_PERMESSO[c.permesso]);
  return { ...s, cliente };
}
