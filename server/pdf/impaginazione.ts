import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import { AZIENDA } from '../../shared/azienda.js';
import { formatImporto } from '../../shared/formato.js';

/**
 * The layout every PDF of the portal shares (the order confirmation, a quote's version, an
 * installer's quote, a return's RMA): A4, the embedded font, the wholesaler's header, the title at
 * the top right, boxes, a table whose header repeats on every page, the VAT summary beside the
 * totals, the footer with page numbers. Imported by the drawing modules, which the PDF thread
 * alone imports (pdf-thread.ts).
 */

// DejaVu Sans Condensed, embedded (subset): every reader shows the same accents and € sign, and
// the text stays searchable (docs/decisions/pdf-ordine.md). Parsed once per process and given to
// each document as the default font: a document that parses its fonts (or loads pdfkit's default
// Helvetica) spends some 200 ms more. pdfkit takes a fontkit font as a font's source (its
// PDFFontFactory.open); @types/pdfkit does not say so, hence the casts.
const require = createRequire(import.meta.url);
const carattere = (file: string) => fontkit.openSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`)) as unknown as PDFKit.Mixins.PDFFontSource;
let caratteri: { normale: PDFKit.Mixins.PDFFontSource; grassetto: PDFKit.Mixins.PDFFontSource } | undefined;

export const MARGINE = 40;
export const LARGHEZZA = 595.28 - 2 * MARGINE; // A4
export const GRIGIO = '#5b6470';
export const RIGA = '#d5d9de';
export const SFONDO = '#eef1f4';
export const PAD = 3;
/** Kept free at the foot of each page for the footer. */
const PIEDE = 24;

export interface Colonna<T> {
  titolo: string;
  /** In points; 0 for the one column (a description) that takes what the others leave. */
  larghezza: number;
  allinea: 'left' | 'right';
  /** Long texts wrap (the row grows); figures fit on one line and need no measuring. */
  aCapo?: true;
  cella: (r: T) => string;
}

/** The columns as drawn: the one of width 0 widened to the page's width. */
export function colonne<T>(c: readonly Colonna<T>[]): readonly Colonna<T>[] {
  const resto = LARGHEZZA - c.reduce((s, x) => s + x.larghezza, 0);
  return c.map((x) => (x.larghezza === 0 ? { ...x, larghezza: resto } : x));
}

/** A new A4 document in Italian, with the fonts 'R' and 'B', its pages kept for the footer. */
export function nuovoPdf(info: { Title: string; Subject: string; Author?: string }): PDFKit.PDFDocument {
  caratteri ??= { normale: carattere('DejaVuSansCondensed.ttf'), grassetto: carattere('DejaVuSansCondensed-Bold.ttf') };
  const doc = new PDFDocument({
    font: caratteri.normale as string, size: 'A4', margin: MARGINE, bufferPages: true, lang: 'it-IT', displayTitle: true,
    info: { Author: AZIENDA.ragioneSociale, ...info },
  });
  return doc.registerFont('R', caratteri.normale).registerFont('B', caratteri.grassetto);
}

/** Ends the document and gives it whole: what the PDF thread sends back. */
export async function inMemoria(doc: PDFKit.PDFDocument): Promise<Buffer> {
  doc.end();
  const parti: Buffer[] = [];
  for await (const p of doc) parti.push(p as Buffer);
  return Buffer.concat(parti);
}

/** The wholesaler's name and address at the top left; where it ends. */
export function intestazioneGrossista(doc: PDFKit.PDFDocument): number {
  doc.font('B').fontSize(13).fillColor('black').text(AZIENDA.ragioneSociale, MARGINE, MARGINE);
  doc.font('R').fontSize(8.5).fillColor(GRIGIO).text([
    AZIENDA.indirizzo,
    `${AZIENDA.cap} ${AZIENDA.citta} (${AZIENDA.provincia})`,
    `Tel. ${AZIENDA.telefono} \u00b7 Fax ${AZIENDA.fax}`,
    `P. IVA ${AZIENDA.partitaIva} \u00b7 ${AZIENDA.emailOrdini}`,
  ].join('\n'));
  return doc.y;
}

/** The document's title at the top right and its lines under it (number, date, state); where it ends. */
export function titoloDocumento(
  doc: PDFKit.PDFDocument, titolo: string, righe: readonly { testo: string; stile?: 'evidenza' | 'grigio' }[],
): number {
  const opzioni = { width: LARGHEZZA / 2, align: 'right' } as const;
  doc.font('B').fontSize(16).fillColor('black').text(titolo, MARGINE + LARGHEZZA / 2, MARGINE, opzioni);
  for (const r of righe) {
    if (r.stile === 'evidenza') doc.font('B').fontSize(12).fillColor('black');
    else doc.font('R').fontSize(9.5).fillColor(r.stile === 'grigio' ? GRIGIO : 'black');
    doc.text(r.testo, opzioni);
  }
  return doc.y;
}

/** A titled box of lines (the client, the order's facts); doc.y under it. */
export function riquadro(doc: PDFKit.PDFDocument, x: number, y: number, w: number, titolo: string, righe: readonly string[]): void {
  doc.font('B').fontSize(7.5).fillColor(GRIGIO).text(titolo.toUpperCase(), x + 8, y + 7, { width: w - 16, characterSpacing: 0.5 });
  doc.font('R').fontSize(9).fillColor('black').text(righe.filter(Boolean).join('\n'), x + 8, doc.y + 2, { width: w - 16, lineGap: 1 });
  const fine = doc.y + 6;
  doc.roundedRect(x, y, w, fine - y, 3).lineWidth(0.7).strokeColor(RIGA).stroke();
  doc.y = fine;
}

/** Leaves room for what follows, or starts a new page. */
export function spazio(doc: PDFKit.PDFDocument, h: number): void {
  if (doc.y + h > doc.page.height - MARGINE - PIEDE) {
    doc.addPage();
    doc.y = MARGINE;
  }
}

/** A table from doc.y, its header again on each new page; `vuota`: what an empty table says. */
export function tabella<T>(
  doc: PDFKit.PDFDocument, cols: readonly Colonna<T>[], righe: readonly T[], opzioni: { vuota?: string; corpo?: number } = {},
): void {
  const corpo = opzioni.corpo ?? 8;
  const testata = (y: number) => {
    doc.rect(MARGINE, y, LARGHEZZA, 16).fill(SFONDO);
    doc.font('B').fontSize(8).fillColor('black');
    let x = MARGINE;
    for (const c of cols) {
      doc.text(c.titolo, x + PAD, y + 4.5, { width: c.larghezza - 2 * PAD, align: c.allinea, lineBreak: false });
      x += c.larghezza;
    }
    doc.font('R').fontSize(corpo);
    return y + 16;
  };
  const fondo = doc.page.height - MARGINE - PIEDE;
  let y = testata(doc.y);
  const riga = doc.currentLineHeight(true);
  for (const r of righe) {
    const testi = cols.map((c) => c.cella(r));
    const h = Math.max(riga, ...testi.map((s, k) => (cols[k]!.aCapo && s ? doc.heightOfString(s, { width: cols[k]!.larghezza - 2 * PAD }) : 0)))
      + 2 * PAD + 1;
    if (y + h > fondo) {
      doc.addPage();
      y = testata(MARGINE);
    }
    doc.fillColor('black');
    let x = MARGINE;
    testi.forEach((s, k) => {
      const c = cols[k]!;
      doc.text(s, x + PAD, y + PAD + 0.5, { width: c.larghezza - 2 * PAD, align: c.allinea, lineBreak: c.aCapo === true });
      x += c.larghezza;
    });
    y += h;
    doc.moveTo(MARGINE, y).lineTo(MARGINE + LARGHEZZA, y).lineWidth(0.4).strokeColor(RIGA).stroke();
  }
  if (righe.length === 0 && opzioni.vuota) {
    doc.fillColor(GRIGIO).text(opzioni.vuota, MARGINE + PAD, y + 6);
    y = doc.y;
  }
  doc.x = MARGINE;
  doc.y = y + 14;
}

export interface VoceTotale {
  etichetta: string;
  valore: string;
  /** The document's total: bold, under a rule. */
  finale?: true;
}

/**
 * The VAT summary by rate on the left (amounts as the read model rounds them), with a note under it
 * when one is given, and the totals on the right; doc.y under the taller of the two.
 */
export function riepilogo(
  doc: PDFKit.PDFDocument,
  r: { iva: readonly { aliquota: number; imponibile: number; imposta: number }[]; totali: readonly VoceTotale[]; notaIva?: string },
): void {
  const wTot = 230;
  spazio(doc, 40 + 15 * Math.max(r.iva.length + 1, r.totali.length) + (r.notaIva ? 30 : 0));
  const y0 = doc.y;
  const w = [70, 90, 80];
  let y = y0;
  doc.font('B').fontSize(8).fillColor(GRIGIO).text('RIEPILOGO IVA', MARGINE, y, { characterSpacing: 0.5 });
  y = doc.y + 3;
  const rigaIva = (celle: readonly string[], intestazione: boolean) => {
    if (intestazione) doc.rect(MARGINE, y, w[0]! + w[1]! + w[2]!, 14).fill(SFONDO);
    doc.font(intestazione ? 'B' : 'R').fontSize(8).fillColor('black');
    let x = MARGINE;
    celle.forEach((s, k) => {
      doc.text(s, x + PAD, y + 3.5, { width: w[k]! - 2 * PAD, align: k === 0 ? 'left' : 'right', lineBreak: false });
      x += w[k]!;
    });
    y += 14;
  };
  rigaIva(['Aliquota', 'Imponibile', 'Imposta'], true);
  for (const q of r.iva) rigaIva([`${q.aliquota} %`, formatImporto(q.imponibile), formatImporto(q.imposta)], false);
  if (r.notaIva) {
    doc.font('R').fontSize(7.5).fillColor(GRIGIO).text(r.notaIva, MARGINE, y + 4, { width: w[0]! + w[1]! + w[2]! + 20 });
    y = doc.y;
  }
  const fineIva = y;

  const xT = MARGINE + LARGHEZZA - wTot;
  y = y0;
  for (const v of r.totali) {
    if (v.finale) {
      doc.moveTo(xT, y - 3).lineTo(xT + wTot, y - 3).lineWidth(0.8).strokeColor('black').stroke();
      y += 2;
    }
    doc.font(v.finale ? 'B' : 'R').fontSize(v.finale ? 10.5 : 9).fillColor('black');
    doc.text(v.etichetta, xT, y, { width: wTot - 100, lineBreak: false });
    doc.text(v.valore, xT + wTot - 100, y, { width: 100, align: 'right', lineBreak: false });
    y += v.finale ? 18 : 15;
  }
  doc.x = MARGINE;
  doc.y = Math.max(fineIva, y) + 6;
}

/** A titled paragraph (notes, conditions) after what is drawn. */
export function paragrafo(doc: PDFKit.PDFDocument, titolo: string, testo: string): void {
  spazio(doc, 40);
  doc.font('B').fontSize(9).fillColor('black').text(titolo, MARGINE, doc.y + 8);
  doc.font('R').fontSize(8.5).text(testo, { width: LARGHEZZA });
}

/** On every page: what the document is, on the left, and 'Pagina n di m' on the right. */
export function piePagina(doc: PDFKit.PDFDocument, testo: string): void {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    // Written inside the bottom margin: without lifting it pdfkit would start a new page.
    const margine = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGINE + 8;
    doc.font('R').fontSize(7.5).fillColor(GRIGIO);
    doc.text(testo, MARGINE, y, { width: LARGHEZZA / 2, lineBreak: false });
    doc.text(`Pagina ${i - start + 1} di ${count}`, MARGINE + LARGHEZZA / 2, y, { width: LARGHEZZA / 2, align: 'right', lineBreak: false });
    doc.page.margins.bottom = margine;
  }
}
