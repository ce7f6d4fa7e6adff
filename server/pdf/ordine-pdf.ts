import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import { AZIENDA } from '../../shared/azienda.js';
import { formatImporto, formatPrezzo } from '../../shared/formato.js';
import type { Ordine, RigaOrdine } from '../../shared/ordini.js';
import { RESPONSE_CODE_OK } from '../../shared/ordini-costanti.js';

// DejaVu Sans Condensed, embedded (subset): every reader shows the same accents and € sign, and
// the text stays searchable (docs/decisions/pdf-ordine.md). Parsed once per process and given to
// each document as the default font: a document that parses its fonts (or loads pdfkit's default
// Helvetica) spends some 200 ms more. pdfkit takes a fontkit font as a font's source (its
// PDFFontFactory.open); @types/pdfkit does not say so, hence the casts.
const require = createRequire(import.meta.url);
const carattere = (file: string) => fontkit.openSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`)) as unknown as PDFKit.Mixins.PDFFontSource;
let caratteri: { normale: PDFKit.Mixins.PDFFontSource; grassetto: PDFKit.Mixins.PDFFontSource } | undefined;

const MARGINE = 40;
const LARGHEZZA = 595.28 - 2 * MARGINE; // A4
const GRIGIO = '#5b6470';
const RIGA = '#d5d9de';
const SFONDO = '#eef1f4';

type Allinea = 'left' | 'right';
interface Colonna {
  titolo: string;
  larghezza: number;
  allinea: Allinea;
  /** Long texts wrap (the row grows); figures fit on one line and need no measuring. */
  aCapo?: true;
  cella: (r: RigaOrdine) => string;
}

const qt = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 0, useGrouping: 'always' as unknown as boolean });
const dataOra = new Intl.DateTimeFormat('it-IT', {
  timeZone: 'Europe/Rome', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit',
});
/**
 * The line table: unit prices with 3 decimals as the portal shows them, amounts to the cent (half
 * up on the amount's 3 decimals, as ordini_letti rounds a line for the VAT summary).
 */
const COLONNE: Colonna[] = [
  { titolo: 'Codice', larghezza: 74, allinea: 'left', aCapo: true, cella: (r) => r.codice_prodotto },
  { titolo: 'Descrizione', larghezza: 0, allinea: 'left', aCapo: true, cella: (r) => r.prodotto_nome },
  { titolo: 'Q.tà', larghezza: 36, allinea: 'right', cella: (r) => qt.format(r.qt) },
  { titolo: 'Listino', larghezza: 62, allinea: 'right', cella: (r) => formatPrezzo(r.prezzo) },
  { titolo: 'Sconti', larghezza: 52, allinea: 'left', aCapo: true, cella: (r) => r.sconti },
  { titolo: 'Netto', larghezza: 62, allinea: 'right', cella: (r) => formatPrezzo(r.prezzo_reale) },
  { titolo: 'Importo', larghezza: 66, allinea: 'right', cella: (r) => formatImporto(r.importo) },
];
COLONNE[1]!.larghezza = LARGHEZZA - COLONNE.reduce((s, c) => s + c.larghezza, 0);
const PAD = 3;

/**
 * The order confirmation (docs/regole/ordini.md#order-pdf) as a PDF stream: the wholesaler's and the
 * client's data, the lines with list price, discount chain and net price, the VAT summary by rate
 * and the totals (all as the order's read model has them, shared/ordini.ts), page numbers in the footer. Real text in an embedded font, so it can be searched
 * and copied. The caller pipes or collects it; it is written in full before its end (at most
 * MAX_RIGHE_ORDINE lines, about 20 pages).
 */
function ordinePdf(o: Ordine): PDFKit.PDFDocument {
  const titolo = o.response_code === RESPONSE_CODE_OK ? 'Conferma d\u2019ordine' : 'Riepilogo d\u2019ordine';
  caratteri ??= { normale: carattere('DejaVuSansCondensed.ttf'), grassetto: carattere('DejaVuSansCondensed-Bold.ttf') };
  const doc = new PDFDocument({
    font: caratteri.normale as string, size: 'A4', margin: MARGINE, bufferPages: true, lang: 'it-IT', displayTitle: true,
    info: { Title: `${titolo} n. ${o.id}`, Author: AZIENDA.ragioneSociale, Subject: `Ordine ${o.id} di ${o.cliente.ragione_sociale}` },
  });
  doc.registerFont('R', caratteri.normale).registerFont('B', caratteri.grassetto);
  intestazione(doc, o, titolo);
  tabellaRighe(doc, o.prodotti);
  riepilogo(doc, o);
  if (o.note.trim()) {
    spazio(doc, 40);
    doc.font('B').fontSize(9).fillColor('black').text('Note', MARGINE, doc.y + 8);
    doc.font('R').fontSize(8.5).text(o.note, { width: LARGHEZZA });
  }
  piePagina(doc, o.id);
  doc.end();
  return doc;
}

/** The whole PDF in memory: what the PDF thread sends back (pdf-thread.ts, the only importer of this module). */
export async function ordinePdfBuffer(o: Ordine): Promise<Buffer> {
  const parti: Buffer[] = [];
  for await (const p of ordinePdf(o)) parti.push(p as Buffer);
  return Buffer.concat(parti);
}

function intestazione(doc: PDFKit.PDFDocument, o: Ordine, titolo: string): void {
  const y0 = MARGINE;
  doc.font('B').fontSize(13).fillColor('black').text(AZIENDA.ragioneSociale, MARGINE, y0);
  doc.font('R').fontSize(8.5).fillColor(GRIGIO).text([
    AZIENDA.indirizzo,
    `${AZIENDA.cap} ${AZIENDA.citta} (${AZIENDA.provincia})`,
    `Tel. ${AZIENDA.telefono} \u00b7 Fax ${AZIENDA.fax}`,
    `P. IVA ${AZIENDA.partitaIva} \u00b7 ${AZIENDA.emailOrdini}`,
  ].join('\n'));
  const fineAzienda = doc.y;
  const xd = MARGINE + LARGHEZZA / 2;
  doc.font('B').fontSize(16).fillColor('black').text(titolo, xd, y0, { width: LARGHEZZA / 2, align: 'right' });
  doc.font('R').fontSize(9.5).text(`N. ${o.id} del ${dataOra.format(new Date(o.created_at))}`, { width: LARGHEZZA / 2, align: 'right' });
  doc.fillColor(GRIGIO).text(`Stato: ${o.response_status}`, { width: LARGHEZZA / 2, align: 'right' });
  const y = Math.max(fineAzienda, doc.y) + 14;
  const c = o.cliente;
  riquadro(doc, MARGINE, y, LARGHEZZA / 2 - 6, 'Cliente', [
    c.ragione_sociale,
    `Codice cliente ${o.cliente_codice}${o.azienda_nome || o.azienda_codice ? ` \u00b7 ${o.azienda_nome || `Azienda ${o.azienda_codice}`}` : ''}`,
    ...(c.partita_iva ? [`P. IVA ${c.partita_iva}`] : []),
    [c.email, c.telefono && `Tel. ${c.telefono}`].filter(Boolean).join(' \u00b7 '),
  ]);
  const fineCliente = doc.y;
  riquadro(doc, MARGINE + LARGHEZZA / 2 + 6, y, LARGHEZZA / 2 - 6, 'Ordine', [
    ...(o.nome ? [`Nome: ${o.nome}`] : []),
    ...(o.riferimento_cantiere ? [`Riferimento cantiere: ${o.riferimento_cantiere}`] : []),
    `Ordinato da: ${o.ordinato_da.nome} (${o.ordinato_da.username ?? o.utente_codice})`,
    ...(o.inserito_da_agente ? [`Inserito dall'agente: ${o.inserito_da_agente}`] : []),
    ...approvazione(o),
    `Righe: ${o.prodotti.length}`,
  ]);
  doc.y = Math.max(fineCliente, doc.y) + 16;
}

