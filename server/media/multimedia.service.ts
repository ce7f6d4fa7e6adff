import { count, eq, inArray, sql as dsql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Esito } from '../../shared/common.js';
import type { multimediaCreaRequest, multimediaUpdateRequest } from '../../shared/media.js';
import { erroreContenuto, MSG_MULTIMEDIA, TIPOLOGIA_BANNER } from '../../shared/media-costanti.js';
import { registraModifica } from '../audit/audit.service.js';
import type { AdminSessione } from '../auth/utente-sessione.js';
import { type Db, inTransazione } from '../db/client.js';
import { multimedia } from '../db/schema/index.js';
import type { ArchivioMedia } from '../lib/archivio/archivio.js';
import { badRequest, campoRifiutato, notFound } from '../lib/errors.js';
import {
  cartellaMedia, inTransazioneConFile, rimuoviFileMedia, type FileAccettato, type FileConservato, type ScritturaMedia,
} from '../lib/upload/file-media.js';
import type { FileRicevuto } from '../lib/upload/ricevi-file.js';

type Riga = typeof multimedia.$inferSelect;

/**
 * The web copy of a cover: what every page shows (a side banner, a media card) instead of the
 * original, which may be a 10 MB camera photo. The original stays beside it, named by dropping
 * the suffix.
 */
const COVER_WEB = { suffisso: 'web', lato: 1200 } as const;
const SUFFISSO_WEB = `.${COVER_WEB.suffisso}.webp`;

/** Files of a type live together: multimedia/catalogo/, …/banner-laterale/ in the media store. */
const cartellaDi = (tipologia: string) => cartellaMedia('multimedia', tipologia.replace(/\s+/g, '-'));

/** The files a row names in the media store: cover (web copy and original) and document. */
function fileDellaCover(r: Pick<Riga, 'coverDir' | 'coverFile'>): { dir: string; file: string }[] {
  if (!r.coverFile) return [];
  const originale = r.coverFile.endsWith(SUFFISSO_WEB) ? r.coverFile.slice(0, -SUFFISSO_WEB.length) : '';
  return [{ dir: r.coverDir, file: r.coverFile }, ...(originale ? [{ dir: r.coverDir, file: originale }] : [])];
}
const fileDelDocumento = (r: Pick<Riga, 'linkFolder' | 'linkFile'>) => (r.linkFile ? [{ dir: r.linkFolder, file: r.linkFile }] : []);

/**
 * Removes the files of rows already changed or deleted. A file that cannot be removed costs disk,
 * not a broken page: logged, never the answer's failure (the change has committed).
 */
async function rimuoviDopo(archivio: ArchivioMedia, log: FastifyBaseLogger, files: { dir: string; file: string }[]): Promise<void> {
  try {
    await rimuoviFileMedia(archivio, files);
  } catch (err) {
    log.warn({ err, files }, 'file multimedia non rimossi');
  }
}

/** The document and the cover of a request, each checked for its kind (judged from its bytes). */
function fileDellaRichiesta(files: readonly FileRicevuto[]): { file?: FileAccettato; cover?: FileAccettato } {
  const documenti = files.filter((f) => f.campo === 'file');
  const cover = files.filter((f) => f.campo === 'cover');
  if (documenti.length > 1 || cover.length > 1) throw badRequest(MSG_MULTIMEDIA.unFilePerCampo);
  const [d] = documenti;
  const [c] = cover;
  // A document may also be an image (a table scanned as a picture); never an executable, HTML or SVG.
  if (d && !d.tipo) throw campoRifiutato('file', MSG_MULTIMEDIA.fileNonConsentito);
  if (c && c.tipo?.famiglia !== 'immagine') throw campoRifiutato('cover', MSG_MULTIMEDIA.coverNonImmagine);
  return { file: d as FileAccettato | undefined, cover: c as FileAccettato | undefined };
}

/** What every item must be (shared/media-costanti.ts erroreContenuto), refused with the field it concerns. */
function verificaContenuto(r: Parameters<typeof erroreContenuto>[0]): void {
  const errore = erroreContenuto(r);
  if (errore) throw campoRifiutato(errore.campo, errore.msg);
}

