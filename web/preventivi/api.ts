import { queryOptions, useMutation } from '@tanstack/react-query';
import type { InputOf } from '../../shared/contract.js';
import { preventiviRotte } from '../../shared/rotte/preventivi.js';
import { buildUrl, callApi, downloadBlob, uploadApi } from '../lib/api';
import { saveBlob } from '../lib/media';
import { queryClient } from '../lib/queryClient';
import type { SessionData } from '../lib/storage';
import { ordiniKeys } from '../ordini/api';
import { useShopSession } from '../session/shopSession';

/** The customer's quotes (issue 37): request, list, one quote, accept, revise, decline. */
type Scope = Pick<SessionData, 'utente_codice' | 'azienda_codice' | 'cliente_codice'>;
const scope = (s: Scope) => ({ utente_codice: s.utente_codice, azienda_codice: s.azienda_codice, cliente_codice: s.cliente_codice });

export type FiltriPreventivi = Pick<InputOf<typeof preventiviRotte.elenco>, 'stato' | 'numero' | 'dal' | 'al'>;
/** The list's filters as the URL keeps them (useFiltriUrl). */
export const CAMPI_FILTRI_PREVENTIVI = ['stato', 'numero', 'dal', 'al'] as const;

export const preventiviKeys = {
  all: ['preventivi'] as const,
  elenco: (s: Scope, f: FiltriPreventivi, start: number, limit: number) =>
    ['preventivi', 'elenco', s.azienda_codice, s.cliente_codice, s.utente_codice, f, start, limit] as const,
  dettaglio: (s: Scope, id: number) => ['preventivi', 'dettaglio', s.azienda_codice, s.cliente_codice, s.utente_codice, id] as const,
};

export const elencoQuery = (s: Scope, f: FiltriPreventivi, start: number, limit: number) => queryOptions({
  queryKey: preventiviKeys.elenco(s, f, start, limit),
  queryFn: ({ signal }) => callApi(preventiviRotte.elenco, { ...scope(s), ...f, start, limit }, { signal }),
  staleTime: 0,
});

export const dettaglioQuery = (s: Scope, id: number) => queryOptions({
  queryKey: preventiviKeys.dettaglio(s, id),
  queryFn: ({ signal }) => callApi(preventiviRotte.dettaglio, { ...scope(s), id }, { signal }),
  staleTime: 0,
});

const rileggi = () => Promise.all([
  queryClient.invalidateQueries({ queryKey: preventiviKeys.all }),
  queryClient.invalidateQueries({ queryKey: ordiniKeys.all }),
]);

export type NuovaRichiesta = Pick<InputOf<typeof preventiviRotte.richiedi>, 'righe' | 'righe_libere' | 'messaggio'>;

/** preventivi/richiedi: JSON, or multipart when files go with it (the lines then travel as JSON text, read back by the call). */
export function useRichiedi() {
  const { session } = useShopSession();
  return useMutation({
    mutationFn: ({ richiesta, allegati }: { richiesta: NuovaRichiesta; allegati: readonly File[] }) => allegati.length === 0
      ? callApi(preventiviRotte.richiedi, { ...scope(session), ...richiesta })
      : uploadApi(preventiviRotte.richiedi, {
        ...scope(session), messaggio: richiesta.messaggio,
        righe: JSON.stringify(richiesta.righe ?? []), righe_libere: JSON.stringify(richiesta.righe_libere ?? []),
      } as unknown as InputOf<typeof preventiviRotte.richiedi>, { allegati }),
    onSettled: rileggi,
  });
}

export function useAzioni() {
  const { session } = useShopSession();
  const accetta = useMutation({
    mutationFn: (v: Pick<InputOf<typeof preventiviRotte.accetta>, 'id' | 'versione' | 'righe'> & { chiave: string }) =>
      callApi(preventiviRotte.accetta, { ...scope(session), id: v.id, versione: v.versione, righe: v.righe, idempotency_key: v.chiave }),
    onSettled: rileggi,
  });
  const revisione = useMutation({
    mutationFn: (v: { id: number; messaggio: string }) => callApi(preventiviRotte.revisione, { ...scope(session), ...v }),
    onSettled: rileggi,
  });
  const rifiuta = useMutation({
    mutationFn: (v: { id: number; motivo: string }) => callApi(preventiviRotte.rifiuta, { ...scope(session), ...v }),
    onSettled: rileggi,
  });
  return { accetta, revisione, rifiuta };
}

/** 'Scarica PDF' of a version (preventivi/pdf). */
export async function scaricaPdfPreventivo(s: Scope, id: number, versione: number, numero: string): Promise<void> {
  const blob = await downloadBlob(buildUrl(preventiviRotte.pdf.path, { ...scope(s), id, versione }));
  saveBlob(blob, `preventivo-${numero.replace('/', '-')}-v${versione}.pdf`);
}

export async function scaricaAllegato(s: Scope, id: number, allegato: { id: number; nome: string }): Promise<void> {
  const blob = await downloadBlob(buildUrl(preventiviRotte.allegato.path, { ...scope(s), id, allegato_id: allegato.id }));
  saveBlob(blob, allegato.nome);
}
