/**
 * Several documents as one ZIP, streamed with yazl (docs/decisions/documenti-zip.md): each PDF, and
 * beside an invoice's or credit note's PDF its FatturaPA XML (what the customer's accounting imports),
 * under the names of their single downloads. Each file is opened from the media store only when its
 * turn comes, so that a hundred documents hold one file open at a time and no memory; a PDF is stored
 * as it is (compressed already), an XML deflated.
 */
import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { MSG_DOCUMENTI } from '../../shared/documenti.js';
import type { Db } from '../db/client.js';
import type { ArchivioMedia } from '../lib/archivio/archivio.js';
import { notFound } from '../lib/errors.js';
import { FileRisposta } from '../lib/file-risposta.js';

/** A document's file name, as the download and the ZIP name it. */
export const nomeDocumento = (d: { tipo: string; numero: string; data: string }, ext: string) =>
  `${d.tipo.toLowerCase()}-${d.numero.replace(/[^\w.-]/g, '_')}-${d.data}.${ext}`;

export async function zipDocumenti(db: Db, archivio: ArchivioMedia, clienteId: number, ids: readonly number[]): Promise<FileRisposta> {
  const righe = await db.$client<{ id: number; cliente_id: number; tipo: string; numero: string; data: string; pdf: string; xml: string | null }[]>`
    SELECT id, cliente_id, tipo, numero, to_char(data, 'YYYY-MM-DD') AS data, pdf, xml FROM documenti
    WHERE id = ANY(${ids as number[]}::int[]) ORDER BY data, id`;
  // Another client's id answers as a missing one: ids tell nothing apart.
  if (righe.length < ids.length || righe.some((d) => d.cliente_id !== clienteId)) throw notFound(MSG_DOCUMENTI.sconosciuto);
  const zip = new ZipFile();
  const uscita = zip.outputStream as Readable;
  zip.on('error', (err: Error) => uscita.destroy(err));
  const aggiungi = (nome: string, chiave: string, compress: boolean, id: number) =>
    zip.addReadStreamLazy(nome, { compress }, (cb) => {
      archivio.leggi(chiave).then(
        (letto) => cb(letto ? null : new Error(`file di ${id} assente`), letto?.corpo as Readable),
        (err: unknown) => cb(err, undefined as unknown as Readable),
      );
    });
  for (const d of righe) {
    aggiungi(nomeDocumento(d, 'pdf'), d.pdf, false, d.id);
    if (d.xml) aggiungi(nomeDocumento(d, 'xml'), d.xml, true, d.id);
  }
  zip.end();
  return new FileRisposta('documenti.zip', 'application/zip', uscita);
}
