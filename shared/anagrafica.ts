import { z } from 'zod';
import { idParam, paginaDi, paginazione, testo } from './common.js';
import { contract } from './contract.js';
import { RUOLI, STATI_PERSONA } from './organizzazione-costanti.js';

/** Admin lists of clients: default page 50, at most 500 (docs/regole/admin.md#clients). */
export const CLIENTI_PAGE_MAX = 500;
/** search/clienti answers the best matches only: it feeds pickers, not a paged list. */
export const CLIENTI_SEARCH_MAX = 50;
export const STRINGA_CLIENTI_MAX = 100;

export const MSG_ANAGRAFICA = {
  clienteNonTrovato: 'Cliente non trovato.',
  testoMancante: 'Inserire il testo da cercare',
  testoLungo: `Testo di ricerca troppo lungo (massimo ${STRINGA_CLIENTI_MAX} caratteri)`,
} as const;

/** A database id: a positive integer that fits Postgres' integer. */

export const azienda = z.object({ codice: z.string(), ragione_sociale: z.string() });
export type Azienda = z.infer<typeof azienda>;

/** A client as the admin lists and searches show it. */
export const clienteAdmin = z.object({
  id: z.number().int(),
  codice: z.string(),
  ragione_sociale: z.string(),
  email: z.string(),
  telefono: z.string(),
  azienda_codice: z.string(),
  azienda_ragione_sociale: z.string(),
  /** Price list number (0 counts as 1). */
  lis_maga: z.number().int(),
});
export type ClienteAdmin = z.infer<typeof clienteAdmin>;

export const sede = z.object({
  id: z.number().int(),
  descrizione: z.string(),
  indirizzo: z.string(),
  cap: z.string(),
  citta: z.string(),
  provincia: z.string(),
});

export const utenteDelCliente = z.object({
  id: z.number().int(),
  username: z.string(),
  nome: z.string(),
  cognome: z.string(),
  status_login: z.number().int(),
  /** The user's role and state on this client (docs/regole/organizzazione.md). */
  ruolo: z.enum(RUOLI),
  stato: z.enum(STATI_PERSONA),
});

/** The detail page: the list fields, its company with the client's branches, its users. */
export const clienteDettaglio = clienteAdmin.extend({
  aziende: z.array(z.object({ id: z.number().int(), codice: z.string(), ragione_sociale: z.string(), sedi: z.array(sede) })),
  utenti: z.array(utenteDelCliente),
});
export type ClienteDettaglio = z.infer<typeof clienteDettaglio>;

/** Code, name or e-mail, words in any order; trimmed (docs/regole/admin.md#admin-search). */
const ricerca = testo(MSG_ANAGRAFICA.testoMancante).trim().max(STRINGA_CLIENTI_MAX, MSG_ANAGRAFICA.testoLungo);

export const clientiReadQuery = z.object({
  /** Optional: a blank term lists every client (docs/regole/admin.md#admin-search). */
  stringa: ricerca.optional(),
  ...paginazione(CLIENTI_PAGE_MAX),
});
export const clientiDetailsQuery = z.object({ cliente_id: idParam('cliente_id') });
export const searchClientiQuery = z.object({ stringa: ricerca.min(1, MSG_ANAGRAFICA.testoMancante) });

const T = 'Anagrafica';

/** Companies and clients, read side of the admin area (docs/regole/admin.md#companies, docs/regole/admin.md#clients). */
export const anagraficaApi = {
  aziende: contract({
    path: 'aziende/read', methods: ['GET'], access: 'admin', tag: T,
    summary: 'Le aziende, per codice',
    response: z.object({ aziende: z.array(azienda) }),
  }),
  clienti: contract({
    path: 'clienti/read', methods: ['GET'], access: 'admin', tag: T,
    summary: 'I clienti, una pagina alla volta, con il totale; con stringa, quelli che corrispondono (come search/clienti)',
    input: clientiReadQuery,
    response: paginaDi('clienti', clienteAdmin),
  }),
  dettaglio: contract({
    path: 'clienti/details', methods: ['GET'], access: 'admin', tag: T,
    summary: 'Un cliente con la sua azienda, le sedi e gli utenti collegati',
    input: clientiDetailsQuery,
    response: z.object({ cliente: clienteDettaglio }),
  }),
  cerca: contract({
    path: 'search/clienti', methods: ['GET'], access: 'admin', tag: T,
    summary: `Cerca clienti per codice, ragione sociale o e-mail (parole in qualsiasi ordine); i ${CLIENTI_SEARCH_MAX} più pertinenti, prima il codice esatto`,
    input: searchClientiQuery,
    response: z.object({ clienti: z.array(clienteAdmin) }),
  }),
};
