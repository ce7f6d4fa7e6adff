import { queryOptions, useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { invitaRequest, modificaPersonaRequest } from '../../shared/organizzazione.js';
import { organizzazioneRotte } from '../../shared/rotte/organizzazione.js';
import { callApi } from '../lib/api';
import { queryClient } from '../lib/queryClient';
import type { SessionData } from '../lib/storage';

/**
 * "La mia azienda" (docs/regole/organizzazione.md#people): the client's people and its history,
 * read for the session's client; every change reloads both.
 */
type Scope = Pick<SessionData, 'azienda_codice' | 'cliente_codice'>;
const scopeDi = (s: Scope) => ({ azienda_codice: s.azienda_codice, cliente_codice: s.cliente_codice });

export const organizzazioneKeys = {
  all: ['organizzazione'] as const,
  persone: (s: Scope) => ['organizzazione', s.azienda_codice, s.cliente_codice, 'persone'] as const,
  storico: (s: Scope, persona: string, start: number, limit: number) =>
    ['organizzazione', s.azienda_codice, s.cliente_codice, 'storico', persona, start, limit] as const,
};

export const personeQuery = (s: Scope) =>
  queryOptions({
    queryKey: organizzazioneKeys.persone(s),
    queryFn: ({ signal }) => callApi(organizzazioneRotte.utenti, scopeDi(s), { signal }),
  });

export const storicoQuery = (s: Scope, persona: string, start: number, limit: number) =>
  queryOptions({
    queryKey: organizzazioneKeys.storico(s, persona, start, limit),
    queryFn: ({ signal }) => callApi(organizzazioneRotte.storico, {
      ...scopeDi(s), ...(persona ? { utente_codice_persona: persona } : {}), start, limit,
    }, { signal }),
  });

const ricarica = () => queryClient.invalidateQueries({ queryKey: organizzazioneKeys.all });

/** Invite, change, resend: each reloads the people and the history when done. */
export function useOrganizzazioneMutations(s: Scope) {
  const invita = useMutation({
    mutationFn: (v: z.output<typeof invitaRequest>) => callApi(organizzazioneRotte.invita, { ...v, ...scopeDi(s) }),
    onSettled: ricarica,
  });
  const modifica = useMutation({
    mutationFn: (v: Omit<z.input<typeof modificaPersonaRequest>, 'azienda_codice' | 'cliente_codice'>) =>
      callApi(organizzazioneRotte.utente, { ...v, ...scopeDi(s) }),
    onSettled: ricarica,
  });
  const reinvia = useMutation({
    mutationFn: (utente_codice: string) => callApi(organizzazioneRotte.reinvia, { ...scopeDi(s), utente_codice }),
    onSettled: ricarica,
  });
  return { invita, modifica, reinvia };
}
