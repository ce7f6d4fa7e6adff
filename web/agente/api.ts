import { queryOptions, useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import type { UtenteLogin } from '../../shared/accesso.js';
import { agentiRotte } from '../../shared/rotte/agenti.js';
import { accessoRotte } from '../../shared/rotte/accesso.js';
import { accessoKeys } from '../accesso/api';
import { callApi } from '../lib/api';
import { queryClient } from '../lib/queryClient';
import { removeStored, setUtente, STORAGE_KEYS } from '../lib/storage';
import { paths } from '../paths';
import { rileggiCarrello } from '../cart/carrelloServer';
import { startClientSession } from '../session/sessione';

/** A sales agent's portfolio and acting for a client (docs/regole/agenti.md). */
type Codici = { azienda_codice: string; cliente_codice: string };

export const agenteKeys = {
  all: ['agente'] as const,
  clienti: ['agente', 'clienti'] as const,
  cliente: (c: Codici) => ['agente', 'cliente', c.azienda_codice, c.cliente_codice] as const,
};

export const clientiQuery = () => queryOptions({
  queryKey: agenteKeys.clienti,
  queryFn: ({ signal }) => callApi(agentiRotte.clienti, {}, { signal }),
});

export const clienteQuery = (c: Codici) => queryOptions({
  queryKey: agenteKeys.cliente(c),
  queryFn: ({ signal }) => callApi(agentiRotte.cliente, c, { signal }),
});

/** The session user as the server has it now, stored (the shop's frame and the banner read it). */
async function sessioneAggiornata(): Promise<UtenteLogin> {
  const { utente } = await callApi(accessoRotte.sessione, {});
  setUtente(utente);
  queryClient.setQueryData(accessoKeys.sessione, { utente });
  return utente;
}

/**
 * 'Entra come cliente': the session acts for the client, whose shop opens at /home2 with the banner.
 * The cart's cache of another client goes (the server keeps each cart).
 */
export function useEntra() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (c: Codici) => callApi(agentiRotte.entra, c),
    onSuccess: async () => {
      const utente = await sessioneAggiornata();
      const cliente = utente.clienti[0];
      if (!cliente) return;
      startClientSession(utente, cliente);
      await navigate(paths.home2.path);
    },
  });
}

/** 'Esci' of the banner: back to the portfolio; the client's pages are forgotten. */
export function useEsci() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => callApi(agentiRotte.esci, {}),
    onSuccess: async () => {
      await sessioneAggiornata();
      await navigate(paths.agente.path);
      removeStored(STORAGE_KEYS.sessionData, STORAGE_KEYS.carrelloItems, STORAGE_KEYS.carrelloStato);
      // Every client-scoped answer cached belongs to the client left.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'agente' && q.queryKey[0] !== accessoKeys.sessione[0] });
      await queryClient.invalidateQueries({ queryKey: agenteKeys.all });
    },
  });
}

/**
 * One tap on a client's usual product (docs/regole/agenti.md#one-tap): its usual quantity into the
 * client's cart, the session entering the client if needed. Each tap has its key (made at the tap,
 * so a retry of the same request adds nothing more); the device's session and cart follow.
 */
export function useAggiungi() {
  return useMutation({
    mutationFn: (v: Codici & { codice_prodotto: string; quantita: number }) =>
      callApi(agentiRotte.aggiungi, { ...v, chiave: crypto.randomUUID() }),
    onSuccess: async () => {
      const utente = await sessioneAggiornata();
      const cliente = utente.clienti[0];
      if (cliente) rileggiCarrello(startClientSession(utente, cliente));
    },
  });
}
