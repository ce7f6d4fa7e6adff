import { contattiApi } from '../../shared/contatti.js';
import { routeGroup } from '../lib/route.js';
import { inviaMessaggio } from './contatti.service.js';

export const contattiRoutes = routeGroup(contattiApi, {
  invia: async ({ deps, input, utente }) => {
    await inviaMessaggio(deps.db, deps.config.officeMail, utente, input);
    return { status: 0, msg: 'Messaggio inviato correttamente. Le risponderemo al più presto.' };
  },
});
