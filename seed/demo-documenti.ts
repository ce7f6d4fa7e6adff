/**
 * The demo's documents from the ERP (docs/regole/documenti.md): for Mario's client, the DDT of its
 * three latest orders, the invoices billing the older two (each with its FatturaPA) and a credit
 * note, so that 'Documenti' and the order detail's chain show something after `npm start`.
 */
import type postgres from 'postgres';
import { AZIENDE, CLIENTI } from './demo-anagrafica.js';
import type { MediaWriter } from './media-files.js';
import { simplePdf } from './pdf.js';

const CLIENTE_ID = 1;
const IVA = 0.22;

const xmlTesto = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const giorno = (d: Date) => d.toISOString().slice(0, 10);
const piu = (d: Date, giorni: number) => new Date(d.getTime() + giorni * 86_400_000);
const due = (n: number) => n.toFixed(2);

interface Riga { codice: string; nome: string; qt: number; prezzo: number }

/** A FatturaPA 1.2 invoice (TD01) or credit note (TD04) with its lines, the DDT it bills and a RiBa due date. */
function fatturaPa(o: {
  tipo: 'TD01' | 'TD04'; numero: string; data: Date; cliente: string; righe: Riga[]; ddt: { numero: string; data: Date }[]; imponibile: number;
}): string {
  const azienda = AZIENDE[0]!;
  const linee = o.righe.map((r, i) => `<DettaglioLinee><NumeroLinea>${i + 1}</NumeroLinea>`
    + `<CodiceArticolo><CodiceTipo>INTERNO</CodiceTipo><CodiceValore>${xmlTesto(r.codice)}</CodiceValore></CodiceArticolo>`
    + `<Descrizione>${xmlTesto(r.nome)}</Descrizione><Quantita>${r.qt.toFixed(2)}</Quantita><UnitaMisura>PZ</UnitaMisura>`
    + `<PrezzoUnitario>${due(r.prezzo)}</PrezzoUnitario><PrezzoTotale>${due(r.prezzo * r.qt)}</PrezzoTotale><AliquotaIVA>22.00</AliquotaIVA></DettaglioLinee>`).join('\n      ');
  const imposta = Math.round(o.imponibile * IVA * 100) / 100;
  return `<?xml version="1.0" encoding="UTF-8"?>
<p:FatturaElettronica versione="FPR12" xmlns:p="http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2">
  <FatturaElettronicaHeader>
    <DatiTrasmissione><IdTrasmittente><IdPaese>IT</IdPaese><IdCodice>01234567890</IdCodice></IdTrasmittente>
      <ProgressivoInvio>${xmlTesto(o.numero)}</ProgressivoInvio><FormatoTrasmissione>FPR12</FormatoTrasmissione><CodiceDestinatario>0000000</CodiceDestinatario></DatiTrasmissione>
    <CedentePrestatore><DatiAnagrafici><IdFiscaleIVA><IdPaese>IT</IdPaese><IdCodice>01234560159</IdCodice></IdFiscaleIVA>
      <Anagrafica><Denominazione>${xmlTesto(azienda.ragione_sociale)}</Denominazione></Anagrafica><RegimeFiscale>RF01</RegimeFiscale></DatiAnagrafici>
      <Sede><Indirizzo>Via dell'Artigianato 18</Indirizzo><CAP>20090</CAP><Comune>Segrate</Comune><Provincia>MI</Provincia><Nazione>IT</Nazione></Sede></CedentePrestatore>
    <CessionarioCommittente><DatiAnagrafici><IdFiscaleIVA><IdPaese>IT</IdPaese><IdCodice>03457897009</IdCodice></IdFiscaleIVA>
      <Anagrafica><Denominazione>${xmlTesto(o.cliente)}</Denominazione></Anagrafica></DatiAnagrafici>
      <Sede><Indirizzo>Via Torino 45</Indirizzo><CAP>20123</CAP><Comune>Milano</Comune><Provincia>MI</Provincia><Nazione>IT</Nazione></Sede></CessionarioCommittente>
  </FatturaElettronicaHeader>
  <FatturaElettronicaBody>
    <DatiGenerali>
      <DatiGeneraliDocumento><TipoDocumento>${o.tipo}</TipoDocumento><Divisa>EUR</Divisa><Data>${giorno(o.data)}</Data>
        <Numero>${xmlTesto(o.numero)}</Numero><ImportoTotaleDocumento>${due(o.imponibile + imposta)}</ImportoTotaleDocumento></DatiGeneraliDocumento>
      ${o.ddt.map((d) => `<DatiDDT><NumeroDDT>${xmlTesto(d.numero)}</NumeroDDT><DataDDT>${giorno(d.data)}</DataDDT></DatiDDT>`).join('')}
    </DatiGenerali>
    <DatiBeniServizi>
      ${linee}
      <DatiRiepilogo><AliquotaIVA>22.00</AliquotaIVA><ImponibileImporto>${due(o.imponibile)}</ImponibileImporto><Imposta>${due(imposta)}</Imposta><EsigibilitaIVA>I</EsigibilitaIVA></DatiRiepilogo>
    </DatiBeniServizi>
    <DatiPagamento><CondizioniPagamento>TP02</CondizioniPagamento>
      <DettaglioPagamento><ModalitaPagamento>MP12</ModalitaPagamento><DataScadenzaPagamento>${giorno(piu(o.data, 60))}</DataScadenzaPagamento><ImportoPagamento>${due(o.imponibile + imposta)}</ImportoPagamento></DettaglioPagamento>
    </DatiPagamento>
  </FatturaElettronicaBody>
</p:FatturaElettronica>
`;
}

