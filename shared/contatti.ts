import { z } from 'zod';

export const contattoRequest = z.object({
  nome: z.string({ error: 'Il nome è obbligatorio' }).trim().min(1, 'Il nome è obbligatorio').max(200, 'Nome troppo lungo'),
  email: z.string({ error: "L'email è obbligatoria" }).trim().min(1, "L'email è obbligatoria").email('Indirizzo email non valido').max(200),
  messaggio: z.string({ error: 'Il messaggio è obbligatorio' }).trim().min(1, 'Il messaggio è obbligatorio').max(5000, 'Messaggio troppo lungo (massimo 5000 caratteri)'),
});
export type ContattoRequest = z.infer<typeof contattoRequest>;
