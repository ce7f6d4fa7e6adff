import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp, { type Metadata } from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG_UPLOAD } from '../../../shared/upload.js';
import { createAdmin, createProdotto } from '../../support/factories.js';
import { loginAdmin, useTestApp } from '../../support/harness.js';

/**
 * Every image kept through the upload machinery (product photos, multimedia documents and covers,
 * banners) reaches /media/ without the photographer's metadata, upright, and bounded by its
 * decoded size. Real files made here by sharp, real multipart bodies, downloads from /media/.
 */
const t = useTestApp();
let admin = '';

beforeAll(async () => {
  admin = await loginAdmin(t().app, await createAdmin(t().database.db));
});

const GPS = { GPSLatitudeRef: 'N', GPSLatitude: '45/1 27/1 5116/100', GPSLongitudeRef: 'E', GPSLongitude: '9/1 11/1 2918/100' };
const XMP = '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'
  + '<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>Fotografo Segreto</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>';
/** Texts that must not survive, whatever block they were in. */
const TRACCE = ['Canon', 'EOS 5D', 'Fotografo Segreto', 'Commento privato', 'Autore IPTC'];

/** A JPEG segment (marker, length, payload). */
const segmento = (marker: number, dati: Buffer) => Buffer.concat([Buffer.from([0xff, marker, (dati.length + 2) >> 8, (dati.length + 2) & 0xff]), dati]);

/**
 * A camera photo stored sideways: 2000×1000 pixels, left half red, right half blue, EXIF orientation
 * 6 (turn 90° clockwise to show it: red on top), GPS, make and model, XMP, an IPTC block and a comment.
 */
async function fotoDaCamera(): Promise<Buffer> {
  const jpg = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#ff0000' } })
    .composite([{ input: { create: { width: 1000, height: 1000, channels: 3, background: '#0000ff' } }, left: 1000, top: 0 }])
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExifMerge({ IFD0: { Make: 'Canon', Model: 'EOS 5D' }, IFD3: GPS })
    .withXmp(XMP)
    .toBuffer();
  const autore = Buffer.from('Autore IPTC');
  const iptc = Buffer.concat([Buffer.from([0x1c, 0x02, 0x50, 0, autore.length]), autore]);
  const irb = Buffer.concat([Buffer.from('8BIM'), Buffer.from([0x04, 0x04, 0, 0]), Buffer.alloc(4), iptc]);
  irb.writeUInt32BE(iptc.length, 10);
  const app13 = segmento(0xed, Buffer.concat([Buffer.from('Photoshop 3.0\0'), irb]));
  const com = segmento(0xfe, Buffer.from('Commento privato'));
  return Buffer.concat([jpg.subarray(0, 2), app13, com, jpg.subarray(2)]);
}

/** A PNG chunk with its CRC. */
const chunk = (tipo: string, dati: Buffer) => {
  const corpo = Buffer.concat([Buffer.from(tipo, 'latin1'), dati]);
  const len = Buffer.alloc(4);
  len.writeUInt32BE(dati.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(corpo));
  return Buffer.concat([len, corpo, crc]);
};

/** A PNG with EXIF and a text chunk after its header. */
async function pngConTesto(): Promise<Buffer> {
  const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#3c3' } })
    .png().withExif({ IFD0: { Make: 'Canon', Model: 'EOS 5D' }, IFD3: GPS }).toBuffer();
  return Buffer.concat([png.subarray(0, 33), chunk('tEXt', Buffer.from('Comment\0Commento privato', 'latin1')), png.subarray(33)]);
}

/** A tiny PNG whose header declares 60000×60000 pixels (IHDR forged, its CRC made right). */
async function pngGigante(): Promise<Buffer> {
  const png = Buffer.from(await sharp({ create: { width: 1, height: 1, channels: 3, background: '#fff' } }).png().toBuffer());
  png.writeUInt32BE(60_000, 16);
  png.writeUInt32BE(60_000, 20);
  png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)), 29);
  return png;
}

/** An animated GIF: three 40×40 frames, red, green, blue, 100/200/300 ms, looping. */
async function gifAnimata(): Promise<Buffer> {
  const frames = await Promise.all(['#f00', '#0f0', '#00f'].map((c) => sharp({ create: { width: 40, height: 40, channels: 3, background: c } }).raw().toBuffer()));
  return sharp(Buffer.concat(frames), { raw: { width: 40, height: 120, channels: 3, pageHeight: 40 } }).gif({ delay: [100, 200, 300], loop: 0 }).toBuffer();
}

