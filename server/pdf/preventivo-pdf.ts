import { AZIENDA } from '../../shared/azienda.js';
import { formatImporto, formatPrezzo } from '../../shared/formato.js';
import { CONDIZIONI_PREVENTIVO, ultimoGiornoValido } from '../../shared/preventivi-costanti.js';
import type { PdfPreventivo } from '../../shared/preventivi.js';
import {
  type Colonna, colonne, GRIGIO, inMemoria, intestazioneGrossista, LARGHEZZA, MARGINE, nuovoPdf, piePagina, riepilogo, riquadro, spazio, tabella,
  titoloDocumento,
} from './impaginazione.js';

type Riga = PdfPreventivo['righe'][number];
const qt = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 0 });
const data = new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', day: '2-digit', month: '2-digit', year: 'numeric' });

/** Unit prices with 3 decimals, amounts to the cent, as the portal shows them. */
const COLONNE: readonly Colonna<Riga>[] = colonne([
  { titolo: 'Codice', larghezza: 70, allinea: 'left', aCapo: true, cella: (r) => r.codice_prodotto ?? '—' },
  { titolo: 'Descrizione', larghezza: 0, allinea: 'left', aCapo: true, cella: (r) => [r.descrizione, r.codice_originale ? `(al posto di ${r.codice_originale})` : '', r.nota].filter(Boolean).join('\n') },
  { titolo: 'Q.tà', larghezza: 34, allinea: 'right', cella: (r) => qt.format(r.quantita) },
  { titolo: 'Netto oggi', larghezza: 58, allinea: 'right', cella: (r) => (r.prezzo_netto === null ? '—' : formatPrezzo(r.prezzo_netto)) },
  { titolo: 'Sconti', larghezza: 46, allinea: 'left', aCapo: true, cella: (r) => r.sconti ?? '' },
  { titolo: 'Prezzo', larghezza: 58, allinea: 'right', cella: (r) => (r.prezzo === null ? '—' : formatPrezzo(r.prezzo)) },
  { titolo: 'Consegna', larghezza: 50, allinea: 'right', cella: (r) => (r.giorni_consegna === null ? '' : `${r.giorni_consegna} gg`) },
  { titolo: 'IVA', larghezza: 28, allinea: 'right', cella: (r) => `${r.aliquota}%` },
  { titolo: 'Importo', larghezza: 62, allinea: 'right', cella: (r) => (r.prezzo === null ? '' : formatImporto(Math.round(r.prezzo * r.quantita * 100) / 100)) },
]);

/**
 * One version of a quote (issue 37): the wholesaler and the client, number, version and validity,
 * the lines with the customer's net price and the quoted one, totals, the VAT summary by rate and
 * the wholesaler's conditions; page numbers in the footer. Drawn in the PDF thread (pdf-thread.ts).
 */
export async function preventivoPdfBuffer(p: PdfPreventivo): Promise<Buffer> {
  const doc = nuovoPdf({ Title: `Preventivo ${p.numero} versione ${p.versione}`, Subject: `Preventivo per ${p.cliente.ragione_sociale}` });
  intestazione(doc, p);
  tabella(doc, COLONNE, p.righe);
  riepilogo(doc, {
    iva: p.iva,
    totali: [
      { etichetta: 'Ai tuoi prezzi netti', valore: formatImporto(p.totale_netto) },
      { etichetta: 'Risparmio', valore: formatImporto(Math.max(0, p.totale_netto - p.totale_preventivo)) },
      { etichetta: 'Totale preventivo', valore: formatImporto(p.totale_preventivo) },
      { etichetta: 'Totale IVA', valore: formatImporto(p.totale_iva) },
      { etichetta: 'Totale IVA inclusa', valore: formatImporto(p.totale_preventivo + p.totale_iva), finale: true },
    ],
  });
  spazio(doc, 80);
  doc.font('B').fontSize(9).fillColor('black').text('Condizioni', MARGINE, doc.y + 10);
  doc.font('R').fontSize(8).fillColor(GRIGIO).list([...CONDIZIONI_PREVENTIVO], { width: LARGHEZZA, bulletRadius: 1.5 });
  piePagina(doc, `${AZIENDA.ragioneSociale} \u00b7 Preventivo ${p.numero}`);
  return inMemoria(doc);
}

function intestazione(doc: PDFKit.PDFDocument, p: PdfPreventivo): void {
  const fine = intestazioneGrossista(doc);
  titoloDocumento(doc, `Preventivo ${p.numero}`, [
    { testo: `Versione ${p.versione} del ${data.format(new Date(p.created_at))}` },
    ...(p.scade_at ? [{ testo: `Valido fino al ${data.format(ultimoGiornoValido(p.scade_at))}` }] : []),
    { testo: `Stato: ${p.stato_cliente}`, stile: 'grigio' as const },
  ]);
  riquadro(doc, MARGINE, Math.max(fine, doc.y) + 14, LARGHEZZA / 2 - 6, 'Cliente', [
    p.cliente.ragione_sociale, `Codice cliente ${p.cliente.codice} \u00b7 Azienda ${p.cliente.azienda_codice}`,
    `Richiesto da: ${p.richiedente}${p.presa_da ? ` \u00b7 Referente: ${p.presa_da}` : ''}`,
  ]);
  doc.y += 16;
}
