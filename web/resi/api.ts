import { queryOptions, useMutation } from '@tanstack/react-query';
import { resiRotte } from '../../shared/rotte/resi.js';
import { buildUrl, callApi, uploadApi } from '../lib/api';
import { queryClient } from '../lib/queryClient';
import type { SessionData } from '../lib/storage';
import { useShopSession } from '../session/shopSession';

/** Calls of the customer's returns (docs/regole/resi.md): the DDT's returnable lines, the request, the list and the detail. */
type Scope = Pick<SessionData, 'utente_codice' | 'azienda_codice' | 'cliente_codice'>;
const scope = (s: Scope) => ({ utente_codice: s.utente_codice, azienda_codice: s.azienda_codice, cliente_codice: s.cliente_codice });

export const resiKeys = { all: ['resi'] as const };
export const PAGINA_RESI = 20;

export const rendibiliQuery = (s: Scope, documentoId: number) => queryOptions({
  queryKey: ['resi', 'rendibili', s.azienda_codice, s.cliente_codice, documentoId] as const,
  queryFn: ({ signal }) => callApi(resiRotte.rendibili, { ...scope(s), documento_id: documentoId }, { signal }),
  staleTime: 0,
});

export const elencoResiQuery = (s: Scope, start: number) => queryOptions({
  queryKey: ['resi', 'elenco', s.azienda_codice, s.cliente_codice, start] as const,
  queryFn: ({ signal }) => callApi(resiRotte.elenco, { ...scope(s), start, limit: PAGINA_RESI }, { signal }),
  staleTime: 0,
});

export const resoQuery = (s: Scope, id: number) => queryOptions({
  queryKey: ['resi', 'dettaglio', s.azienda_codice, s.cliente_codice, id] as const,
  queryFn: ({ signal }) => callApi(resiRotte.dettaglio, { ...scope(s), id }, { signal }),
  staleTime: 0,
});

/** The RMA document, opened by the browser in a new tab. */
export const urlPdfReso = (s: Scope, id: number) => buildUrl(resiRotte.pdf.path, { ...scope(s), id });
export const urlFotoReso = (s: Scope, id: number, fotoId: number) => buildUrl(resiRotte.foto.path, { ...scope(s), id, foto_id: fotoId });

const rileggi = () => queryClient.invalidateQueries({ queryKey: resiKeys.all });

export interface RigaScelta { riga_id: number; quantita: number; motivo: string; nota?: string; lotto?: string }

export function useAzioniResi() {
  const { session } = useShopSession();
  const richiedi = useMutation({
    // The lines travel as one JSON field of the multipart form, beside the photos.
    mutationFn: (v: { documento_id: number; descrizione: string; righe: RigaScelta[]; foto: File[] }) =>
      uploadApi(resiRotte.richiedi, { ...scope(session), documento_id: v.documento_id, descrizione: v.descrizione, righe: JSON.stringify(v.righe) }, { foto: v.foto }),
    onSettled: rileggi,
  });
  const annulla = useMutation({ mutationFn: (id: number) => callApi(resiRotte.annulla, { ...scope(session), id }), onSettled: rileggi });
  const spedisci = useMutation({ mutationFn: (id: number) => callApi(resiRotte.spedisci, { ...scope(session), id }), onSettled: rileggi });
  return { richiedi, annulla, spedisci };
}
