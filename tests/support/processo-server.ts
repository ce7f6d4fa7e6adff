import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const RADICE = path.resolve(import.meta.dirname, '../..');
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
/** The `tsx` command of `npm start`: a wrapper process that relays signals to the server's. */
const TSX_CLI = path.join(path.dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist', 'cli.mjs');

export interface ProcessoServer {
  url: string;
  figlio: ChildProcess;
  /** Resolves with the exit code (null after a signal) once the process has ended. */
  fine: Promise<number | null>;
  /** What the process wrote on stdout and stderr so far. */
  uscita: () => string;
}

/** A port nobody listens on right now. */
function portaLibera(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    }).on('error', reject);
  });
}

export interface OpzioniServer {
  /** The test database; none: the embedded Postgres under DATA_DIR, as `npm start` on a fresh checkout. */
  databaseUrl?: string;
  cartella: string;
  /** PROCESS_ROLE; 'all' when not given. */
  ruolo?: 'all' | 'web' | 'worker';
  /**
   * In a process group of its own, as a terminal's foreground job (signal the group with
   * process.kill(-pid, …)), started through the tsx command as `npm start` does.
   */
  gruppo?: boolean;
  /** The port to listen on (a process restarted behind a load balancer); a free one when not given. */
  porta?: number;
  env?: Record<string, string>;
}

/**
 * `npm start` as a real process (node with tsx, no tsx wrapper process in between, so a signal
 * reaches the server itself, unless `gruppo`) on a test database, answering once /api/health does.
 * It runs in `cartella` (DATA_DIR, MEDIA_DIR under it), where an empty dist/web stands in for the built SPA.
 */
export async function avviaServer(o: OpzioniServer): Promise<ProcessoServer> {
  fs.mkdirSync(path.join(o.cartella, 'dist', 'web'), { recursive: true });
  fs.writeFileSync(path.join(o.cartella, 'dist', 'web', 'index.html'), '<!doctype html><title>prova</title>');
  const port = o.porta ?? await portaLibera();
  const main = path.join(RADICE, 'server', 'main.ts');
  const figlio = spawn(process.execPath, o.gruppo ? [TSX_CLI, main] : ['--import', TSX, main], {
    cwd: o.cartella,
    detached: o.gruppo ?? false,
    env: {
      ...process.env, NODE_ENV: 'test', DATABASE_URL: o.databaseUrl ?? '', PROCESS_ROLE: o.ruolo ?? 'all', PORT: String(port), HOST: '127.0.0.1',
      SEED_DEMO: '0', DATA_DIR: path.join(o.cartella, 'data'), MEDIA_DIR: path.join(o.cartella, 'data', 'media'),
      LOG_LEVEL: 'warn', SMTP_URL: '', IMPORT_COLONNE: '', TSX_TSCONFIG_PATH: path.join(RADICE, 'tsconfig.server.json'),
      ...o.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let testo = '';
  figlio.stdout!.on('data', (d: Buffer) => { testo += d.toString(); });
  figlio.stderr!.on('data', (d: Buffer) => { testo += d.toString(); });
  const fine = new Promise<number | null>((resolve) => figlio.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  let uscito = false;
  void fine.then(() => { uscito = true; });
  for (;;) {
    if (uscito) throw new Error(`il server è uscito all'avvio:\n${testo}`);
    const ok = await fetch(`${url}/api/health`).then((r) => r.ok, () => false);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, figlio, fine, uscita: () => testo };
}
