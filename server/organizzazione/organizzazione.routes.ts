import { organizzazioneApi } from '../../shared/organizzazione.js';
import { routeGroup } from '../lib/route.js';
import { accettaInvito } from './invito.service.js';
import { invita, modificaPersona, persone, reinvia } from './persone.service.js';
import { storico } from './storico.service.js';

export const organizzazioneRoutes = routeGroup(organizzazioneApi, {
  utenti: async ({ deps, utente, cliente }) => persone(deps.db, utente, cliente),
  invita: async ({ deps, utente, cliente, input }) => invita(deps.db, utente, cliente, input),
  reinvia: async ({ deps, utente, cliente, input }) => reinvia(deps.db, utente, cliente, input),
  utente: async ({ deps, utente, cliente, input }) => modificaPersona(deps.db, deps.sessioniRecenti, utente, cliente, input),
  storico: async ({ deps, cliente, input }) => storico(deps.db, cliente, input),
  accettaInvito: async ({ deps, input, req }) => accettaInvito(deps.db, deps.sessioniRecenti, input, req.ip),
});
