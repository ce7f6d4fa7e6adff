import fs from 'node:fs';
import bwipjs from 'bwip-js/node';
import type { Sql } from 'postgres';
import sharp from 'sharp';

const W = 640;
const H = 480;
const FOTOGRAMMI = 10;

/**
 * A camera's view of a printed EAN-13 label, as a Y4M video for Chromium's fake camera
 * (`--use-file-for-fake-video-capture`, which plays it in a loop): the barcode rendered by bwip-js,
 * slightly blurred on a grey shelf, in 4:2:0 planes. Grey only, so the chroma planes are a flat 128.
 */
export async function videoEtichetta(ean: string, file: string): Promise<void> {
  const etichetta = await bwipjs.toBuffer({
    bcid: 'ean13', text: ean, scale: 3, height: 18, includetext: true,
    backgroundcolor: 'FFFFFF', paddingwidth: 12, paddingheight: 10,
  });
  const larga = await sharp(etichetta).resize({ width: 360 }).toBuffer();
  const { height = 0 } = await sharp(larga).metadata();
  const luma = await sharp({ create: { width: W, height: H, channels: 3, background: '#b8bcc2' } })
    .composite([{ input: larga, left: (W - 360) >> 1, top: (H - height) >> 1 }])
    .blur(0.8)
    .greyscale()
    .raw()
    .toBuffer();
  const croma = Buffer.alloc((W / 2) * (H / 2) * 2, 128);
  const fotogramma = Buffer.concat([Buffer.from('FRAME\n'), luma.subarray(0, W * H), croma]);
  const intestazione = Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\n`);
  fs.writeFileSync(file, Buffer.concat([intestazione, ...Array<Buffer>(FOTOGRAMMI).fill(fotogramma)]));
}

/**
 * A visible product sold by the piece (no pack rounding) with plenty of stock whose EAN-13 names it
 * alone: the label to film for a scan that must find one product, and its category.
 */
export async function prodottoDaScansionare(sql: Sql): Promise<{ codice_prodotto: string; ean: string; cod_cat: string; categoria: string }> {
  const [p] = await sql<{ codice_prodotto: string; ean: string; cod_cat: string; categoria: string }[]>`
    SELECT p.codice_prodotto, c.codice AS ean, k.cod_cat, k.nome AS categoria FROM prodotti p
    JOIN giacenze g ON g.prodotto_id = p.id
    JOIN categorie k ON k.id = p.categoria_id
    JOIN prodotti_codici c ON c.prodotto_id = p.id AND c.tipo = 'ean'
    WHERE p.status = 0 AND p.deleted_at IS NULL AND p.multiplo = 1 AND p.minimo = 1 AND g.disponibilita >= 50 AND c.codice ~ '^[0-9]{13}$'
      AND (SELECT count(DISTINCT o.prodotto_id) FROM prodotti_codici o WHERE o.codice_n = c.codice_n) = 1
    ORDER BY p.codice_prodotto LIMIT 1`;
  if (!p) throw new Error('nessun prodotto demo con un EAN-13 che lo nomini da solo');
  return p;
}
