import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import sharp from 'sharp';
import { MAX_PIXEL_IMMAGINE, MSG_UPLOAD } from '../../../shared/upload.js';
import { type Db, inTransazione } from '../../db/client.js';
import { type ArchivioMedia, chiaveMedia } from '../archivio/archivio.js';
import { badRequest } from '../errors.js';
import { scriviImmaginePulita } from './immagine-pulita.js';
import type { FileRicevuto } from './ricevi-file.js';
import { eImmagine, type TipoFile } from './tipo-file.js';

/** A received file with a kind the handler accepted. */
export type FileAccettato = FileRicevuto & { tipo: TipoFile };

/** A file kept in the media store: `dir` (ends with '/') and `file` are what the rows store. */
export interface FileConservato {
  dir: string;
  file: string;
  nome: string;
  tipo: TipoFile;
  bytes: number;
}

/** A smaller copy of a photo: the box it fits in and the file name it gets beside the original. */
export interface Variante {
  suffisso: string;
  lato: number;
}

/** A folder of the media store, made of safe segments only (letters, digits, '-', '_'). */
export function cartellaMedia(...segmenti: string[]): string {
  const puliti = segmenti.map((s) => s.replace(/[^A-Za-z0-9_-]/g, '_').replace(/^_+$/, '') || '_');
  return `${puliti.join('/')}/`;
}

/** A readable, safe stem for the stored name: the display name's letters and digits. */
function radiceNome(nome: string): string {
  const senzaExt = nome.replace(/\.[^.]*$/, '');
  const slug = senzaExt.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase()
    // Runs of other characters are one '-' each, so one at either end is all there is to take off.
    .replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60);
  return slug || 'file';
}

/**
 * The files one change writes to the media store. Everything written is remembered, so that a
 * change that fails (a refused row, a failed commit) takes its files away with it: rows and files
 * exist together or not at all (docs/regole/generale.md#uploads). Images are prepared on this
 * host's disk, beside the upload's temporary file, and stored from there.
 */
export class ScritturaMedia {
  private readonly scritti: string[] = [];
  /** The local copy of each image kept by this change: its smaller copies are made from it. */
  private readonly immagini = new Map<string, string>();
  private readonly temporanei: string[] = [];

  constructor(private readonly archivio: ArchivioMedia) {}

  /**
   * Keeps a received file in `dir` under a fresh name (<name>-<random>.<ext>, the extension of its
   * judged kind, never of its declared name) and lets the received file go. A document is stored
   * as received. Every image, whatever it is kept as (photo, cover, banner, a document that is a
   * picture), is bounded and written again without its metadata (immagine-pulita.ts): the
   * camera's GPS position never reaches /media/.
   */
  async conserva(f: FileAccettato, dir: string): Promise<FileConservato> {
    const file = `${radiceNome(f.nome)}-${crypto.randomBytes(4).toString('hex')}.${f.tipo.ext}`;
    const chiave = chiaveMedia(dir, file);
    if (!eImmagine(f.tipo)) {
      this.scritti.push(chiave);
      await this.archivio.salvaFile(chiave, f.percorso);
      await fs.rm(f.percorso, { force: true });
      return { dir, file, nome: f.nome, tipo: f.tipo, bytes: f.bytes };
    }
    const pulita = `${f.percorso}.pulita.${f.tipo.ext}`;
    this.temporanei.push(pulita);
    const bytes = await scriviImmaginePulita(f.percorso, pulita, f.tipo.ext, f.nome);
    await fs.rm(f.percorso, { force: true });
    this.scritti.push(chiave);
    await this.archivio.salvaFile(chiave, pulita);
    this.immagini.set(chiave, pulita);
    return { dir, file, nome: f.nome, tipo: f.tipo, bytes };
  }

  /**
   * Smaller WebP copies of a photo this change kept (already upright and bounded by conserva,
   * never enlarged), named <file>.<suffisso>.webp beside it: product cards and lists never load a
   * camera original.
   */
  async varianti(c: FileConservato, varianti: readonly Variante[]): Promise<Record<string, string>> {
    const originale = this.immagini.get(chiaveMedia(c.dir, c.file));
    if (!originale) throw new Error(`varianti: ${c.file} is no image kept by this change`);
    const nomi: Record<string, string> = {};
    for (const v of varianti) {
      const file = `${c.file}.${v.suffisso}.webp`;
      const chiave = chiaveMedia(c.dir, file);
      const copia = `${originale}.${v.suffisso}.webp`;
      this.temporanei.push(copia);
      try {
        await sharp(originale, { limitInputPixels: MAX_PIXEL_IMMAGINE })
          .resize({ width: v.lato, height: v.lato, fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 80 })
          .toFile(copia);
      } catch {
        throw badRequest(MSG_UPLOAD.immagineIlleggibile(c.nome));
      }
      this.scritti.push(chiave);
      await this.archivio.salvaFile(chiave, copia);
      nomi[v.suffisso] = file;
    }
    return nomi;
  }

  /** Removes everything this change wrote. */
  async annulla(): Promise<void> {
    await this.archivio.cancella(this.scritti);
  }

  /** Removes the local copies the images were prepared in. */
  async pulisci(): Promise<void> {
    await Promise.all(this.temporanei.map((p) => fs.rm(p, { force: true })));
  }
}

/**
 * Runs `scrivi` in one transaction with a ScritturaMedia: when the transaction does not commit, the
 * files it wrote are removed. Write the files before the rows that name them.
 */
export async function inTransazioneConFile<T>(
  db: Db,
  archivio: ArchivioMedia,
  scrivi: (tx: Db, media: ScritturaMedia) => Promise<T>,
): Promise<T> {
  return conFileMedia(archivio, (media) => inTransazione(db, (tx) => scrivi(tx, media)));
}

/**
 * The same guarantee when the files take long to write: `scrivi` writes them with the
 * ScritturaMedia first, outside any transaction (photos' copies cost seconds of CPU, during which
 * a transaction would hold a pooled connection), then opens its own transaction for the rows. When
 * `scrivi` fails or its transaction does not commit, every file it wrote is removed.
 */
export async function conFileMedia<T>(archivio: ArchivioMedia, scrivi: (media: ScritturaMedia) => Promise<T>): Promise<T> {
  const media = new ScritturaMedia(archivio);
  try {
    return await scrivi(media);
  } catch (err) {
    // The change's own error is the answer; files a store that went away keeps cost only space.
    await media.annulla().catch(() => undefined);
    throw err;
  } finally {
    await media.pulisci();
  }
}

/**
 * Removes media files whose rows were deleted (after the commit: a file left behind by a crash
 * costs disk, a row pointing at no file would cost a broken page).
 */
export async function rimuoviFileMedia(archivio: ArchivioMedia, files: readonly { dir: string; file: string }[]): Promise<void> {
  await archivio.cancella(files.filter((f) => f.file).map((f) => chiaveMedia(f.dir, f.file)));
}
