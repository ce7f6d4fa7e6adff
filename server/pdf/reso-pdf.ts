import { AZIENDA } from '../../shared/azienda.js';
import type { Reso } from '../../shared/resi.js';
import { ETICHETTE_MOTIVO_RESO, ETICHETTE_STATO_RESO } from '../../shared/resi-costanti.js';
import {
  type Colonna, colonne, inMemoria, intestazioneGrossista, LARGHEZZA, MARGINE, nuovoPdf, piePagina, riquadro, tabella, titoloDocumento,
} from './impaginazione.js';
import type { DatiReso } from './tipi-pdf.js';

const data = (iso: string) => iso.slice(0, 10).split('-').reverse().join('/');

const COLONNE: readonly Colonna<Reso['righe'][number]>[] = colonne([
  { titolo: 'Codice', larghezza: 80, allinea: 'left', aCapo: true, cella: (r) => r.codice_prodotto },
  { titolo: 'Descrizione', larghezza: 0, allinea: 'left', aCapo: true, cella: (r) => `${r.descrizione}${r.lotto ? `\nLotto/serie: ${r.lotto}` : ''}` },
  { titolo: 'Q.tà', larghezza: 40, allinea: 'right', cella: (r) => String(r.quantita) },
  { titolo: 'Motivo', larghezza: 110, allinea: 'left', aCapo: true, cella: (r) => ETICHETTE_MOTIVO_RESO[r.motivo] },
  { titolo: 'Esito', larghezza: 80, allinea: 'left', aCapo: true, cella: (r) => (r.esito === 'rifiutata' ? 'Non autorizzata' : `Autorizzata ${r.percentuale_autorizzata ?? r.percentuale_prevista} %`) },
]);

/**
 * The RMA document (issue 39): the RMA number, the original DDT's number and date, the lines with
 * their reasons and outcome, and what the customer writes on their own return DDT.
 */
export async function resoPdfBuffer(r: DatiReso): Promise<Buffer> {
  const doc = nuovoPdf({ Title: `Autorizzazione al reso ${r.numero}`, Subject: `Reso ${r.numero} di ${r.cliente_ragione_sociale}` });
  const fine = intestazioneGrossista(doc);
  titoloDocumento(doc, 'Autorizzazione al reso', [
    { testo: r.numero, stile: 'evidenza' },
    { testo: `Stato: ${ETICHETTE_STATO_RESO[r.stato]}`, stile: 'grigio' },
  ]);
  riquadro(doc, MARGINE, Math.max(fine, doc.y) + 14, LARGHEZZA, 'Reso', [
    `Cliente: ${r.cliente_ragione_sociale} (codice ${r.cliente.codice})`,
    `DDT originale: n. ${r.documento.numero} del ${data(r.documento.data)}`,
    `Richiesto il ${data(r.created_at)}${r.descrizione ? ` \u00b7 ${r.descrizione}` : ''}`,
  ]);
  doc.y += 16;
  tabella(doc, COLONNE, r.righe);
  const istruzioni = [
    r.ddt_reso_richiesto
      ? `Sul vostro DDT di reso scrivete: "Reso autorizzato ${r.numero} \u2013 rif. nostro DDT n. ${r.documento.numero} del ${data(r.documento.data)}", causale "Reso merce", con le sole righe autorizzate.`
      : `Non serve un DDT di reso: consegnate la merce con questo documento, indicando il numero ${r.numero}.`,
    'Imballate la merce in modo che non si danneggi e allegate una copia di questo documento.',
    ...(r.motivo_rifiuto ? [`Righe non autorizzate: ${r.motivo_rifiuto}`] : []),
  ];
  doc.font('B').fontSize(10).fillColor('black').text('Cosa scrivere sul DDT di reso', MARGINE, doc.y + 4);
  doc.font('R').fontSize(9).text(istruzioni.join('\n\n'), { width: LARGHEZZA });
  piePagina(doc, `${AZIENDA.ragioneSociale} \u00b7 ${r.numero}`);
  return inMemoria(doc);
}
