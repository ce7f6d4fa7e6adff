import { utentiApi } from '../../shared/utenti.js';
import { cambiaPassword } from '../auth/cambio-password.js';
import { chiediResetPassword, reimpostaPassword } from '../auth/reset-password.js';
import { hashToken, tokenSessione } from '../auth/sessioni.js';
import { routeGroup } from '../lib/route.js';
import { cambiaCollegamento } from './collegamento.service.js';
import { leggiUtenti } from './utenti.queries.js';
import { cambiaFatturatoMetrica, cambiaStatoLogin, cancellaUtente, mandaCredenziali, salvaUtente } from './utenti.service.js';

export const utentiRoutes = routeGroup(utentiApi, {
  leggi: async ({ deps, input }) => leggiUtenti(deps.db, {
    utenteId: input.utente_id, clienteId: input.cliente_id, stringa: input.stringa, start: input.start, limit: input.limit,
  }),
  salva: async ({ deps, admin, input }) => salvaUtente(deps.db, deps.sessioniRecenti, admin, input),
  cambiaStatoLogin: async ({ deps, admin, input }) => cambiaStatoLogin(deps.db, deps.sessioniRecenti, admin, input.utente_id),
  cancella: async ({ deps, admin, input }) => cancellaUtente(deps.db, deps.sessioniRecenti, admin, input.utente_id),
  mandaCredenziali: async ({ deps, admin, input }) => mandaCredenziali(deps.db, deps.sessioniRecenti, admin, input.utente_id),
  cambiaFatturatoMetrica: async ({ deps, admin, input }) => cambiaFatturatoMetrica(deps.db, admin, input.utente_id),
  collegamento: async ({ deps, admin, input }) => cambiaCollegamento(deps.db, admin, input),
  // The session was checked before the handler runs, so its cookie is there.
  cambiaPassword: async ({ deps, utente, input, req }) =>
    cambiaPassword(deps.db, deps.sessioniRecenti, utente, hashToken(tokenSessione(req, 'cliente', deps.config.env) ?? ''), input, req.ip),
  passwordDimenticata: async ({ deps, input, req }) => chiediResetPassword(deps.db, input.email, req.ip),
  reimpostaPassword: async ({ deps, input, req }) => reimpostaPassword(deps.db, deps.sessioniRecenti, input, req.ip),
});