export async function seedDocumenti(tx: postgres.TransactionSql, media: MediaWriter): Promise<void> {
  const cliente = CLIENTI.find((c) => c.id === CLIENTE_ID)!;
  const ordini = await tx<{ id: number; created_at: string; righe: Riga[] }[]>`
    SELECT o.id, iso_utc(o.created_at) AS created_at,
      (SELECT json_agg(json_build_object('codice', r.codice_prodotto, 'nome', r.prodotto_nome, 'qt', r.qt, 'prezzo', r.prezzo_reale::float8) ORDER BY r.id)
       FROM ordini_righe r WHERE r.ordine_id = o.id) AS righe
    FROM ordini o WHERE o.cliente_id = ${CLIENTE_ID} AND o.response_code = '201' ORDER BY o.created_at DESC LIMIT 3`;
  let n = 0;
  const documento = async (d: {
    tipo: 'DDT' | 'FATTURA' | 'NOTA_CREDITO'; numero: string; data: Date; ordine: number | null; righe: Riga[]; ddt: { numero: string; data: Date }[]; segno?: number;
  }) => {
    n++;
    const segno = d.segno ?? 1;
    const imponibile = segno * Math.round(d.righe.reduce((s, r) => s + r.prezzo * r.qt, 0) * 100) / 100;
    const iva = Math.round(imponibile * IVA * 100) / 100;
    const titolo = { DDT: 'Documento di trasporto', FATTURA: 'Fattura', NOTA_CREDITO: 'Nota di credito' }[d.tipo];
    const pdf = `.documenti/demo-${n}.pdf`;
    media.add(pdf, simplePdf(`${titolo} n. ${d.numero} del ${giorno(d.data)}`, [
      cliente.ragioneSociale, '',
      ...d.righe.map((r) => `${r.codice}  ${r.nome.slice(0, 50)}  x${r.qt}  ${due(r.prezzo * r.qt)} EUR`),
      '', `Imponibile ${due(imponibile)} EUR   IVA ${due(iva)} EUR   Totale ${due(imponibile + iva)} EUR`,
      ...(d.ddt.length ? [`DDT: ${d.ddt.map((x) => x.numero).join(', ')}`] : []),
    ]));
    let xml: string | null = null;
    if (d.tipo !== 'DDT') {
      xml = `.documenti/demo-${n}.xml`;
      media.add(xml, fatturaPa({
        tipo: d.tipo === 'FATTURA' ? 'TD01' : 'TD04', numero: d.numero, data: d.data, cliente: cliente.ragioneSociale,
        righe: d.righe, ddt: d.ddt, imponibile: Math.abs(imponibile),
      }));
    }
    const [{ id }] = await tx<{ id: number }[]>`
      INSERT INTO documenti (tipo, numero, data, azienda_codice, cliente_id, imponibile, iva, totale, ddt, pdf, xml)
      VALUES (${d.tipo}, ${d.numero}, ${giorno(d.data)}, ${cliente.azienda}, ${CLIENTE_ID}, ${due(imponibile)}, ${due(iva)}, ${due(imponibile + iva)},
        ${d.ddt.map((x) => x.numero)}::text[], ${pdf}, ${xml})
      RETURNING id`;
    if (d.ordine !== null) await tx`INSERT INTO documenti_ordini (documento_id, ordine_id) VALUES (${id}, ${d.ordine})`;
  };
  for (const [i, o] of ordini.entries()) {
    const ddt = { numero: `DDT-${1200 - i}`, data: piu(new Date(o.created_at), 1) };
    await documento({ tipo: 'DDT', numero: ddt.numero, data: ddt.data, ordine: o.id, righe: o.righe, ddt: [] });
    // The latest order is delivered, not invoiced yet.
    if (i > 0) await documento({ tipo: 'FATTURA', numero: `F-${800 - i}`, data: piu(new Date(o.created_at), 3), ordine: o.id, righe: o.righe, ddt: [ddt] });
  }
  const vecchio = ordini.at(-1);
  if (vecchio) {
    await documento({
      tipo: 'NOTA_CREDITO', numero: 'NC-37', data: piu(new Date(vecchio.created_at), 10), ordine: vecchio.id,
      righe: vecchio.righe.slice(0, 1), ddt: [], segno: -1,
    });
  }
}
