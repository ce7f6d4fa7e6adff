import { z } from 'zod';
import { passwordReimpostaRequest } from '../../shared/utenti.js';
import { MSG_CONFERMA_DIVERSA } from '../account/components/moduloPassword';

/**
 * password/reimposta's check of the new password, and the confirmation the form adds (the server
 * never sees it; the token comes from the link, not from a field): loaded with zod once the form is used.
 */
export const moduloReimposta = passwordReimpostaRequest.pick({ nuova_password: true }).extend({
  conferma: z.string().min(1, 'Conferma la nuova password'),
}).refine((v) => v.nuova_password === '' || v.conferma === '' || v.conferma === v.nuova_password, {
  path: ['conferma'], message: MSG_CONFERMA_DIVERSA,
});
