import { z } from 'zod';
import { esito } from './common.js';
import { contract } from './contract.js';

export const contattoRequest = z.object({
  nome: z.string({ error: 'Il nome è obbligatorio' }).trim().min(1, 'Il nome è obbligatorio').max(200, 'Nome troppo lungo'),
  email: z.string({ error: "L'email è obbligatoria" }).trim().min(1, "L'email è obbligatoria").email('Indirizzo email non valido').max(200),
  messaggio: z.string({ error: 'Il messaggio è obbligatorio' }).trim().min(1, 'Il messaggio è obbligatorio').max(5000, 'Messaggio troppo lungo (massimo 5000 caratteri)'),
});
export type ContattoRequest = z.infer<typeof contattoRequest>;

export const contattiApi = {
  invia: contract({
    path: 'contatti/invia', methods: ['POST'], access: 'utente', tag: 'Contatti',
    summary: "Messaggio dal modulo Contatti: salvato e inviato per email all'ufficio", input: contattoRequest, response: esito,
  }),
};
