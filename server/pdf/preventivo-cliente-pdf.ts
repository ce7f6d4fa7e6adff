import { formatImporto, formatPrezzo } from '../../shared/formato.js';
import type { RigaPreventivoCliente } from '../../shared/preventivi-cliente.js';
import { numeroPreventivoCliente } from '../../shared/preventivi-cliente-costanti.js';
import {
  type Colonna, colonne, GRIGIO, inMemoria, LARGHEZZA, MARGINE, nuovoPdf, paragrafo, piePagina, riepilogo, riquadro, tabella,
  titoloDocumento,
} from './impaginazione.js';
import type { DatiPreventivoCliente } from './tipi-pdf.js';

/**
 * The installer's quote to their end customer (docs/regole/preventivi-cliente.md#pdf), in Italian,
 * under the client's own header and logo: selling prices only, never the client's cost or margin
 * (the document leaves their hands). The same fonts and layout as the order PDF (ordine-pdf.ts).
 */
const numero = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 2, useGrouping: 'always' as unknown as boolean });
const data = new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', day: '2-digit', month: '2-digit', year: 'numeric' });

const COLONNE: readonly Colonna<RigaPreventivoCliente>[] = colonne([
  { titolo: 'Descrizione', larghezza: 0, allinea: 'left', aCapo: true, cella: (r) => (r.tipo === 'manodopera' ? `Manodopera: ${r.descrizione}` : r.descrizione) },
  { titolo: 'Q.tà', larghezza: 52, allinea: 'right', cella: (r) => (r.tipo === 'manodopera' ? `${numero.format(r.quantita)} h` : numero.format(r.quantita)) },
  { titolo: 'Prezzo', larghezza: 72, allinea: 'right', cella: (r) => formatPrezzo(r.prezzo) },
  { titolo: 'IVA', larghezza: 44, allinea: 'right', cella: (r) => `${r.aliquota} %${r.beni_significativi ? ' *' : ''}` },
  { titolo: 'Importo', larghezza: 76, allinea: 'right', cella: (r) => formatImporto(r.importo) },
]);

/** The whole PDF in memory (pdf-thread.ts, the only importer of this module). */
export async function preventivoClientePdfBuffer(d: DatiPreventivoCliente): Promise<Buffer> {
  const p = d.preventivo;
  const c = p.calcolo;
  const n = numeroPreventivoCliente(p);
  const doc = nuovoPdf({ Title: `Preventivo n. ${n}`, Author: d.intestazione.ragione_sociale, Subject: `Preventivo per ${p.cliente_finale_nome}` });
  testata(doc, d, n);
  tabella(doc, COLONNE, p.righe, { vuota: 'Nessuna voce in questo preventivo.', corpo: 8.5 });
  const b = c.beni_significativi;
  riepilogo(doc, {
    iva: c.iva,
    // The VAT split with the beni significativi rule, when it applied (docs/regole/preventivi-cliente.md).
    notaIva: b ? `* Beni significativi (${formatImporto(b.valore_beni)}): al 10 % fino al valore del resto dei lavori, ${formatImporto(b.al_10)}; `
      + `la parte eccedente, ${formatImporto(b.al_22)}, al 22 % (valore dei lavori al 10 %: ${formatImporto(b.valore_lavori)}).` : undefined,
    totali: [
      ...(c.sconto > 0 ? [
        { etichetta: 'Totale voci', valore: formatImporto(c.totale_righe) },
        { etichetta: `Sconto ${numero.format(p.sconto_percentuale)} %`, valore: `\u2212${formatImporto(c.sconto)}` },
      ] : []),
      { etichetta: 'Imponibile', valore: formatImporto(c.imponibile) },
      { etichetta: 'IVA', valore: formatImporto(c.totale_iva) },
      { etichetta: 'Totale', valore: formatImporto(c.totale), finale: true },
    ],
  });
  for (const [titolo, testo] of [['Note', p.note], ['Condizioni', p.condizioni]] as const) if (testo.trim()) paragrafo(doc, titolo, testo);
  piePagina(doc, `${d.intestazione.ragione_sociale} \u00b7 Preventivo n. ${n}`);
  return inMemoria(doc);
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
  titoloDocumento(doc, 'Preventivo', [{ testo: `N. ${n} del ${data.format(new Date(d.preventivo.updated_at))}` }]);
  riquadro(doc, MARGINE, Math.max(fine, doc.y) + 14, LARGHEZZA / 2 - 6, 'Spettabile',
    [d.preventivo.cliente_finale_nome, d.preventivo.cliente_finale_indirizzo]);
  doc.y += 16;
}