/** A real multipart/form-data body, as a browser's FormData makes it, sent through app.inject. */
async function invia(url: string, campi: Record<string, string>, files: [string, Buffer, string][]) {
  const form = new FormData();
  for (const [k, v] of Object.entries(campi)) form.append(k, v);
  for (const [campo, dati, nome] of files) form.append(campo, new Blob([new Uint8Array(dati)]), nome);
  const req = new Request('http://portale.test/', { method: 'POST', body: form });
  return t().app.inject({
    method: 'POST', url: `/api/${url}`, payload: Buffer.from(await req.arrayBuffer()),
    headers: { 'content-type': req.headers.get('content-type')!, cookie: admin },
  });
}

async function scarica(dir: string, file: string): Promise<Buffer> {
  const res = await t().app.inject({ url: `/media/${dir}${file}` });
  expect(res.statusCode, `${dir}${file}`).toBe(200);
  return res.rawPayload;
}

/** What sharp reads back from downloaded bytes: no metadata block, no trace of them anywhere in the file. */
async function senzaMetadati(dati: Buffer): Promise<Metadata> {
  const m = await sharp(dati).metadata();
  expect({ exif: m.exif, xmp: m.xmp, iptc: m.iptc, orientation: m.orientation, comments: m.comments })
    .toEqual({ exif: undefined, xmp: undefined, iptc: undefined, orientation: undefined, comments: undefined });
  for (const traccia of TRACCE) expect(dati.includes(Buffer.from(traccia)), traccia).toBe(false);
  return m;
}

/** The colour at a point, as [r, g, b] rounded to the nearest full channel (JPEG is lossy). */
async function colore(dati: Buffer, x: number, y: number): Promise<string> {
  const { data, info } = await sharp(dati).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (Math.round(y * (info.height - 1)) * info.width + Math.round(x * (info.width - 1))) * 3;
  return [...data.subarray(i, i + 3)].map((v) => (v > 127 ? 'f' : '0')).join('');
}

const mediaDir = () => t().config.mediaDir;
const fileSotto = (dir: string) => (fs.existsSync(path.join(mediaDir(), dir)) ? fs.readdirSync(path.join(mediaDir(), dir)) : []);
const temporanei = () => fileSotto('.tmp');

describe('the camera metadata never reaches /media/', () => {
  it('the sample really carries GPS, make, XMP, IPTC, a comment and orientation 6', async () => {
    const foto = await fotoDaCamera();
    const m = await sharp(foto).metadata();
    expect([m.orientation, m.width, m.height]).toEqual([6, 2000, 1000]);
    expect([!!m.exif, !!m.xmp, !!m.iptc]).toEqual([true, true, true]);
    for (const traccia of TRACCE) expect(foto.includes(Buffer.from(traccia)), traccia).toBe(true);
  });

  it('a product photo: original, web copy and thumbnail clean and upright (red on top)', async () => {
    await createProdotto(t().database.db, { codiceProdotto: 'GPS-1' });
    const res = await invia('prodotto/photo-upload', { codice_prodotto: 'GPS-1', tipologia: 'foto' }, [['allegati[]', await fotoDaCamera(), 'IMG_0001.JPG']]);
    expect(res.statusCode, res.body).toBe(200);
    const [m] = res.json().media as { dir: string; file: string; file_web: string; file_thumb: string; dimensione: number }[];
    const originale = await scarica(m!.dir, m!.file);
    expect(m!.dimensione).toBe(originale.length);
    for (const [file, lati] of [[m!.file, [1000, 2000]], [m!.file_web, [800, 1600]], [m!.file_thumb, [200, 400]]] as const) {
      const dati = await scarica(m!.dir, file);
      const meta = await senzaMetadati(dati);
      expect([meta.width, meta.height], file).toEqual(lati);
      expect([await colore(dati, 0.5, 0.05), await colore(dati, 0.5, 0.95)], file).toEqual(['f00', '00f']);
    }
    expect((await sharp(originale).metadata()).format).toBe('jpeg');
  });

  it('a multimedia document that is a picture and its cover, a PNG with a text chunk, a banner: all clean', async () => {
    const scheda = await pngConTesto();
    const campione = await sharp(scheda).metadata();
    expect([!!campione.exif, campione.comments]).toEqual([true, [{ keyword: 'Comment', text: 'Commento privato' }]]);
    const documento = await invia('multimedia/test', { nome: 'Scheda', tipologia: 'catalogo', fileType: 'link', coverType: 'cover' },
      [['file', scheda, 'scheda.png'], ['cover', await fotoDaCamera(), 'copertina.jpg']]);
    expect(documento.statusCode, documento.body).toBe(200);
    const banner = await invia('multimedia/test', { nome: 'Banner', tipologia: 'banner laterale', link: '/volantini', fileType: 'link', coverType: 'cover' },
      [['cover', await fotoDaCamera(), 'banner.jpg']]);
    expect(banner.statusCode, banner.body).toBe(200);
    const righe = await t().database.sql<{ link_folder: string; link_file: string; cover_dir: string; cover_file: string }[]>`
      SELECT link_folder, link_file, cover_dir, cover_file FROM multimedia WHERE id IN (${documento.json().id}, ${banner.json().id}) ORDER BY id`;
    const [d, b] = righe;
    const png = await senzaMetadati(await scarica(d!.link_folder, d!.link_file));
    expect([png.format, png.width, png.height]).toEqual(['png', 300, 200]);
    for (const r of [d!, b!]) {
      for (const file of [r.cover_file, r.cover_file.replace(/\.web\.webp$/, '')]) {
        const dati = await scarica(r.cover_dir, file);
        await senzaMetadati(dati);
        expect(await colore(dati, 0.5, 0.05), file).toBe('f00');
      }
    }
  });

  it('an animated GIF cover stays animated: its frames and their timing', async () => {
    const res = await invia('multimedia/test', { nome: 'Animato', tipologia: 'banner laterale', link: '/novita', fileType: 'link', coverType: 'cover' },
      [['cover', await gifAnimata(), 'animato.gif']]);
    expect(res.statusCode, res.body).toBe(200);
    const [r] = await t().database.sql<{ cover_dir: string; cover_file: string }[]>`SELECT cover_dir, cover_file FROM multimedia WHERE id = ${res.json().id}`;
    const m = await sharp(await scarica(r!.cover_dir, r!.cover_file.replace(/\.web\.webp$/, ''))).metadata();
    expect([m.format, m.width, m.height, m.pages, m.delay, m.loop]).toEqual(['gif', 40, 40, 3, [100, 200, 300], 0]);
  });
});

