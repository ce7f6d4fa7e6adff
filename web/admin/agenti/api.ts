import { queryOptions, useMutation } from '@tanstack/react-query';
import type { InputOf } from '../../../shared/contract.js';
import { agentiAdminRotte } from '../../../shared/rotte/agenti-admin.js';
import { callApi } from '../../lib/api';
import { queryClient } from '../../lib/queryClient';
import { storicoKeys } from '../storico/api';

/** Calls of the admin 'Agenti' screens (docs/regole/agenti.md#admin): the list, one agent, its portfolio, the changes. */
export const agentiKeys = {
  all: ['admin', 'agenti'] as const,
  list: (stringa: string, start: number, limit: number) => ['admin', 'agenti', 'list', stringa, start, limit] as const,
  dettaglio: (id: number) => ['admin', 'agenti', 'dettaglio', id] as const,
  portafoglio: (id: number, start: number, limit: number) => ['admin', 'agenti', 'portafoglio', id, start, limit] as const,
};

export const agentiQuery = (stringa: string, start: number, limit: number) => queryOptions({
  queryKey: agentiKeys.list(stringa, start, limit),
  queryFn: ({ signal }) => callApi(agentiAdminRotte.leggi, { ...(stringa ? { stringa } : {}), start, limit }, { signal }),
});

/** One agent, or null when no agent has that id. */
export const agenteQuery = (id: number) => queryOptions({
  queryKey: agentiKeys.dettaglio(id),
  queryFn: async ({ signal }) => (await callApi(agentiAdminRotte.leggi, { utente_id: id, limit: 1 }, { signal })).agenti[0] ?? null,
});

export const portafoglioQuery = (id: number, start: number, limit: number) => queryOptions({
  queryKey: agentiKeys.portafoglio(id, start, limit),
  queryFn: ({ signal }) => callApi(agentiAdminRotte.portafoglio, { utente_id: id, start, limit }, { signal }),
});

// Every change is audited: the histories reload with the agents.
const ricarica = () => Promise.all([
  queryClient.invalidateQueries({ queryKey: agentiKeys.all }),
  queryClient.invalidateQueries({ queryKey: storicoKeys.all }),
]);

export function useAgentiMutations() {
  return {
    salva: useMutation({ mutationFn: (v: InputOf<typeof agentiAdminRotte.salva>) => callApi(agentiAdminRotte.salva, v), onSettled: ricarica }),
    stato: useMutation({ mutationFn: (v: InputOf<typeof agentiAdminRotte.stato>) => callApi(agentiAdminRotte.stato, v), onSettled: ricarica }),
    portafoglio: useMutation({
      mutationFn: (v: InputOf<typeof agentiAdminRotte.cambiaPortafoglio>) => callApi(agentiAdminRotte.cambiaPortafoglio, v), onSettled: ricarica,
    }),
  };
}
