import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import { AZIENDA } from '../../shared/azienda.js';
import { formatImporto, formatPrezzo } from '../../shared/formato.js';
import { CONDIZIONI_PREVENTIVO } from '../../shared/preventivi-costanti.js';
import type { PdfPreventivo } from '../../shared/preventivi.js';

// The fonts and look of the order's PDF (ordine-pdf.ts, docs/decisions/pdf-ordine.md): DejaVu Sans
// Condensed embedded, parsed once per thread, real searchable text.
const require = createRequire(import.meta.url);
const carattere = (file: string) => fontkit.openSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`)) as unknown as PDFKit.Mixins.PDFFontSource;
let caratteri: { normale: PDFKit.Mixins.PDFFontSource; grassetto: PDFKit.Mixins.PDFFontSource } | undefined;

const MARGINE = 40;
const LARGHEZZA = 595.28 - 2 * MARGINE;
const GRIGIO = '#5b6470';
const RIGA = '#d5d9de';
const SFONDO = '#eef1f4';
const PAD = 3;

type Riga = PdfPreventivo['righe'][number];
const qt = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 0 });
const data = new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', day: '2-digit', month: '2-digit', year: 'numeric' });

/** Unit prices with 3 decimals, amounts to the cent, as the portal shows them. */
const COLONNE: { titolo: string; larghezza: number; allinea: 'left' | 'right'; aCapo?: true; cella: (r: Riga) => string }[] = [
  { titolo: 'Codice', larghezza: 70, allinea: 'left', aCapo: true, cella: (r) => r.codice_prodotto ?? '—' },
  { titolo: 'Descrizione', larghezza: 0, allinea: 'left', aCapo: true, cella: (r) => [r.descrizione, r.codice_originale ? `(al posto di ${r.codice_originale})` : '', r.nota].filter(Boolean).join('\n') },
  { titolo: 'Q.tà', larghezza: 34, allinea: 'right', cella: (r) => qt.format(r.quantita) },
  { titolo: 'Netto oggi', larghezza: 58, allinea: 'right', cella: (r) => (r.prezzo_netto === null ? '—' : formatPrezzo(r.prezzo_netto)) },
  { titolo: 'Sconti', larghezza: 46, allinea: 'left', aCapo: true, cella: (r) => r.sconti ?? '' },
  { titolo: 'Prezzo', larghezza: 58, allinea: 'right', cella: (r) => (r.prezzo === null ? '—' : formatPrezzo(r.prezzo)) },
  { titolo: 'Consegna', larghezza: 44, allinea: 'right', cella: (r) => (r.giorni_consegna === null ? '' : `${r.giorni_consegna} gg`) },
  { titolo: 'IVA', larghezza: 28, allinea: 'right', cella: (r) => `${r.aliquota}%` },
  { titolo: 'Importo', larghezza: 62, allinea: 'right', cella: (r) => (r.prezzo === null ? '' : formatImporto(Math.round(r.prezzo * r.quantita * 100) / 100)) },
];
COLONNE[1]!.larghezza = LARGHEZZA - COLONNE.reduce((s, c) => s + c.larghezza, 0);

/**
 * One version of a quote (issue 37): the wholesaler and the client, number, version and validity,
 * the lines with the customer's net price and the quoted one, totals, the VAT summary by rate and
 * the wholesaler's conditions; page numbers in the footer. Drawn in the PDF thread (pdf-thread.ts).
 */
export async function preventivoPdfBuffer(p: PdfPreventivo): Promise<Buffer> {
  caratteri ??= { normale: carattere('DejaVuSansCondensed.ttf'), grassetto: carattere('DejaVuSansCondensed-Bold.ttf') };
  const doc = new PDFDocument({
    font: caratteri.normale as string, size: 'A4', margin: MARGINE, bufferPages: true, lang: 'it-IT', displayTitle: true,
    info: { Title: `Preventivo ${p.numero} versione ${p.versione}`, Author: AZIENDA.ragioneSociale, Subject: `Preventivo per ${p.cliente.ragione_sociale}` },
  });
  doc.registerFont('R', caratteri.normale).registerFont('B', caratteri.grassetto);
  intestazione(doc, p);
  tabella(doc, p.righe);
  totali(doc, p);
  spazio(doc, 80);
  doc.font('B').fontSize(9).fillColor('black').text('Condizioni', MARGINE, doc.y + 10);
  doc.font('R').fontSize(8).fillColor(GRIGIO).list([...CONDIZIONI_PREVENTIVO], { width: LARGHEZZA, bulletRadius: 1.5 });
  piePagina(doc, p.numero);
  doc.end();
  const parti: Buffer[] = [];
  for await (const x of doc) parti.push(x as Buffer);
  return Buffer.concat(parti);
}

function intestazione(doc: PDFKit.PDFDocument, p: PdfPreventivo): void {
  doc.font('B').fontSize(13).fillColor('black').text(AZIENDA.ragioneSociale, MARGINE, MARGINE);
  doc.font('R').fontSize(8.5).fillColor(GRIGIO).text([
    AZIENDA.indirizzo, `${AZIENDA.cap} ${AZIENDA.citta} (${AZIENDA.provincia})`,
    `Tel. ${AZIENDA.telefono}`, `P. IVA ${AZIENDA.partitaIva} \u00b7 ${AZIENDA.emailOrdini}`,
  ].join('\n'));
  const fine = doc.y;
  const xd = MARGINE + LARGHEZZA / 2;
  doc.font('B').fontSize(16).fillColor('black').text(`Preventivo ${p.numero}`, xd, MARGINE, { width: LARGHEZZA / 2, align: 'right' });
  doc.font('R').fontSize(9.5).text(`Versione ${p.versione} del ${data.format(new Date(p.created_at))}`, { width: LARGHEZZA / 2, align: 'right' });
  doc.text(p.scade_at ? `Valido fino al ${data.format(new Date(new Date(p.scade_at).getTime() - 1))}` : '', { width: LARGHEZZA / 2, align: 'right' });
  doc.fillColor(GRIGIO).text(`Stato: ${p.stato_cliente}`, { width: LARGHEZZA / 2, align: 'right' });
  doc.y = Math.max(fine, doc.y) + 12;
  doc.font('B').fontSize(7.5).fillColor(GRIGIO).text('CLIENTE', MARGINE, doc.y, { characterSpacing: 0.5 });
  doc.font('R').fontSize(9).fillColor('black').text([
    p.cliente.ragione_sociale, `Codice cliente ${p.cliente.codice} \u00b7 Azienda ${p.cliente.azienda_codice}`,
    `Richiesto da: ${p.richiedente}${p.presa_da ? ` \u00b7 Referente: ${p.presa_da}` : ''}`,
  ].join('\n'));
  doc.y += 12;
}

function testata(doc: PDFKit.PDFDocument, y: number): number {
  doc.rect(MARGINE, y, LARGHEZZA, 16).fill(SFONDO);
  doc.font('B').fontSize(7.5).fillColor('black');
  let x = MARGINE;
  for (const c of COLONNE) {
    doc.text(c.titolo, x + PAD, y + 4.5, { width: c.larghezza - 2 * PAD, align: c.allinea, lineBreak: false });
    x += c.larghezza;
  }
  return y + 16;
}

function tabella(doc: PDFKit.PDFDocument, righe: readonly Riga[]): void {
  const fondo = doc.page.height - MARGINE - 24;
  let y = testata(doc, doc.y);
  doc.font('R').fontSize(8);
  const base = doc.currentLineHeight(true);
  for (const r of righe) {
    const testi = COLONNE.map((c) => c.cella(r));
    const h = Math.max(base, ...testi.map((s, k) => (COLONNE[k]!.aCapo && s ? doc.heightOfString(s, { width: COLONNE[k]!.larghezza - 2 * PAD }) : 0))) + 2 * PAD + 1;
    if (y + h > fondo) {
      doc.addPage();
      y = testata(doc, MARGINE);
      doc.font('R').fontSize(8);
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
  doc.x = MARGINE;
  doc.y = y + 14;
}

function spazio(doc: PDFKit.PDFDocument, h: number): void {
  if (doc.y + h > doc.page.height - MARGINE - 24) {
    doc.addPage();
    doc.y = MARGINE;
  }
}

/** The VAT summary by rate on the left; at today's net, the quote's total, the saving and the totals on the right. */
function totali(doc: PDFKit.PDFDocument, p: PdfPreventivo): void {
  spazio(doc, 60 + 14 * Math.max(p.iva.length, 4));
  const y0 = doc.y;
  const w = [70, 90, 80];
  let y = y0;
  doc.font('B').fontSize(8).fillColor(GRIGIO).text('RIEPILOGO IVA', MARGINE, y, { characterSpacing: 0.5 });
  y = doc.y + 3;
  const riga = (celle: string[], grassetto: boolean) => {
    if (grassetto) doc.rect(MARGINE, y, w[0]! + w[1]! + w[2]!, 14).fill(SFONDO);
    doc.font(grassetto ? 'B' : 'R').fontSize(8).fillColor('black');
    let x = MARGINE;
    celle.forEach((s, k) => {
      doc.text(s, x + PAD, y + 3.5, { width: w[k]! - 2 * PAD, align: k === 0 ? 'left' : 'right', lineBreak: false });
      x += w[k]!;
    });
    y += 14;
  };
  riga(['Aliquota', 'Imponibile', 'Imposta'], true);
  for (const r of p.iva) riga([`${r.aliquota} %`, formatImporto(r.imponibile), formatImporto(r.imposta)], false);
  const fineIva = y;
  const xT = MARGINE + LARGHEZZA - 230;
  y = y0;
  const tot = (etichetta: string, valore: string, grassetto = false) => {
    doc.font(grassetto ? 'B' : 'R').fontSize(grassetto ? 10.5 : 9).fillColor('black');
    doc.text(etichetta, xT, y, { width: 130, lineBreak: false });
    doc.text(valore, xT + 130, y, { width: 100, align: 'right', lineBreak: false });
    y += grassetto ? 18 : 15;
  };
  tot('Ai tuoi prezzi netti', formatImporto(p.totale_netto));
  tot('Risparmio', formatImporto(Math.max(0, p.totale_netto - p.totale_preventivo)));
  tot('Totale preventivo', formatImporto(p.totale_preventivo));
  tot('Totale IVA', formatImporto(p.totale_iva));
  doc.moveTo(xT, y - 3).lineTo(xT + 230, y - 3).lineWidth(0.8).strokeColor('black').stroke();
  y += 2;
  tot('Totale IVA inclusa', formatImporto(p.totale_preventivo + p.totale_iva), true);
  doc.x = MARGINE;
  doc.y = Math.max(fineIva, y) + 6;
}

function piePagina(doc: PDFKit.PDFDocument, numero: string): void {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const margine = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGINE + 8;
    doc.font('R').fontSize(7.5).fillColor(GRIGIO);
    doc.text(`${AZIENDA.ragioneSociale} \u00b7 Preventivo ${numero}`, MARGINE, y, { width: LARGHEZZA / 2, lineBreak: false });
    doc.text(`Pagina ${i - start + 1} di ${count}`, MARGINE + LARGHEZZA / 2, y, { width: LARGHEZZA / 2, align: 'right', lineBreak: false });
    doc.page.margins.bottom = margine;
  }
}