/** The last place among the items of a type (index multimedia_tipologia_idx). */
const inFondo = (tipologia: string) =>
  dsql<number>`(SELECT coalesce(max(${multimedia.ordine}), 0) + 1 FROM ${multimedia} WHERE ${multimedia.tipologia} = ${tipologia})`;

async function conservaCover(media: ScritturaMedia, cover: FileAccettato, dir: string): Promise<{ coverDir: string; coverFile: string }> {
  const c = await media.conserva(cover, dir);
  const varianti = await media.varianti(c, [COVER_WEB]);
  return { coverDir: c.dir, coverFile: varianti[COVER_WEB.suffisso]! };
}

const documento = (f: FileConservato) => ({ linkFolder: f.dir, linkFile: f.file });

async function rigaPerModifica(tx: Db, id: number): Promise<Riga> {
  const [r] = await tx.select().from(multimedia).where(eq(multimedia.id, id)).for('update');
  if (!r) throw notFound(MSG_MULTIMEDIA.nonTrovato);
  return r;
}

/** multimedia/test: the row, its files and the audit record, together or not at all. */
export async function creaMultimedia(
  db: Db, archivio: ArchivioMedia, admin: AdminSessione, input: z.output<typeof multimediaCreaRequest>, files: readonly FileRicevuto[],
): Promise<Esito & { id: number }> {
  const { file, cover } = fileDellaRichiesta(files);
  verificaContenuto({ tipologia: input.tipologia, link: input.link, haFile: !!file, haCover: !!cover });
  return inTransazioneConFile(db, archivio, async (tx, media) => {
    const dir = cartellaDi(input.tipologia);
    const doc = file ? documento(await media.conserva(file, dir)) : {};
    const img = cover ? await conservaCover(media, cover, dir) : {};
    const [r] = await tx.insert(multimedia).values({
      nome: input.nome, descrizione: input.descrizione, tipologia: input.tipologia, link: input.link,
      ordine: inFondo(input.tipologia), ...doc, ...img,
    }).returning();
    await registraModifica(tx, admin, {
      azione: 'multimedia.crea', entita: 'multimedia', entitaId: r!.id,
      dettagli: { nome: r!.nome, tipologia: r!.tipologia, descrizione: r!.descrizione, link: r!.link, file: file?.nome ?? '', cover: cover?.nome ?? '' },
    });
    return { status: 0, msg: MSG_MULTIMEDIA.inserito, id: r!.id };
  });
}

/** multimedia/update: the fields sent, checked against what the item is (a banner keeps its link). */
export async function aggiornaMultimedia(
  db: Db, admin: AdminSessione, input: z.output<typeof multimediaUpdateRequest>,
): Promise<Esito> {
  const { multimedia_id: id, ...campi } = input;
  const cambi = Object.fromEntries(Object.entries(campi).filter(([, v]) => v !== undefined)) as Partial<typeof campi>;
  if (Object.keys(cambi).length === 0) throw badRequest(MSG_MULTIMEDIA.nessunaModifica);
  await inTransazione(db, async (tx) => {
    const r = await rigaPerModifica(tx, id);
    const tipologia = cambi.tipologia ?? r.tipologia;
    if ((tipologia === TIPOLOGIA_BANNER) !== (r.tipologia === TIPOLOGIA_BANNER)) throw campoRifiutato('tipologia', MSG_MULTIMEDIA.cambioTipologia);
    verificaContenuto({ tipologia, link: cambi.link ?? r.link, haFile: !!r.linkFile, haCover: !!r.coverFile });
    const nuovaTipologia = cambi.tipologia !== undefined && cambi.tipologia !== r.tipologia;
    await tx.update(multimedia).set({
      ...(cambi.nome !== undefined ? { nome: cambi.nome } : {}),
      ...(cambi.descrizione !== undefined ? { descrizione: cambi.descrizione } : {}),
      ...(cambi.link !== undefined ? { link: cambi.link } : {}),
      ...(cambi.tipologia !== undefined ? { tipologia: cambi.tipologia } : {}),
      // Moved to another type: last of that type, unless a place is given.
      ...(cambi.ordine !== undefined ? { ordine: cambi.ordine } : nuovaTipologia ? { ordine: inFondo(tipologia) } : {}),
      updatedAt: dsql`now()`,
    }).where(eq(multimedia.id, id));
    await registraModifica(tx, admin, { azione: 'multimedia.modifica', entita: 'multimedia', entitaId: id, dettagli: cambi });
  });
  return { status: 0, msg: MSG_MULTIMEDIA.aggiornato };
}

