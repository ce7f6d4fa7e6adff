/**
 * The text of a CSV file whose encoding nobody states: ERPs export UTF-8 (often with a BOM) or
 * Windows-1252. Until the first byte above 0x7F both read the same, so the bytes are passed on
 * as they come; at the first such byte, the next few kilobytes decide: valid UTF-8 there means
 * UTF-8 (a Windows-1252 accent followed by plain letters is never valid UTF-8), else Windows-1252.
 * Never the whole file in memory.
 */
import { TextDecoder } from 'node:util';
import { decodificaWindows1252 } from '../../lib/windows-1252.js';

export type Codifica = 'utf-8' | 'windows-1252';

/** Bytes after the first non-ASCII one that the decision looks at. */
const FINESTRA = 4096;

const primoNonAscii = (b: Buffer): number => {
  for (let i = 0; i < b.length; i++) if (b[i] > 0x7f) return i;
  return -1;
};

function scegli(campione: Buffer): Codifica {
  try {
    // stream: a sequence cut at the window's end is not an error.
    new TextDecoder('utf-8', { fatal: true }).decode(campione, { stream: true });
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}

interface Decodificatore {
  decode(b?: Buffer, o?: { stream: boolean }): string;
}

/** Windows-1252 through the table of server/lib/windows-1252.ts, not Node 20's decoder (it says why). */
const decodificatore = (c: Codifica): Decodificatore =>
  (c === 'utf-8' ? new TextDecoder('utf-8') : { decode: (b?: Buffer) => (b ? decodificaWindows1252(b) : '') });

/**
 * Decodes `bytes` to text, calling `scelta` once the encoding is known (never for a file of
 * plain ASCII, which is both). A UTF-8 file with a stray invalid byte further on gets U+FFFD
 * there, which the row's validation refuses with its line number.
 */
export async function* decodifica(bytes: AsyncIterable<Buffer>, scelta?: (c: Codifica) => void): AsyncGenerator<string> {
  let decoder: Decodificatore | undefined;
  let sospesi: Buffer[] = [];
  let lunghezzaSospesi = 0;
  let bom = true;
  for await (const chunk of bytes) {
    if (decoder) {
      yield decoder.decode(chunk, { stream: true });
      continue;
    }
    if (lunghezzaSospesi === 0) {
      let b = chunk;
      // The BOM of UTF-8 settles it at once (and is not part of the text).
      if (bom && b.length >= 3 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) {
        decoder = decodificatore('utf-8');
        scelta?.('utf-8');
        yield decoder.decode(b, { stream: true });
        continue;
      }
      bom = false;
      const i = primoNonAscii(b);
      if (i < 0) {
        yield b.toString('latin1');
        continue;
      }
      if (i > 0) yield b.subarray(0, i).toString('latin1');
      b = b.subarray(i);
      sospesi = [b];
      lunghezzaSospesi = b.length;
    } else {
      sospesi.push(chunk);
      lunghezzaSospesi += chunk.length;
    }
    if (lunghezzaSospesi < FINESTRA) continue;
    const resto = Buffer.concat(sospesi);
    const c = scegli(resto.subarray(0, FINESTRA));
    decoder = decodificatore(c);
    scelta?.(c);
    yield decoder.decode(resto, { stream: true });
    sospesi = [];
  }
  if (!decoder && lunghezzaSospesi > 0) {
    const resto = Buffer.concat(sospesi);
    const c = scegli(resto);
    decoder = decodificatore(c);
    scelta?.(c);
    yield decoder.decode(resto, { stream: true });
  }
  if (decoder) {
    const fine = decoder.decode();
    if (fine) yield fine;
  }
}
