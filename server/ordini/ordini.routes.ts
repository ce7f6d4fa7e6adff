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

export const ordiniRoutes = routeGroup(ordiniApi, {
  verifica: async ({ deps, input, req }) => verificaDisponibilita(deps.db, deps.config.erp, input.prodotti, req.log),
  crea: async ({ deps, input, req, utente, cliente }) => {
    const key = chiaveIdempotenza(req.headers['idempotency-key'], input.idempotency_key);
    if (key === null) throw badRequest('Idempotency-Key non valida.');
    return creaOrdine(deps.db, deps.config.erp, utente, cliente, input, key, req.log, { url: urlPortale(deps.config) });
  },
  leggi: async ({ deps, utente, cliente }) => ({ ordini: await leggiOrdini(deps.db, utente.id, cliente.id) }),
  elenca: async ({ deps, input, utente, cliente }) => elencoOrdini(deps.db, utente.id, cliente.id, input),
  esporta: async ({ deps, input, utente, cliente }) => esportaOrdini(deps.esportazioni, utente.id, cliente.id, input),
  anteprimaRiordino: async ({ deps, input, utente, cliente }) => anteprimaRiordino(deps.db, utente.id, prezziDi(cliente), input.ordine_id),
  dettaglio: async ({ deps, input, utente, cliente }) => ({ ordine: await leggiOrdine(deps.db, utente.id, cliente.id, input.id) }),
  pdf: async ({ deps, input, utente, cliente }) => pdfOrdine(deps.db, utente.id, cliente.id, input.id),
  fatturatoMensile: async ({ deps, cliente }) => ({ totale_mensile: await fatturatoMensile(deps.db, cliente.id) }),
});
