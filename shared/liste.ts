import { z } from 'zod';
import { codice, esito, idParam, testo } from './common.js';
import { contract } from './contract.js';
import { prodotto } from './catalogo.js';
import { LIMITI_LISTA, MSG_LISTE } from './liste-costanti.js';

const scope = { utente_codice: codice, cliente_codice: codice, azienda_codice: codice };

export const listeReadQuery = z.object(scope);
export const lista = z.object({
  id: z.number().int(),
  nome: z.string(),
  descrizione: z.string(),
  prodotti: z.array(prodotto.extend({
    prodotto_id: z.number().int(),
    /** The client's own code of the product (docs/regole/ordine-rapido.md#own-codes), when it gave one. */
    codice_cliente: z.string().nullable(),
  })),
});
export type Lista = z.infer<typeof lista>;
export const listeReadResponse = z.object({ liste: z.array(lista) });

const MSG_NOME_LUNGO = `Nome lista troppo lungo (massimo ${LIMITI_LISTA.nome} caratteri)`;
export const listeCreateRequest = z.object({
  ...scope,
  nome: testo(MSG_LISTE.nomeObbligatorio).trim().min(1, MSG_LISTE.nomeObbligatorio).max(LIMITI_LISTA.nome, MSG_NOME_LUNGO),
  descrizione: testo().trim().max(LIMITI_LISTA.descrizione, `Descrizione troppo lunga (massimo ${LIMITI_LISTA.descrizione} caratteri)`).optional().default(''),
});
export const listeUpdateRequest = z.object({
  lista_id: idParam('lista_id'),
  nome: testo().max(LIMITI_LISTA.nome, MSG_NOME_LUNGO).optional().default(''),
});
export const listeDeleteRequest = z.object({ lista_id: idParam('lista_id') });
export const listaProdottoRequest = z.object({ lista_id: idParam('lista_id'), prodotto_id: idParam('prodotto_id') });
const T = 'Liste';
const codiciLista = { utente: 'utente_codice', azienda: 'azienda_codice', cliente: 'cliente_codice' } as const;

/** Product lists (docs/regole/liste.md#lists); list ids are checked against the session's user. */
export const listeApi = {
  leggi: contract({
    path: 'liste/read', methods: ['GET'], access: 'cliente', tag: T,
    summary: "Liste dell'utente per il cliente, con i prodotti", input: listeReadQuery, response: listeReadResponse, scope: codiciLista,
  }),
  crea: contract({
    path: 'liste/create', methods: ['GET', 'POST'], access: 'cliente', tag: T,
    summary: 'Crea una lista', input: listeCreateRequest, response: lista, scope: codiciLista,
  }),
  rinomina: contract({
    path: 'liste/update', methods: ['GET', 'POST'], access: 'utente', tag: T,
    summary: 'Rinomina una lista', input: listeUpdateRequest, response: esito,
  }),
  cancella: contract({
    path: 'liste/delete', methods: ['GET', 'POST'], access: 'utente', tag: T,
    summary: 'Cancella una lista', input: listeDeleteRequest, response: esito,
  }),
  aggiungiProdotto: contract({
    path: 'listaprodotti/adding', methods: ['GET', 'POST'], access: 'utente', tag: T,
    summary: 'Aggiunge un prodotto a una lista', input: listaProdottoRequest, response: esito,
  }),
  rimuoviProdotto: contract({
    path: 'listaprodotti/remove', methods: ['GET', 'POST'], access: 'utente', tag: T,
    summary: 'Toglie un prodotto da una lista', input: listaProdottoRequest, response: esito,
  }),
};
