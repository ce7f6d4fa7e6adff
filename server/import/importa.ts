/**
 * The import engine: one file of one kind in, a report out. The CLI (cli.ts) and the job that runs
 * the files of the admin screen and of the ERP's HTTP push (in-coda.ts) are thin layers on it.
 *
 * A run reads the file as a stream (CSV or XLSX), validates each row with zod as it goes and
 * COPYs it into a temporary staging table; then, in the same transaction, refuses rows naming
 * what the database lacks, classifies the rest against the database (new, changed, unchanged),
 * and refuses the whole file when more than `soglia` % of its rows are bad. Otherwise (and unless
 * it is a dry run, `prova`) it writes the new and changed rows set-based and commits: all of the
 * good rows or nothing, with the notice that makes the running servers forget what changed. After
 * the commit the search vocabulary learns new words.
 */
import { z } from 'zod';
import { type Db, inTransazione, type Sql } from '../db/client.js';
import type { CopyValue } from '../db/copy.js';
import { type Invalidazione, notificaCatalogo } from '../catalogo/catalogo.cache.js';
import { leggiIntestazione } from './colonne.js';
import type { Applicato, Campo, DefinizioneTipo, ErroreRiga, FileDelLavoro, Lavoro } from './definizione.js';
import type { OpzioniImport, RapportoImport } from './esecuzione.js';
import { Pacchetto } from './lettura/pacchetto.js';
import { righeFile } from './lettura/righe.js';
import { FileNonValido, type Cella, type Progresso, type RigaGrezza } from './lettura/tipi.js';
import { apriRegistro, chiudiRegistro, ERRORI_REGISTRATI, registroFallito, riprendiRegistro, scriviEsito, troncato } from './registro.js';
import { copiaStaging, creaStaging } from './staging.js';
import { TIPI } from './tipi/index.js';
import { MSG_IMPORT, SOGLIA_PREDEFINITA } from '../../shared/importazioni-costanti.js';

export { SOGLIA_PREDEFINITA };
const OGNI_RIGHE = 10_000;

/** An option refused, with the field it concerns (the import form shows it there). */
export class OpzioniNonValide extends Error {
  constructor(message: string, readonly campo: 'soglia' | 'completo') {
    super(message);
  }
}

/** Options an import refuses before reading anything; returns the threshold. */
export function verificaOpzioni(o: Pick<OpzioniImport, 'tipo' | 'soglia' | 'completo'>): number {
  const soglia = o.soglia ?? SOGLIA_PREDEFINITA;
  if (!(soglia >= 0 && soglia <= 100)) throw new OpzioniNonValide(MSG_IMPORT.soglia, 'soglia');
  if (o.completo && !TIPI[o.tipo].completo) throw new OpzioniNonValide(`L'opzione completo non vale per il tipo ${o.tipo}`, 'completo');
  return soglia;
}

/** Imports one file. A refused file is a report (stato 'rifiutata'), not an exception. */
export async function importa(db: Db, file: string, o: OpzioniImport): Promise<RapportoImport> {
  const def = TIPI[o.tipo];
  const soglia = verificaOpzioni(o);
  if (def.pacchetto && !o.media) throw new Error(`Importazione ${o.tipo} senza l'archivio dei file`);
  const inizio = performance.now();
  let id = o.registro;
  if (id === undefined) id = await apriRegistro(db, o, soglia);
  else await riprendiRegistro(db, id);
  const r: RapportoImport = {
    id, tipo: o.tipo, file: o.file, stato: 'rifiutata', formato: {}, colonneIgnorate: [],
    righeLette: 0, scartate: 0, nuove: 0, modificate: 0, invariate: 0, ritirate: 0, errori: [], durataMs: 0,
  };
  let applicato: Applicato | undefined;
  const scritti: FileDelLavoro = { scritti: [], sostituiti: [] };
  try {
    try {
      applicato = await inTransazione(db, (tx) => esegui(tx, def, file, o, soglia, r, scritti));
    } catch (err) {
      // Files the run stored for rows that were never committed.
      await o.media?.archivio.cancella(scritti.scritti).catch(() => undefined);
      if (!(err instanceof FileNonValido)) throw err;
      r.stato = 'rifiutata';
      r.motivo = err.message;
    }
    // Committed: the files the new rows replaced are no longer named by any.
    if (applicato) await o.media?.archivio.cancella(scritti.sostituiti).catch(() => undefined);
    r.errori.sort((a, b) => a.riga - b.riga);
    if (applicato) {
      o.onProgress?.({ id: r.id, fase: 'ricerca', righe: r.righeLette });
      // The data is committed: a failure here is told, not turned into a failed run.
      await dopoImport(db, applicato).catch((err: unknown) => {
        r.motivo = `Dati importati, ma il vocabolario di ricerca non è aggiornato (${(err as Error).message}): `
          + 'eseguire SELECT refresh_search_vocab()';
      });
    }
  } catch (err) {
    // The run's own error matters more than one writing its record (the database may be gone).
    await registroFallito(db, id, (err as Error).message, Math.round(performance.now() - inizio)).catch(() => undefined);
    throw err;
  }
  r.durataMs = Math.round(performance.now() - inizio);
  await chiudiRegistro(db, r);
  return r;
}

