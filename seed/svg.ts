/**
 * Generated artwork for the demo: product pictograms, brand logos, flyer covers, media covers and
 * side banners. Flat SVG, a few hundred bytes to 2 kB each, so every screen has real pictures.
 */

export function xml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Palette per root category: [light background, main colour, dark accent]. */
export const PALETTE: Record<string, [string, string, string]> = {
  '01': ['#eef4fb', '#2f6db5', '#163a63'],
  '02': ['#fff4e6', '#e8730c', '#7a3b00'],
  '03': ['#f1f3f5', '#6b7785', '#2b333d'],
  '04': ['#e8f6fb', '#1493c2', '#0b4f69'],
  '05': ['#edf8ee', '#3a9a47', '#1d5a25'],
  '06': ['#f8f1ea', '#b0703a', '#5e3717'],
  '07': ['#fffbe6', '#e0b000', '#6b5200'],
  '08': ['#fdeeee', '#d23c3c', '#6e1414'],
  '09': ['#f3eefb', '#7b4fc4', '#3e2470'],
};

/** One pictogram per root category, drawn in a 200x200 box with the main and accent colours. */
function pictogram(root: string, main: string, dark: string): string {
  switch (root) {
    case '01': // screwdriver
      return `<rect x="20" y="85" width="80" height="30" rx="12" fill="${main}"/><rect x="30" y="91" width="60" height="4" rx="2" fill="#fff" opacity=".5"/><rect x="100" y="94" width="70" height="12" fill="${dark}"/><path d="M170 94l14 4v4l-14 4z" fill="${dark}"/>`;
    case '02': // drill
      return `<path d="M40 60h100a20 20 0 0 1 0 40H95l-10 70H50l10-70H40z" fill="${main}"/><rect x="150" y="70" width="18" height="20" fill="${dark}"/><rect x="168" y="76" width="22" height="8" fill="${dark}"/><rect x="58" y="140" width="34" height="10" fill="${dark}" opacity=".6"/>`;
    case '03': // screw
      return `<rect x="60" y="30" width="80" height="24" rx="6" fill="${main}"/><path d="M80 54h40v100l-20 26-20-26z" fill="${main}"/><path d="M80 70l40 10M80 90l40 10M80 110l40 10M80 130l40 10" stroke="${dark}" stroke-width="5"/><rect x="94" y="36" width="12" height="12" fill="${dark}"/>`;
    case '04': // pipe elbow and drop
      return `<path d="M30 60h90a30 30 0 0 1 30 30v40h-30V95a5 5 0 0 0-5-5H30z" fill="${main}"/><rect x="24" y="52" width="14" height="46" rx="3" fill="${dark}"/><rect x="113" y="125" width="44" height="14" rx="3" fill="${dark}"/><path d="M135 150c-10 16-14 22-14 30a14 14 0 0 0 28 0c0-8-4-14-14-30z" fill="${main}" opacity=".75"/>`;
    case '05': // leaf
      return `<path d="M40 170C40 90 90 35 170 30c-5 80-50 135-130 140z" fill="${main}"/><path d="M40 170L150 50" stroke="${dark}" stroke-width="6" stroke-linecap="round"/><path d="M80 125l-5-35M110 95l-5-30M80 125l40 0M110 95l35 0" stroke="${dark}" stroke-width="3" opacity=".6"/>`;
    case '06': // trowel
      return `<path d="M100 30l60 70-60 40-60-40z" fill="${main}"/><path d="M100 140v20" stroke="${dark}" stroke-width="8"/><rect x="86" y="158" width="28" height="30" rx="8" fill="${dark}"/>`;
    case '07': // lightning bolt in a ring
      return `<circle cx="100" cy="100" r="78" fill="none" stroke="${main}" stroke-width="12"/><path d="M110 35L65 110h30l-10 55 50-80h-32z" fill="${dark}"/>`;
    case '08': // helmet
      return `<path d="M35 135a65 65 0 0 1 130 0z" fill="${main}"/><rect x="20" y="132" width="160" height="18" rx="6" fill="${dark}"/><rect x="92" y="62" width="16" height="70" rx="4" fill="#fff" opacity=".4"/>`;
    default: // glue cartridge
      return `<rect x="55" y="50" width="70" height="110" rx="10" fill="${main}"/><path d="M125 80h25l30 20-30 20h-25z" fill="${dark}"/><rect x="45" y="60" width="10" height="90" rx="3" fill="${dark}"/><rect x="68" y="70" width="44" height="30" rx="4" fill="#fff" opacity=".55"/>`;
  }
}

/** Product photo: pictogram of the root category, product code and sub-family on a soft card. */
export function productSvg(o: { codice: string; root: string; etichetta: string; vista?: number }): string {
  const [bg, main, dark] = PALETTE[o.root] ?? PALETTE['03'];
  const alt = (o.vista ?? 1) > 1;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400" role="img" aria-label="${xml(o.codice)}">
<rect width="400" height="400" fill="${alt ? '#ffffff' : bg}"/>
<circle cx="200" cy="170" r="130" fill="${alt ? bg : '#ffffff'}"/>
<g transform="translate(${alt ? 100 : 85} ${alt ? 70 : 55}) scale(${alt ? 1 : 1.15})">${pictogram(o.root, main, dark)}</g>
<rect x="0" y="330" width="400" height="70" fill="${dark}"/>
<text x="200" y="358" font-family="Arial,Helvetica,sans-serif" font-size="26" font-weight="700" fill="#fff" text-anchor="middle">${xml(o.codice)}</text>
<text x="200" y="388" font-family="Arial,Helvetica,sans-serif" font-size="18" fill="#fff" opacity=".85" text-anchor="middle">${xml(o.etichetta)}${alt ? ' · vista 2' : ''}</text>
</svg>
`;
}

export function brandLogoSvg(o: { nome: string; colori: [string, string] }): string {
  const [bg, fg] = o.colori;
  const size = o.nome.length > 10 ? 38 : 48;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200" viewBox="0 0 400 200" role="img" aria-label="${xml(o.nome)}">
<rect width="400" height="200" rx="16" fill="${bg}"/>
<rect x="14" y="14" width="372" height="172" rx="10" fill="none" stroke="${fg}" stroke-opacity=".35" stroke-width="3"/>
<text x="200" y="${100 + size / 3}" font-family="Arial Black,Arial,Helvetica,sans-serif" font-size="${size}" font-weight="900" fill="${fg}" text-anchor="middle" letter-spacing="1">${xml(o.nome.toUpperCase())}</text>
</svg>
`;
}

