import { resiApi } from '../../shared/resi.js';
import { MSG_RESI } from '../../shared/resi-costanti.js';
import { urlPortale } from '../approvazioni/approvazioni.service.js';
import { forbidden, notFound } from '../lib/errors.js';
import { FileRisposta } from '../lib/file-risposta.js';
import { routeGroup } from '../lib/route.js';
import { disegnaPdf } from '../pdf/disegno-in-disparte.js';
import { codaResi, contaDaGestire, elencoResi, unReso } from './resi.queries.js';
import {
  annullaReso, autorizzaReso, chiudiReso, rendibili, resoDelCliente, richiediReso, riceviReso, rifiutaReso, spedisciReso, verificaReso,
} from './resi.service.js';

export const resiRoutes = routeGroup(resiApi, {
  rendibili: async ({ deps, input, cliente }) => rendibili(deps.db, cliente.id, input.documento_id),
  richiedi: async ({ deps, input, files, utente, cliente }) => richiediReso(deps.db, deps.archivio, utente, cliente, input, files),
  elenco: async ({ deps, input, cliente }) => elencoResi(deps.db, cliente.id, input),
  dettaglio: async ({ deps, input, cliente }) => resoDelCliente(deps.db, cliente.id, input.id),
  annulla: async ({ deps, input, cliente }) => annullaReso(deps.db, cliente.id, input.id, urlPortale(deps.config)),
  spedisci: async ({ deps, input, cliente }) => spedisciReso(deps.db, cliente.id, input.id, urlPortale(deps.config)),
  pdf: async ({ deps, input, cliente }) => {
    const r = await resoDelCliente(deps.db, cliente.id, input.id);
    // The RMA document exists once the return is authorised (whole or in part), and stays afterwards.
    if (['richiesto', 'rifiutato', 'annullato'].includes(r.stato)) throw notFound(MSG_RESI.senzaPdf);
    const pdf = await disegnaPdf('reso', { ...r, cliente_ragione_sociale: cliente.ragioneSociale }, 'richiesta');
    return new FileRisposta(`${r.numero}.pdf`, 'application/pdf', pdf, true);
  },
  foto: async ({ deps, input, cliente, reply }) => {
    const [f] = await deps.db.$client<{ chiave: string; nome: string; mime: string; cliente_id: number }[]>`
      SELECT f.chiave, f.nome, f.mime, s.cliente_id FROM resi_foto f JOIN resi s ON s.id = f.reso_id
      WHERE f.id = ${input.foto_id} AND f.reso_id = ${input.id}`;
    if (!f || f.cliente_id !== cliente.id) throw forbidden(MSG_RESI.sconosciuto);
    const letto = await deps.archivio.leggi(f.chiave);
    if (!letto) throw notFound(MSG_RESI.sconosciuto);
    reply.header('X-Content-Type-Options', 'nosniff').header('Content-Length', letto.info.bytes);
    return new FileRisposta(f.nome, f.mime, letto.corpo, true);
  },
  coda: async ({ deps, input }) => codaResi(deps.db, input),
  conteggio: async ({ deps }) => ({ da_gestire: await contaDaGestire(deps.db) }),
  scheda: async ({ deps, input }) => {
    const r = await unReso(deps.db, input.id);
    if (!r) throw notFound(MSG_RESI.sconosciuto);
    const { cliente_id: _c, azienda_codice: _a, ...reso } = r;
    return reso;
  },
  autorizza: async ({ deps, input, admin }) => autorizzaReso(deps.db, admin, input, urlPortale(deps.config)),
  rifiuta: async ({ deps, input, admin }) => rifiutaReso(deps.db, admin, input.id, input.motivo, urlPortale(deps.config)),
  ricevi: async ({ deps, input, admin }) => riceviReso(deps.db, admin, input.id, urlPortale(deps.config)),
  verifica: async ({ deps, input, admin }) => verificaReso(deps.db, admin, input, urlPortale(deps.config)),
  chiudi: async ({ deps, input, admin }) => chiudiReso(deps.db, admin, input.id, urlPortale(deps.config)),
});
