/**
 * The parts of a zip archive (an XLSX), found through its central directory and read one at a
 * time, inflated as a stream. The sizes an archive declares are not believed: the caller counts
 * the bytes actually inflated (`conta`) and stops a part at its limit, so that a part declaring
 * a few bytes cannot inflate to gigabytes.
 */
import fs from 'node:fs/promises';
import { pipeline, Readable } from 'node:stream';
import zlib from 'node:zlib';
import { numero } from '../limiti.js';
import { FileNonValido, OltreLimite } from '../tipi.js';

export interface ParteZip {
  nome: string;
  /** 0 stored, 8 deflate. */
  metodo: number;
  cifrata: boolean;
  compressi: number;
  /** The inflated size the archive declares: only a first, cheap check. */
  dichiarati: number;
  offsetLocale: number;
}

const FIRMA_FINE = 0x06054b50;
const FIRMA_LOCATORE64 = 0x07064b50;
const FIRMA_FINE64 = 0x06064b50;
const FIRMA_CENTRALE = 0x02014b50;
const FIRMA_LOCALE = 0x04034b50;
const PIENO16 = 0xffff;
const PIENO32 = 0xffffffff;
/** The end record is 22 bytes followed by a comment of up to 64 KiB. */
const CODA = 22 + 0xffff;
/** Central directory entries are 46 bytes plus name, extra field and comment: 4 KiB each is plenty. */
const INDICE_PER_PARTE = 4096;
const BLOCCO = 64 * 1024;

/** What the archive is, for its messages, and how many entries it may hold. */
export interface GenereZip {
  /** 'File XLSX', 'File ZIP'. */
  nome: string;
  maxParti: number;
}

const rotto = (g: GenereZip, perche: string) => new FileNonValido(`${g.nome} non leggibile: ${perche}`);

export class ArchivioZip {
  private constructor(private readonly fh: fs.FileHandle, readonly parti: Map<string, ParteZip>, private readonly g: GenereZip) {}

  static async apri(file: string, g: GenereZip): Promise<ArchivioZip> {
    const fh = await fs.open(file, 'r');
    try {
      return new ArchivioZip(fh, await leggiIndice(fh, (await fh.stat()).size, g), g);
    } catch (err) {
      await fh.close();
      throw err;
    }
  }

  chiudi(): Promise<void> {
    return this.fh.close();
  }

  /**
   * The part's bytes, inflated; `conta` is told the size of every piece before it is handed on
   * (and throws to stop), `compressi` the compressed bytes read so far.
   */
  async *leggi(p: ParteZip, conta: (n: number) => void, compressi?: (n: number) => void): AsyncGenerator<Buffer> {
    const g = this.g;
    if (p.cifrata) throw new FileNonValido(`${g.nome} protetto da password: salvalo senza password`);
    if (p.metodo !== 0 && p.metodo !== 8) throw rotto(g, `compressione di tipo ${p.metodo} non supportata (${p.nome})`);
    const locale = await leggiA(this.fh, p.offsetLocale, 30, g);
    if (locale.readUInt32LE(0) !== FIRMA_LOCALE) throw rotto(g, `intestazione di ${p.nome} non trovata`);
    const inizio = p.offsetLocale + 30 + locale.readUInt16LE(26) + locale.readUInt16LE(28);
    const fh = this.fh;
    async function* grezzi() {
      let letti = 0;
      while (letti < p.compressi) {
        const b = await leggiA(fh, inizio + letti, Math.min(BLOCCO, p.compressi - letti), g);
        letti += b.length;
        compressi?.(letti);
        yield b;
      }
    }
    const sorgente = p.metodo === 0
      ? Readable.from(grezzi())
      : pipeline(Readable.from(grezzi()), zlib.createInflateRaw({ chunkSize: BLOCCO }), () => {});
    try {
      for await (const b of sorgente as AsyncIterable<Buffer>) {
        conta(b.length);
        yield b;
      }
    } catch (err) {
      if (err instanceof FileNonValido) throw err;
      throw rotto(g, `${p.nome} danneggiato (${(err as Error).message})`);
    }
  }
}

async function leggiA(fh: fs.FileHandle, posizione: number, lunghezza: number, g: GenereZip): Promise<Buffer> {
  const b = Buffer.alloc(lunghezza);
  const { bytesRead } = await fh.read(b, 0, lunghezza, posizione);
  if (bytesRead < lunghezza) throw rotto(g, 'il file è troncato');
  return b;
}

