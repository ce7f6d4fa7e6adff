/**
 * A FatturaPA (specifiche tecniche 1.2) read into what the customer's page shows
 * (docs/decisions/fatturapa-lettura.md). Read once, when the file comes in (push, import) or, for a
 * document kept from before, at its first view; the view is stored (documenti.fatturapa) and the
 * page reads it from there. saxes expands no entity and fetches nothing; a DOCTYPE is refused
 * outright. Only the elements on the page's paths are kept as a small tree (an attachment's base64
 * or any other element costs the parse, never memory), and the reading is bounded
 * (LIMITI_FATTURAPA): nesting and elements refuse the file, entries beyond the page's are left out
 * and counted, texts are cut. Anything missing reads as '': a page with a gap beats no page.
 */
import { SaxesParser } from 'saxes';
import { LIMITI_FATTURAPA, MSG_FATTURAPA } from '../../shared/documenti-costanti.js';
import type { FatturaPaLeggibile } from '../../shared/documenti.js';

/** Why an XML is no FatturaPA the portal reads: its Italian reason. */
export class FatturaPaIllegibile extends Error {}

/** The root element a FatturaPA file has, whatever its namespace prefix. */
const RADICE = 'FatturaElettronica';

/** The page's paths under the root, leaves only: their prefixes are the elements kept. */
const SOGGETTO = [
  'DatiAnagrafici/Anagrafica/Denominazione', 'DatiAnagrafici/Anagrafica/Nome', 'DatiAnagrafici/Anagrafica/Cognome',
  'DatiAnagrafici/IdFiscaleIVA/IdPaese', 'DatiAnagrafici/IdFiscaleIVA/IdCodice', 'DatiAnagrafici/CodiceFiscale',
  'Sede/Indirizzo', 'Sede/NumeroCivico', 'Sede/CAP', 'Sede/Comune', 'Sede/Provincia',
];
const FOGLIE = [
  ...SOGGETTO.map((p) => `FatturaElettronicaHeader/CedentePrestatore/${p}`),
  ...SOGGETTO.map((p) => `FatturaElettronicaHeader/CessionarioCommittente/${p}`),
  ...['TipoDocumento', 'Numero', 'Data', 'Divisa', 'ImportoTotaleDocumento'].map((n) => `FatturaElettronicaBody/DatiGenerali/DatiGeneraliDocumento/${n}`),
  ...['NumeroDDT', 'DataDDT'].map((n) => `FatturaElettronicaBody/DatiGenerali/DatiDDT/${n}`),
  ...['NumeroLinea', 'CodiceArticolo/CodiceValore', 'Descrizione', 'Quantita', 'UnitaMisura', 'PrezzoUnitario', 'PrezzoTotale', 'AliquotaIVA']
    .map((n) => `FatturaElettronicaBody/DatiBeniServizi/DettaglioLinee/${n}`),
  ...['AliquotaIVA', 'Natura', 'ImponibileImporto', 'Imposta'].map((n) => `FatturaElettronicaBody/DatiBeniServizi/DatiRiepilogo/${n}`),
  'FatturaElettronicaBody/DatiPagamento/CondizioniPagamento',
  ...['ModalitaPagamento', 'DataScadenzaPagamento', 'ImportoPagamento', 'IBAN'].map((n) => `FatturaElettronicaBody/DatiPagamento/DettaglioPagamento/${n}`),
];
const LEAVES = new Set(FOGLIE);
const TENUTI = new Set(FOGLIE.flatMap((f) => f.split('/').map((_, i, a) => a.slice(0, i + 1).join('/'))));
/**
 * The page's entries and the budget each counts against (LIMITI_FATTURAPA): lines apart, so that
 * a very long invoice still shows its VAT summary and its due dates.
 */
const VOCI = new Map<string, 'righe' | 'altreVoci'>([
  ['FatturaElettronicaBody/DatiBeniServizi/DettaglioLinee', 'righe'],
  ...['FatturaElettronicaBody', 'FatturaElettronicaBody/DatiGenerali/DatiDDT', 'FatturaElettronicaBody/DatiBeniServizi/DatiRiepilogo',
    'FatturaElettronicaBody/DatiPagamento', 'FatturaElettronicaBody/DatiPagamento/DettaglioPagamento'].map((p) => [p, 'altreVoci'] as const),
]);

