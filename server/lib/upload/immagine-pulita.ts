import sharp, { type Metadata, type Sharp } from 'sharp';
import { type EstensioneImmagine, MAX_LATO_IMMAGINE, MAX_PIXEL_IMMAGINE, MSG_UPLOAD } from '../../../shared/upload.js';
import { badRequest } from '../errors.js';

/**
 * The output of each kind: its own format (the extension the file is served with), quality high
 * enough that the second encoding is not seen. PNG is lossless; a palette PNG stays a palette one
 * (its at most 256 colours, no dithering) rather than growing into true colour. GIF keeps its
 * palette, frames and timing.
 */
function nelFormato(s: Sharp, ext: EstensioneImmagine, meta: Metadata): Sharp {
  switch (ext) {
    case 'jpg': return s.jpeg({ quality: 92 });
    case 'png': return s.png({ palette: meta.isPalette, dither: 0 });
    case 'gif': return s.gif();
    case 'webp': return s.webp({ quality: 92 });
  }
}

/**
 * Writes the received image `origine` to `dest` without what the camera or editor put in it: EXIF
 * (GPS position, camera make and serial), XMP, IPTC, comments (sharp writes none of them unless
 * asked). The EXIF orientation is applied to the pixels first, so the photo stays upright. An
 * animated GIF or WebP keeps its frames and timing, as drawn (sharp turns several frames by 180°
 * only, and GIF has no EXIF). Before anything is decoded the header's dimensions are checked: an
 * image over MAX_LATO_IMMAGINE a side or MAX_PIXEL_IMMAGINE in all is refused (400). Returns the
 * bytes written.
 */
export async function scriviImmaginePulita(origine: string, dest: string, ext: EstensioneImmagine, nome: string): Promise<number> {
  let meta: Metadata;
  try {
    // Only the header is read: sharp's own pixel limit would refuse a bomb as unreadable, not as too large.
    meta = await sharp(origine, { limitInputPixels: false }).metadata();
  } catch {
    throw badRequest(MSG_UPLOAD.immagineIlleggibile(nome));
  }
  // Without `animated` the height is one frame's; keeping an animation decodes every frame.
  const fotogrammi = meta.pages ?? 1;
  const { width, height } = meta;
  if (width > MAX_LATO_IMMAGINE || height > MAX_LATO_IMMAGINE || width * height * fotogrammi > MAX_PIXEL_IMMAGINE) {
    throw badRequest(MSG_UPLOAD.immagineTroppoGrande(nome, width, height, fotogrammi));
  }
  const animata = fotogrammi > 1;
  const s = sharp(origine, { animated: animata, limitInputPixels: MAX_PIXEL_IMMAGINE });
  try {
    return (await nelFormato(animata ? s : s.autoOrient(), ext, meta).toFile(dest)).size;
  } catch {
    throw badRequest(MSG_UPLOAD.immagineIlleggibile(nome));
  }
}
