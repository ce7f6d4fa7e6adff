import { PassThrough, Readable } from 'node:stream';
import { TESTI_DISPONIBILITA } from '../../shared/catalogo-costanti.js';
import { INIZIO_FILE_CSV, rigaCsv } from '../../shared/csv.js';
import { MSG_LISTE } from '../../shared/liste-costanti.js';
import { type ListinoEsportaQuery, MSG_LISTINO } from '../../shared/listino.js';
import { COLONNE_LISTINO, colonneDelListino, nomeFileListino } from '../../shared/listino-costanti.js';
import type { ClienteSessione, UtenteSessione } from '../auth/utente-sessione.js';
import { categoriaIdByCodice } from '../catalogo/catalogo.service.js';
import type { CatalogoCache } from '../catalogo/catalogo.cache.js';
import { prezziDi } from '../catalogo/prezzi.js';
import { coloreDisponibilita } from '../catalogo/prodotti.queries.js';
import type { Db } from '../db/client.js';
import { notFound } from '../lib/errors.js';
import type { Esportazioni } from '../lib/esportazioni.js';
import { FileRisposta } from '../lib/file-risposta.js';
import { type CellaXlsx, scriviXlsx } from '../lib/xlsx.js';
import { type AmbitoListino, marchioEsiste, proprietarioLista, type RigaListino, righeListino } from './listino.queries.js';
import { codificaWindows1252 } from '../lib/windows-1252.js';
import { intestazioneListino, lineaArticolo } from './metel.js';

/** A numeric text as the catalogue's answers turn it into a number (a missing price is 0). */
const numero = (v: string | null) => {
  const n = Number(v ?? 0);
  return Number.isFinite(n) ? n : 0;
};

/** A row's cells in the order of COLONNE_LISTINO: the numbers the portal shows the client (without the chain and the net price for a person who may not see them). */
function celle(r: RigaListino, netti: boolean): CellaXlsx[] {
  return colonneDelListino([
    r.codice_prodotto, r.codice_cliente ?? '', r.ean ?? '', r.descrizione, r.um, r.pz_conf, r.multiplo, r.minimo, numero(r.prezzo), r.sconti,
    numero(r.prezzo_reale), numero(r.iva_aliquota), TESTI_DISPONIBILITA[coloreDisponibilita(r.disponibilita, r.ord_forn)],
    // The card's 'Disp. N' never shows a negative stock (pieces already owed).
    Math.max(0, r.disponibilita), r.ord_forn,
  ], netti);
}

/** The rows for the XLSX writer, until the download is gone (the writer would not notice: the reading stops here, and its transaction ends). */
async function* righeXlsx(lotti: AsyncIterable<RigaListino[]>, corpo: PassThrough, netti: boolean): AsyncGenerator<CellaXlsx[]> {
  for await (const lotto of lotti) {
    if (corpo.destroyed) return;
    for (const r of lotto) yield celle(r, netti);
  }
}

async function* lineeCsv(lotti: AsyncIterable<RigaListino[]>, netti: boolean): AsyncGenerator<string> {
  yield INIZIO_FILE_CSV + rigaCsv(colonneDelListino(COLONNE_LISTINO, netti));
  for await (const lotto of lotti) yield lotto.map((r) => rigaCsv(celle(r, netti))).join('');
}

async function* lineeMetel(lotti: AsyncIterable<RigaListino[]>, clienteCodice: string): AsyncGenerator<Buffer> {
  yield codificaWindows1252(`${intestazioneListino(clienteCodice, new Date())}\r\n`);
  for await (const lotto of lotti) {
    yield codificaWindows1252(lotto.map((r) => `${lineaArticolo({
      marchio: r.brand_codice, codice: r.codice_prodotto, ean: r.ean ?? '', descrizione: r.descrizione,
      pezzi: r.pz_conf, multiplo: r.multiplo, minimo: r.minimo, netto: numero(r.prezzo_reale), listino: numero(r.prezzo),
      um: r.um, famigliaSconto: r.famiglia_sconto ?? '',
    })}\r\n`).join(''));
  }
}

/**
 * The products an export holds (docs/regole/listino.md#scope): a visible category by its code
 * (404 as its page), a known brand (404), one of the user's own lists for this client (404, the
 * same whether missing, someone else's or another client's), else everything the client sees.
 */
async function ambito(
  db: Db, cache: CatalogoCache, utente: UtenteSessione, cliente: ClienteSessione, q: ListinoEsportaQuery,
): Promise<AmbitoListino> {
  if (q.categoria_cod !== undefined) return { tipo: 'categoria', categoriaId: await categoriaIdByCodice(db, cache, q.categoria_cod) };
  if (q.brand_id !== undefined) {
    if (!(await marchioEsiste(db, q.brand_id))) throw notFound(MSG_LISTINO.marchioSconosciuto(q.brand_id));
    return { tipo: 'marchio', brandCodice: q.brand_id };
  }
  if (q.lista_id !== undefined) {
    const p = await proprietarioLista(db, q.lista_id);
    if (!p || p.utente_id !== utente.id || p.cliente_id !== cliente.id) throw notFound(MSG_LISTE.sconosciuta);
    return { tipo: 'lista', listaId: q.lista_id };
  }
  return { tipo: 'tutti' };
}

/**
 * listino/export (docs/regole/listino.md#export): the client's price list as XLSX (server/lib/xlsx.ts),
 * CSV (shared/csv.ts) or Metel (metel.ts), streamed from a cursor as the order history's export;
 * one of the exports' places and their own connections, or 429 (server/lib/esportazioni.ts).
 */
export function esportaListino(
  esportazioni: Esportazioni, cache: CatalogoCache, utente: UtenteSessione, cliente: ClienteSessione, q: ListinoEsportaQuery,
): Promise<FileRisposta> {
  return esportazioni.esegui(utente.id, (db) => fileListino(db, cache, utente, cliente, q));
}

async function fileListino(
  db: Db, cache: CatalogoCache, utente: UtenteSessione, cliente: ClienteSessione, q: ListinoEsportaQuery,
): Promise<FileRisposta> {
  const prezzi = prezziDi(cliente);
  const lotti = righeListino(db, prezzi, await ambito(db, cache, utente, cliente, q));
  const nome = nomeFileListino(q.formato);
  if (q.formato === 'csv') return new FileRisposta(nome, 'text/csv; charset=utf-8', Readable.from(lineeCsv(lotti, prezzi.netti)));
  if (q.formato === 'metel') return new FileRisposta(nome, 'text/plain; charset=windows-1252', Readable.from(lineeMetel(lotti, cliente.codice)));
  const corpo = new PassThrough();
  // A failure half-way (the database gone) ends the download broken rather than hanging it.
  scriviXlsx(corpo, 'Listino', colonneDelListino(COLONNE_LISTINO, prezzi.netti), righeXlsx(lotti, corpo, prezzi.netti), { testiInLinea: true }).catch((err: unknown) => corpo.destroy(err as Error));
  return new FileRisposta(nome, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', corpo);
}
