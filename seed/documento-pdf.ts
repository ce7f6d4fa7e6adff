/**
 * The demo's documents as a wholesaler's ERP prints them (docs/regole/documenti.md): the DDT with
 * its transport data and signature boxes, the invoice and the credit note with net prices, VAT and
 * payment. Drawn with pdfkit in DejaVu Sans Condensed, as the order confirmation is
 * (docs/decisions/pdf-ordine.md): the seed may not import server/pdf (.dependency-cruiser.cjs,
 * seed-only-on-db), so the font is opened here as well.
 */
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import { formatImporto, formatPrezzo, numeroIt } from '../shared/formato.js';

export interface Emittente {
  ragioneSociale: string;
  indirizzo: string;
  cap: string;
  citta: string;
  provincia: string;
  telefono: string;
  partitaIva: string;
  email: string;
}

export interface RigaDocumento {
  codice: string;
  nome: string;
  um: string;
  qt: number;
  /** Net unit price in euro (3 decimals, as the portal shows it). */
  prezzo: number;
  /** qt × prezzo in cents, rounded half up (as the order's read model rounds a line). */
  importoCent: number;
}

interface Comune {
  numero: string;
  data: Date;
  emittente: Emittente;
  cliente: { ragioneSociale: string; codice: string; partitaIva: string; indirizzo: string[] };
  /** 'Ordine portale n. 80 del 06/11/2026', 'DDT n. DDT-1199 del …'. */
  riferimenti: string[];
  righe: RigaDocumento[];
}

export type DocumentoPdf =
  | Comune & {
    tipo: 'DDT';
    destinazione: string[];
    trasporto: { causale: string; aCura: string; porto: string; aspetto: string; colli: number; pesoKg: number; inizio: Date };
  }
  | Comune & {
    tipo: 'FATTURA' | 'NOTA_CREDITO';
    /** Positive amounts in cents: a credit note says what it credits. */
    totali: { imponibileCent: number; aliquota: number; ivaCent: number };
    pagamento: string;
  };