/** Greedy word wrap to at most `max` characters per line. */
function wrap(text: string, max: number): string[] {
  const lines: string[] = [];
  let cur = '';
  for (const word of text.split(/\s+/)) {
    if (cur && (cur + ' ' + word).length > max) {
      lines.push(cur);
      cur = word;
    } else cur = cur ? `${cur} ${word}` : word;
  }
  if (cur) lines.push(cur);
  return lines;
}

/** Largest font size (Arial is ~0.56 em per character) that fits `text` in `maxLines` lines of `room` px. */
function fit(text: string, room: number, start: number, maxLines: number, min: number): { fs: number; lines: string[] } {
  let fs = start;
  let lines = wrap(text, Math.floor(room / (fs * 0.56)));
  while (lines.length > maxLines && fs > min) {
    fs -= 1;
    lines = wrap(text, Math.floor(room / (fs * 0.56)));
  }
  return { fs, lines };
}

/**
 * A cover: flyers are wide (1200x400) with the pictogram on the right; media covers (600x400)
 * have it in the top-right corner and the text across the bottom.
 */
export function coverSvg(o: { width: number; height: number; titolo: string; sottotitolo: string; root: string }): string {
  const [bg, main, dark] = PALETTE[o.root] ?? PALETTE['01'];
  const { width: w, height: h } = o;
  const wide = w / h >= 2;
  const r = wide ? h * 0.32 : h * 0.19;
  const cx = wide ? w - r - h * 0.1 : w - r - h * 0.08;
  const cy = wide ? h / 2 : r + h * 0.08;
  const x0 = Math.round(h * 0.1);
  const room = wide ? cx - r - 30 - x0 : w - 2 * x0;
  const t = fit(o.titolo, room, Math.round(h / (wide ? 7 : 9)), wide ? 2 : 3, 16);
  const st = fit(o.sottotitolo, room, Math.max(14, Math.round(t.fs * 0.5)), 2, 12);
  const block = t.lines.length * t.fs * 1.15 + st.lines.length * st.fs * 1.35 + st.fs * 0.5;
  // Wide: block centred vertically; narrow: block ends just above the bottom margin.
  const top = (wide ? (h - block) / 2 : h - h * 0.08 - block) + t.fs * 0.9;
  const title = t.lines.map((l, i) =>
    `<text x="${x0}" y="${Math.round(top + i * t.fs * 1.15)}" font-family="Arial,Helvetica,sans-serif" font-size="${t.fs}" font-weight="700" fill="#fff">${xml(l)}</text>`).join('');
  const subTop = top + (t.lines.length - 1) * t.fs * 1.15 + st.fs * 1.8;
  const subtitle = st.lines.map((l, i) =>
    `<text x="${x0}" y="${Math.round(subTop + i * st.fs * 1.35)}" font-family="Arial,Helvetica,sans-serif" font-size="${st.fs}" fill="#fff" opacity=".9">${xml(l)}</text>`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${xml(o.titolo)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${main}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs>
<rect width="${w}" height="${h}" fill="url(#g)"/>
<path d="M${w * 0.62} 0h${w * 0.14}l-${w * 0.22} ${h}h-${w * 0.14}z" fill="#fff" opacity=".08"/>
<path d="M${w * 0.82} 0h${w * 0.08}l-${w * 0.22} ${h}h-${w * 0.08}z" fill="#fff" opacity=".12"/>
<circle cx="${cx}" cy="${cy}" r="${r}" fill="${bg}" opacity=".95"/>
<g transform="translate(${cx - r * 0.7} ${cy - r * 0.7}) scale(${(r * 1.4) / 200})">${pictogram(o.root, main, dark)}</g>
${title}
${subtitle}
</svg>
`;
}

/** Side banner 300x600 for the shop's left column. */
export function bannerSvg(o: { titolo: string; righe: string[]; cta: string; root: string }): string {
  const [bg, main, dark] = PALETTE[o.root] ?? PALETTE['02'];
  const righe = o.righe.map((r, i) =>
    `<text x="150" y="${330 + i * 30}" font-family="Arial,Helvetica,sans-serif" font-size="20" fill="${dark}" text-anchor="middle">${xml(r)}</text>`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="600" viewBox="0 0 300 600" role="img" aria-label="${xml(o.titolo)}">
<rect width="300" height="600" fill="${bg}"/>
<rect width="300" height="220" fill="${main}"/>
<g transform="translate(90 40) scale(.6)">${pictogram(o.root, '#ffffff', dark)}</g>
<text x="150" y="280" font-family="Arial,Helvetica,sans-serif" font-size="30" font-weight="700" fill="${dark}" text-anchor="middle">${xml(o.titolo)}</text>
${righe}
<rect x="50" y="500" width="200" height="50" rx="25" fill="${dark}"/>
<text x="150" y="532" font-family="Arial,Helvetica,sans-serif" font-size="20" font-weight="700" fill="#fff" text-anchor="middle">${xml(o.cta)}</text>
</svg>
`;
}
