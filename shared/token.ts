import { z } from 'zod';
import { esito, idParam, testo } from './common.js';
import { contract } from './contract.js';
import { LIMITI_TOKEN } from './token-costanti.js';

export const MSG_TOKEN = {
  mancante: "Token API mancante: inviare l'intestazione Authorization: Bearer <token>.",
  nonValido: 'Token API non valido o revocato.',
  creato: 'Token creato: copialo ora, non sarà più mostrato.',
  revocato: 'Token revocato.',
  sconosciuto: 'Token non trovato o già revocato.',
  nomeObbligatorio: 'Il nome del token è obbligatorio.',
} as const;

export const tokenApiItem = z.object({
  id: z.number().int(),
  nome: z.string(),
  prefisso: z.string(),
  creato_da: z.string().nullable(),
  created_at: z.string(),
  ultimo_uso_at: z.string().nullable(),
  revocato_at: z.string().nullable(),
});
export type TokenApiItem = z.infer<typeof tokenApiItem>;

/** token/create: the token's name, for the staff to tell it apart. */
export const tokenCreaRequest = z.object({
  nome: testo(MSG_TOKEN.nomeObbligatorio).trim().min(1, MSG_TOKEN.nomeObbligatorio)
    .max(LIMITI_TOKEN.nome, `Nome troppo lungo (massimo ${LIMITI_TOKEN.nome} caratteri)`),
});

const T = 'Token API';

/** API tokens for the ERP's unattended calls (tecnico): listed, created (shown once), revoked. */
export const tokenApi = {
  elenco: contract({
    path: 'token/list', methods: ['GET'], access: 'tecnico', tag: T,
    summary: 'I token API, dal più recente (mai il token: solo le sue prime lettere)',
    response: z.object({ token: z.array(tokenApiItem) }),
  }),
  crea: contract({
    path: 'token/create', methods: ['POST'], access: 'tecnico', tag: T,
    summary: 'Crea un token API; la risposta lo mostra una volta sola',
    input: tokenCreaRequest,
    response: esito.extend({ id: z.number().int(), token: z.string() }),
  }),
  revoca: contract({
    path: 'token/revoke', methods: ['POST'], access: 'tecnico', tag: T,
    summary: 'Revoca un token API: da subito non vale più',
    input: z.object({ id: idParam('id') }),
    response: esito,
  }),
};
