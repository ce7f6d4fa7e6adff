/**
 * Windows-1252, both ways, one table: Node has no encoder for it, and Node 20's
 * TextDecoder('windows-1252') reads 0x80–0x9F (€, typographic quotes, dashes) as Latin-1's control
 * characters unless it is called with { stream: true }, a trap not worth leaving in the import's
 * path (server/import/lettura/codifica.ts). The WHATWG index: 0x80–0x9F
 * as below, every other byte the Latin-1 character of its code; its five undefined bytes (0x81,
 * 0x8D, 0x8F, 0x90, 0x9D) stay the control characters of their code, as in the WHATWG decoder.
 */
const DA_0X80 = '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f'
  + '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

const BYTE_DI = new Map<string, number>([
  ...Array.from({ length: 0x80 }, (_, b) => [String.fromCharCode(b), b] as const),
  ...Array.from({ length: 0x60 }, (_, i) => [String.fromCharCode(0xa0 + i), 0xa0 + i] as const),
  // The undefined bytes are not written: a character that needs one becomes '?'.
  ...[...DA_0X80].flatMap((ch, i) => (ch.charCodeAt(0) < 0xa0 ? [] : [[ch, 0x80 + i] as const])),
]);

/** Text as Windows-1252 bytes; a character it lacks becomes '?'. */
export function codificaWindows1252(testo: string): Buffer {
  const out = Buffer.alloc(testo.length);
  for (let i = 0; i < testo.length; i++) out[i] = BYTE_DI.get(testo[i]!) ?? 0x3f;
  return out;
}

/** Windows-1252 bytes as text: one byte, one character, so a chunk never splits a character. */
export function decodificaWindows1252(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1')
    .replace(/[\u0080-\u009f]/g, (c) => DA_0X80[c.charCodeAt(0) - 0x80]!);
}
