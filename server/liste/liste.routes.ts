import { listeApi } from '../../shared/liste.js';
import { routeGroup } from '../lib/route.js';
import {
  aggiungiProdotto, cancellaLista, creaLista, leggiListe, rimuoviProdotto, rinominaLista,
} from './liste.service.js';

export const listeRoutes = routeGroup(listeApi, {
  leggi: async ({ deps, utente, cliente }) => ({ liste: await leggiListe(deps.db, deps.catalogo, utente, cliente) }),
  crea: async ({ deps, input, utente, cliente }) => creaLista(deps.db, utente, cliente, input.nome, input.descrizione),
  rinomina: async ({ deps, input, utente }) => rinominaLista(deps.db, utente, input.lista_id, input.nome),
  cancella: async ({ deps, input, utente }) => cancellaLista(deps.db, utente, input.lista_id),
  aggiungiProdotto: async ({ deps, input, utente }) => aggiungiProdotto(deps.db, utente, input.lista_id, input.prodotto_id),
  rimuoviProdotto: async ({ deps, input, utente }) => rimuoviProdotto(deps.db, utente, input.lista_id, input.prodotto_id),
});
