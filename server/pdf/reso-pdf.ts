import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import { AZIENDA } from '../../shared/azienda.js';
import type { Reso } from '../../shared/resi.js';
import { ETICHETTE_MOTIVO_RESO, ETICHETTE_STATO_RESO } from '../../shared/resi-costanti.js';
import type { DatiReso } from './tipi-pdf.js';

// The order PDF's font (DejaVu Sans Condensed, embedded): same accents, searchable text (docs/decisions/pdf-ordine.md).
const require = createRequire(import.meta.url);
const carattere = (file: string) => fontkit.openSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`)) as unknown as PDFKit.Mixins.PDFFontSource;
let caratteri: { normale: PDFKit.Mixins.PDFFontSource; grassetto: PDFKit.Mixins.PDFFontSource } | undefined;

const MARGINE = 40;
const LARGHEZZA = 595.28 - 2 * MARGINE;
const GRIGIO = '#5b6470';
const RIGA = '#d5d9de';
const SFONDO = '#eef1f4';
const PAD = 3;

const data = (iso: string) => iso.slice(0, 10).split('-').reverse().join('/');

const COLONNE: { titolo: string; larghezza: number; allinea: 'left' | 'right'; cella: (r: Reso['righe'][number]) => string }[] = [
  { titolo: 'Codice', larghezza: 80, allinea: 'left', cella: (r) => r.codice_prodotto },
  { titolo: 'Descrizione', larghezza: 0, allinea: 'left', cella: (r) => `${r.descrizione}${r.lotto ? `\nLotto/serie: ${r.lotto}` : ''}` },
  { titolo: 'Q.tà', larghezza: 40, allinea: 'right', cella: (r) => String(r.quantita) },
  { titolo: 'Motivo', larghezza: 110, allinea: 'left', cella: (r) => ETICHETTE_MOTIVO_RESO[r.motivo] },
  { titolo: 'Esito', larghezza: 80, allinea: 'left', cella: (r) => (r.esito === 'rifiutata' ? 'Non autorizzata' : `Autorizzata ${r.percentuale_autorizzata ?? r.percentuale_prevista} %`) },
];
COLONNE[1]!.larghezza = LARGHEZZA - COLONNE.reduce((s, c) => s + c.larghezza, 0);

/**
 * The RMA document (issue 39): the RMA number, the original DDT's number and date, the lines with
 * their reasons and outcome, and what the customer writes on their own return DDT.
 */
function resoPdf(r: DatiReso): PDFKit.PDFDocument {
  caratteri ??= { normale: carattere('DejaVuSansCondensed.ttf'), grassetto: carattere('DejaVuSansCondensed-Bold.ttf') };
  const doc = new PDFDocument({
    font: caratteri.normale as string, size: 'A4', margin: MARGINE, bufferPages: true, lang: 'it-IT', displayTitle: true,
    info: { Title: `Autorizzazione al reso ${r.numero}`, Author: AZIENDA.ragioneSociale, Subject: `Reso ${r.numero} di ${r.cliente_ragione_sociale}` },
  });
  doc.registerFont('R', caratteri.normale).registerFont('B', caratteri.grassetto);
  doc.font('B').fontSize(13).fillColor('black').text(AZIENDA.ragioneSociale, MARGINE, MARGINE);
  doc.font('R').fontSize(8.5).fillColor(GRIGIO).text(`${AZIENDA.indirizzo}\n${AZIENDA.cap} ${AZIENDA.citta} (${AZIENDA.provincia})\nP. IVA ${AZIENDA.partitaIva}`);
  const fine = doc.y;
  doc.font('B').fontSize(16).fillColor('black').text('Autorizzazione al reso', MARGINE + LARGHEZZA / 2, MARGINE, { width: LARGHEZZA / 2, align: 'right' });
  doc.font('B').fontSize(12).text(`RMA ${r.numero}`, { width: LARGHEZZA / 2, align: 'right' });
  doc.font('R').fontSize(9).fillColor(GRIGIO).text(`Stato: ${ETICHETTE_STATO_RESO[r.stato]}`, { width: LARGHEZZA / 2, align: 'right' });
  doc.y = Math.max(fine, doc.y) + 14;
  doc.font('R').fontSize(9.5).fillColor('black').text([
    `Cliente: ${r.cliente_ragione_sociale} (codice ${r.cliente.codice})`,
    `DDT originale: n. ${r.documento.numero} del ${data(r.documento.data)}`,
    `Richiesto il ${data(r.created_at)}${r.descrizione ? ` \u00b7 ${r.descrizione}` : ''}`,
  ].join('\n'), MARGINE, doc.y, { width: LARGHEZZA });
  doc.y += 12;
  tabella(doc, r.righe);
  const istruzioni = [
    r.ddt_reso_richiesto
      ? `Sul vostro DDT di reso scrivete: "Reso autorizzato RMA ${r.numero} \u2013 rif. nostro DDT n. ${r.documento.numero} del ${data(r.documento.data)}", causale "Reso merce", con le sole righe autorizzate.`
      : `Non serve un DDT di reso: consegnate la merce con questo documento, indicando il numero RMA ${r.numero}.`,
    'Imballate la merce in modo che non si danneggi e allegate una copia di questo documento.',
    ...(r.motivo_rifiuto ? [`Righe non autorizzate: ${r.motivo_rifiuto}`] : []),
  ];
  doc.font('B').fontSize(10).fillColor('black').text('Cosa scrivere sul DDT di reso', MARGINE, doc.y + 4);
  doc.font('R').fontSize(9).text(istruzioni.join('\n\n'), { width: LARGHEZZA });
  doc.end();
  return doc;
}

function tabella(doc: PDFKit.PDFDocument, righe: Reso['righe']): void {
  const testata = (y: number) => {
    doc.rect(MARGINE, y, LARGHEZZA, 16).fill(SFONDO);
    doc.font('B').fontSize(8).fillColor('black');
    let x = MARGINE;
    for (const c of COLONNE) {
      doc.text(c.titolo, x + PAD, y + 4.5, { width: c.larghezza - 2 * PAD, align: c.allinea, lineBreak: false });
      x += c.larghezza;
    }
    return y + 16;
  };
  const fondo = doc.page.height - MARGINE - 24;
  let y = testata(doc.y);
  for (const r of righe) {
    doc.font('R').fontSize(8);
    const testi = COLONNE.map((c) => c.cella(r));
    const h = Math.max(...testi.map((s, k) => doc.heightOfString(s, { width: COLONNE[k]!.larghezza - 2 * PAD }))) + 2 * PAD + 1;
    if (y + h > fondo) {
      doc.addPage();
      y = testata(MARGINE);
      doc.font('R').fontSize(8);
    }
    let x = MARGINE;
    doc.fillColor('black');
    testi.forEach((s, k) => {
      doc.text(s, x + PAD, y + PAD + 0.5, { width: COLONNE[k]!.larghezza - 2 * PAD, align: COLONNE[k]!.allinea });
      x += COLONNE[k]!.larghezza;
    });
    y += h;
    doc.moveTo(MARGINE, y).lineTo(MARGINE + LARGHEZZA, y).lineWidth(0.4).strokeColor(RIGA).stroke();
  }
  doc.x = MARGINE;
  doc.y = y + 14;
}

/** The whole PDF in memory, for the PDF thread (pdf-thread.ts imports this module only). */
export async function resoPdfBuffer(r: DatiReso): Promise<Buffer> {
  const parti: Buffer[] = [];
  for await (const p of resoPdf(r)) parti.push(p as Buffer);
  return Buffer.concat(parti);
}
