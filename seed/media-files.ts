/** Writes generated media files under MEDIA_DIR, never outside it. */
import fs from 'node:fs/promises';
import path from 'node:path';

/** File-name-safe form of a product code: 'ROT717328/70' -> 'ROT717328_70'. */
export function safeName(s: string): string {
  return s.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '_');
}

export class MediaWriter {
  private readonly root: string;
  private readonly pending: { rel: string; data: string | Buffer }[] = [];

  constructor(mediaDir: string) {
    this.root = path.resolve(mediaDir);
  }

  /** Queues a file at a path relative to the media folder ('prodotti/BE-1/BE-1.svg'). */
  add(rel: string, data: string | Buffer): void {
    const abs = path.resolve(this.root, rel);
    if (!abs.startsWith(this.root + path.sep)) throw new Error(`Percorso media non valido: ${rel}`);
    this.pending.push({ rel, data });
  }

  /** Writes the queued files, a few at a time (thousands of small files). */
  async flush(): Promise<number> {
    const files = this.pending.splice(0);
    const dirs = new Set(files.map((f) => path.dirname(path.resolve(this.root, f.rel))));
    for (const d of dirs) await fs.mkdir(d, { recursive: true });
    const width = 32;
    for (let i = 0; i < files.length; i += width) {
      await Promise.all(files.slice(i, i + width).map((f) => fs.writeFile(path.resolve(this.root, f.rel), f.data)));
    }
    return files.length;
  }
}