/** The run's transaction: read and stage, check, classify, and write unless refused or a dry run. */
async function esegui(
  tx: Db,
  def: DefinizioneTipo,
  file: string,
  o: OpzioniImport,
  soglia: number,
  r: RapportoImport,
  scritti: FileDelLavoro,
): Promise<Applicato | undefined> {
  // Whatever the caller's connection carries (the app's 15 s), a large file takes longer.
  await tx.$client`SET LOCAL statement_timeout = 0`;
  await tx.$client`SET LOCAL work_mem = '64MB'`;
  // Room in memory for the staging table: temporary tables live in the session's temp_buffers,
  // 8 MB by default, and classifying 200,000 articoli spilled to disk (5.8 s, 3.6 s with this).
  // Postgres refuses a new size once the session has used a temporary table: it then keeps the
  // size it has (this one, on a connection that ran an import before).
  await inTransazione(tx, async (sp) => sp.$client`SET LOCAL temp_buffers = '128MB'`).catch(() => undefined);
  // A process that dies mid-statement (an import's own process whose server was killed) leaves
  // nothing running: Postgres notices the closed connection within a second and rolls back.
  // Postgres before 14 does not know the setting.
  await inTransazione(tx, async (sp) => sp.$client`SET LOCAL client_connection_check_interval = '1s'`).catch(() => undefined);
  const progresso: Progresso = { letti: 0, totale: 0 };
  // A ZIP of a sheet and the files its rows name: the rows are the sheet's.
  const pacchetto = def.pacchetto ? await Pacchetto.apri(file, o.media!.tmpDir) : undefined;
  const righe = righeFile(pacchetto?.foglio ?? file, r.formato, { progresso })[Symbol.asyncIterator]();
  try {
    return await leggiEApplica(tx, def, righe, progresso, o, soglia, r, { pacchetto, media: o.media, file: scritti });
  } finally {
    // A refused header or a failed COPY stops reading: let the readers close the file.
    await righe.return?.(undefined);
    await pacchetto?.chiudi();
  }
}

async function leggiEApplica(
  tx: Db,
  def: DefinizioneTipo,
  righe: AsyncIterator<RigaGrezza>,
  progresso: Progresso,
  o: OpzioniImport,
  soglia: number,
  r: RapportoImport,
  extra: Pick<Lavoro, 'pacchetto' | 'media' | 'file'>,
): Promise<Applicato | undefined> {
  const prima = await righe.next();
  if (prima.done) throw new FileNonValido('Il file è vuoto');
  const intestazione = leggiIntestazione(prima.value.valori.map(String), def.campi, def.modello?.regex, o.colonne?.[o.tipo]);
  r.colonneIgnorate = intestazione.ignorate.map((c) => troncato(c));
  const campi = campiDelFile(def, [...intestazione.indici.keys()]);
  const presenti = campi.map((c) => c.nome);
  const schema = z.object(Object.fromEntries(campi.map((c) => [c.nome, schemaCampo(c)])));
  const staging = def.staging(presenti);
  await creaStaging(tx.$client, staging.colonne);

  const errori: ErroreRiga[] = r.errori;
  // What the file wrote is kept cut short: a refused cell may be thousands of characters long.
  const annota = (e: ErroreRiga[]) => {
    for (const x of e) {
      if (errori.length >= ERRORI_REGISTRATI) return;
      errori.push({ ...x, colonna: x.colonna === undefined ? undefined : troncato(x.colonna), valore: x.valore === undefined ? undefined : troncato(x.valore) });
    }
  };
  // A refused row is staged with its line and its key only, so that it still counts as named
  // (a product whose row is wrong is not withdrawn by --completo).
  const chiave = staging.colonne.map((c) => def.chiave.includes(c.nome));
  // A record named twice: the later rows are refused (a Map here is far cheaper than a sort in SQL).
  const viste = new Map<string, number>();
  const nomiChiave = def.chiave.map((c) => intestazione.nomi.get(c) ?? c).join(' / ');
  async function* valide(): AsyncGenerator<CopyValue[]> {
    for (let n = await righe.next(); !n.done; n = await righe.next()) {
      const { riga, valori } = n.value;
      if (++r.righeLette % OGNI_RIGHE === 0) {
        o.onProgress?.({ id: r.id, fase: 'lettura', righe: r.righeLette, quota: progresso.totale > 0 ? progresso.letti / progresso.totale : undefined });
      }
      const grezza: Record<string, Cella> = {};
      for (const c of campi) {
        const v = valori[intestazione.indici.get(c.nome)!] ?? '';
        grezza[c.nome] = typeof v === 'string' ? v.trim() : v;
      }
      const esito = schema.safeParse(grezza);
      if (esito.success) {
        const k = def.chiave.map((c) => esito.data[c]).join('\u0000');
        const prima = viste.get(k);
        if (prima === undefined) {
          viste.set(k, riga);
          yield [riga, true, ...staging.valori(esito.data)];
          continue;
        }
        r.scartate++;
        annota([{ riga, colonna: nomiChiave, valore: def.chiave.map((c) => esito.data[c]).join(' / '), messaggio: `ripetuto: già alla riga ${prima}` }]);
      } else {
        r.scartate++;
        annota(esito.error.issues.map((i) => {
          const campo = String(i.path[0]);
          const valore = grezza[campo];
          return {
            riga, colonna: intestazione.nomi.get(campo) ?? campo, messaggio: i.message,
            valore: valore === '' || valore === undefined ? undefined : valore instanceof Date ? valore.toISOString().slice(0, 10) : String(valore),
          };
        }));
      }
      const campiChiave = staging.colonne.map((c) => grezza[c.nome]);
      yield [riga, false, ...campiChiave.map((v, i) => (chiave[i] && typeof v === 'string' && v !== '' && v.length <= 50 ? v : null))];
    }
  }
  await copiaStaging(tx.$client, staging.colonne.map((c) => c.nome), valide());
  if (r.righeLette === 0) throw new FileNonValido('Il file non contiene righe di dati dopo l\'intestazione');

  o.onProgress?.({ id: r.id, fase: 'verifica', righe: r.righeLette });
  const lavoro: Lavoro = { id: r.id, tx: tx.$client, db: tx, presenti: new Set(presenti), completo: o.completo ?? false, nomi: intestazione.nomi, ...extra };
  const rifiutate = await def.verifica(lavoro);
  r.scartate += rifiutate.length;
  annota(rifiutate);
  const quota = (r.scartate / r.righeLette) * 100;
  // A refused file still says what its good rows would have done (as a dry run counts them): the
  // admin sees whether fixing the bad rows is worth it. The refusal rolls back whatever this wrote.
  Object.assign(r, await def.classifica(lavoro));
  if (quota > soglia) {
    const n = (x: number) => x.toLocaleString('it-IT', { maximumFractionDigits: 2 });
    throw new FileNonValido(`File rifiutato, nulla è stato importato: ${n(r.scartate)} ${r.scartate === 1 ? 'riga scartata' : 'righe scartate'} `
      + `su ${n(r.righeLette)} (${n(quota)} %, soglia ${n(soglia)} %)`);
  }
  if (o.prova) {
    r.stato = 'verificata';
    return undefined;
  }
  o.onProgress?.({ id: r.id, fase: 'scrittura', righe: r.righeLette });
  // One import writes at a time: two files of the same kind would race on the same rows.
  await tx.$client`SELECT pg_advisory_xact_lock(hashtext('portale_import'))`;
  const applicato = await def.applica(lavoro, r);
  // Every server forgets what changed at the commit, however long the vocabulary takes after it.
  await notificaCatalogo(tx.$client, cambiato(applicato));
  r.stato = 'applicata';
  // The outcome commits with the data (scriviEsito).
  await scriviEsito(tx, r);
  return applicato;
}

