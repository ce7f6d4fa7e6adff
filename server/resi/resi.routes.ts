import { resiApi } from '../../shared/resi.js';
import { MSG_RESI } from '../../shared/resi-costanti.js';
import { urlPortale } from '../approvazioni/approvazioni.service.js';
import { notFound } from '../lib/errors.js';
import { routeGroup } from '../lib/route.js';
import { leggiPolitica, salvaPolitica } from './politica.js';
import { codaResi, contaDaGestire, elencoResi, unReso } from './resi.queries.js';
import {
  annullaReso, autorizzaReso, chiudiReso, fotoDelReso, pdfReso, rendibili, resoDelCliente, richiediReso, riceviReso, rifiutaReso, spedisciReso, verificaReso,
} from './resi.service.js';

export const resiRoutes = routeGroup(resiApi, {
  rendibili: async ({ deps, input, cliente }) => rendibili(deps.db, cliente.id, input.documento_id),
  richiedi: async ({ deps, input, files, utente, cliente }) => richiediReso(deps.db, deps.archivio, utente, cliente, input, files),
  elenco: async ({ deps, input, cliente }) => elencoResi(deps.db, cliente.id, input),
  dettaglio: async ({ deps, input, cliente }) => resoDelCliente(deps.db, cliente.id, input.id),
  annulla: async ({ deps, input, utente, cliente }) => annullaReso(deps.db, utente, cliente.id, input.id, urlPortale(deps.config)),
  spedisci: async ({ deps, input, utente, cliente }) => spedisciReso(deps.db, utente, cliente.id, input.id, urlPortale(deps.config)),
  pdf: async ({ deps, input, cliente }) => pdfReso(deps.db, cliente, input.id),
  foto: async ({ deps, input, cliente, reply }) => fotoDelReso(deps.db, deps.archivio, reply, cliente.id, input.id, input.foto_id),
  coda: async ({ deps, input }) => codaResi(deps.db, input),
  conteggio: async ({ deps }) => ({ da_gestire: await contaDaGestire(deps.db) }),
  scheda: async ({ deps, input }) => {
    const r = await unReso(deps.db, input.id);
    if (!r) throw notFound(MSG_RESI.sconosciuto);
    const { cliente_id: _c, azienda_codice: _a, ...reso } = r;
    return reso;
  },
  politica: async ({ deps }) => leggiPolitica(deps.db),
  salvaPolitica: async ({ deps, input, admin }) => salvaPolitica(deps.db, admin, input),
  autorizza: async ({ deps, input, admin }) => autorizzaReso(deps.db, admin, input, urlPortale(deps.config)),
  rifiuta: async ({ deps, input, admin }) => rifiutaReso(deps.db, admin, input.id, input.motivo, urlPortale(deps.config)),
  ricevi: async ({ deps, input, admin }) => riceviReso(deps.db, admin, input.id, urlPortale(deps.config)),
  verifica: async ({ deps, input, admin }) => verificaReso(deps.db, admin, input, urlPortale(deps.config)),
  chiudi: async ({ deps, input, admin }) => chiudiReso(deps.db, admin, input.id, urlPortale(deps.config)),
});
