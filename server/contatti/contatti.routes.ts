import { contattiApi } from '../../shared/contatti.js';
import { mailUscita, messaggiContatto } from '../db/schema/index.js';
import { routeGroup } from '../lib/route.js';

export const contattiRoutes = routeGroup(contattiApi, {
  invia: async ({ deps, input, utente }) => {
    // Stored with its mail in one transaction: a mail server that is down delays it, loses nothing.
    await deps.db.transaction(async (tx) => {
      await tx.insert(messaggiContatto).values({ utenteId: utente.id, ...input });
      await tx.insert(mailUscita).values({
        destinatario: deps.config.officeMail,
        replyTo: input.email,
        oggetto: `Messaggio dal portale: ${input.nome}`,
        testo: `Da: ${input.nome} <${input.email}>\nUtente: ${utente.username} (${utente.codice})\n\n${input.messaggio}`,
      });
    });
    return { status: 0, msg: 'Messaggio inviato correttamente. Le risponderemo al più presto.' };
  },
});