interface Nodo {
  nome: string;
  testo: string;
  figli: Nodo[];
}

/** The kept elements of an XML text as a tree under its root, and the entries left out; FatturaPaIllegibile otherwise. */
function albero(xml: string): { radice: Nodo; omesse: number } {
  const radice: Nodo = { nome: '', testo: '', figli: [] };
  // Each open element: its path on the page's paths (null off them, and for all under it), and
  // whether it is kept (an entry over the budget is not, nor anything under it, but still counted).
  const aperti: { percorso: string | null; tieni: boolean }[] = [];
  const pila: Nodo[] = [];
  let elementi = 0;
  const voci = { righe: 0, altreVoci: 0 };
  let omesse = 0;
  let trovata: string | undefined;
  const p = new SaxesParser<{ xmlns: false; position: false }>({ xmlns: false, position: false });
  p.on('doctype', () => { throw new FatturaPaIllegibile(MSG_FATTURAPA.nonXml); });
  p.on('opentag', (t) => {
    const nome = t.name.slice(t.name.indexOf(':') + 1);
    if (++elementi > LIMITI_FATTURAPA.elementi) throw new FatturaPaIllegibile(MSG_FATTURAPA.troppiElementi);
    if (aperti.length >= LIMITI_FATTURAPA.profondita) throw new FatturaPaIllegibile(MSG_FATTURAPA.troppoAnnidato);
    if (trovata === undefined) {
      trovata = nome;
      if (nome !== RADICE) throw new FatturaPaIllegibile(MSG_FATTURAPA.nonXml);
      aperti.push({ percorso: '', tieni: true });
      pila.push(radice);
      return;
    }
    const sopra = aperti.at(-1)!;
    const percorso = sopra.percorso === null ? null : sopra.percorso ? `${sopra.percorso}/${nome}` : nome;
    const sulPercorso = percorso !== null && TENUTI.has(percorso);
    let tieni = sopra.tieni && sulPercorso;
    const voce = sulPercorso ? VOCI.get(percorso) : undefined;
    if (voce) {
      if (tieni && voci[voce] < LIMITI_FATTURAPA[voce]) voci[voce]++;
      else {
        omesse++;
        tieni = false;
      }
    }
    aperti.push({ percorso: sulPercorso ? percorso : null, tieni });
    if (!tieni) return;
    const n: Nodo = { nome, testo: '', figli: [] };
    pila.at(-1)!.figli.push(n);
    pila.push(n);
  });
  const testo = (t: string) => {
    const a = aperti.at(-1);
    if (!a?.tieni || !LEAVES.has(a.percorso!)) return;
    const n = pila.at(-1)!;
    const max = n.nome === 'Descrizione' ? LIMITI_FATTURAPA.testoDescrizione : LIMITI_FATTURAPA.testo;
    // Cut past the limit as it comes, so that a long run of text costs no memory (blanks first skipped).
    const pezzo = n.testo === '' ? t.trimStart() : t;
    if (n.testo.length <= max) n.testo += pezzo.slice(0, max + 1 - n.testo.length);
  };
  p.on('text', testo);
  p.on('cdata', testo);
  p.on('closetag', () => {
    if (aperti.pop()?.tieni) pila.pop();
  });
  try {
    p.write(xml).close();
  } catch (err) {
    if (err instanceof FatturaPaIllegibile) throw err;
    throw new FatturaPaIllegibile(MSG_FATTURAPA.nonXml);
  }
  if (trovata === undefined) throw new FatturaPaIllegibile(MSG_FATTURAPA.nonXml);
  return { radice, omesse };
}

