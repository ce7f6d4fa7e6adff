import fs from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import {
  type EstensioneDocumento, type EstensioneImmagine, type FamigliaFile, TIPI_DOCUMENTO, TIPI_IMMAGINE,
} from '../../../shared/upload.js';

/** A file's kind as its bytes tell it: the extension and MIME type it is stored and served with. */
export interface TipoFile {
  famiglia: FamigliaFile;
  ext: EstensioneImmagine | EstensioneDocumento;
  mime: string;
}

const IMMAGINI = new Map<string, string>(TIPI_IMMAGINE);
const DOCUMENTI = new Map<string, string>(TIPI_DOCUMENTO);
/** Legacy Office files are one container format (CFB): the name tells which program opens it. */
const OFFICE_CFB = new Set(['doc', 'xls', 'ppt']);
const TESTO_MAX_LETTO = 64 * 1024;

const immagine = (ext: EstensioneImmagine): TipoFile => ({ famiglia: 'immagine', ext, mime: IMMAGINI.get(ext)! });

/** An image's kind: its extension is an image's (riconosciTipo gives the family and the extension together). */
export const eImmagine = (t: TipoFile): t is TipoFile & { ext: EstensioneImmagine } => t.famiglia === 'immagine';
const documento = (ext: EstensioneDocumento): TipoFile => ({ famiglia: 'documento', ext, mime: DOCUMENTI.get(ext)! });

/**
 * The kind of a received file, judged from its content (magic bytes, the entries of a zip for
 * Office files), never from its name or declared type; null for anything the portal does not
 * accept (executables, HTML, SVG, scripts, media files…). The name only picks between the
 * legacy Office programs, whose files share one container, and between .txt and .csv.
 */
export async function riconosciTipo(percorso: string, nomeDichiarato: string): Promise<TipoFile | null> {
  const nomeExt = nomeDichiarato.toLowerCase().split('.').pop() ?? '';
  const rilevato = await fileTypeFromFile(percorso);
  if (rilevato) {
    if (IMMAGINI.has(rilevato.ext)) return immagine(rilevato.ext as EstensioneImmagine);
    if (rilevato.ext === 'cfb') return OFFICE_CFB.has(nomeExt) ? documento(nomeExt as EstensioneDocumento) : null;
    if (DOCUMENTI.has(rilevato.ext)) return documento(rilevato.ext as EstensioneDocumento);
    return null;
  }
  return (await eTestoSemplice(percorso)) ? documento(nomeExt === 'csv' ? 'csv' : 'txt') : null;
}

/**
 * Plain text: no NUL or other control bytes (tabs and line ends aside) in its first 64 KB, and not
 * markup: a file that opens with '<' could be HTML or SVG, which a browser would run.
 */
async function eTestoSemplice(percorso: string): Promise<boolean> {
  const fh = await fs.open(percorso, 'r');
  try {
    const buf = Buffer.alloc(TESTO_MAX_LETTO);
    const { bytesRead } = await fh.read(buf, 0, TESTO_MAX_LETTO, 0);
    if (bytesRead === 0) return false;
    const dati = buf.subarray(0, bytesRead);
    for (const b of dati) {
      if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c) return false;
      if (b === 0x7f) return false;
    }
    const inizio = dati.toString('latin1').replace(/^\uFEFF|^\u00EF\u00BB\u00BF/, '').trimStart();
    return !inizio.startsWith('<');
  } finally {
    await fh.close();
  }
}
