import { ordiniApi } from '../../shared/ordini.js';
import { sqlOf } from '../db/client.js';
import { aggiornaDaErp } from '../erp/disponibilita-live.js';
import { badRequest } from '../lib/errors.js';
import { routeGroup } from '../lib/route.js';
import { creaOrdine, fatturatoMensile, leggiOrdini, verificaDisponibilita } from './ordini.service.js';

export const ordiniRoutes = routeGroup(ordiniApi, {
  verifica: async ({ deps, input, req }) => {
    await aggiornaDaErp(sqlOf(deps.db), deps.config.erp, input.prodotti, req.log);
    return verificaDisponibilita(deps.db, input.prodotti);
  },
  crea: async ({ deps, input, req, utente, cliente }) => {
    const header = req.headers['idempotency-key'];
    const key = (Array.isArray(header) ? header[0] : header) ?? input.idempotency_key;
    if (key !== undefined && !/^[A-Za-z0-9_-]{8,100}$/.test(key)) throw badRequest('Idempotency-Key non valida.');
    await aggiornaDaErp(sqlOf(deps.db), deps.config.erp, input.carrelloItems ?? [], req.log);
    const esporta = Boolean(deps.config.erp?.webhookUrl || deps.config.erp?.exportDir);
    return creaOrdine(deps.db, utente, cliente, input, key, esporta);
  },
  leggi: async ({ deps, utente, cliente }) => ({ ordini: await leggiOrdini(deps.db, utente.id, cliente.id) }),
  fatturatoMensile: async ({ deps, cliente }) => ({ totale_mensile: await fatturatoMensile(deps.db, cliente.id) }),
});
