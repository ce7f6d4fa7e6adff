import type { FastifyInstance } from 'fastify';
import { esito } from '../../shared/common.js';
import { contattoRequest } from '../../shared/contatti.js';
import { messaggiContatto } from '../db/schema/index.js';
import { defineRoute } from '../lib/route.js';

export async function contattiRoutes(app: FastifyInstance): Promise<void> {
  defineRoute(app, {
    path: 'contatti/invia', methods: ['POST'], access: 'cliente', tag: 'Contatti',
    summary: "Messaggio dal modulo Contatti: salvato e inviato per email all'ufficio",
    input: contattoRequest, response: esito,
    handler: async ({ deps, input, utente }) => {
      await deps.db.insert(messaggiContatto).values({ utenteId: utente.id, ...input });
      // Stored first: a mail server that is down loses nothing and is logged, not shown as an error.
      deps.mailer.sendLater({
        to: deps.config.officeMail,
        replyTo: input.email,
        subject: `Messaggio dal portale: ${input.nome}`,
        text: `Da: ${input.nome} <${input.email}>\nUtente: ${utente.username} (${utente.codice})\n\n${input.messaggio}`,
      });
      return { status: 0, msg: 'Messaggio inviato correttamente. Le risponderemo al più presto.' };
    },
  });
}
