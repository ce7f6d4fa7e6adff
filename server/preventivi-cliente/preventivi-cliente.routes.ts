import { preventiviClienteApi } from '../../shared/preventivi-cliente.js';
import { numeroPreventivoCliente } from '../../shared/preventivi-cliente-costanti.js';
import { FileRisposta } from '../lib/file-risposta.js';
import { badRequest } from '../lib/errors.js';
import { routeGroup } from '../lib/route.js';
import { chiaveIdempotenza } from '../ordini/ordini.service.js';
import { disegnaPdf } from '../pdf/disegno-in-disparte.js';
import { caricaLogo, eliminaLogo, leggiIntestazione, logoDi, logoObbligatorio, salvaIntestazione } from './intestazione.service.js';
import { elencoPreventivi } from './preventivi-cliente.queries.js';
import {
  cambiaStato, copiaPreventivo, creaPreventivo, modificaPreventivo, nelCarrello, uno,
} from './preventivi-cliente.service.js';
import type { FastifyRequest } from 'fastify';

function chiave(req: FastifyRequest, body: string | undefined): string | undefined {
  const k = chiaveIdempotenza(req.headers['idempotency-key'], body);
  if (k === null) throw badRequest('Idempotency-Key non valida.');
  return k;
}

/** Every call is the client's (access `cliente`, permesso `prezzi_netti`): an admin session alone gets 401. */
export const preventiviClienteRoutes = routeGroup(preventiviClienteApi, {
  elenco: async ({ deps, input, cliente }) => elencoPreventivi(deps.db, cliente.id, input),
  dettaglio: async ({ deps, input, cliente }) => ({ preventivo: await uno(deps.db, cliente, input.id) }),
  crea: async ({ deps, input, req, utente, cliente }) => creaPreventivo(deps.db, utente, cliente, input, chiave(req, input.idempotency_key)),
  modifica: async ({ deps, input, cliente }) => ({ preventivo: await modificaPreventivo(deps.db, cliente, input) }),
  copia: async ({ deps, input, req, utente, cliente }) => copiaPreventivo(deps.db, utente, cliente, input.id, chiave(req, input.idempotency_key)),
  stato: async ({ deps, input, cliente }) => ({ preventivo: await cambiaStato(deps.db, cliente, input.id, input.stato) }),
  nelCarrello: async ({ deps, input, utente, cliente }) => nelCarrello(deps.db, deps.catalogo, utente, cliente, input.id),
  pdf: async ({ deps, input, cliente }) => {
    const [preventivo, intestazione, logo] = await Promise.all([
      uno(deps.db, cliente, input.id), leggiIntestazione(deps.db, cliente), logoDi(deps.db, cliente.id),
    ]);
    const pdf = await disegnaPdf('preventivo_cliente', { preventivo, intestazione, logo }, 'richiesta');
    return new FileRisposta(`preventivo-${numeroPreventivoCliente(preventivo).replace('/', '-')}.pdf`, 'application/pdf', pdf, true);
  },
  intestazione: async ({ deps, cliente }) => leggiIntestazione(deps.db, cliente),
  salvaIntestazione: async ({ deps, input, cliente }) => salvaIntestazione(deps.db, cliente, input),
  logo: async ({ deps, cliente }) => new FileRisposta('logo.png', 'image/png', await logoObbligatorio(deps.db, cliente.id), true),
  caricaLogo: async ({ deps, files, cliente }) => caricaLogo(deps.db, cliente, files),
  eliminaLogo: async ({ deps, cliente }) => eliminaLogo(deps.db, cliente),
});
