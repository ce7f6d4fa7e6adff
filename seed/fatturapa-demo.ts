/**
 * The demo's FatturaPA 1.2 files (invoice TD01, credit note TD04), written from the same lines and
 * amounts as their PDF (documento-pdf.ts), so that the page the customer reads and the PDF agree.
 */
import type { Emittente, RigaDocumento } from './documento-pdf.js';

const xmlTesto = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const giorno = (d: Date) => d.toISOString().slice(0, 10);

/** Euro with 2 decimals from cents, exact ('-12.05' from -1205). */
export function euroDaCentesimi(c: number): string {
  const a = Math.abs(c);
  return `${c < 0 ? '-' : ''}${Math.floor(a / 100)}.${String(a % 100).padStart(2, '0')}`;
}

export interface FatturaDemo {
  tipo: 'TD01' | 'TD04';
  numero: string;
  data: Date;
  emittente: Emittente;
  cliente: { ragioneSociale: string; partitaIva: string; sede: { indirizzo: string; cap: string; citta: string; provincia: string } };
  righe: RigaDocumento[];
  ddt: { numero: string; data: Date }[];
  aliquota: number;
  /** Positive, in cents. */
  imponibileCent: number;
  ivaCent: number;
  scadenza: Date;
}

export function fatturaPa(o: FatturaDemo): string {
  const e = o.emittente;
  const c = o.cliente;
  const aliquota = o.aliquota.toFixed(2);
  const linee = o.righe.map((r, i) => `<DettaglioLinee><NumeroLinea>${i + 1}</NumeroLinea>`
    + `<CodiceArticolo><CodiceTipo>INTERNO</CodiceTipo><CodiceValore>${xmlTesto(r.codice)}</CodiceValore></CodiceArticolo>`
    + `<Descrizione>${xmlTesto(r.nome)}</Descrizione><Quantita>${r.qt.toFixed(2)}</Quantita><UnitaMisura>${xmlTesto(r.um)}</UnitaMisura>`
    + `<PrezzoUnitario>${r.prezzo.toFixed(3)}</PrezzoUnitario><PrezzoTotale>${euroDaCentesimi(r.importoCent)}</PrezzoTotale>`
    + `<AliquotaIVA>${aliquota}</AliquotaIVA></DettaglioLinee>`).join('\n      ');
  const totale = euroDaCentesimi(o.imponibileCent + o.ivaCent);
  return `<?xml version="1.0" encoding="UTF-8"?>
<p:FatturaElettronica versione="FPR12" xmlns:p="http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2">
  <FatturaElettronicaHeader>
    <DatiTrasmissione><IdTrasmittente><IdPaese>IT</IdPaese><IdCodice>${e.partitaIva}</IdCodice></IdTrasmittente>
      <ProgressivoInvio>${xmlTesto(o.numero.replace(/[^A-Za-z0-9]/g, '').slice(0, 10))}</ProgressivoInvio><FormatoTrasmissione>FPR12</FormatoTrasmissione><CodiceDestinatario>0000000</CodiceDestinatario></DatiTrasmissione>
    <CedentePrestatore><DatiAnagrafici><IdFiscaleIVA><IdPaese>IT</IdPaese><IdCodice>${e.partitaIva}</IdCodice></IdFiscaleIVA>
      <Anagrafica><Denominazione>${xmlTesto(e.ragioneSociale)}</Denominazione></Anagrafica><RegimeFiscale>RF01</RegimeFiscale></DatiAnagrafici>
      <Sede><Indirizzo>${xmlTesto(e.indirizzo)}</Indirizzo><CAP>${e.cap}</CAP><Comune>${xmlTesto(e.citta)}</Comune><Provincia>${e.provincia}</Provincia><Nazione>IT</Nazione></Sede></CedentePrestatore>
    <CessionarioCommittente><DatiAnagrafici><IdFiscaleIVA><IdPaese>IT</IdPaese><IdCodice>${c.partitaIva}</IdCodice></IdFiscaleIVA>
      <Anagrafica><Denominazione>${xmlTesto(c.ragioneSociale)}</Denominazione></Anagrafica></DatiAnagrafici>
      <Sede><Indirizzo>${xmlTesto(c.sede.indirizzo)}</Indirizzo><CAP>${c.sede.cap}</CAP><Comune>${xmlTesto(c.sede.citta)}</Comune><Provincia>${c.sede.provincia}</Provincia><Nazione>IT</Nazione></Sede></CessionarioCommittente>
  </FatturaElettronicaHeader>
  <FatturaElettronicaBody>
    <DatiGenerali>
      <DatiGeneraliDocumento><TipoDocumento>${o.tipo}</TipoDocumento><Divisa>EUR</Divisa><Data>${giorno(o.data)}</Data>
        <Numero>${xmlTesto(o.numero)}</Numero><ImportoTotaleDocumento>${totale}</ImportoTotaleDocumento></DatiGeneraliDocumento>
      ${o.ddt.map((d) => `<DatiDDT><NumeroDDT>${xmlTesto(d.numero)}</NumeroDDT><DataDDT>${giorno(d.data)}</DataDDT></DatiDDT>`).join('')}
    </DatiGenerali>
    <DatiBeniServizi>
      ${linee}
      <DatiRiepilogo><AliquotaIVA>${aliquota}</AliquotaIVA><ImponibileImporto>${euroDaCentesimi(o.imponibileCent)}</ImponibileImporto><Imposta>${euroDaCentesimi(o.ivaCent)}</Imposta><EsigibilitaIVA>I</EsigibilitaIVA></DatiRiepilogo>
    </DatiBeniServizi>
    <DatiPagamento><CondizioniPagamento>TP02</CondizioniPagamento>
      <DettaglioPagamento><ModalitaPagamento>MP12</ModalitaPagamento><DataScadenzaPagamento>${giorno(o.scadenza)}</DataScadenzaPagamento><ImportoPagamento>${totale}</ImportoPagamento></DettaglioPagamento>
    </DatiPagamento>
  </FatturaElettronicaBody>
</p:FatturaElettronica>
`;
}