/**
 * multimedia/file: a new document and/or cover for an item. The new files and the row change
 * commit together; the replaced files are removed once they have.
 */
export async function sostituisciFileMultimedia(
  db: Db, archivio: ArchivioMedia, admin: AdminSessione, id: number, files: readonly FileRicevuto[], log: FastifyBaseLogger,
): Promise<Esito> {
  const { file, cover } = fileDellaRichiesta(files);
  if (!file && !cover) throw badRequest(MSG_MULTIMEDIA.nessunFile);
  const sostituiti = await inTransazioneConFile(db, archivio, async (tx, media) => {
    const r = await rigaPerModifica(tx, id);
    verificaContenuto({ tipologia: r.tipologia, link: r.link, haFile: !!file || !!r.linkFile, haCover: !!cover || !!r.coverFile });
    const dir = cartellaDi(r.tipologia);
    const doc = file ? documento(await media.conserva(file, dir)) : {};
    const img = cover ? await conservaCover(media, cover, dir) : {};
    await tx.update(multimedia).set({ ...doc, ...img, updatedAt: dsql`now()` }).where(eq(multimedia.id, id));
    await registraModifica(tx, admin, {
      azione: 'multimedia.file', entita: 'multimedia', entitaId: id,
      dettagli: { ...(file ? { file: file.nome } : {}), ...(cover ? { cover: cover.nome } : {}) },
    });
    return [...(file ? fileDelDocumento(r) : []), ...(cover ? fileDellaCover(r) : [])];
  });
  await rimuoviDopo(archivio, log, sostituiti);
  return { status: 0, msg: MSG_MULTIMEDIA.fileAggiornati };
}

/** multimedia/ordina: every item of one type, given in its new order, gets its place 1…n. */
export async function ordinaMultimedia(db: Db, admin: AdminSessione, ids: number[]): Promise<Esito> {
  await inTransazione(db, async (tx) => {
    const righe = await tx.select({ id: multimedia.id, tipologia: multimedia.tipologia }).from(multimedia)
      .where(inArray(multimedia.id, ids)).for('update');
    const tipologie = new Set(righe.map((r) => r.tipologia));
    if (righe.length !== ids.length || tipologie.size !== 1) throw badRequest(MSG_MULTIMEDIA.ordineNonValido);
    const [tipologia] = tipologie;
    const [tutti] = await tx.select({ n: count() }).from(multimedia).where(eq(multimedia.tipologia, tipologia!));
    if (tutti!.n !== ids.length) throw badRequest(MSG_MULTIMEDIA.ordineNonValido);
    await tx.$client`
      UPDATE multimedia m SET ordine = v.posto
      FROM unnest(${ids}::int[]) WITH ORDINALITY AS v(id, posto)
      WHERE m.id = v.id`;
    await registraModifica(tx, admin, { azione: 'multimedia.ordina', entita: 'multimedia', dettagli: { tipologia, ids } });
  });
  return { status: 0, msg: MSG_MULTIMEDIA.ordinati };
}

/** multimedia/delete: the row and its audit record, then its files. */
export async function cancellaMultimedia(db: Db, archivio: ArchivioMedia, admin: AdminSessione, id: number, log: FastifyBaseLogger): Promise<Esito> {
  const r = await inTransazione(db, async (tx) => {
    const [r] = await tx.delete(multimedia).where(eq(multimedia.id, id)).returning();
    if (!r) throw notFound(MSG_MULTIMEDIA.nonTrovato);
    await registraModifica(tx, admin, {
      azione: 'multimedia.cancella', entita: 'multimedia', entitaId: id,
      dettagli: { nome: r.nome, tipologia: r.tipologia, file: r.linkFile, cover: r.coverFile },
    });
    return r;
  });
  await rimuoviDopo(archivio, log, [...fileDelDocumento(r), ...fileDellaCover(r)]);
  return { status: 0, msg: MSG_MULTIMEDIA.cancellato };
}
