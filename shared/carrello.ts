import { z } from 'zod';
import { prodotto } from './catalogo.js';
import { codice } from './common.js';
import { contract } from './contract.js';
import { LIMITI_CARRELLO, MSG_CARRELLO } from './carrello-costanti.js';

/**
 * The cart kept on the server per user and client (docs/regole/ordini.md#cart,
 * docs/decisions/carrello-sul-server.md): the browser's copy is a cache. Every write sends absolute
 * quantities (the whole cart, or the lines to merge), so a request sent twice changes nothing more.
 */
const scope = { azienda_codice: codice, cliente_codice: codice };

export const rigaCarrelloSalvata = z.object({
  codice_prodotto: codice,
  quantita: z.number({ error: MSG_CARRELLO.quantita }).int(MSG_CARRELLO.quantita)
    .min(1, MSG_CARRELLO.quantita).max(LIMITI_CARRELLO.quantita, MSG_CARRELLO.quantita),
});

/** Lines as sent: at most LIMITI_CARRELLO.righe, each product once. */
const righe = z.array(rigaCarrelloSalvata).max(LIMITI_CARRELLO.righe, MSG_CARRELLO.troppeRighe)
  .superRefine((rr, ctx) => {
    const visti = new Set<string>();
    for (const [i, r] of rr.entries()) {
      if (visti.has(r.codice_prodotto)) ctx.addIssue({ code: 'custom', path: [i, 'codice_prodotto'], message: MSG_CARRELLO.ripetuto(r.codice_prodotto) });
      visti.add(r.codice_prodotto);
    }
  });

export const carrelloLeggiQuery = z.object(scope);
export const carrelloSalvaRequest = z.object({ ...scope, righe });
export type CarrelloSalvaRequest = z.input<typeof carrelloSalvaRequest>;

/** The cart as the server holds it: each line the product as the catalogue reads it now, priced for the client, plus its quantity. */
export const carrelloResponse = z.object({
  righe: z.array(prodotto.extend({ quantita: z.number().int() })),
});
export type CarrelloResponse = z.infer<typeof carrelloResponse>;

const T = 'Carrello';
const scopeCliente = { azienda: 'azienda_codice', cliente: 'cliente_codice' } as const;

export const carrelloApi = {
  leggi: contract({
    path: 'carrello/leggi', methods: ['GET'], access: 'cliente', tag: T,
    summary: "Il carrello dell'utente per il cliente, con i prodotti come sono ora",
    input: carrelloLeggiQuery, response: carrelloResponse, scope: scopeCliente,
  }),
  /** The browser's copy after a change: the whole cart, in its order. */
  salva: contract({
    path: 'carrello/salva', methods: ['POST'], access: 'cliente', tag: T,
    summary: 'Sostituisce il carrello con le righe date (quantità assolute; righe vuote: carrello vuoto)',
    input: carrelloSalvaRequest, response: carrelloResponse, scope: scopeCliente,
  }),
  /** A cart filled on this device while it could not reach the server, merged once when it can. */
  unisci: contract({
    path: 'carrello/unisci', methods: ['POST'], access: 'cliente', tag: T,
    summary: 'Aggiunge al carrello le righe date; per un prodotto già presente tiene la quantità maggiore',
    input: carrelloSalvaRequest, response: carrelloResponse, scope: scopeCliente,
  }),
  svuota: contract({
    path: 'carrello/svuota', methods: ['POST'], access: 'cliente', tag: T,
    summary: 'Svuota il carrello', input: carrelloLeggiQuery, response: carrelloResponse, scope: scopeCliente,
  }),
};
