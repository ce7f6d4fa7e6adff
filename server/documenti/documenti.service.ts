import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { MSG_FATTURAPA } from '../../shared/documenti-costanti.js';
import { type FatturaPaLeggibile, fatturaPaLeggibile, MSG_DOCUMENTI } from '../../shared/documenti.js';
import type { Db } from '../db/client.js';
import type { ArchivioMedia } from '../lib/archivio/archivio.js';
import { notFound } from '../lib/errors.js';
import { FileRisposta } from '../lib/file-risposta.js';
import { fatturaPaDocumento, fileDocumento, salvaFatturaPa } from './documenti.queries.js';
import { FatturaPaIllegibile, leggiFatturaPa } from './fatturapa.js';
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
  // Cache-Control: no-store, as every API answer (server/app.ts).
  reply.header('X-Content-Type-Options', 'nosniff').header('Content-Length', letto.info.bytes);
  const nome = nomeDocumento(d, q.formato);
  return q.formato === 'xml'
    ? new FileRisposta(nome, 'application/xml; charset=utf-8', letto.corpo)
    : new FileRisposta(nome, 'application/pdf', letto.corpo, q.scarica !== '1');
}

type Lettura = FatturaPaLeggibile | { illeggibile: string };

/** Reads in progress in this process, by XML key: a document's first views at once read its file once. */
const inLettura = new Map<string, Promise<Lettura>>();

/**
 * A document kept from before the page was stored (migration 0041): its XML read once, at its first
 * view, and the outcome stored (the page, or why it cannot be shown), so that the file is never
 * parsed again (docs/decisions/fatturapa-lettura.md).
 */
function leggiUnaVolta(db: Db, archivio: ArchivioMedia, id: number, xml: string): Promise<Lettura> {
  let p = inLettura.get(xml);
  if (!p) {
    p = (async (): Promise<Lettura> => {
      const letto = await archivio.leggi(xml);
      if (!letto) throw notFound(MSG_DOCUMENTI.sconosciuto);
      const parti: Buffer[] = [];
      for await (const b of letto.corpo) parti.push(b as Buffer);
      let l: Lettura;
      try {
        l = leggiFatturaPa(new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(parti)));
      } catch (err) {
        if (!(err instanceof FatturaPaIllegibile) && !(err instanceof TypeError)) throw err;
        l = { illeggibile: MSG_FATTURAPA.illeggibile(err instanceof FatturaPaIllegibile ? err.message : MSG_FATTURAPA.nonXml) };
      }
      await salvaFatturaPa(db, id, xml, l);
      return l;
    })().finally(() => inLettura.delete(xml));
    inLettura.set(xml, p);
  }
  return p;
}

const illeggibile = z.object({ illeggibile: z.string() });

/** A client's invoice or credit note as its readable FatturaPA page: the one stored with the document, never its file parsed again. */
export async function fatturaPaDelDocumento(db: Db, archivio: ArchivioMedia, clienteId: number, id: number): Promise<FatturaPaLeggibile> {
  const d = await fatturaPaDocumento(db, id);
  if (!d || d.cliente_id !== clienteId) throw notFound(MSG_DOCUMENTI.sconosciuto);
  if (!d.xml) throw notFound(MSG_DOCUMENTI.senzaXml);
  // A page stored in an older shape than the call's is read again, as a missing one.
  const vista = fatturaPaLeggibile.safeParse(d.fatturapa);
  const rifiuto = illeggibile.safeParse(d.fatturapa);
  const l: Lettura = vista.success ? vista.data : rifiuto.success ? rifiuto.data : await leggiUnaVolta(db, archivio, id, d.xml);
  if ('illeggibile' in l) throw notFound(l.illeggibile);
  return l;
}