/** A field's cell: its value for an empty cell, else its schema's. */
function schemaCampo(c: Campo): z.ZodType {
  if (c.vuoto === undefined) return c.schema;
  return z.custom<Cella>().transform((v, ctx) => {
    if (v === '') return c.vuoto;
    const esito = c.schema.safeParse(v);
    if (esito.success) return esito.data;
    for (const i of esito.error.issues) ctx.addIssue({ code: 'custom', message: i.message });
    return z.NEVER;
  });
}

/** The kind's fixed fields present in the file, then its pattern fields (pz1, pz2…) in name order. */
function campiDelFile(def: DefinizioneTipo, trovati: string[]): Campo[] {
  const fissi = def.campi.filter((c) => trovati.includes(c.nome));
  const modello = def.modello;
  const altri = modello
    ? trovati.filter((n) => !def.campi.some((c) => c.nome === n)).sort((a, b) => a.localeCompare(b, 'it', { numeric: true })).map(modello.campo)
    : [];
  return [...fissi, ...altri];
}

/** What the servers forget after an import: its products, the category tree, or both ('tutto'). */
function cambiato(a: Applicato): Invalidazione {
  if (a.categorie) return a.prodotti.length > 0 ? 'tutto' : 'categorie';
  return { prodotti: a.prodotti };
}

/**
 * After commit: the search vocabulary learns the new words. Search pages stored since the commit
 * were built without them (a prefix of a new word found nothing): when it learnt any, a second
 * notice retires those pages.
 */
async function dopoImport(db: Db, a: Applicato): Promise<void> {
  if (await imparaParole(db.$client, a)) await notificaCatalogo(db.$client, cambiato(a));
}

/** Teaches the search vocabulary the import's new words (all of them again for a large change); whether it learnt any. */
async function imparaParole(sql: Sql, a: Applicato): Promise<boolean> {
  if (a.vocabolario) {
    await sql`SELECT refresh_search_vocab()`;
    return true;
  }
  if (a.paroleNuove.length === 0) return false;
  const [r] = await sql<{ imparate: number }[]>`SELECT impara_parole_vocab(${a.paroleNuove}::text[]) AS imparate`;
  return r!.imparate > 0;
}
