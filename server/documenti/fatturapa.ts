/**
 * A FatturaPA (specifiche tecniche 1.2) read into what the customer's page shows. The file was
 * checked when it came in (file-documento.ts: no DOCTYPE, root FatturaElettronica, at most 5 MB);
 * here it is parsed again into a small tree of elements and the known paths are read from it.
 * Anything missing reads as '' rather than failing: a page with a gap beats no page.
 */
import type { FatturaPaLeggibile } from '../../shared/documenti.js';
import { analizzaFatturaPa } from './file-documento.js';

interface Nodo {
  nome: string;
  testo: string;
  figli: Nodo[];
}

function albero(xml: string): Nodo {
  const radice: Nodo = { nome: '', testo: '', figli: [] };
  const pila: Nodo[] = [radice];
  analizzaFatturaPa(
    xml,
    (nome) => {
      const n: Nodo = { nome, testo: '', figli: [] };
      pila.at(-1)!.figli.push(n);
      pila.push(n);
    },
    (t) => { pila.at(-1)!.testo += t; },
    () => { pila.pop(); },
  );
  return radice.figli[0]!;
}

/** Every node at the end of a path of element names. */
function tutti(n: Nodo | undefined, percorso: string): Nodo[] {
  let livello = n ? [n] : [];
  for (const nome of percorso.split('/')) livello = livello.flatMap((x) => x.figli.filter((f) => f.nome === nome));
  return livello;
}
const uno = (n: Nodo | undefined, percorso: string) => tutti(n, percorso)[0];
const testo = (n: Nodo | undefined, percorso: string) => uno(n, percorso)?.testo.trim() ?? '';

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

export function leggiFatturaPa(xml: string): FatturaPaLeggibile {
  const r = albero(xml);
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
  };
}