/** Who approved an order held over its user's limits, or why it was not (docs/regole/organizzazione.md). */
function approvazione(o: Ordine): string[] {
  if (!o.approvazione) return [];
  const quando = o.approvazione_decisa_at ? ` il ${dataOra.format(new Date(o.approvazione_decisa_at))}` : '';
  switch (o.approvazione) {
    case 'approvato': return [`Approvato da: ${o.approvatore_nome ?? ''}${quando}`];
    case 'rifiutato': return [`Rifiutato da: ${o.approvatore_nome ?? ''}${quando}`, ...(o.approvazione_motivo ? [`Motivo: ${o.approvazione_motivo}`] : [])];
    case 'scaduto': return ['Approvazione scaduta'];
    case 'in_attesa': return ['In attesa di approvazione'];
  }
}

function riquadro(doc: PDFKit.PDFDocument, x: number, y: number, w: number, titolo: string, righe: string[]): void {
  doc.font('B').fontSize(7.5).fillColor(GRIGIO).text(titolo.toUpperCase(), x + 8, y + 7, { width: w - 16, characterSpacing: 0.5 });
  doc.font('R').fontSize(9).fillColor('black').text(righe.filter(Boolean).join('\n'), x + 8, doc.y + 2, { width: w - 16, lineGap: 1 });
  const fine = doc.y + 6;
  doc.roundedRect(x, y, w, fine - y, 3).lineWidth(0.7).strokeColor(RIGA).stroke();
  doc.y = fine;
}

