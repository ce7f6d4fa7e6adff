import type { FastifyReply } from 'fastify';
import { type FatturaPaLeggibile, MSG_DOCUMENTI } from '../../shared/documenti.js';
import type { Db } from '../db/client.js';
import type { ArchivioMedia } from '../lib/archivio/archivio.js';
import { notFound } from '../lib/errors.js';
import { FileRisposta } from '../lib/file-risposta.js';
import { fileDocumento } from './documenti.queries.js';
import { leggiFatturaPa } from './fatturapa.js';
import { nomeDocumento } from './zip-documenti.js';

/** A document of this client; another client's answers as one that does not exist (ids tell nothing apart). */
async function documentoDelCliente(db: Db, id: number, clienteId: number) {
  const d = await fileDocumento(db, id);
  if (!d || d.cliente_id !== clienteId) throw notFound(MSG_DOCUMENTI.sconosciuto);
  return d;
}

/** The PDF (inline unless asked as a download) or the FatturaPA XML (always a download) of a client's document. */
export async function fileDelDocumento(
  db: Db, archivio: ArchivioMedia, reply: FastifyReply, clienteId: number, q: { id: number; formato: 'pdf' | 'xml'; scarica?: '0' | '1' | undefined },
): Promise<FileRisposta> {
  const d = await documentoDelCliente(db, q.id, clienteId);
  const chiave = q.formato === 'xml' ? d.xml : d.pdf;
  if (!chiave) throw notFound(MSG_DOCUMENTI.senzaXml);
  const letto = await archivio.leggi(chiave);
  if (!letto) throw notFound(MSG_DOCUMENTI.sconosciuto);
  reply.header('X-Content-Type-Options', 'nosniff').header('Cache-Control', 'private, no-store').header('Content-Length', letto.info.bytes);
  const nome = nomeDocumento(d, q.formato);
  return q.formato === 'xml'
    ? new FileRisposta(nome, 'application/xml; charset=utf-8', letto.corpo)
    : new FileRisposta(nome, 'application/pdf', letto.corpo, q.scarica !== '1');
}

/** A client's invoice or credit note as its readable FatturaPA page. */
export async function fatturaPaDelDocumento(db: Db, archivio: ArchivioMedia, clienteId: number, id: number): Promise<FatturaPaLeggibile> {
  const d = await documentoDelCliente(db, id, clienteId);
  if (!d.xml) throw notFound(MSG_DOCUMENTI.senzaXml);
  const letto = await archivio.leggi(d.xml);
  if (!letto) throw notFound(MSG_DOCUMENTI.sconosciuto);
  const parti: Buffer[] = [];
  for await (const b of letto.corpo) parti.push(b as Buffer);
  return leggiFatturaPa(Buffer.concat(parti).toString('utf8'));
}
