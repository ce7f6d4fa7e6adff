import { documentiApi, MSG_DOCUMENTI } from '../../shared/documenti.js';
import type { Db } from '../db/client.js';
import { FileRisposta } from '../lib/file-risposta.js';
import { forbidden, notFound } from '../lib/errors.js';
import { routeGroup } from '../lib/route.js';
import { fileDocumento, leggiDocumenti } from './documenti.queries.js';
import { leggiFatturaPa } from './fatturapa.js';
import { ricevDocumento } from './push.service.js';
import { nomeDocumento, zipDocumenti } from './zip-documenti.js';

export const documentiRoutes = routeGroup(documentiApi, {
  push: async ({ deps, files, input, token }) => ricevDocumento(deps.db, deps.archivio, files, input, token.id),
  leggi: async ({ deps, input, cliente }) => leggiDocumenti(deps.db, cliente.id, input),
  file: async ({ deps, input, cliente, reply }) => {
    const d = await documentoDelCliente(deps.db, input.id, cliente.id);
    const chiave = input.formato === 'xml' ? d.xml : d.pdf;
    if (!chiave) throw notFound(MSG_DOCUMENTI.senzaXml);
    const letto = await deps.archivio.leggi(chiave);
    if (!letto) throw notFound(MSG_DOCUMENTI.sconosciuto);
    reply.header('X-Content-Type-Options', 'nosniff').header('Cache-Control', 'private, no-store').header('Content-Length', letto.info.bytes);
    const nome = nomeDocumento(d, input.formato);
    return input.formato === 'xml'
      ? new FileRisposta(nome, 'application/xml; charset=utf-8', letto.corpo)
      : new FileRisposta(nome, 'application/pdf', letto.corpo, input.scarica !== '1');
  },
  fatturaPa: async ({ deps, input, cliente }) => {
    const d = await documentoDelCliente(deps.db, input.id, cliente.id);
    if (!d.xml) throw notFound(MSG_DOCUMENTI.senzaXml);
    const letto = await deps.archivio.leggi(d.xml);
    if (!letto) throw notFound(MSG_DOCUMENTI.sconosciuto);
    const parti: Buffer[] = [];
    for await (const b of letto.corpo) parti.push(b as Buffer);
    return leggiFatturaPa(Buffer.concat(parti).toString('utf8'));
  },
  zip: async ({ deps, input, cliente }) => zipDocumenti(deps.db, deps.archivio, cliente.id, input.ids),
});

/** A document of this client; another client's is refused like every customer call naming another client's record. */
async function documentoDelCliente(db: Db, id: number, clienteId: number) {
  const d = await fileDocumento(db, id);
  if (!d) throw notFound(MSG_DOCUMENTI.sconosciuto);
  if (d.cliente_id !== clienteId) throw forbidden();
  return d;
}
