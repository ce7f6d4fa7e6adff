import { contattiApi } from '../../shared/contatti.js';
import { messaggiContatto } from '../db/schema/index.js';
import { routeGroup } from '../lib/route.js';
import { accodaMail } from '../posta/accoda-mail.js';

export const contattiRoutes = routeGroup(contattiApi, {
  invia: async ({ deps, input, utente }) => {
    // Stored with its mail in one transaction: a mail server that is down delays it, loses nothing.
    await deps.db.transaction(async (tx) => {
      await tx.insert(messaggiContatto).values({ utenteId: utente.id, ...input });
      await accodaMail(tx, {
        to: deps.config.officeMail,
        replyTo: input.email,
        subject: `Messaggio dal portale: ${input.nome}`,
        text: `Da: ${input.nome} <${input.email}>\nUtente: ${utente.username} (${utente.codice})\n\n${input.messaggio}`,
      });
    });
    return { status: 0, msg: 'Messaggio inviato correttamente. Le risponderemo al più presto.' };
  },
});
