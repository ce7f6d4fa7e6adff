import { z } from 'zod';
import { codice, idParam } from './common.js';
import { contract } from './contract.js';

/**
 * The customer's own price list (docs/regole/listino.md#export): every product they see, or a
 * category, a brand or one of their lists, priced for their client, as a file.
 */
export const FORMATI_LISTINO = ['xlsx', 'csv', 'metel'] as const;
export type FormatoListino = (typeof FORMATI_LISTINO)[number];

export const MSG_LISTINO = {
  formato: 'Formato non valido: xlsx, csv o metel',
  unAmbito: 'Scegli un solo ambito: una categoria, un marchio o una lista',
  marchioSconosciuto: (id: string) => `Marchio ${id} non trovato.`,
} as const;

export const listinoEsportaQuery = z.object({
  azienda_codice: codice,
  cliente_codice: codice,
  utente_codice: codice,
  formato: z.enum(FORMATI_LISTINO, MSG_LISTINO.formato),
  categoria_cod: codice.optional(),
  brand_id: codice.optional(),
  lista_id: idParam('lista_id').optional(),
}).refine((q) => [q.categoria_cod, q.brand_id, q.lista_id].filter((v) => v !== undefined).length <= 1,
  { message: MSG_LISTINO.unAmbito, path: ['categoria_cod'] });
export type ListinoEsportaQuery = z.output<typeof listinoEsportaQuery>;

/** The file itself, not JSON. */
export const listinoEsportaResponse = z.string()
  .meta({ description: 'Il listino del cliente: XLSX, CSV (text/csv) o Metel (testo a larghezza fissa, Windows-1252)' });

export const listinoApi = {
  esporta: contract({
    path: 'listino/export', methods: ['GET'], access: 'cliente', tag: 'Listino',
    summary: 'Il listino personalizzato del cliente (tutti i prodotti, una categoria, un marchio o una sua lista) come XLSX, CSV o Metel',
    input: listinoEsportaQuery, response: listinoEsportaResponse,
    scope: { azienda: 'azienda_codice', cliente: 'cliente_codice', utente: 'utente_codice' },
  }),
};
