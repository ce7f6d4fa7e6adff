import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

/**
 * The web app's icons (web/public/icone/, named by web/public/manifest.webmanifest), drawn from the
 * logo's mark in web/public/logo.svg: run `npm run icone` after the logo changes and commit the PNGs.
 * 'any' icons: the mark on white with a small margin; 'maskable': smaller, inside the safe circle
 * (80% of the side) that launchers keep whatever shape they cut.
 */
const RADICE = path.resolve(import.meta.dirname, '..');
const LOGO = path.join(RADICE, 'web/public/logo.svg');
const USCITA = path.join(RADICE, 'web/public/icone');

/** The mark: the logo's first group, on a 48×48 grid. */
function marchio(): string {
  const svg = fs.readFileSync(LOGO, 'utf8');
  const g = svg.match(/<g transform="translate\(4 4\)">[\s\S]*?<\/g>/)?.[0];
  if (!g) throw new Error(`Marchio non trovato in ${LOGO}`);
  return g.replace('transform="translate(4 4)"', '');
}

/** A square icon: the mark scaled to `quota` of the side, centred on `sfondo`. */
function icona(lato: number, quota: number, sfondo: string): Buffer {
  const scala = (lato * quota) / 48;
  const scarto = (lato - 48 * scala) / 2;
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${lato}" height="${lato}" viewBox="0 0 ${lato} ${lato}">
<rect width="${lato}" height="${lato}" fill="${sfondo}"/>
<g transform="translate(${scarto} ${scarto}) scale(${scala})">${marchio()}</g>
</svg>`);
}

const ICONE: { file: string; lato: number; quota: number; sfondo: string }[] = [
  { file: 'icona-192.png', lato: 192, quota: 0.86, sfondo: '#ffffff' },
  { file: 'icona-512.png', lato: 512, quota: 0.86, sfondo: '#ffffff' },
  { file: 'icona-maskable-512.png', lato: 512, quota: 0.62, sfondo: '#ffffff' },
  { file: 'apple-touch-icon.png', lato: 180, quota: 0.8, sfondo: '#ffffff' },
];

fs.mkdirSync(USCITA, { recursive: true });
for (const i of ICONE) {
  await sharp(icona(i.lato, i.quota, i.sfondo)).png({ compressionLevel: 9 }).toFile(path.join(USCITA, i.file));
  console.log(`web/public/icone/${i.file}`);
}
