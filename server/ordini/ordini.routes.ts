import { ordiniApi } from '../../shared/ordini.js';
import { urlPortale } from '../approvazioni/approvazioni.service.js';
import { badRequest } from '../lib/errors.js';
import { routeGroup } from '../lib/route.js';
import { prezziDi } from '../catalogo/prezzi.js';
import { esportaOrdini } from './esporta-ordini.js';
import { pdfOrdine } from './pdf-ordine.js';
import { chiaveIdempotenza, creaOrdine, fatturatoMensile, leggiOrdini, verificaDisponibilita } from './ordini.service.js';
import { anteprimaRiordino } from './riordino.queries.js';
import { elencoOrdini, leggiOrdine } from './storico.queries.js';
import { vistaOrdini } from './vista.js';

export const ordiniRoutes = routeGroup(ordiniApi, {
  verifica: async ({ deps, input, req }) => verificaDisponibilita(deps.db, deps.config.erp, input.prodotti, req.log),
  crea: async ({ deps, input, req, utente, cliente }) => {
    const key = chiaveIdempotenza(req.headers['idempotency-key'], input.idempotency_key);
    if (key === null) throw badRequest('Idempotency-Key non valida.');
    return creaOrdine(deps.db, deps.config.erp, utente, cliente, input, key, req.log, { url: urlPortale(deps.config) });
  },
  // Every order read goes through what the person sees (vistaOrdini: role and price switch).
  leggi: async ({ deps, utente, cliente }) => ({ ordini: await leggiOrdini(deps.db, vistaOrdini(utente, cliente)) }),
  elenca: async ({ deps, input, utente, cliente }) => elencoOrdini(deps.db, vistaOrdini(utente, cliente), input),
  esporta: async ({ deps, input, utente, cliente }) => esportaOrdini(deps.esportazioni, utente.id, vistaOrdini(utente, cliente), input),
  anteprimaRiordino: async ({ deps, input, utente, cliente }) =>
    anteprimaRiordino(deps.db, vistaOrdini(utente, cliente), prezziDi(cliente), input.ordine_id),
  dettaglio: async ({ deps, input, utente, cliente }) => ({ ordine: await leggiOrdine(deps.db, vistaOrdini(utente, cliente), input.id) }),
  pdf: async ({ deps, input, utente, cliente }) => pdfOrdine(deps.db, vistaOrdini(utente, cliente), input.id),
  // The client's turnover is net amounts: empty for a person who may not see net prices (docs/regole/organizzazione.md#prices).
  fatturatoMensile: async ({ deps, cliente }) => ({ totale_mensile: cliente.vedePrezzi ? await fatturatoMensile(deps.db, cliente.id) : [] }),
});
