import { useMutation } from '@tanstack/react-query';
import type { ContattoRequest } from '../../shared/contatti.js';
import { contattiRotte } from '../../shared/rotte/contatti.js';
import { utentiRotte } from '../../shared/rotte/utenti.js';
import { accessoKeys } from '../accesso/api';
import { callApi } from '../lib/api';
import { queryClient } from '../lib/queryClient';
import { getUtente, setUtente } from '../lib/storage';
import type { UtenteLogin } from '../../shared/accesso.js';

/** POST contatti/invia: the contact form's message (a path of our own: docs/regole/generale.md#api-calls). */
export const useInviaContatto = () =>
  useMutation({ mutationFn: (body: ContattoRequest) => callApi(contattiRotte.invia, body) });

/** Marks the password as the user's own in the session info and the stored `utente`. */
function passwordNonPiuTemporanea(): void {
  queryClient.setQueryData<{ utente: UtenteLogin }>(accessoKeys.sessione, (old) =>
    old ? { ...old, utente: { ...old.utente, cambio_password: 0 } } : old);
  const utente = getUtente();
  if (utente?.cambio_password) setUtente({ ...utente, cambio_password: 0 });
}

/**
 * POST password/cambia (docs/regole/accesso.md#password-change): {status: 0} when changed; a wrong current password or a weak
 * new one is a 400 (code 'password_errata' or 'password_debole') with the server's Italian msg.
 * On success the password is no longer temporary.
 */
export const useCambiaPassword = () =>
  useMutation({
    mutationFn: (body: { password_attuale: string; nuova_password: string }) => callApi(utentiRotte.cambiaPassword, body),
    onSuccess: passwordNonPiuTemporanea,
  });
