/**
 * The demo's documents from the ERP (docs/regole/documenti.md): for Mario's client and for each of
 * Giulia's two, the DDT of their three latest orders and the invoices billing the older two (each
 * with its FatturaPA); Mario's client also a credit note. Lines, prices and amounts are the
 * orders' own (the client's net prices, demo-activity.ts), so the PDF, the FatturaPA and the order
 * agree; numbers follow the dates within each company, as an ERP numbers them.
 */
import type postgres from 'postgres';
import { AZIENDA } from '../shared/azienda.js';
import { AZIENDE, CLIENTI, type DemoCliente, partitaIva, partitaIvaCliente } from './demo-anagrafica.js';
import { dataIt, documentoPdf, type Emittente, type RigaDocumento } from './documento-pdf.js';
import { euroDaCentesimi, fatturaPa } from './fatturapa-demo.js';
import type { MediaWriter } from './media-files.js';

const ALIQUOTA = 22;
const piu = (d: Date, giorni: number) => new Date(d.getTime() + giorni * 86_400_000);
const giorno = (d: Date) => d.toISOString().slice(0, 10);

/** The clients with documents; Mario's also has a credit note. */
const CLIENTI_CON_DOCUMENTI = [{ cliente: 1, notaCredito: true }, { cliente: 2, notaCredito: false }, { cliente: 3, notaCredito: false }];

/** Each company's numbering: the first number of each type in the demo's time span. */
const NUMERAZIONE: Record<string, Record<'DDT' | 'FATTURA' | 'NOTA_CREDITO', (n: number) => string>> = {
  '0001': { DDT: (n) => `DDT-${1194 + n}`, FATTURA: (n) => `F-${794 + n}`, NOTA_CREDITO: (n) => `NC-${36 + n}` },
  '0002': { DDT: (n) => `DDT-S${411 + n}`, FATTURA: (n) => `F-S${229 + n}`, NOTA_CREDITO: (n) => `NC-S${11 + n}` },
};

/** The issuing company's letterhead: the wholesaler's own data (shared/azienda.ts), or the second demo company's. */
export function emittenteDi(codice: string): Emittente {
  if (codice === AZIENDE[0]!.codice) {
    return { ...AZIENDA, email: AZIENDA.emailOrdini };
  }
  return {
    ragioneSociale: AZIENDE.find((a) => a.codice === codice)!.ragione_sociale, indirizzo: 'Via Nuova Poggioreale 61', cap: '80143',
    citta: 'Napoli', provincia: 'NA', telefono: '081 734 5520', partitaIva: partitaIva(7_654_321, 63), email: 'amministrazione@utensilmarketsud.it',
  };
}

/** A client as its documents name it: registered office, VAT number, code. */
export function clienteDi(c: DemoCliente) {
  const sede = c.sedi[0]!;
  return {
    ragioneSociale: c.ragioneSociale, codice: c.codice, partitaIva: partitaIvaCliente(c),
    indirizzo: [sede.indirizzo, `${sede.cap} ${sede.citta} (${sede.provincia})`], sede,
  };
}

/** A line in cents: qt × the net price in thousandths, half up (as the order's read model rounds it). */
export function rigaDocumento(r: { codice: string; nome: string; um: string; qt: number; nettoMill: number }): RigaDocumento {
  return { codice: r.codice, nome: r.nome, um: r.um, qt: r.qt, prezzo: r.nettoMill / 1000, importoCent: Math.round((r.qt * r.nettoMill) / 10) };
}

/** Taxable amount and VAT in cents of some lines at one rate. */
export function totaliDi(righe: RigaDocumento[]): { imponibileCent: number; ivaCent: number } {
  const imponibileCent = righe.reduce((s, r) => s + r.importoCent, 0);
  return { imponibileCent, ivaCent: Math.round((imponibileCent * ALIQUOTA) / 100) };
}

/** The transport data of a DDT: packages and weight from its quantities (the demo's products have no weight). */
export function trasportoDi(righe: RigaDocumento[], data: Date) {
  const pezzi = righe.reduce((s, r) => s + r.qt, 0);
  const colli = Math.max(1, Math.ceil(pezzi / 20));
  return {
    causale: 'Vendita', aCura: 'Cedente', porto: 'Franco', aspetto: colli > 1 ? 'Scatole di cartone' : 'Scatola di cartone',
    colli, pesoKg: Math.round(colli * 64 + righe.length * 5) / 10, inizio: new Date(`${giorno(data)}T08:30:00Z`),
  };
}

interface Ordine { id: number; created_at: string; riferimento_cantiere: string | null; righe: { codice: string; nome: string; um: string; qt: number; nettoMill: number }[] }

interface Documento {
  tipo: 'DDT' | 'FATTURA' | 'NOTA_CREDITO';
  data: Date;
  cliente: DemoCliente;
  ordine: Ordine;
  righe: RigaDocumento[];
  /** The DDT an invoice bills; the invoice a credit note corrects. */
  ddt?: Documento;
  fattura?: Documento;
  numero?: string;
}

