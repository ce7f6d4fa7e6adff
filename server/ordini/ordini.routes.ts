import type { FastifyInstance } from 'fastify';
import {
  ordiniCheckRequest, ordiniCheckResponse, ordiniCreateRequest, ordiniCreateResponse, ordiniReadQuery, ordiniReadResponse,
  statsClienteQuery, statsClienteResponse,
} from '../../shared/ordini.js';
import { badRequest, forbidden } from '../lib/errors.js';
import { defineRoute } from '../lib/route.js';
import { creaOrdine, fatturatoMensile, leggiOrdini, verificaDisponibilita } from './ordini.service.js';

const TAG = 'Ordini';

export async function ordiniRoutes(app: FastifyInstance): Promise<void> {
  defineRoute(app, {
    path: 'ordini/check', methods: ['POST'], access: 'cliente', tag: TAG,
    summary: 'Disponibilità attuale delle righe del carrello', input: ordiniCheckRequest, response: ordiniCheckResponse,
    handler: async ({ deps, input }) => verificaDisponibilita(deps.sql, input.prodotti),
  });
  defineRoute(app, {
    path: 'ordini/create', methods: ['POST'], access: 'cliente', tag: TAG,
    summary: "Conferma un ordine (idempotente sull'header Idempotency-Key)",
    input: ordiniCreateRequest, response: ordiniCreateResponse,
    scope: (i) => ({ azienda: i.azienda_codice, cliente: i.cliente_codice, utente: i.utente_codice }),
    handler: async ({ deps, input, req, utente, cliente }) => {
      if (!cliente) throw forbidden();
      const header = req.headers['idempotency-key'];
      const key = (Array.isArray(header) ? header[0] : header) ?? input.idempotency_key;
      if (key !== undefined && !/^[A-Za-z0-9_-]{8,100}$/.test(key)) throw badRequest('Idempotency-Key non valida.');
      return creaOrdine(deps.sql, utente, cliente, input, key);
    },
  });
  defineRoute(app, {
    path: 'ordini/read', methods: ['GET'], access: 'cliente', tag: TAG,
    summary: "Ordini dell'utente per il cliente, dal più recente", input: ordiniReadQuery, response: ordiniReadResponse,
    scope: (i) => ({ azienda: i.azienda_codice, cliente: i.cliente_codice, utente: i.utente_codice }),
    handler: async ({ deps, utente, cliente }) => ({ ordini: await leggiOrdini(deps.sql, utente.id, cliente!.id) }),
  });
  defineRoute(app, {
    path: 'ordini/statsByAziendaAndCliente', methods: ['GET'], access: 'cliente', tag: TAG,
    summary: 'Fatturato mensile del cliente', input: statsClienteQuery, response: statsClienteResponse,
    scope: (i) => ({ azienda: i.azienda_codice, cliente: i.cliente_codice }),
    handler: async ({ deps, cliente }) => ({ totale_mensile: await fatturatoMensile(deps.sql, cliente!.id) }),
  });
}
