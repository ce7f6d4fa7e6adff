import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import type { InputOf, OutputOf } from '../../shared/contract.js';
import type { StatoPreventivoCliente } from '../../shared/preventivi-cliente-costanti.js';
import { preventiviClienteRotte as R } from '../../shared/rotte/preventivi-cliente.js';
import { buildUrl, callApi, uploadApi } from '../lib/api';
import { queryClient } from '../lib/queryClient';
import type { SessionData } from '../lib/storage';
import { useShopSession } from '../session/shopSession';

/** The installer's quotes to their customers (docs/regole/preventivi-cliente.md). */
type Scope = Pick<SessionData, 'utente_codice' | 'azienda_codice' | 'cliente_codice'>;
const scope = (s: Scope) => ({ utente_codice: s.utente_codice, azienda_codice: s.azienda_codice, cliente_codice: s.cliente_codice });

export const PAGINA_PREVENTIVI = 20;

export const preventiviKeys = {
  all: ['preventivi-cliente'] as const,
  elenco: (s: Scope, start: number, stato: string) => ['preventivi-cliente', 'elenco', s.azienda_codice, s.cliente_codice, start, stato] as const,
  uno: (s: Scope, id: number) => ['preventivi-cliente', 'uno', s.azienda_codice, s.cliente_codice, id] as const,
  intestazione: (s: Scope) => ['preventivi-cliente', 'intestazione', s.azienda_codice, s.cliente_codice] as const,
};

export const elencoQuery = (s: Scope, start: number, stato: StatoPreventivoCliente | '') => queryOptions({
  queryKey: preventiviKeys.elenco(s, start, stato),
  queryFn: ({ signal }) => callApi(R.elenco, { ...scope(s), start, limit: PAGINA_PREVENTIVI, ...(stato ? { stato } : {}) }, { signal }),
  placeholderData: keepPreviousData,
  staleTime: 0,
});

export const preventivoQuery = (s: Scope, id: number) => queryOptions({
  queryKey: preventiviKeys.uno(s, id),
  queryFn: ({ signal }) => callApi(R.dettaglio, { ...scope(s), id }, { signal }),
  staleTime: 0,
});

export const intestazioneQuery = (s: Scope) => queryOptions({
  queryKey: preventiviKeys.intestazione(s),
  queryFn: ({ signal }) => callApi(R.intestazione, scope(s), { signal }),
});

/** The PDF, opened by the browser (the answer is inline). */
export const urlPdf = (s: Scope, id: number) => buildUrl(R.pdf.path, { ...scope(s), id });
/** The logo; `v` changes with each upload so that the browser does not show the old one. */
export const urlLogo = (s: Scope, v: number) => buildUrl(R.logo.path, { ...scope(s), v });

/** A fresh key per click of 'Crea' or 'Copia': a retry of the same click makes no second quote. */
const chiave = () => `pc-${crypto.randomUUID()}`;

export function usePreventiviAzioni() {
  const { session } = useShopSession();
  const rileggi = () => queryClient.invalidateQueries({ queryKey: preventiviKeys.all });
  const crea = useMutation({
    mutationFn: (v: Omit<InputOf<typeof R.crea>, keyof Scope | 'idempotency_key'>) =>
      callApi(R.crea, { ...scope(session), ...v, idempotency_key: chiave() }),
    onSuccess: rileggi,
  });
  const copia = useMutation({
    mutationFn: (id: number) => callApi(R.copia, { ...scope(session), id, idempotency_key: chiave() }),
    onSuccess: rileggi,
  });
  const modifica = useMutation({
    mutationFn: (v: Omit<InputOf<typeof R.modifica>, keyof Scope>) => callApi(R.modifica, { ...scope(session), ...v }),
    onSuccess: rileggi,
  });
  const stato = useMutation({
    mutationFn: (v: { id: number; stato: StatoPreventivoCliente }) => callApi(R.stato, { ...scope(session), ...v }),
    onSuccess: rileggi,
  });
  const nelCarrello = useMutation({ mutationFn: (id: number) => callApi(R.nelCarrello, { ...scope(session), id }) });
  return { crea, copia, modifica, stato, nelCarrello };
}

export function useIntestazioneAzioni() {
  const { session } = useShopSession();
  const aggiorna = (d: OutputOf<typeof R.intestazione>) =>
    queryClient.setQueryData(preventiviKeys.intestazione(session), d);
  const salva = useMutation({
    mutationFn: (v: Omit<InputOf<typeof R.salvaIntestazione>, keyof Scope>) => callApi(R.salvaIntestazione, { ...scope(session), ...v }),
    onSuccess: aggiorna,
  });
  const carica = useMutation({ mutationFn: (f: File) => uploadApi(R.caricaLogo, scope(session), { logo: [f] }), onSuccess: aggiorna });
  const elimina = useMutation({ mutationFn: () => callApi(R.eliminaLogo, scope(session)), onSuccess: aggiorna });
  return { salva, carica, elimina };
}
