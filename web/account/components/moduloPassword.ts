import { z } from 'zod';
import { cambiaPasswordRequest } from '../../../shared/utenti.js';

export const MSG_CONFERMA_DIVERSA = 'La conferma non coincide con la nuova password.';

/**
 * password/cambia's own check, and the confirmation the form adds (the server never sees it): a
 * module of its own, which the form loads (with zod) once it is drawn.
 */
export const moduloPassword = cambiaPasswordRequest.extend({
  conferma: z.string().min(1, 'Conferma la nuova password'),
}).refine((v) => v.nuova_password === '' || v.conferma === '' || v.conferma === v.nuova_password, {
  path: ['conferma'], message: MSG_CONFERMA_DIVERSA,
});