function intestazioneTabella(doc: PDFKit.PDFDocument, y: number): number {
  doc.rect(MARGINE, y, LARGHEZZA, 16).fill(SFONDO);
  doc.font('B').fontSize(8).fillColor('black');
  let x = MARGINE;
  for (const c of COLONNE) {
    doc.text(c.titolo, x + PAD, y + 4.5, { width: c.larghezza - 2 * PAD, align: c.allinea, lineBreak: false });
    x += c.larghezza;
  }
  return y + 16;
}

function tabellaRighe(doc: PDFKit.PDFDocument, righe: readonly RigaOrdine[]): void {
  const fondo = doc.page.height - MARGINE - 24;
  let y = intestazioneTabella(doc, doc.y);
  doc.font('R').fontSize(8);
  const ALTEZZA_RIGA = doc.currentLineHeight(true);
  righe.forEach((r) => {
    const testi = COLONNE.map((c) => c.cella(r));
    const h = Math.max(ALTEZZA_RIGA, ...testi.map((s, k) => (COLONNE[k]!.aCapo && s ? doc.heightOfString(s, { width: COLONNE[k]!.larghezza - 2 * PAD }) : 0)))
      + 2 * PAD + 1;
    if (y + h > fondo) {
      doc.addPage();
      y = intestazioneTabella(doc, MARGINE);
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
  });
  if (righe.length === 0) {
    doc.fillColor(GRIGIO).text('Nessun prodotto in questo ordine.', MARGINE + PAD, y + 6);
    y = doc.y;
  }
  doc.x = MARGINE;
  doc.y = y + 14;
}

/** Leaves room for what follows, or starts a new page. */
function spazio(doc: PDFKit.PDFDocument, h: number): void {
  if (doc.y + h > doc.page.height - MARGINE - 24) {
    doc.addPage();
    doc.y = MARGINE;
  }
}

/** The VAT summary (one row per rate) on the left, the totals on the right. */
function riepilogo(doc: PDFKit.PDFDocument, o: Ordine): void {
  spazio(doc, 40 + 14 * Math.max(o.riepilogo_iva.length, 3));
  const y0 = doc.y;
  const wIva = [70, 90, 80];
  let y = y0;
  doc.font('B').fontSize(8).fillColor(GRIGIO).text('RIEPILOGO IVA', MARGINE, y, { characterSpacing: 0.5 });
  y = doc.y + 3;
  const rigaIva = (celle: string[], grassetto: boolean, sfondo: boolean) => {
    if (sfondo) doc.rect(MARGINE, y, wIva[0]! + wIva[1]! + wIva[2]!, 14).fill(SFONDO);
    doc.font(grassetto ? 'B' : 'R').fontSize(8).fillColor('black');
    let x = MARGINE;
    celle.forEach((s, k) => {
      doc.text(s, x + PAD, y + 3.5, { width: wIva[k]! - 2 * PAD, align: k === 0 ? 'left' : 'right', lineBreak: false });
      x += wIva[k]!;
    });
    y += 14;
  };
  rigaIva(['Aliquota', 'Imponibile', 'Imposta'], true, true);
  for (const r of o.riepilogo_iva) rigaIva([`${r.aliquota} %`, formatImporto(r.imponibile), formatImporto(r.imposta)], false, false);
  const fineIva = y;

  const xT = MARGINE + LARGHEZZA - 220;
  y = y0;
  const rigaTot = (etichetta: string, valore: string, grassetto: boolean) => {
    doc.font(grassetto ? 'B' : 'R').fontSize(grassetto ? 10.5 : 9).fillColor('black');
    doc.text(etichetta, xT, y, { width: 120, lineBreak: false });
    doc.text(valore, xT + 120, y, { width: 100, align: 'right', lineBreak: false });
    y += grassetto ? 18 : 15;
  };
  rigaTot('Totale imponibile', formatImporto(o.totale_imponibile), false);
  rigaTot('Totale IVA', formatImporto(o.totale_iva), false);
  doc.moveTo(xT, y - 3).lineTo(xT + 220, y - 3).lineWidth(0.8).strokeColor('black').stroke();
  y += 2;
  rigaTot('Totale documento', formatImporto(o.totale_documento), true);
  doc.x = MARGINE;
  doc.y = Math.max(fineIva, y) + 6;
}

function piePagina(doc: PDFKit.PDFDocument, id: number): void {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    // Written inside the bottom margin: without lifting it pdfkit would start a new page.
    const margine = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGINE + 8;
    doc.font('R').fontSize(7.5).fillColor(GRIGIO);
    doc.text(`${AZIENDA.ragioneSociale} \u00b7 Ordine n. ${id}`, MARGINE, y, { width: LARGHEZZA / 2, lineBreak: false });
    doc.text(`Pagina ${i - start + 1} di ${count}`, MARGINE + LARGHEZZA / 2, y, { width: LARGHEZZA / 2, align: 'right', lineBreak: false });
    doc.page.margins.bottom = margine;
  }
}