describe('images judged by their decoded size, before any decode', () => {
  it('a PNG declaring 60000×60000 pixels: refused as a photo and as a multimedia document, nothing stored', async () => {
    const gigante = await pngGigante();
    expect((await sharp(gigante, { limitInputPixels: false }).metadata()).width).toBe(60_000);
    const msg = MSG_UPLOAD.immagineTroppoGrande('gigante.png', 60_000, 60_000, 1);
    expect(msg).toBe('L\'immagine "gigante.png" è troppo grande (60.000 × 60.000 pixel): al massimo 12.000 pixel per lato e 50 megapixel.');

    await createProdotto(t().database.db, { codiceProdotto: 'BOMBA-1' });
    const foto = await invia('prodotto/photo-upload', { codice_prodotto: 'BOMBA-1', tipologia: 'foto' }, [['allegati[]', gigante, 'gigante.png']]);
    expect([foto.statusCode, foto.json().msg]).toEqual([400, msg]);
    const [{ n }] = await t().database.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM prodotti_media WHERE codice_prodotto = 'BOMBA-1'`;
    expect(n).toBe(0);
    expect(fileSotto('prodotti/BOMBA-1')).toEqual([]);

    const prima = fileSotto('multimedia/tabelle-conversione');
    const doc = await invia('multimedia/test', { nome: 'Bomba', tipologia: 'tabelle conversione', fileType: 'link', coverType: 'cover' }, [['file', gigante, 'gigante.png']]);
    expect([doc.statusCode, doc.json().msg]).toEqual([400, msg]);
    expect(await t().database.sql`SELECT 1 FROM multimedia WHERE nome = 'Bomba'`).toHaveLength(0);
    expect(fileSotto('multimedia/tabelle-conversione')).toEqual(prima);
    await expect.poll(temporanei).toEqual([]);
  });

  it('a cover within 12,000 px a side but over 50 megapixels in all is refused the same way', async () => {
    // 8000×7000 = 56 megapixels: each side within 12,000, the whole over 50 megapixels.
    const grande = await sharp({ create: { width: 8000, height: 7000, channels: 3, background: '#888' } }).png({ compressionLevel: 1 }).toBuffer();
    const res = await invia('multimedia/test', { nome: 'Enorme', tipologia: 'banner laterale', link: '/x', fileType: 'link', coverType: 'cover' }, [['cover', grande, 'enorme.png']]);
    expect([res.statusCode, res.json().msg]).toEqual([400, MSG_UPLOAD.immagineTroppoGrande('enorme.png', 8000, 7000, 1)]);
    expect(await t().database.sql`SELECT 1 FROM multimedia WHERE nome = 'Enorme'`).toHaveLength(0);
  });
});
