import type { ContattoRequest } from '../../shared/contatti.js';
import type { UtenteSessione } from '../auth/utente-sessione.js';
import { type Db, inTransazione } from '../db/client.js';
import { messaggiContatto } from '../db/schema/index.js';
import { accodaMail } from '../posta/accoda-mail.js';

/**
 * contatti/invia: the message is stored with its mail to the office in one transaction, so that a
 * mail server that is down delays it and loses nothing.
 */
export async function inviaMessaggio(db: Db, officeMail: string, utente: UtenteSessione, input: ContattoRequest): Promise<void> {
  await inTransazione(db, async (tx) => {
    await tx.insert(messaggiContatto).values({ utenteId: utente.id, ...input });
    await accodaMail(tx, {
      to: officeMail,
      replyTo: input.email,
      subject: `Messaggio dal portale: ${input.nome}`,
      text: `Da: ${input.nome} <${input.email}>\nUtente: ${utente.username} (${utente.codice})\n\n${input.messaggio}`,
    });
  });
}
