/**
 * A document from the ERP (docs/regole/documenti.md): checked, its files kept in the media store,
 * its row written or replaced (same company, type, number and year) with its orders, in one
 * transaction; the files it replaced go after the commit, the new ones if the write fails.
 */
import crypto from 'node:crypto';
import { type DocumentoPush, type FatturaPaLeggibile, MSG_DOCUMENTI } from '../../shared/documenti.js';
import { type Db, inTransazione } from '../db/client.js';
import type { ArchivioMedia } from '../lib/archivio/archivio.js';
import { badRequest } from '../lib/errors.js';
import type { FileRicevuto } from '../lib/upload/ricevi-file.js';
import { chiudiConNota } from '../resi/resi.service.js';
import { controllaPdf, controllaXml, improntaDocumento } from './file-documento.js';

/** The document files: a dot folder of the media store, never served under /media/ (also the import kind documenti's). */
export const PREFISSO_DOCUMENTI = '.documenti';

/** The rules a document's fields obey beyond their own shape. */
function controllaCampi(d: DocumentoPush, conXml: boolean): void {
  if (d.tipo === 'DDT' && conXml) throw badRequest(MSG_DOCUMENTI.xmlSoloFatture);
  if (d.tipo === 'DDT' && d.ddt.length > 0) throw badRequest(MSG_DOCUMENTI.ddtSoloFatture);
  if (d.tipo !== 'DDT' && d.righe !== undefined) throw badRequest(MSG_DOCUMENTI.righeSoloDdt);
  if (d.tipo !== 'NOTA_CREDITO' && d.resi.length > 0) throw badRequest(MSG_DOCUMENTI.resiSoloNote);
}

/** The ERP's push: the fields and the files of one multipart request. */
export async function ricevDocumento(
  db: Db, archivio: ArchivioMedia, files: readonly FileRicevuto[], d: DocumentoPush, tokenId: number, url: string,
): Promise<{ status: number; msg: string; id: number; sostituito: boolean }> {
  const pdf = controllaPdf(files.find((f) => f.campo === 'file'));
  const xml = files.find((f) => f.campo === 'xml');
  controllaCampi(d, Boolean(xml));
  // The FatturaPA is read here, once: the page shows what is stored with the row.
  const vista = xml ? await controllaXml(xml) : null;
  const r = await salvaDocumento(db, archivio, d, pdf.percorso, xml ? { percorso: xml.percorso, vista: vista! } : undefined, tokenId, url);
  return { status: 0, msg: r.sostituito ? MSG_DOCUMENTI.sostituito : MSG_DOCUMENTI.salvato, ...r };
}

/**
 * The client the document names, and its orders checked against it: a document can only name its
 * own client's orders. Its id; a refusal otherwise.
 */
async function controllaRiferimenti(db: Db, d: DocumentoPush): Promise<number> {
  const sql = db.$client;
  const [cliente] = await sql<{ id: number }[]>`
    SELECT id FROM clienti WHERE azienda_codice = ${d.azienda_codice} AND codice = ${d.cliente_codice}`;
  if (!cliente) throw badRequest(MSG_DOCUMENTI.clienteSconosciuto(d.azienda_codice, d.cliente_codice));
  if (d.ordini.length > 0) {
    const propri = new Set((await sql<{ id: number }[]>`
      SELECT id FROM ordini WHERE id = ANY(${d.ordini}::int[]) AND cliente_id = ${cliente.id}`).map((o) => o.id));
    const estraneo = d.ordini.find((id) => !propri.has(id));
    if (estraneo !== undefined) throw badRequest(MSG_DOCUMENTI.ordineNonDelCliente(estraneo));
  }
  return cliente.id;
}

/** Writes one document whose files are already checked (local paths). */
async function salvaDocumento(
  db: Db, archivio: ArchivioMedia, d: DocumentoPush, pdf: string, xml: { percorso: string; vista: FatturaPaLeggibile } | undefined, tokenId: number,
  url: string,
): Promise<{ id: number; sostituito: boolean }> {
  const clienteId = await controllaRiferimenti(db, d);
  const impronta = await improntaDocumento(pdf, xml?.percorso);
  const chiavePdf = `${PREFISSO_DOCUMENTI}/${crypto.randomUUID()}.pdf`;
  const chiaveXml = xml ? `${PREFISSO_DOCUMENTI}/${crypto.randomUUID()}.xml` : null;
  await archivio.salvaFile(chiavePdf, pdf);
  if (xml && chiaveXml) await archivio.salvaFile(chiaveXml, xml.percorso);
  let vecchi: string[] = [];
  try {
    const r = await inTransazione(db, async (tx) => {
      const sql = tx.$client;
      const [prima] = await sql<{ pdf: string; xml: string | null }[]>`
        SELECT pdf, xml FROM documenti
        WHERE azienda_codice = ${d.azienda_codice} AND tipo = ${d.tipo} AND anno = ${Number(d.data.slice(0, 4))} AND numero = ${d.numero}
        FOR UPDATE`;
      const [riga] = await sql<{ id: number; sostituito: boolean }[]>`
        INSERT INTO documenti (tipo, numero, data, azienda_codice, cliente_id, imponibile, iva, totale, ddt, pdf, xml, fatturapa, impronta, token_id, importazione_id)
        VALUES (${d.tipo}, ${d.numero}, ${d.data}, ${d.azienda_codice}, ${clienteId}, ${d.imponibile}, ${d.iva}, ${d.totale},
          ${d.ddt}::text[], ${chiavePdf}, ${chiaveXml}, ${xml ? JSON.stringify(xml.vista) : null}::jsonb, ${impronta}, ${tokenId}, NULL)
        ON CONFLICT (azienda_codice, tipo, anno, numero) DO UPDATE SET
          data = excluded.data, cliente_id = excluded.cliente_id, imponibile = excluded.imponibile, iva = excluded.iva,
          totale = excluded.totale, ddt = excluded.ddt, pdf = excluded.pdf, xml = excluded.xml, fatturapa = excluded.fatturapa,
          impronta = excluded.impronta, token_id = excluded.token_id, importazione_id = excluded.importazione_id, ricevuto_at = now()
        RETURNING id, (xmax <> 0) AS sostituito`;
      await sql`DELETE FROM documenti_ordini WHERE documento_id = ${riga!.id}`;
      if (d.ordini.length > 0) {
        await sql`INSERT INTO documenti_ordini (documento_id, ordine_id) SELECT ${riga!.id}, unnest(${d.ordini}::int[])`;
      }
      // A DDT's lines (its orders' lines when sent without), and the returns a credit note closes (issue 39).
      if (d.tipo === 'DDT') await sql`SELECT scrivi_righe_ddt(${riga!.id}, ${d.righe ? JSON.stringify(d.righe) : null}::text::jsonb)`;
      await chiudiConNota(tx, riga!.id, clienteId, d.resi, url);
      vecchi = prima ? [prima.pdf, ...(prima.xml ? [prima.xml] : [])] : [];
      return riga!;
    });
    await archivio.cancella(vecchi);
    return r;
  } catch (err) {
    await archivio.cancella([chiavePdf, ...(chiaveXml ? [chiaveXml] : [])]);
    throw err;
  }
}