/** The end record (ZIP64 too), then every entry of the central directory. */
async function leggiIndice(fh: fs.FileHandle, dimensione: number, g: GenereZip): Promise<Map<string, ParteZip>> {
  const inizioCoda = Math.max(0, dimensione - CODA);
  const coda = await leggiA(fh, inizioCoda, dimensione - inizioCoda, g);
  let fine = -1;
  for (let i = coda.length - 22; i >= 0; i--) {
    if (coda.readUInt32LE(i) === FIRMA_FINE) {
      fine = i;
      break;
    }
  }
  if (fine < 0) throw rotto(g, "l'indice dell'archivio manca (file troncato?)");
  let voci = coda.readUInt16LE(fine + 10);
  let lunghezza = coda.readUInt32LE(fine + 12);
  let offset = coda.readUInt32LE(fine + 16);
  if (voci === PIENO16 || lunghezza === PIENO32 || offset === PIENO32) {
    const loc = fine - 20;
    if (loc < 0 || coda.readUInt32LE(loc) !== FIRMA_LOCATORE64) throw rotto(g, "l'indice ZIP64 manca");
    const fine64 = await leggiA(fh, numero64(coda, loc + 8, g), 56, g);
    if (fine64.readUInt32LE(0) !== FIRMA_FINE64) throw rotto(g, "l'indice ZIP64 è danneggiato");
    voci = numero64(fine64, 32, g);
    lunghezza = numero64(fine64, 40, g);
    offset = numero64(fine64, 48, g);
  }
  if (voci > g.maxParti) {
    throw new OltreLimite(`Il ${g.nome.replace(/^File /, 'file ')} contiene ${numero(voci)} parti, oltre il limite di ${numero(g.maxParti)}`);
  }
  if (lunghezza > g.maxParti * INDICE_PER_PARTE || offset + lunghezza > dimensione) throw rotto(g, "l'indice dell'archivio è danneggiato");
  const indice = await leggiA(fh, offset, lunghezza, g);
  const parti = new Map<string, ParteZip>();
  let pos = 0;
  for (let n = 0; n < voci; n++) {
    if (pos + 46 > indice.length || indice.readUInt32LE(pos) !== FIRMA_CENTRALE) throw rotto(g, "l'indice dell'archivio è danneggiato");
    const flag = indice.readUInt16LE(pos + 8);
    const lNome = indice.readUInt16LE(pos + 28);
    const lExtra = indice.readUInt16LE(pos + 30);
    const lCommento = indice.readUInt16LE(pos + 32);
    const nome = indice.toString(flag & 0x800 ? 'utf8' : 'latin1', pos + 46, pos + 46 + lNome);
    const p: ParteZip = {
      nome, metodo: indice.readUInt16LE(pos + 10), cifrata: (flag & 1) === 1,
      compressi: indice.readUInt32LE(pos + 20), dichiarati: indice.readUInt32LE(pos + 24), offsetLocale: indice.readUInt32LE(pos + 42),
    };
    zip64(p, indice.subarray(pos + 46 + lNome, pos + 46 + lNome + lExtra), g);
    parti.set(nome, p);
    pos += 46 + lNome + lExtra + lCommento;
  }
  return parti;
}

/** The ZIP64 extra field holds, in this order, the sizes and offset the entry marks as 0xFFFFFFFF. */
function zip64(p: ParteZip, extra: Buffer, g: GenereZip): void {
  for (let i = 0; i + 4 <= extra.length; i += 4 + extra.readUInt16LE(i + 2)) {
    if (extra.readUInt16LE(i) !== 1) continue;
    let pos = i + 4;
    const prossimo = () => {
      if (pos + 8 > extra.length) throw rotto(g, `indice ZIP64 di ${p.nome} danneggiato`);
      const v = numero64(extra, pos, g);
      pos += 8;
      return v;
    };
    if (p.dichiarati === PIENO32) p.dichiarati = prossimo();
    if (p.compressi === PIENO32) p.compressi = prossimo();
    if (p.offsetLocale === PIENO32) p.offsetLocale = prossimo();
    return;
  }
}

function numero64(b: Buffer, pos: number, g: GenereZip): number {
  const v = b.readBigUInt64LE(pos);
  if (v > BigInt(Number.MAX_SAFE_INTEGER)) throw rotto(g, 'dimensioni impossibili');
  return Number(v);
}
