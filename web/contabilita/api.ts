import { queryOptions } from '@tanstack/react-query';
import type { SituazioneContabile } from '../../shared/contabilita.js';
import { MSG_CONTABILITA } from '../../shared/contabilita-costanti.js';
import { contabilitaRotte } from '../../shared/rotte/contabilita.js';
import { callApi } from '../lib/api';
import { formatImporto } from '../lib/formato';
import { queryClient } from '../lib/queryClient';
import type { SessionData } from '../lib/storage';

/** Calls of the credit line and schedule (docs/regole/contabilita.md). */
export const contabilitaKeys = {
  all: ['contabilita'] as const,
  cliente: (azienda: string, cliente: string) => ['contabilita', azienda, cliente] as const,
  admin: (id: number) => ['admin', 'contabilita', id] as const,
};

type Codici = Pick<SessionData, 'azienda_codice' | 'cliente_codice'>;

/** GET contabilita/situazione: the session client's figures and schedule. */
export const situazioneQuery = (s: Codici) =>
  queryOptions({
    queryKey: contabilitaKeys.cliente(s.azienda_codice, s.cliente_codice),
    queryFn: ({ signal }) => callApi(contabilitaRotte.situazione, { azienda_codice: s.azienda_codice, cliente_codice: s.cliente_codice }, { signal }),
    staleTime: 60_000,
  });

/** GET contabilita/cliente: a client's figures for the admin's client detail. */
export const situazioneAdminQuery = (clienteId: number) =>
  queryOptions({
    queryKey: contabilitaKeys.admin(clienteId),
    queryFn: ({ signal }) => callApi(contabilitaRotte.cliente, { cliente_id: clienteId }, { signal }),
  });

/** POST contabilita/blocco: the admin sets 'blocca oltre fido'. */
export const impostaBlocco = (clienteId: number, blocca: boolean) =>
  callApi(contabilitaRotte.blocco, { cliente_id: clienteId, blocca_oltre_fido: blocca });

/** The cart's net total past what is available, or undefined (no credit line, within it). */
export function oltreFido(s: SituazioneContabile | undefined, totale: number): { totale: number; disponibile: number } | undefined {
  if (!s || s.disponibile === null || totale <= s.disponibile) return undefined;
  return { totale, disponibile: s.disponibile };
}

/** The checkout's warning text for an order of `totale`, or undefined (docs/regole/contabilita.md#checkout-warning). */
export const testoAvvisoFido = (s: SituazioneContabile | undefined, totale: number): string | undefined => {
  const o = oltreFido(s, totale);
  if (!o) return undefined;
  return (s!.blocca_oltre_fido ? MSG_CONTABILITA.bloccoOltreFido : MSG_CONTABILITA.avvisoOltreFido)(formatImporto(o.totale), formatImporto(o.disponibile));
};

/**
 * Before a confirmation: the figures as they are now (a just confirmed order counts), then the
 * warning, and whether the admin's block makes it a refusal (`blocco`: ordini/create would refuse
 * the order); a failed read warns of nothing (ordini/create still refuses past a block).
 */
export async function avvisoFidoOra(s: Codici, totale: number): Promise<{ testo: string; blocco: boolean } | undefined> {
  try {
    const situazione = await queryClient.fetchQuery({ ...situazioneQuery(s), staleTime: 0 });
    const testo = testoAvvisoFido(situazione, totale);
    return testo === undefined ? undefined : { testo, blocco: situazione.blocca_oltre_fido };
  } catch {
    return undefined;
  }
}
