/** Writes generated media files into the media store (the folder MEDIA_DIR or S3), never outside it. */
import { type ArchivioMedia, chiaveMedia } from '../server/lib/archivio/archivio.js';

/** File-name-safe form of a product code: 'ROT717328/70' -> 'ROT717328_70'. */
export function safeName(s: string): string {
  return s.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '_');
}

export class MediaWriter {
  private readonly pending: { chiave: string; data: string | Buffer }[] = [];

  constructor(private readonly archivio: ArchivioMedia) {}

  /** Queues a file at a key of the store ('prodotti/BE-1/BE-1.svg'). */
  add(rel: string, data: string | Buffer): void {
    this.pending.push({ chiave: chiaveMedia('', rel), data });
  }

  /** Writes the queued files, a few at a time (thousands of small files). */
  async flush(): Promise<number> {
    const files = this.pending.splice(0);
    const width = 32;
    for (let i = 0; i < files.length; i += width) {
      await Promise.all(files.slice(i, i + width).map((f) => this.archivio.salva(f.chiave, f.data)));
    }
    return files.length;
  }
}
