import { z } from 'zod';
import { intParam, paginaDi, paginazione, testo } from './common.js';
import { contract } from './contract.js';

/** Device texts (docs/regole/admin.md#devices-admin): the SPA shows the failures; the server answers the successes. */
export const MSG_DISPOSITIVI = {
  autorizzato: 'Dispositivo autorizzato.',
  disabilitato: 'Dispositivo disabilitato: le sue sessioni sono state chiuse.',
  erroreCaricamento: 'Si è verificato un errore durante il caricamento dei dispositivi.',
  erroreAutorizzazione: "Errore durante l'autorizzazione del dispositivo",
  erroreDisabilitazione: 'Errore durante la disabilitazione del dispositivo',
  erroreOperazione: "Si è verificato un errore durante l'operazione.",
  listaCancellata: 'Lista di attesa cancellata con successo',
  erroreLista: 'Errore durante la cancellazione della lista di attesa',
  confermaLista: 'Sei sicuro di voler cancellare tutte le richieste in attesa? Questa azione non può essere annullata.',
} as const;

/** Devices per answer: the admin screen filters the list in the browser (docs/regole/admin.md#devices-admin). */
export const DISPOSITIVI_LIMIT_DEFAULT = 500;
export const DISPOSITIVI_LIMIT_MAX = 1000;

const userId = z.union([z.number(), z.string()], {
  error: (iss) => (iss.input === undefined ? 'user_id obbligatorio' : 'user_id non valido'),
}).pipe(intParam('user_id non valido')).pipe(z.number().min(1, 'user_id non valido'));
const pagina = paginazione(DISPOSITIVI_LIMIT_MAX, DISPOSITIVI_LIMIT_DEFAULT);

/** A device (docs/regole/accesso.md#devices): authorized 1 authorised, 0 pending or disabled. */
export const dispositivo = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  utente_nome: z.string(),
  utente_cognome: z.string(),
  platform: z.string(),
  user_agent: z.string(),
  ip: z.string(),
  fingerprint: z.string(),
  cookie_enabled: z.union([z.literal(0), z.literal(1)]),
  screen_resolution: z.string(),
  color_depth: z.number().int().nullable(),
  pixel_ratio: z.number().nullable(),
  language: z.string(),
  timezone: z.string(),
  authorized: z.union([z.literal(0), z.literal(1)]),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Dispositivo = z.infer<typeof dispositivo>;

export const devicesAllQuery = z.object(pagina);
export const devicesAllResponse = z.object({ status: z.literal('0'), ...paginaDi('devices', dispositivo).shape });

export const devicesByUserQuery = z.object({ user_id: userId, ...pagina });
export const devicesByUserResponse = z.object({ status: z.literal('success'), ...paginaDi('devices', dispositivo).shape });

/** A device is its user and its fingerprint; the ip is informative. */
export const deviceRequest = z.object({
  user_id: userId,
  fingerprint: z.string({ error: 'Fingerprint obbligatorio' }).trim()
    .regex(/^[a-f0-9]{64}$/i, 'Fingerprint non valido (SHA-256 esadecimale)')
    .transform((s) => s.toLowerCase()),
  ip: testo().trim().max(100, 'ip troppo lungo').optional(),
});
export const deviceResponse = z.object({ status: z.string(), msg: z.string() });

const T = 'Dispositivi';

/** The customers' devices (docs/regole/admin.md#devices-admin). */
export const dispositiviApi = {
  tutti: contract({
    path: 'devices/all', methods: ['GET'], access: 'tecnico', tag: T,
    summary: 'Tutti i dispositivi dei clienti, dal più recente (pagina)', input: devicesAllQuery, response: devicesAllResponse,
  }),
  perUtente: contract({
    path: 'devices/byuser', methods: ['GET'], access: 'admin', tag: T,
    summary: "I dispositivi di un utente, dal più recente", input: devicesByUserQuery, response: devicesByUserResponse,
  }),
  accetta: contract({
    path: 'device/accept', methods: ['POST'], access: 'tecnico', tag: T,
    summary: 'Autorizza un dispositivo (Abilita)', input: deviceRequest, response: deviceResponse,
  }),
  revoca: contract({
    path: 'device/revoke', methods: ['POST'], access: 'tecnico', tag: T,
    summary: 'Disabilita un dispositivo e chiude subito le sessioni aperte da esso', input: deviceRequest, response: deviceResponse,
  }),
};
