import { and, eq, sql as dsql } from 'drizzle-orm';
import type { MediaProdotto } from '../../shared/catalogo.js';
import type { Esito } from '../../shared/common.js';
import { CAMPO_FILE_MEDIA, MSG_MEDIA, type TipologiaMedia } from '../../shared/prodotti-media-costanti.js';
import { MAX_FOTO_BYTES, MSG_UPLOAD } from '../../shared/upload.js';
import { registraModifica } from '../audit/audit.service.js';
import type { AdminSessione } from '../auth/utente-sessione.js';
import { type CatalogoCache, notificaCatalogo } from '../catalogo/catalogo.cache.js';
import { type Db, inTransazione } from '../db/client.js';
import { prodotti, prodottiMedia } from '../db/schema/index.js';
import type { ArchivioMedia } from '../lib/archivio/archivio.js';
import { badRequest, campoRifiutato, notFound, tooLarge } from '../lib/errors.js';
import { cartellaMedia, conFileMedia, type FileAccettato, rimuoviFileMedia } from '../lib/upload/file-media.js';
import type { FileRicevuto } from '../lib/upload/ricevi-file.js';

type Log = { warn: (obj: object, msg: string) => void };

/**
 * A photo's copies: the product page shows the web copy, cards and lists the thumbnail (400 px
 * covers a card at twice the pixel density), so that no page loads a camera original.
 */
const VARIANTI_FOTO = [{ suffisso: 'web', lato: 1600 }, { suffisso: 'thumb', lato: 400 }] as const;

/** The columns of a Product media as the API sends it, dates as the product pages write them. */
const COLONNE = `id, codice_prodotto, tipologia, nome, file, dir, file_web, file_thumb, dimensione, status,
  to_json(created)#>>'{}' AS created, to_json(modified)#>>'{}' AS modified`;

interface Prodotto {
  id: number;
  codice: string;
}

async function prodottoDi(db: Db, codice: string): Promise<Prodotto> {
  const [p] = await db.select({ id: prodotti.id, codice: prodotti.codiceProdotto }).from(prodotti).where(eq(prodotti.codiceProdotto, codice));
  if (!p) throw notFound(MSG_MEDIA.prodottoNonTrovato(codice));
  return p;
}

/**
 * Serialises the changes of one product's main photo: two concurrent set-photo-name calls would
 * otherwise both clear the old mark from their snapshot and the second would break the unique
 * index. An advisory lock rather than the product's row, which orders update (stock).
 */
async function bloccaFotoPrincipale(tx: Db, codice: string): Promise<void> {
  await tx.$client`SELECT pg_advisory_xact_lock(hashtext(${`prodotti_media:${codice}`}))`;
}

/** Clears the main mark of a product's photos (the partial unique index finds it); the ids it cleared. */
async function togliPrincipale(tx: Db, codice: string): Promise<number[]> {
  const rows = await tx.update(prodottiMedia).set({ nome: '', modified: dsql`now()` })
    .where(and(eq(prodottiMedia.codiceProdotto, codice), eq(prodottiMedia.tipologia, 'foto'), eq(prodottiMedia.nome, 'default')))
    .returning({ id: prodottiMedia.id });
  return rows.map((r) => r.id);
}

/** photo-get: a product's photos or attachments, the main photo first, then in upload order. */
export async function elencoMedia(db: Db, codice: string, tipologia: TipologiaMedia): Promise<MediaProdotto[]> {
  const p = await prodottoDi(db, codice);
  const sql = db.$client;
  return sql<MediaProdotto[]>`
    SELECT ${sql.unsafe(COLONNE)} FROM prodotti_media
    WHERE codice_prodotto = ${p.codice} AND tipologia = ${tipologia} ORDER BY (nome = 'default') DESC, id`;
}

/**
 * The files of an upload, if their kinds suit the tipologia (judged from their bytes): photos are
 * images of at most 10 MB, attachments documents (the call itself stops them at 50 MB).
 */
function accetta(tipologia: TipologiaMedia, files: readonly FileRicevuto[]): FileAccettato[] {
  if (files.length === 0) throw campoRifiutato(CAMPO_FILE_MEDIA, MSG_UPLOAD.nessunFile);
  for (const f of files) {
    if (tipologia === 'foto') {
      if (f.tipo?.famiglia !== 'immagine') throw campoRifiutato(CAMPO_FILE_MEDIA, `${MSG_UPLOAD.soloImmagini} Il file "${f.nome}" non è un'immagine.`);
      if (f.bytes > MAX_FOTO_BYTES) throw tooLarge(MSG_UPLOAD.troppoGrande(f.nome, MAX_FOTO_BYTES));
    } else if (f.tipo?.famiglia !== 'documento') {
      throw campoRifiutato(CAMPO_FILE_MEDIA, `${MSG_UPLOAD.nonConsentito} (${f.nome})`);
    }
  }
  return files as FileAccettato[];
}

