import { PassThrough, Readable } from 'node:stream';
import { INIZIO_FILE_CSV, rigaCsv } from '../../shared/csv.js';
import type { Ordine, OrdiniEsportaQuery } from '../../shared/ordini.js';
import { MAX_ORDINI_ESPORTAZIONE, MAX_RIGHE_ESPORTAZIONE } from '../../shared/ordini.js';
import { ETICHETTE_STATO_ORDINE, statoOrdine } from '../../shared/ordini-costanti.js';
import { importoRiga } from '../../shared/importi.js';
import type { Db } from '../db/client.js';
import { badRequest } from '../lib/errors.js';
import type { Esportazioni } from '../lib/esportazioni.js';
import { FileRisposta } from '../lib/file-risposta.js';
import { scriviXlsx, type CellaXlsx } from '../lib/xlsx.js';
import { contaEsportazione, type FiltriOrdini, ordiniEsportazione } from './storico.queries.js';
import type { VistaOrdini } from './vista.js';

/**
 * The columns of an export, in Italian; amounts in euro as ordered. For a person who may not see
 * net prices the lines are at list price (ordini_letti) and the column says so.
 */
const intestazione = (netti: boolean) => [
  'Ordine', 'Data', 'Nome', 'Riferimento cantiere', 'Stato', 'Ordinato da', 'Approvato da', 'Codice prodotto', 'Prodotto', 'Quantità',
  'In consegna', 'In arrivo dal fornitore', 'Prezzo (€)', netti ? 'Prezzo netto (€)' : 'Prezzo di listino (€)', 'Totale riga (€)', 'Totale ordine (€)',
];

/** 'DD/MM/YYYY HH:mm' in Europe/Rome, as the history's days are. */
const dataOra = new Intl.DateTimeFormat('it-IT', {
  timeZone: 'Europe/Rome', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
});
function dataRoma(iso: string): string {
  const p = Object.fromEntries(dataOra.formatToParts(new Date(iso)).map((x) => [x.type, x.value]));
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

/**
 * An order's rows: one per line, with the order's fields (an order without lines: one row, no line).
 * The line's and the order's totals to the cent, as the screens and the PDF (docs/regole/generale.md#amounts).
 */
function celle(o: Ordine): CellaXlsx[][] {
  const testa = [o.id, dataRoma(o.created_at), o.nome, o.riferimento_cantiere, ETICHETTE_STATO_ORDINE[statoOrdine(o)],
    o.ordinato_da.nome, o.approvazione === 'approvato' ? o.approvatore_nome : null];
  if (o.prodotti.length === 0) return [[...testa, null, null, null, null, null, null, null, null, o.totale_imponibile]];
  return o.prodotti.map((r) => [
    ...testa, r.codice_prodotto, r.prodotto_nome, r.qt, r.qt_in_consegna, r.qt_in_arrivo, r.prezzo, r.prezzo_reale,
    importoRiga(r.prezzo_reale, r.qt), o.totale_imponibile,
  ]);
}

async function* righe(lotti: AsyncIterable<Ordine[]>): AsyncGenerator<CellaXlsx[]> {
  for await (const lotto of lotti) for (const o of lotto) yield* celle(o);
}

async function* linee(lotti: AsyncIterable<Ordine[]>, netti: boolean): AsyncGenerator<string> {
  yield INIZIO_FILE_CSV + rigaCsv(intestazione(netti));
  for await (const lotto of lotti) yield lotto.flatMap((o) => celle(o).map(rigaCsv)).join('');
}

/**
 * ordini/esporta (docs/regole/ordini.md#order-history): the filtered orders as a CSV (shared/csv.ts)
 * or XLSX (server/lib/xlsx.ts) file, one row per order line, the orders read whole (ordini_letti) from a cursor, in one of the
 * exports' places and on their own connections, or 429 (server/lib/esportazioni.ts). Above
 * MAX_ORDINI_ESPORTAZIONE orders or MAX_RIGHE_ESPORTAZIONE lines nothing is written: 400, and the
 * customer narrows the filters.
 */
export function esportaOrdini(
  esportazioni: Esportazioni, utenteId: number, v: VistaOrdini, f: FiltriOrdini & Pick<OrdiniEsportaQuery, 'formato'>,
): Promise<FileRisposta> {
  return esportazioni.esegui(utenteId, (db) => fileOrdini(db, v, f));
}

async function fileOrdini(
  db: Db, v: VistaOrdini, f: FiltriOrdini & Pick<OrdiniEsportaQuery, 'formato'>,
): Promise<FileRisposta> {
  const n = await contaEsportazione(db, v, f);
  if (n.ordini > MAX_ORDINI_ESPORTAZIONE || n.righe > MAX_RIGHE_ESPORTAZIONE) {
    throw badRequest(`Troppi ordini da esportare (${n.ordini} ordini, ${n.righe} righe): al massimo ${MAX_ORDINI_ESPORTAZIONE} ordini `
      + `e ${MAX_RIGHE_ESPORTAZIONE} righe. Restringi i filtri (date, nome, codice prodotto, stato).`);
  }
  const lotti = ordiniEsportazione(db, v, f);
  if (f.formato === 'csv') return new FileRisposta('ordini.csv', 'text/csv; charset=utf-8', Readable.from(linee(lotti, v.netti)));
  const corpo = new PassThrough();
  // A failure half-way (the database gone) ends the download broken rather than hanging it.
  scriviXlsx(corpo, 'Ordini', intestazione(v.netti), righe(lotti)).catch((err: unknown) => corpo.destroy(err as Error));
  return new FileRisposta('ordini.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', corpo);
}
