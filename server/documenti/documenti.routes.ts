import { documentiApi, MSG_DOCUMENTI } from '../../shared/documenti.js';
import { FileRisposta } from '../lib/file-risposta.js';
import { forbidden, notFound } from '../lib/errors.js';
import { routeGroup } from '../lib/route.js';
import { fileDocumento, leggiDocumenti } from './documenti.queries.js';
import { ricevDocumento } from './push.service.js';

export const documentiRoutes = routeGroup(documentiApi, {
  push: async ({ deps, files, input, token }) => ricevDocumento(deps.db, deps.archivio, files, input, token.id),
  leggi: async ({ deps, input, cliente }) => leggiDocumenti(deps.db, cliente.id, input),
  file: async ({ deps, input, cliente, reply }) => {
    const d = await fileDocumento(deps.db, input.id);
    if (!d) throw notFound(MSG_DOCUMENTI.sconosciuto);
    // Another client's document: refused like every customer call naming another client's record.
    if (d.cliente_id !== cliente.id) throw forbidden();
    const chiave = input.formato === 'xml' ? d.xml : d.pdf;
    if (!chiave) throw notFound(MSG_DOCUMENTI.senzaXml);
    const letto = await deps.archivio.leggi(chiave);
    if (!letto) throw notFound(MSG_DOCUMENTI.sconosciuto);
    reply.header('X-Content-Type-Options', 'nosniff').header('Cache-Control', 'private, no-store').header('Content-Length', letto.info.bytes);
    const nome = `${d.tipo.toLowerCase()}-${d.numero.replace(/[^\w.-]/g, '_')}-${d.data}.${input.formato}`;
    return input.formato === 'xml'
      ? new FileRisposta(nome, 'application/xml; charset=utf-8', letto.corpo)
      : new FileRisposta(nome, 'application/pdf', letto.corpo, input.scarica !== '1');
  },
});