export interface Caricamento {
  codice: string;
  tipologia: TipologiaMedia;
  /** The attachments' name; several attachments of one upload are numbered. */
  nome?: string;
  /** The first file becomes the main photo (prodotti/media's foto1). */
  principale?: boolean;
}

/**
 * photo-upload and prodotti/media: keeps every file of the request with its row, or none (a refused
 * file, an unknown product, a failed insert leave nothing behind). Photos get their copies first,
 * outside the transaction; the rows, the main mark and the audit record commit together. Customers
 * see the change at once in every server process (the product's cached description is dropped).
 */
export async function caricaMedia(
  db: Db, archivio: ArchivioMedia, catalogo: CatalogoCache, admin: AdminSessione, c: Caricamento, files: readonly FileRicevuto[],
): Promise<{ status: number; msg: string; media: MediaProdotto[] }> {
  const accettati = accetta(c.tipologia, files);
  const prodotto = await prodottoDi(db, c.codice);
  const dir = cartellaMedia('prodotti', prodotto.codice);
  const media = await conFileMedia(archivio, async (scrittura) => {
    const righe: { nome: string; file: string; fileWeb: string | null; fileThumb: string | null; bytes: number }[] = [];
    for (const [i, f] of accettati.entries()) {
      const kept = await scrittura.conserva(f, dir);
      const copie: Record<string, string> = c.tipologia === 'foto' ? await scrittura.varianti(kept, VARIANTI_FOTO) : {};
      const nome = c.tipologia === 'foto' ? (c.principale && i === 0 ? 'default' : '')
        : accettati.length > 1 ? `${c.nome ?? ''} (${i + 1})` : c.nome ?? '';
      righe.push({ nome, file: kept.file, fileWeb: copie.web ?? null, fileThumb: copie.thumb ?? null, bytes: kept.bytes });
    }
    return inTransazione(db, async (tx) => {
      const sql = tx.$client;
      let tolte: number[] = [];
      if (c.principale) {
        await bloccaFotoPrincipale(tx, prodotto.codice);
        tolte = await togliPrincipale(tx, prodotto.codice);
      }
      const inserite: MediaProdotto[] = [];
      for (const r of righe) {
        const [m] = await sql<MediaProdotto[]>`
          INSERT INTO prodotti_media (codice_prodotto, tipologia, nome, file, dir, file_web, file_thumb, dimensione)
          VALUES (${prodotto.codice}, ${c.tipologia}, ${r.nome}, ${r.file}, ${dir}, ${r.fileWeb}, ${r.fileThumb}, ${r.bytes})
          RETURNING ${sql.unsafe(COLONNE)}`;
        inserite.push(m!);
      }
      await registraModifica(tx, admin, {
        azione: 'prodotto.media.carica', entita: 'prodotto', entitaId: prodotto.codice,
        // Lists of plain values: the 'Storico modifiche' shows them as they are.
        dettagli: {
          tipologia: c.tipologia,
          media_id: inserite.map((m) => m.id),
          file: inserite.map((m) => m.file),
          ...(c.tipologia === 'allegato' ? { nome: inserite.map((m) => m.nome) } : {}),
          ...(c.principale ? { principale: inserite[0]!.id } : {}),
          ...(tolte.length ? { principale_tolta: tolte } : {}),
        },
      });
      await notificaCatalogo(sql, { prodotti: [prodotto.id] });
      return inserite;
    }).catch(prodottoSparito(prodotto.codice));
  });
  catalogo.clear({ prodotti: [prodotto.id] });
  return { status: 0, msg: MSG_MEDIA.caricati(c.tipologia, media.length), media };
}

/** A product deleted while its files were being written: its media rows have nowhere to go. */
const prodottoSparito = (codice: string) => (err: unknown): never => {
  const pg = (err as { cause?: { code?: string } }).cause ?? (err as { code?: string });
  if (pg.code === '23503') throw notFound(MSG_MEDIA.prodottoNonTrovato(codice));
  throw err;
};