export async function seedDocumenti(tx: postgres.TransactionSql, media: MediaWriter): Promise<void> {
  const documenti: Documento[] = [];
  for (const { cliente: id, notaCredito } of CLIENTI_CON_DOCUMENTI) {
    const cliente = CLIENTI.find((c) => c.id === id)!;
    const ordini = await tx<Ordine[]>`
      SELECT o.id, iso_utc(o.created_at) AS created_at, o.riferimento_cantiere,
        (SELECT json_agg(json_build_object('codice', r.codice_prodotto, 'nome', r.prodotto_nome, 'um', coalesce(p.um, 'PZ'), 'qt', r.qt,
            'nettoMill', round(r.prezzo_reale * 1000)::int) ORDER BY r.id)
         FROM ordini_righe r LEFT JOIN prodotti p ON p.id = r.prodotto_id WHERE r.ordine_id = o.id) AS righe
      FROM ordini o WHERE o.cliente_id = ${id} AND o.response_code = '201' ORDER BY o.created_at DESC LIMIT 3`;
    for (const [i, o] of ordini.entries()) {
      const righe = o.righe.map(rigaDocumento);
      const ddt: Documento = { tipo: 'DDT', data: piu(new Date(o.created_at), 1), cliente, ordine: o, righe };
      documenti.push(ddt);
      // The latest order is delivered, not invoiced yet.
      if (i === 0) continue;
      const fattura: Documento = { tipo: 'FATTURA', data: piu(new Date(o.created_at), 3), cliente, ordine: o, righe, ddt };
      documenti.push(fattura);
      // A part of the oldest order came back: its first line is credited.
      if (notaCredito && i === ordini.length - 1) {
        documenti.push({ tipo: 'NOTA_CREDITO', data: piu(new Date(o.created_at), 10), cliente, ordine: o, righe: righe.slice(0, 1), fattura });
      }
    }
  }
  // Numbers in date order within each company and type.
  documenti.sort((a, b) => a.data.getTime() - b.data.getTime() || a.ordine.id - b.ordine.id);
  const contatori = new Map<string, number>();
  for (const d of documenti) {
    const k = `${d.cliente.azienda}:${d.tipo}`;
    const n = (contatori.get(k) ?? 0) + 1;
    contatori.set(k, n);
    d.numero = NUMERAZIONE[d.cliente.azienda]![d.tipo](n);
  }
  for (const [n, d] of documenti.entries()) await scriviDocumento(tx, media, d, n + 1);
}

async function scriviDocumento(tx: postgres.TransactionSql, media: MediaWriter, d: Documento, n: number): Promise<void> {
  const emittente = emittenteDi(d.cliente.azienda);
  const cliente = clienteDi(d.cliente);
  const ordine = `Ordine portale n. ${d.ordine.id} del ${dataIt(new Date(d.ordine.created_at))}`;
  const cantiere = d.ordine.riferimento_cantiere ? [`Cantiere: ${d.ordine.riferimento_cantiere}`] : [];
  const comune = { numero: d.numero!, data: d.data, emittente, cliente, righe: d.righe };
  const pdf = `.documenti/demo-${n}.pdf`;
  let xml: string | null = null;
  const { imponibileCent, ivaCent } = totaliDi(d.righe);
  if (d.tipo === 'DDT') {
    const sede = d.cliente.sedi[1] ?? d.cliente.sedi[0]!;
    media.add(pdf, await documentoPdf({
      ...comune, tipo: 'DDT', riferimenti: [ordine, ...cantiere],
      destinazione: [d.cliente.ragioneSociale, sede.descrizione, sede.indirizzo, `${sede.cap} ${sede.citta} (${sede.provincia})`],
      trasporto: trasportoDi(d.righe, d.data),
    }));
  } else {
    const scadenza = piu(d.data, 60);
    const riferimenti = d.tipo === 'FATTURA'
      ? [`DDT n. ${d.ddt!.numero!} del ${dataIt(d.ddt!.data)}`, ordine, ...cantiere]
      : [`Storno parziale della fattura n. ${d.fattura!.numero!} del ${dataIt(d.fattura!.data)}`, 'Causale: reso di merce non conforme', ordine];
    media.add(pdf, await documentoPdf({
      ...comune, tipo: d.tipo, riferimenti, totali: { imponibileCent, ivaCent, aliquota: ALIQUOTA },
      pagamento: d.tipo === 'FATTURA' ? `Ri.Ba. a 60 giorni data fattura, scadenza ${dataIt(scadenza)}` : 'a compensazione sulla prossima fattura',
    }));
    xml = `.documenti/demo-${n}.xml`;
    media.add(xml, fatturaPa({
      tipo: d.tipo === 'FATTURA' ? 'TD01' : 'TD04', numero: d.numero!, data: d.data, emittente, cliente, righe: d.righe,
      ddt: d.ddt ? [{ numero: d.ddt.numero!, data: d.ddt.data }] : [], aliquota: ALIQUOTA, imponibileCent, ivaCent, scadenza,
    }));
  }
  // A credit note's amounts are negative in the portal, as the ERP sends them.
  const segno = d.tipo === 'NOTA_CREDITO' ? -1 : 1;
  const [{ id }] = await tx<{ id: number }[]>`
    INSERT INTO documenti (tipo, numero, data, azienda_codice, cliente_id, imponibile, iva, totale, ddt, pdf, xml)
    VALUES (${d.tipo}, ${d.numero!}, ${giorno(d.data)}, ${d.cliente.azienda}, ${d.cliente.id}, ${euroDaCentesimi(segno * imponibileCent)},
      ${euroDaCentesimi(segno * ivaCent)}, ${euroDaCentesimi(segno * (imponibileCent + ivaCent))},
      ${d.ddt ? [d.ddt.numero!] : []}::text[], ${pdf}, ${xml})
    RETURNING id`;
  await tx`INSERT INTO documenti_ordini (documento_id, ordine_id) VALUES (${id}, ${d.ordine.id})`;
}