const require = createRequire(import.meta.url);
const carattere = (file: string) => fontkit.openSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`)) as unknown as PDFKit.Mixins.PDFFontSource;
let caratteri: { normale: PDFKit.Mixins.PDFFontSource; grassetto: PDFKit.Mixins.PDFFontSource } | undefined;

const MARGINE = 40;
const LARGHEZZA = 595.28 - 2 * MARGINE;
const GRIGIO = '#5b6470';
const RIGA = '#d5d9de';
const SFONDO = '#eef1f4';
const PAD = 3;

const TITOLI = { DDT: 'Documento di trasporto', FATTURA: 'Fattura', NOTA_CREDITO: 'Nota di credito' } as const;

/** dd/mm/yyyy of a date's calendar day (the seed's dates are UTC days). */
export const dataIt = (d: Date) => d.toISOString().slice(0, 10).split('-').reverse().join('/');
const oraIt = (d: Date) => d.toISOString().slice(11, 16);

interface Colonna { titolo: string; larghezza: number; destra?: true; cella: (r: RigaDocumento) => string }

const CODICE: Colonna = { titolo: 'Codice', larghezza: 78, cella: (r) => r.codice };
const DESCRIZIONE: Colonna = { titolo: 'Descrizione', larghezza: 0, cella: (r) => r.nome };
const UM: Colonna = { titolo: 'UM', larghezza: 28, cella: (r) => r.um };
const QT: Colonna = { titolo: 'Quantità', larghezza: 50, destra: true, cella: (r) => numeroIt(r.qt, 0, 0) };

function colonne(tipo: DocumentoPdf['tipo'], aliquota: number): Colonna[] {
  const c = tipo === 'DDT'
    ? [CODICE, DESCRIZIONE, UM, QT]
    : [CODICE, DESCRIZIONE, UM, QT,
      { titolo: 'Prezzo netto', larghezza: 64, destra: true, cella: (r) => formatPrezzo(r.prezzo) },
      { titolo: 'Importo', larghezza: 66, destra: true, cella: (r) => formatImporto(r.importoCent / 100) },
      { titolo: 'IVA', larghezza: 32, destra: true, cella: () => `${aliquota} %` }] as Colonna[];
  return c.map((x) => (x === DESCRIZIONE ? { ...x, larghezza: LARGHEZZA - c.reduce((s, y) => s + y.larghezza, 0) } : x));
}

/** The document as a PDF file. */
export async function documentoPdf(d: DocumentoPdf): Promise<Buffer> {
  caratteri ??= { normale: carattere('DejaVuSansCondensed.ttf'), grassetto: carattere('DejaVuSansCondensed-Bold.ttf') };
  const titolo = TITOLI[d.tipo];
  const doc = new PDFDocument({
    font: caratteri.normale as string, size: 'A4', margin: MARGINE, lang: 'it-IT', displayTitle: true,
    info: { Title: `${titolo} n. ${d.numero}`, Author: d.emittente.ragioneSociale, Subject: `${titolo} per ${d.cliente.ragioneSociale}`, CreationDate: d.data },
  });
  doc.registerFont('R', caratteri.normale).registerFont('B', caratteri.grassetto);
  intestazione(doc, d, titolo);
  if (d.tipo === 'DDT') {
    riquadri(doc, [
      ['Destinatario', destinatario(d)],
      ['Luogo di destinazione', d.destinazione],
    ]);
    const t = d.trasporto;
    griglia(doc, [
      ['Causale del trasporto', t.causale], ['Trasporto a cura del', t.aCura], ['Porto', t.porto], ['Inizio trasporto', `${dataIt(t.inizio)} ore ${oraIt(t.inizio)}`],
      ['Aspetto esteriore dei beni', t.aspetto], ['Numero colli', String(t.colli)], ['Peso lordo', `${numeroIt(t.pesoKg, 1, 1)} kg`], ['Riferimenti', d.riferimenti.join('\n')],
    ]);
    tabella(doc, colonne(d.tipo, 0), d.righe);
    firme(doc);
  } else {
    riquadri(doc, [
      ['Cliente', destinatario(d)],
      ['Riferimenti', d.riferimenti],
    ]);
    tabella(doc, colonne(d.tipo, d.totali.aliquota), d.righe);
    totali(doc, d);
  }
  doc.end();
  const parti: Buffer[] = [];
  for await (const p of doc) parti.push(p as Buffer);
  return Buffer.concat(parti);
}

function destinatario(d: DocumentoPdf): string[] {
  return [d.cliente.ragioneSociale, ...d.cliente.indirizzo, `P. IVA ${d.cliente.partitaIva} \u00b7 Codice cliente ${d.cliente.codice}`];
}

function intestazione(doc: PDFKit.PDFDocument, d: DocumentoPdf, titolo: string): void {
  const e = d.emittente;
  doc.font('B').fontSize(13).fillColor('black').text(e.ragioneSociale, MARGINE, MARGINE, { width: LARGHEZZA / 2 });
  doc.font('R').fontSize(8.5).fillColor(GRIGIO).text([
    e.indirizzo, `${e.cap} ${e.citta} (${e.provincia})`, `Tel. ${e.telefono} \u00b7 ${e.email}`, `P. IVA e C.F. ${e.partitaIva}`,
  ].join('\n'), { width: LARGHEZZA / 2 });
  const fine = doc.y;
  const x = MARGINE + LARGHEZZA / 2;
  doc.font('B').fontSize(16).fillColor('black').text(titolo, x, MARGINE, { width: LARGHEZZA / 2, align: 'right' });
  doc.font('R').fontSize(10).text(`N. ${d.numero} del ${dataIt(d.data)}`, { width: LARGHEZZA / 2, align: 'right' });
  if (d.tipo === 'DDT') doc.fontSize(8).fillColor(GRIGIO).text('D.P.R. 472/1996', { width: LARGHEZZA / 2, align: 'right' });
  doc.y = Math.max(fine, doc.y) + 14;
}

/** Two framed boxes side by side, each a small title and its lines. */
function riquadri(doc: PDFKit.PDFDocument, box: [string, string[]][]): void {
  const y = doc.y;
  const w = LARGHEZZA / box.length;
  let fondo = y;
  box.forEach(([titolo, righe], i) => {
    const x = MARGINE + i * w + (i > 0 ? 6 : 0);
    const larga = w - 6;
    doc.font('B').fontSize(7.5).fillColor(GRIGIO).text(titolo.toUpperCase(), x + 8, y + 7, { width: larga - 16, characterSpacing: 0.5 });
    doc.font('R').fontSize(9).fillColor('black').text(righe.join('\n'), x + 8, doc.y + 2, { width: larga - 16, lineGap: 1 });
    fondo = Math.max(fondo, doc.y + 6);
  });
  box.forEach((_, i) => doc.roundedRect(MARGINE + i * w + (i > 0 ? 6 : 0), y, w - 6, fondo - y, 3).lineWidth(0.7).strokeColor(RIGA).stroke());
  doc.x = MARGINE;
  doc.y = fondo + 10;
}

/** The DDT's transport data: a grid of labelled cells, four to a row. */
function griglia(doc: PDFKit.PDFDocument, celle: [string, string][]): void {
  const w = LARGHEZZA / 4;
  for (let i = 0; i < celle.length; i += 4) {
    const y = doc.y;
    let fondo = y;
    celle.slice(i, i + 4).forEach(([etichetta, valore], k) => {
      const x = MARGINE + k * w;
      doc.font('B').fontSize(7).fillColor(GRIGIO).text(etichetta.toUpperCase(), x + 6, y + 5, { width: w - 12, characterSpacing: 0.3 });
      doc.font('R').fontSize(9).fillColor('black').text(valore, x + 6, doc.y + 1, { width: w - 12 });
      fondo = Math.max(fondo, doc.y + 5);
    });
    for (let k = 0; k < 4; k++) doc.rect(MARGINE + k * w, y, w, fondo - y).lineWidth(0.7).strokeColor(RIGA).stroke();
    doc.y = fondo;
  }
  doc.x = MARGINE;
  doc.y += 12;
}

function intestazioneTabella(doc: PDFKit.PDFDocument, c: Colonna[], y: number): number {
  doc.rect(MARGINE, y, LARGHEZZA, 16).fill(SFONDO);
  doc.font('B').fontSize(8).fillColor('black');
  let x = MARGINE;
  for (const k of c) {
    doc.text(k.titolo, x + PAD, y + 4.5, { width: k.larghezza - 2 * PAD, align: k.destra ? 'right' : 'left', lineBreak: false });
    x += k.larghezza;
  }
  return y + 16;
}

/** The lines; descriptions wrap, the header row repeats on a new page. */
function tabella(doc: PDFKit.PDFDocument, c: Colonna[], righe: RigaDocumento[]): void {
  const fondo = doc.page.height - MARGINE - 150;
  let y = intestazioneTabella(doc, c, doc.y);
  for (const r of righe) {
    doc.font('R').fontSize(8.5);
    const testi = c.map((k) => k.cella(r));
    const h = Math.max(...testi.map((s, k) => doc.heightOfString(s, { width: c[k]!.larghezza - 2 * PAD }))) + 2 * PAD + 1;
    if (y + h > fondo) {
      doc.addPage();
      y = intestazioneTabella(doc, c, MARGINE);
      doc.font('R').fontSize(8.5);
    }
    doc.fillColor('black');
    let x = MARGINE;
    testi.forEach((s, k) => {
      doc.text(s, x + PAD, y + PAD + 0.5, { width: c[k]!.larghezza - 2 * PAD, align: c[k]!.destra ? 'right' : 'left' });
      x += c[k]!.larghezza;
    });
    y += h;
    doc.moveTo(MARGINE, y).lineTo(MARGINE + LARGHEZZA, y).lineWidth(0.4).strokeColor(RIGA).stroke();
  }
  doc.x = MARGINE;
  doc.y = y + 14;
}

/** The DDT's foot: notes and the three signatures the law asks of a delivery. */
function firme(doc: PDFKit.PDFDocument): void {
  doc.font('R').fontSize(8).fillColor(GRIGIO)
    .text('Merce viaggiante a rischio del committente salvo diverso accordo. Eventuali contestazioni vanno annotate su questo documento alla consegna.', MARGINE, doc.y, { width: LARGHEZZA });
  const y = Math.max(doc.y + 16, doc.page.height - MARGINE - 90);
  const w = LARGHEZZA / 3;
  ['Firma del conducente', 'Firma del vettore', 'Firma del destinatario'].forEach((t, i) => {
    const x = MARGINE + i * w + (i > 0 ? 6 : 0);
    doc.roundedRect(x, y, w - 6, 64, 3).lineWidth(0.7).strokeColor(RIGA).stroke();
    doc.font('B').fontSize(7.5).fillColor(GRIGIO).text(t.toUpperCase(), x + 8, y + 7, { width: w - 22, characterSpacing: 0.5 });
  });
}

/** The invoice's foot: VAT summary, totals, payment, and what the PDF is beside the FatturaPA. */
function totali(doc: PDFKit.PDFDocument, d: Extract<DocumentoPdf, { totali: unknown }>): void {
  const t = d.totali;
  const y = doc.y;
  const w = [70, 90, 80];
  const cella = (s: string, x: number, yy: number, larga: number, destra: boolean, grassetto = false) =>
    doc.font(grassetto ? 'B' : 'R').fontSize(8.5).fillColor('black').text(s, x + PAD, yy + 3.5, { width: larga - 2 * PAD, align: destra ? 'right' : 'left', lineBreak: false });
  doc.rect(MARGINE, y, w[0]! + w[1]! + w[2]!, 15).fill(SFONDO);
  ['Aliquota IVA', 'Imponibile', 'Imposta'].forEach((s, k) => cella(s, MARGINE + w.slice(0, k).reduce((a, b) => a + b, 0), y, w[k]!, k > 0, true));
  [`${t.aliquota} %`, formatImporto(t.imponibileCent / 100), formatImporto(t.ivaCent / 100)].forEach((s, k) => cella(s, MARGINE + w.slice(0, k).reduce((a, b) => a + b, 0), y + 15, w[k]!, k > 0));
  const xt = MARGINE + LARGHEZZA - 200;
  [['Totale imponibile', formatImporto(t.imponibileCent / 100)], ['Totale IVA', formatImporto(t.ivaCent / 100)]].forEach(([a, b], k) => {
    cella(a!, xt, y + k * 15, 110, false);
    cella(b!, xt + 110, y + k * 15, 90, true);
  });
  doc.rect(xt, y + 32, 200, 18).fill(SFONDO);
  cella(d.tipo === 'FATTURA' ? 'Totale documento' : 'Totale accreditato', xt, y + 34, 110, false, true);
  cella(formatImporto((t.imponibileCent + t.ivaCent) / 100), xt + 110, y + 34, 90, true, true);
  doc.font('R').fontSize(8.5).fillColor('black').text(`Pagamento: ${d.pagamento}`, MARGINE, y + 66, { width: LARGHEZZA });
  doc.fontSize(8).fillColor(GRIGIO).text(
    'Copia di cortesia: il documento fiscale è la fattura elettronica (FatturaPA) trasmessa tramite il Sistema di Interscambio.',
    { width: LARGHEZZA },
  );
}
