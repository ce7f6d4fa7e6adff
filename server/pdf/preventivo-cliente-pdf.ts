import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import { formatImporto, formatPrezzo } from '../../shared/formato.js';
import type { PreventivoCliente, RigaPreventivoCliente } from '../../shared/preventivi-cliente.js';
import { numeroPreventivoCliente } from '../../shared/preventivi-cliente-costanti.js';
import type { DatiPreventivoCliente } from './tipi-pdf.js';

/**
 * The installer's quote to their end customer (docs/regole/preventivi-cliente.md#pdf), in Italian,
 * under the client's own header and logo: selling prices only, never the client's cost or margin
 * (the document leaves their hands). The same fonts and layout as the order PDF (ordine-pdf.ts).
 */
const require = createRequire(import.meta.url);
const carattere = (file: string) => fontkit.openSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`)) as unknown as PDFKit.Mixins.PDFFontSource;
let caratteri: { normale: PDFKit.Mixins.PDFFontSource; grassetto: PDFKit.Mixins.PDFFontSource } | undefined;

const MARGINE = 40;
const LARGHEZZA = 595.28 - 2 * MARGINE;
const GRIGIO = '#5b6470';
const RIGA = '#d5d9de';
const SFONDO = '#eef1f4';
const PAD = 3;

const numero = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 2, useGrouping: 'always' as unknown as boolean });
const data = new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', day: '2-digit', month: '2-digit', year: 'numeric' });

interface Colonna { titolo: string; larghezza: number; allinea: 'left' | 'right'; aCapo?: true; cella: (r: RigaPreventivoCliente) => string }
const COLONNE: Colonna[] = [
  { titolo: 'Descrizione', larghezza: 0, allinea: 'left', aCapo: true, cella: (r) => (r.tipo === 'manodopera' ? `Manodopera: ${r.descrizione}` : r.descrizione) },
  { titolo: 'Q.tà', larghezza: 52, allinea: 'right', cella: (r) => (r.tipo === 'manodopera' ? `${numero.format(r.quantita)} h` : numero.format(r.quantita)) },
  { titolo: 'Prezzo', larghezza: 72, allinea: 'right', cella: (r) => formatPrezzo(r.prezzo) },
  { titolo: 'IVA', larghezza: 44, allinea: 'right', cella: (r) => `${r.aliquota} %${r.beni_significativi ? ' *' : ''}` },
  { titolo: 'Importo', larghezza: 76, allinea: 'right', cella: (r) => formatImporto(r.importo) },
];
COLONNE[0]!.larghezza = LARGHEZZA - COLONNE.reduce((s, c) => s + c.larghezza, 0);

function documento(d: DatiPreventivoCliente): PDFKit.PDFDocument {
  const p = d.preventivo;
  const n = numeroPreventivoCliente(p);
  caratteri ??= { normale: carattere('DejaVuSansCondensed.ttf'), grassetto: carattere('DejaVuSansCondensed-Bold.ttf') };
  const doc = new PDFDocument({
    font: caratteri.normale as string, size: 'A4', margin: MARGINE, bufferPages: true, lang: 'it-IT', displayTitle: true,
    info: { Title: `Preventivo n. ${n}`, Author: d.intestazione.ragione_sociale, Subject: `Preventivo per ${p.cliente_finale_nome}` },
  });
  doc.registerFont('R', caratteri.normale).registerFont('B', caratteri.grassetto);
  testata(doc, d, n);
  tabella(doc, p.righe);
  totali(doc, p);
  for (const [titolo, testo] of [['Note', p.note], ['Condizioni', p.condizioni]] as const) {
    if (!testo.trim()) continue;
    spazio(doc, 40);
    doc.font('B').fontSize(9).fillColor('black').text(titolo, MARGINE, doc.y + 8);
    doc.font('R').fontSize(8.5).text(testo, { width: LARGHEZZA });
  }
  piePagina(doc, d.intestazione.ragione_sociale, n);
  doc.end();
  return doc;
}

/** The whole PDF in memory (pdf-thread.ts, the only importer of this module). */
export async function preventivoClientePdfBuffer(d: DatiPreventivoCliente): Promise<Buffer> {
  const parti: Buffer[] = [];
  for await (const x of documento(d)) parti.push(x as Buffer);
  return Buffer.concat(parti);
}

function testata(doc: PDFKit.PDFDocument, d: DatiPreventivoCliente, n: string): void {
  const i = d.intestazione;
  let y = MARGINE;
  if (d.logo) {
    doc.image(Buffer.from(d.logo), MARGINE, y, { fit: [160, 60] });
    y += 66;
  }
  doc.font('B').fontSize(13).fillColor('black').text(i.ragione_sociale, MARGINE, y, { width: LARGHEZZA / 2 });
  doc.font('R').fontSize(8.5).fillColor(GRIGIO).text([i.indirizzo, i.partita_iva && `P. IVA ${i.partita_iva}`].filter(Boolean).join('\n'), { width: LARGHEZZA / 2 });
  const fine = doc.y;
  const xd = MARGINE + LARGHEZZA / 2;
  doc.font('B').fontSize(16).fillColor('black').text('Preventivo', xd, MARGINE, { width: LARGHEZZA / 2, align: 'right' });
  doc.font('R').fontSize(9.5).text(`N. ${n} del ${data.format(new Date(d.preventivo.updated_at))}`, { width: LARGHEZZA / 2, align: 'right' });
  const yC = Math.max(fine, doc.y) + 14;
  doc.font('B').fontSize(7.5).fillColor(GRIGIO).text('SPETTABILE', MARGINE + 8, yC + 7, { characterSpacing: 0.5 });
  doc.font('R').fontSize(9.5).fillColor('black')
    .text([d.preventivo.cliente_finale_nome, d.preventivo.cliente_finale_indirizzo].filter(Boolean).join('\n'), MARGINE + 8, doc.y + 2, { width: LARGHEZZA / 2 - 16 });
  const fineC = doc.y + 6;
  doc.roundedRect(MARGINE, yC, LARGHEZZA / 2 - 6, fineC - yC, 3).lineWidth(0.7).strokeColor(RIGA).stroke();
  doc.y = fineC + 16;
}

function testataTabella(doc: PDFKit.PDFDocument, y: number): number {
  doc.rect(MARGINE, y, LARGHEZZA, 16).fill(SFONDO);
  doc.font('B').fontSize(8).fillColor('black');
  let x = MARGINE;
  for (const c of COLONNE) {
    doc.text(c.titolo, x + PAD, y + 4.5, { width: c.larghezza - 2 * PAD, align: c.allinea, lineBreak: false });
    x += c.larghezza;
  }
  return y + 16;
}

function tabella(doc: PDFKit.PDFDocument, righe: readonly RigaPreventivoCliente[]): void {
  const fondo = doc.page.height - MARGINE - 24;
  let y = testataTabella(doc, doc.y);
  doc.font('R').fontSize(8.5);
  const h0 = doc.currentLineHeight(true);
  for (const r of righe) {
    const testi = COLONNE.map((c) => c.cella(r));
    const h = Math.max(h0, ...testi.map((s, k) => (COLONNE[k]!.aCapo ? doc.heightOfString(s, { width: COLONNE[k]!.larghezza - 2 * PAD }) : 0))) + 2 * PAD + 1;
    if (y + h > fondo) {
      doc.addPage();
      y = testataTabella(doc, MARGINE);
      doc.font('R').fontSize(8.5);
    }
    doc.fillColor('black');
    let x = MARGINE;
    testi.forEach((s, k) => {
      const c = COLONNE[k]!;
      doc.text(s, x + PAD, y + PAD + 0.5, { width: c.larghezza - 2 * PAD, align: c.allinea, lineBreak: c.aCapo === true });
      x += c.larghezza;
    });
    y += h;
    doc.moveTo(MARGINE, y).lineTo(MARGINE + LARGHEZZA, y).lineWidth(0.4).strokeColor(RIGA).stroke();
  }
  if (righe.length === 0) {
    doc.fillColor(GRIGIO).text('Nessuna voce in questo preventivo.', MARGINE + PAD, y + 6);
    y = doc.y;
  }
  doc.x = MARGINE;
  doc.y = y + 14;
}

function spazio(doc: PDFKit.PDFDocument, h: number): void {
  if (doc.y + h > doc.page.height - MARGINE - 24) {
    doc.addPage();
    doc.y = MARGINE;
  }
}

/** The VAT split by rate (with the beni significativi note when the rule applied) and the totals. */
function totali(doc: PDFKit.PDFDocument, p: PreventivoCliente): void {
  const c = p.calcolo;
  spazio(doc, 80 + 14 * c.iva.length);
  const y0 = doc.y;
  const w = [70, 90, 80];
  let y = y0;
  doc.font('B').fontSize(8).fillColor(GRIGIO).text('RIEPILOGO IVA', MARGINE, y, { characterSpacing: 0.5 });
  y = doc.y + 3;
  const rigaIva = (celle: string[], grassetto: boolean) => {
    if (grassetto) doc.rect(MARGINE, y, w[0]! + w[1]! + w[2]!, 14).fill(SFONDO);
    doc.font(grassetto ? 'B' : 'R').fontSize(8).fillColor('black');
    let x = MARGINE;
    celle.forEach((s, k) => {
      doc.text(s, x + PAD, y + 3.5, { width: w[k]! - 2 * PAD, align: k === 0 ? 'left' : 'right', lineBreak: false });
      x += w[k]!;
    });
    y += 14;
  };
  rigaIva(['Aliquota', 'Imponibile', 'Imposta'], true);
  for (const q of c.iva) rigaIva([`${q.aliquota} %`, formatImporto(q.imponibile), formatImporto(q.imposta)], false);
  if (c.beni_significativi) {
    const b = c.beni_significativi;
    doc.font('R').fontSize(7.5).fillColor(GRIGIO).text(
      `* Beni significativi (${formatImporto(b.valore_beni)}): al 10 % fino al valore del resto dei lavori, ${formatImporto(b.al_10)}; `
      + `la parte eccedente, ${formatImporto(b.al_22)}, al 22 % (valore dei lavori al 10 %: ${formatImporto(b.valore_lavori)}).`,
      MARGINE, y + 4, { width: w[0]! + w[1]! + w[2]! + 20 },
    );
    y = doc.y;
  }
  const fineIva = y;
  const xT = MARGINE + LARGHEZZA - 220;
  y = y0;
  const rigaTot = (etichetta: string, valore: string, grassetto = false) => {
    doc.font(grassetto ? 'B' : 'R').fontSize(grassetto ? 10.5 : 9).fillColor('black');
    doc.text(etichetta, xT, y, { width: 120, lineBreak: false });
    doc.text(valore, xT + 120, y, { width: 100, align: 'right', lineBreak: false });
    y += grassetto ? 18 : 15;
  };
  if (c.sconto > 0) {
    rigaTot('Totale voci', formatImporto(c.totale_righe));
    rigaTot(`Sconto ${numero.format(p.sconto_percentuale)} %`, `\u2212${formatImporto(c.sconto)}`);
  }
  rigaTot('Imponibile', formatImporto(c.imponibile));
  rigaTot('IVA', formatImporto(c.totale_iva));
  doc.moveTo(xT, y - 3).lineTo(xT + 220, y - 3).lineWidth(0.8).strokeColor('black').stroke();
  y += 2;
  rigaTot('Totale', formatImporto(c.totale), true);
  doc.x = MARGINE;
  doc.y = Math.max(fineIva, y) + 6;
}

function piePagina(doc: PDFKit.PDFDocument, autore: string, n: string): void {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const margine = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGINE + 8;
    doc.font('R').fontSize(7.5).fillColor(GRIGIO);
    doc.text(`${autore} \u00b7 Preventivo n. ${n}`, MARGINE, y, { width: LARGHEZZA / 2, lineBreak: false });
    doc.text(`Pagina ${i - start + 1} di ${count}`, MARGINE + LARGHEZZA / 2, y, { width: LARGHEZZA / 2, align: 'right', lineBreak: false });
    doc.page.margins.bottom = margine;
  }
}
