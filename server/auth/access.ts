import type { FastifyRequest } from 'fastify';
import { TIPOLOGIA_TECNICO } from '../../shared/accesso.js';
import { forbidden, inMaintenance, unauthorized } from '../lib/errors.js';
import { COOKIE_ADMIN, COOKIE_CLIENTE, hashToken } from './sessions.js';
import {
  findAdminBySession, findUtenteBySession, type AdminSessione, type ClienteSessione, type UtenteSessione,
} from './session-user.js';

export type Access = 'public' | 'cliente' | 'admin' | 'tecnico';

/** The codes a customer call names; each must belong to the session's user. */
export interface ScopeCodes {
  azienda?: string;
  cliente?: string;
  utente?: string;
}

export async function requireUtente(req: FastifyRequest): Promise<UtenteSessione> {
  const deps = req.server.deps;
  if (await deps.impostazioni.get('manutenzione')) throw inMaintenance();
  const token = req.cookies[COOKIE_CLIENTE];
  if (!token) throw unauthorized();
  const tokenHash = hashToken(token);
  const recent = deps.sessioniRecenti.get(tokenHash);
  if (recent) return recent;
  const found = await findUtenteBySession(deps.sql, tokenHash);
  if (!found) throw unauthorized();
  deps.sessioniRecenti.set(tokenHash, found.utente, found.scade);
  return found.utente;
}

export async function requireAdmin(req: FastifyRequest, tecnico = false): Promise<AdminSessione> {
  const token = req.cookies[COOKIE_ADMIN];
  const admin = token ? await findAdminBySession(req.server.deps.sql, token) : null;
  if (!admin) throw unauthorized();
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
export function resolveScope(utente: UtenteSessione, codes: ScopeCodes): ClienteSessione | undefined {
  if (codes.utente !== undefined && codes.utente !== utente.codice) throw forbidden();
  if (codes.cliente === undefined) {
    if (codes.azienda !== undefined && !utente.clienti.some((c) => c.aziendaCodice === codes.azienda)) throw forbidden();
    return undefined;
  }
  const matches = utente.clienti.filter(
    (c) => c.codice === codes.cliente && (codes.azienda === undefined || c.aziendaCodice === codes.azienda),
  );
  if (matches.length !== 1) throw forbidden();
  return matches[0];
}
