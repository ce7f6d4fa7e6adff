import crypto from 'node:crypto';
import { close, createReadStream, fstat, open, type Stats } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { badRequest } from '../errors.js';
import type { ArchivioMedia, FileLocale, InfoFile, Intervallo } from './archivio.js';

const apri = promisify(open);
const statDi = promisify(fstat);
const chiudi = promisify(close);

const nonTrovato = (err: unknown) => ['ENOENT', 'ENOTDIR', 'EISDIR'].includes((err as { code?: string }).code ?? '');

/** The ETag @fastify/static gave these files (size and mtime): browsers' cached copies stay valid. */
const infoDi = (s: Stats): InfoFile => ({
  bytes: s.size, etag: `W/"${s.size.toString(16)}-${s.mtime.getTime().toString(16)}"`, modificato: s.mtime,
});

/** The media folder on this host's disk (MEDIA_DIR): the default, as the portal always kept it. */
export class ArchivioLocale implements ArchivioMedia {
  private readonly radice: string;

  constructor(mediaDir: string) {
    this.radice = path.resolve(mediaDir);
  }

  /** A key's path, refused if it would leave MEDIA_DIR (keys are checked when built: this is the second lock). */
  private percorso(chiave: string): string {
    const p = path.resolve(this.radice, chiave);
    if (!p.startsWith(this.radice + path.sep)) throw badRequest('Percorso del file non valido.');
    return p;
  }

  /**
   * A hard link: as cheap as the rename it replaces (the upload's temporary file is on the same
   * disk), and the caller still removes its own file. Another disk: a copy.
   */
  async salvaFile(chiave: string, origine: string): Promise<void> {
    const dest = this.percorso(chiave);
    await fs.mkdir(path.dirname(dest), { recursive: true });
    await fs.rm(dest, { force: true });
    try {
      await fs.link(origine, dest);
    } catch (err) {
      if ((err as { code?: string }).code !== 'EXDEV') throw err;
      await fs.copyFile(origine, dest);
    }
  }

  /** Written under a temporary name, then renamed: a reader never sees half a file. */
  async salva(chiave: string, dati: Buffer | string): Promise<void> {
    const dest = this.percorso(chiave);
    await fs.mkdir(path.dirname(dest), { recursive: true });
    const tmp = `${dest}.${crypto.randomBytes(6).toString('hex')}.tmp`;
    await fs.writeFile(tmp, dati);
    await fs.rename(tmp, dest);
  }

  async info(chiave: string): Promise<InfoFile | undefined> {
    try {
      const s = await fs.stat(this.percorso(chiave));
      return s.isFile() ? infoDi(s) : undefined;
    } catch (err) {
      if (nonTrovato(err)) return undefined;
      throw err;
    }
  }

  /**
   * The facts of the open file, so that they match the bytes read even if the file is replaced
   * meanwhile. A plain descriptor rather than a FileHandle: its stream reads with callbacks, as
   * @fastify/static's did (a FileHandle's costs a promise per read).
   */
  async leggi(chiave: string, intervallo?: Intervallo) {
    const percorso = this.percorso(chiave);
    let fd: number;
    try {
      fd = await apri(percorso, 'r');
    } catch (err) {
      if (nonTrovato(err)) return undefined;
      throw err;
    }
    const s = await statDi(fd).catch(async (err: unknown) => { await chiudi(fd); throw err; });
    if (!s.isFile()) {
      await chiudi(fd);
      return undefined;
    }
    const corpo = createReadStream(percorso, { fd, ...(intervallo ? { start: intervallo.inizio, end: intervallo.fine } : {}) });
    return { info: infoDi(s), corpo };
  }

  async fileLocale(chiave: string): Promise<FileLocale> {
    const percorso = this.percorso(chiave);
    await fs.access(percorso);
    return { percorso, rilascia: async () => {} };
  }

  async cancella(chiavi: readonly string[]): Promise<void> {
    await Promise.all(chiavi.map((c) => fs.rm(this.percorso(c), { force: true })));
  }

  async chiudi(): Promise<void> {}
}
