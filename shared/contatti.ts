import { z } from 'zod';
import { esito, testo, testoMultiriga } from './common.js';
import { contract } from './contract.js';
import { LIMITI_CONTATTO } from './contatti-costanti.js';

export const contattoRequest = z.object({
  nome: testo('Il nome è obbligatorio').trim().min(1, 'Il nome è obbligatorio').max(LIMITI_CONTATTO.nome, 'Nome troppo lungo'),
  email: testo("L'email è obbligatoria").trim().min(1, "L'email è obbligatoria").email('Indirizzo email non valido').max(LIMITI_CONTATTO.email),
  messaggio: testoMultiriga('Il messaggio è obbligatorio').trim().min(1, 'Il messaggio è obbligatorio')
    .max(LIMITI_CONTATTO.messaggio, `Messaggio troppo lungo (massimo ${LIMITI_CONTATTO.messaggio} caratteri)`),
});
export type ContattoRequest = z.infer<typeof contattoRequest>;

export const contattiApi = {
  invia: contract({
    path: 'contatti/invia', methods: ['POST'], access: 'utente', tag: 'Contatti',
    summary: "Messaggio dal modulo Contatti: salvato e inviato per email all'ufficio", input: contattoRequest, response: esito,
  }),
};
