import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, notFound } from '../errors.js';
import { type ArchivioMedia, type InfoFile, type Intervallo, tipoDiChiave } from './archivio.js';

/** Media files shown inline: photos and their copies; every other file is a download. */
const IMMAGINE_SERVITA = /\.(jpe?g|png|gif|webp)$/i;

/**
 * The key of a /media/ URL (already decoded by the router). Never a dot segment: temporary
 * uploads, queued imports and the ERP's order files live under one, and '..' is one too.
 */
function chiaveServita(resto: string): string | undefined {
  const segmenti = resto.split('/');
  return segmenti.some((s) => s === '' || s.startsWith('.') || s.includes('\0')) ? undefined : resto;
}

const forte = (etag: string) => etag.trim().replace(/^W\//, '');

/** If-None-Match (weak comparison, a list, '*'); without it If-Modified-Since, to the second. */
function nonModificato(req: FastifyRequest, info: InfoFile): boolean {
  const inm = req.headers['if-none-match'];
  if (inm !== undefined) return inm.trim() === '*' || inm.split(',').some((e) => forte(e) === forte(info.etag));
  const ims = req.headers['if-modified-since'];
  const data = ims ? Date.parse(ims) : NaN;
  return !Number.isNaN(data) && Math.floor(info.modificato.getTime() / 1000) * 1000 <= data;
}

/**
 * One range (bytes=a-b, bytes=a-, bytes=-n) against the file's size. Several ranges, a header that
 * does not parse or an If-Range naming another version of the file: the whole file, as RFC 9110
 * allows. A range that starts past the end: 416.
 */
function intervalloRichiesto(req: FastifyRequest, info: InfoFile): Intervallo | undefined {
  const range = req.headers.range;
  const ifRange = req.headers['if-range'];
  const m = range ? /^bytes=(\d*)-(\d*)$/.exec(range.trim()) : null;
  if (!m || (ifRange !== undefined && ifRange !== info.etag) || (m[1] === '' && m[2] === '')) return undefined;
  const ultimo = info.bytes - 1;
  let inizio: number;
  let fine: number;
  if (m[1] === '') {
    // The last n bytes.
    const n = Number(m[2]);
    inizio = Math.max(0, info.bytes - n);
    fine = n === 0 ? -1 : ultimo;
  } else {
    inizio = Number(m[1]);
    // A last byte before the first is no range at all: ignored.
    if (m[2] !== '' && Number(m[2]) < inizio) return undefined;
    fine = m[2] === '' ? ultimo : Math.min(Number(m[2]), ultimo);
  }
  if (inizio > ultimo || fine < inizio) {
    throw new HttpError(416, 'richiesta_non_valida', 'Intervallo di byte non disponibile per questo file.', { 'content-range': `bytes */${info.bytes}` });
  }
  return { inizio, fine };
}

/**
 * What every answer about a file carries. Uploaded files are only ever downloaded, never run or
 * sniffed as something else: their extension is the kind judged from their bytes
 * (server/lib/upload), and anything that is not a photo is saved by the browser rather than opened
 * in the portal's origin. An hour in the browser, then revalidated by ETag (an admin may replace a file).
 */
function intestazioni(reply: FastifyReply, chiave: string, info: InfoFile): FastifyReply {
  reply.header('X-Content-Type-Options', 'nosniff').header('Cache-Control', 'public, max-age=3600')
    .header('ETag', info.etag).header('Last-Modified', info.modificato.toUTCString()).header('Accept-Ranges', 'bytes');
  if (!IMMAGINE_SERVITA.test(chiave)) {
    reply.header('Content-Disposition', `attachment; filename="${path.posix.basename(chiave).replace(/[^\w.-]/g, '_')}"`);
  }
  return reply;
}

/**
 * GET and HEAD /media/…: the file of that key from the media store, local folder or S3, with the
 * same headers either way (docs/decisions/archivio-media.md). Conditions and ranges are judged here,
 * once for both stores, against the file's facts.
 */
export function serviMedia(app: FastifyInstance, archivio: ArchivioMedia): void {
  app.route({
    method: ['GET', 'HEAD'],
    url: '/media/*',
    exposeHeadRoute: false,
    schema: { hide: true },
    handler: async (req, reply) => {
      const chiave = chiaveServita((req.params as { '*': string })['*']);
      if (!chiave) throw notFound();
      let intervallo: Intervallo | undefined;
      // A plain GET is one call to the store; a conditional one, a range or a HEAD first asks for
      // the file's facts (a 304 reads no bytes).
      if (req.method === 'HEAD' || req.headers['if-none-match'] || req.headers['if-modified-since'] || req.headers.range) {
        const info = await archivio.info(chiave);
        if (!info) throw notFound();
        if (nonModificato(req, info)) return intestazioni(reply, chiave, info).code(304).send();
        intervallo = intervalloRichiesto(req, info);
        if (req.method === 'HEAD') {
          return intestazioni(reply, chiave, info).type(tipoDiChiave(chiave)).header('Content-Length', info.bytes).send();
        }
      }
      const letto = await archivio.leggi(chiave, intervallo);
      if (!letto) throw notFound();
      intestazioni(reply, chiave, letto.info).type(tipoDiChiave(chiave));
      if (intervallo) {
        reply.code(206).header('Content-Range', `bytes ${intervallo.inizio}-${intervallo.fine}/${letto.info.bytes}`);
      }
      return reply.header('Content-Length', intervallo ? intervallo.fine - intervallo.inizio + 1 : letto.info.bytes).send(letto.corpo);
    },
  });
}