/** Every node at the end of a path of element names. */
function tutti(n: Nodo | undefined, percorso: string): Nodo[] {
  let livello = n ? [n] : [];
  for (const nome of percorso.split('/')) livello = livello.flatMap((x) => x.figli.filter((f) => f.nome === nome));
  return livello;
}
const uno = (n: Nodo | undefined, percorso: string) => tutti(n, percorso)[0];
const testo = (n: Nodo | undefined, percorso: string) => {
  const t = uno(n, percorso)?.testo.trim() ?? '';
  const max = percorso.endsWith('Descrizione') ? LIMITI_FATTURAPA.testoDescrizione : LIMITI_FATTURAPA.testo;
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
};

function soggetto(n: Nodo | undefined): FatturaPaLeggibile['fornitore'] {
  const anagrafica = uno(n, 'DatiAnagrafici/Anagrafica');
  const denominazione = testo(anagrafica, 'Denominazione') || [testo(anagrafica, 'Nome'), testo(anagrafica, 'Cognome')].filter(Boolean).join(' ');
  const iva = uno(n, 'DatiAnagrafici/IdFiscaleIVA');
  const sede = uno(n, 'Sede');
  const provincia = testo(sede, 'Provincia');
  const indirizzo = [
    [testo(sede, 'Indirizzo'), testo(sede, 'NumeroCivico')].filter(Boolean).join(' '),
    [testo(sede, 'CAP'), testo(sede, 'Comune'), provincia ? `(${provincia})` : ''].filter(Boolean).join(' '),
  ].filter(Boolean).join(', ');
  return {
    denominazione,
    partita_iva: iva ? `${testo(iva, 'IdPaese')}${testo(iva, 'IdCodice')}` : '',
    codice_fiscale: testo(n, 'DatiAnagrafici/CodiceFiscale'),
    indirizzo,
  };
}

/** The page's view of a FatturaPA text; FatturaPaIllegibile with the Italian reason when it is none or over the limits. */
export function leggiFatturaPa(xml: string): FatturaPaLeggibile {
  const { radice: r, omesse } = albero(xml);
  const header = uno(r, 'FatturaElettronicaHeader');
  return {
    fornitore: soggetto(uno(header, 'CedentePrestatore')),
    cliente: soggetto(uno(header, 'CessionarioCommittente')),
    documenti: tutti(r, 'FatturaElettronicaBody').map((b) => {
      const generali = uno(b, 'DatiGenerali/DatiGeneraliDocumento');
      return {
        tipo: testo(generali, 'TipoDocumento'),
        numero: testo(generali, 'Numero'),
        data: testo(generali, 'Data'),
        divisa: testo(generali, 'Divisa'),
        totale: testo(generali, 'ImportoTotaleDocumento'),
        righe: tutti(b, 'DatiBeniServizi/DettaglioLinee').map((l) => ({
          numero: testo(l, 'NumeroLinea'),
          codice: testo(l, 'CodiceArticolo/CodiceValore'),
          descrizione: testo(l, 'Descrizione'),
          quantita: testo(l, 'Quantita'),
          unita: testo(l, 'UnitaMisura'),
          prezzo_unitario: testo(l, 'PrezzoUnitario'),
          prezzo_totale: testo(l, 'PrezzoTotale'),
          aliquota: testo(l, 'AliquotaIVA'),
        })),
        riepilogo: tutti(b, 'DatiBeniServizi/DatiRiepilogo').map((v) => ({
          aliquota: testo(v, 'AliquotaIVA'), natura: testo(v, 'Natura'), imponibile: testo(v, 'ImponibileImporto'), imposta: testo(v, 'Imposta'),
        })),
        ddt: tutti(b, 'DatiGenerali/DatiDDT').map((d) => ({ numero: testo(d, 'NumeroDDT'), data: testo(d, 'DataDDT') })),
        pagamenti: tutti(b, 'DatiPagamento').map((p) => ({
          condizioni: testo(p, 'CondizioniPagamento'),
          rate: tutti(p, 'DettaglioPagamento').map((d) => ({
            modalita: testo(d, 'ModalitaPagamento'), scadenza: testo(d, 'DataScadenzaPagamento'),
            importo: testo(d, 'ImportoPagamento'), iban: testo(d, 'IBAN'),
          })),
        })),
      };
    }),
    voci_omesse: omesse,
  };
}
