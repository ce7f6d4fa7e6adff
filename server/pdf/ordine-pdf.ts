import { AZIENDA } from '../../shared/azienda.js';
import { formatImporto, formatPrezzo } from '../../shared/formato.js';
import type { Ordine, RigaOrdine } from '../../shared/ordini.js';
import { RESPONSE_CODE_OK } from '../../shared/ordini-costanti.js';
import {
  type Colonna, colonne, inMemoria, intestazioneGrossista, LARGHEZZA, MARGINE, nuovoPdf, paragrafo, piePagina, riepilogo, riquadro,
  tabella, titoloDocumento,
} from './impaginazione.js';

const qt = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 0, useGrouping: 'always' as unknown as boolean });
const dataOra = new Intl.DateTimeFormat('it-IT', {
  timeZone: 'Europe/Rome', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit',
});
/**
 * The line table: unit prices with 3 decimals as the portal shows them, amounts to the cent (half
 * up on the amount's 3 decimals, as ordini_letti rounds a line for the VAT summary).
 */
const COLONNE: readonly Colonna<RigaOrdine>[] = colonne([
  { titolo: 'Codice', larghezza: 74, allinea: 'left', aCapo: true, cella: (r) => r.codice_prodotto },
  { titolo: 'Descrizione', larghezza: 0, allinea: 'left', aCapo: true, cella: (r) => r.prodotto_nome },
  { titolo: 'Q.tà', larghezza: 36, allinea: 'right', cella: (r) => qt.format(r.qt) },
  { titolo: 'Listino', larghezza: 62, allinea: 'right', cella: (r) => formatPrezzo(r.prezzo) },
  { titolo: 'Sconti', larghezza: 52, allinea: 'left', aCapo: true, cella: (r) => r.sconti },
  { titolo: 'Netto', larghezza: 62, allinea: 'right', cella: (r) => formatPrezzo(r.prezzo_reale) },
  { titolo: 'Importo', larghezza: 66, allinea: 'right', cella: (r) => formatImporto(r.importo) },
]);

/**
 * The order confirmation (docs/regole/ordini.md#order-pdf), whole in memory for the PDF thread
 * (pdf-thread.ts, the only importer of this module): the wholesaler's and the client's data, the
 * lines with list price, discount chain and net price, the VAT summary by rate and the totals (all
 * as the order's read model has them, shared/ordini.ts), page numbers in the footer. Real text in
 * an embedded font, so it can be searched and copied (at most MAX_RIGHE_ORDINE lines, about 20 pages).
 */
export async function ordinePdfBuffer(o: Ordine): Promise<Buffer> {
  const titolo = o.response_code === RESPONSE_CODE_OK ? 'Conferma d\u2019ordine' : 'Riepilogo d\u2019ordine';
  const doc = nuovoPdf({ Title: `${titolo} n. ${o.id}`, Subject: `Ordine ${o.id} di ${o.cliente.ragione_sociale}` });
  intestazione(doc, o, titolo);
  tabella(doc, COLONNE, o.prodotti, { vuota: 'Nessun prodotto in questo ordine.' });
  riepilogo(doc, {
    iva: o.riepilogo_iva,
    totali: [
      { etichetta: 'Totale imponibile', valore: formatImporto(o.totale_imponibile) },
      { etichetta: 'Totale IVA', valore: formatImporto(o.totale_iva) },
      { etichetta: 'Totale documento', valore: formatImporto(o.totale_documento), finale: true },
    ],
  });
  if (o.note.trim()) paragrafo(doc, 'Note', o.note);
  piePagina(doc, `${AZIENDA.ragioneSociale} \u00b7 Ordine n. ${o.id}`);
  return inMemoria(doc);
}

function intestazione(doc: PDFKit.PDFDocument, o: Ordine, titolo: string): void {
  const fineAzienda = intestazioneGrossista(doc);
  titoloDocumento(doc, titolo, [
    { testo: `N. ${o.id} del ${dataOra.format(new Date(o.created_at))}` },
    { testo: `Stato: ${o.response_status}`, stile: 'grigio' },
  ]);
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
