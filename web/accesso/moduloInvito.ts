import { z } from 'zod';
import { accettaInvitoRequest } from '../../shared/organizzazione.js';
import { MSG_CONFERMA_DIVERSA } from '../account/components/moduloPassword';

/**
 * invito/accetta's check of the password, and the confirmation the form adds (the server never
 * sees it; the token comes from the link, not from a field): loaded with zod once the form is used.
 */
export const moduloInvito = accettaInvitoRequest.pick({ password: true }).extend({
  conferma: z.string().min(1, 'Conferma la password'),
}).refine((v) => v.password === '' || v.conferma === '' || v.conferma === v.password, {
  path: ['conferma'], message: MSG_CONFERMA_DIVERSA,
});