/**
 * photo-delete: the row goes in a transaction with its audit record, then the file and its copies
 * (after the commit: a file left by a crash costs disk, a row without its file a broken image).
 * Another product's media id is refused and nothing changes.
 */
export async function cancellaMedia(
  db: Db, archivio: ArchivioMedia, catalogo: CatalogoCache, admin: AdminSessione, codice: string, mediaId: number, log: Log,
): Promise<Esito> {
  const prodotto = await prodottoDi(db, codice);
  const tolta = await inTransazione(db, async (tx) => {
    const [m] = await tx.delete(prodottiMedia).where(and(eq(prodottiMedia.id, mediaId), eq(prodottiMedia.codiceProdotto, prodotto.codice)))
      .returning({
        tipologia: prodottiMedia.tipologia, nome: prodottiMedia.nome, dir: prodottiMedia.dir, file: prodottiMedia.file,
        file_web: prodottiMedia.fileWeb, file_thumb: prodottiMedia.fileThumb,
      });
    if (!m) throw notFound(MSG_MEDIA.mediaNonTrovata(mediaId));
    await registraModifica(tx, admin, {
      azione: 'prodotto.media.cancella', entita: 'prodotto', entitaId: prodotto.codice,
      dettagli: { media_id: mediaId, tipologia: m.tipologia, nome: m.nome, file: m.file },
    });
    await notificaCatalogo(tx.$client, { prodotti: [prodotto.id] });
    return m;
  });
  catalogo.clear({ prodotti: [prodotto.id] });
  const files = [tolta.file, tolta.file_web, tolta.file_thumb].flatMap((file) => (file ? [{ dir: tolta.dir, file }] : []));
  try {
    await rimuoviFileMedia(archivio, files);
  } catch (err) {
    // The row is gone and the answer says so; a file that could not be removed only costs disk.
    log.warn({ err, files }, 'file di un media cancellato non rimossi');
  }
  return { status: 0, msg: MSG_MEDIA.cancellata };
}

/** set-photo-name: that photo becomes the product's main one ('default'), the old mark goes. */
export async function impostaPrincipale(db: Db, catalogo: CatalogoCache, admin: AdminSessione, codice: string, mediaId: number): Promise<Esito> {
  const prodotto = await prodottoDi(db, codice);
  await inTransazione(db, async (tx) => {
    await bloccaFotoPrincipale(tx, prodotto.codice);
    const [m] = await tx.select({ tipologia: prodottiMedia.tipologia }).from(prodottiMedia)
      .where(and(eq(prodottiMedia.id, mediaId), eq(prodottiMedia.codiceProdotto, prodotto.codice)));
    if (!m) throw notFound(MSG_MEDIA.mediaNonTrovata(mediaId));
    if (m.tipologia !== 'foto') throw badRequest(MSG_MEDIA.soloFoto);
    const tolte = (await togliPrincipale(tx, prodotto.codice)).filter((id) => id !== mediaId);
    await tx.update(prodottiMedia).set({ nome: 'default', modified: dsql`now()` }).where(eq(prodottiMedia.id, mediaId));
    await registraModifica(tx, admin, {
      azione: 'prodotto.foto.principale', entita: 'prodotto', entitaId: prodotto.codice,
      dettagli: { media_id: mediaId, ...(tolte.length ? { principale_tolta: tolte } : {}) },
    });
    await notificaCatalogo(tx.$client, { prodotti: [prodotto.id] });
  });
  catalogo.clear({ prodotti: [prodotto.id] });
  return { status: 0, msg: MSG_MEDIA.principale };
}

/** reset-photo-name: no photo of the product is main any more (customers see codart/…, then the placeholder). */
export async function togliFotoPrincipale(db: Db, catalogo: CatalogoCache, admin: AdminSessione, codice: string): Promise<Esito> {
  const prodotto = await prodottoDi(db, codice);
  await inTransazione(db, async (tx) => {
    await bloccaFotoPrincipale(tx, prodotto.codice);
    const tolte = await togliPrincipale(tx, prodotto.codice);
    await registraModifica(tx, admin, {
      azione: 'prodotto.foto.nessuna_principale', entita: 'prodotto', entitaId: prodotto.codice, dettagli: { principale_tolta: tolte },
    });
    await notificaCatalogo(tx.$client, { prodotti: [prodotto.id] });
  });
  catalogo.clear({ prodotti: [prodotto.id] });
  return { status: 0, msg: MSG_MEDIA.nessunaPrincipale };
}
