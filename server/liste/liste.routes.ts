import type { FastifyInstance } from 'fastify';
import { esito } from '../../shared/common.js';
import {
  lista, listaProdottoRequest, listeCreateRequest, listeDeleteRequest, listeReadQuery, listeReadResponse, listeUpdateRequest,
} from '../../shared/liste.js';
import { defineRoute } from '../lib/route.js';
import {
  aggiungiProdotto, cancellaLista, creaLista, leggiListe, rimuoviProdotto, rinominaLista,
} from './liste.service.js';

const TAG = 'Liste';
const scope = (i: { utente_codice: string; azienda_codice: string; cliente_codice: string }) =>
  ({ utente: i.utente_codice, azienda: i.azienda_codice, cliente: i.cliente_codice });

export async function listeRoutes(app: FastifyInstance): Promise<void> {
  defineRoute(app, {
    path: 'liste/read', methods: ['GET'], access: 'cliente', tag: TAG,
    summary: "Liste dell'utente per il cliente, con i prodotti", input: listeReadQuery, response: listeReadResponse, scope,
    handler: async ({ deps, utente, cliente }) => ({ liste: await leggiListe(deps.db, deps.sql, utente, cliente!) }),
  });
  defineRoute(app, {
    path: 'liste/create', methods: ['GET', 'POST'], access: 'cliente', tag: TAG,
    summary: 'Crea una lista', input: listeCreateRequest, response: lista, scope,
    handler: async ({ deps, input, utente, cliente }) => creaLista(deps.db, utente, cliente!, input.nome, input.descrizione),
  });
  defineRoute(app, {
    path: 'liste/update', methods: ['GET', 'POST'], access: 'cliente', tag: TAG,
    summary: 'Rinomina una lista', input: listeUpdateRequest, response: esito,
    handler: async ({ deps, input, utente }) => rinominaLista(deps.db, utente, input.lista_id, input.nome),
  });
  defineRoute(app, {
    path: 'liste/delete', methods: ['GET', 'POST'], access: 'cliente', tag: TAG,
    summary: 'Cancella una lista', input: listeDeleteRequest, response: esito,
    handler: async ({ deps, input, utente }) => cancellaLista(deps.db, utente, input.lista_id),
  });
  defineRoute(app, {
    path: 'listaprodotti/adding', methods: ['GET', 'POST'], access: 'cliente', tag: TAG,
    summary: 'Aggiunge un prodotto a una lista', input: listaProdottoRequest, response: esito,
    handler: async ({ deps, input, utente }) => aggiungiProdotto(deps.db, utente, input.lista_id, input.prodotto_id),
  });
  defineRoute(app, {
    path: 'listaprodotti/remove', methods: ['GET', 'POST'], access: 'cliente', tag: TAG,
    summary: 'Toglie un prodotto da una lista', input: listaProdottoRequest, response: esito,
    handler: async ({ deps, input, utente }) => rimuoviProdotto(deps.db, utente, input.lista_id, input.prodotto_id),
  });
}
