import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const RADICE = path.resolve(import.meta.dirname, '../..');
const CONFIGURAZIONE = path.join(RADICE, 'deploy', 'nginx', 'portale.conf');

export interface Nginx {
  url: string;
  /** The master's and its workers' process ids (for their CPU time). */
  pids: () => number[];
  /** nginx's access lines so far (JSON, one per request). */
  accessi: () => string;
  ferma: () => Promise<void>;
}

/** Debian's nginx, or undefined when this machine has none (.ci/run installs it). */
export function nginxBinario(): string | undefined {
  for (const p of [process.env.NGINX_PATH, '/usr/sbin/nginx', '/usr/bin/nginx']) if (p && fs.existsSync(p)) return p;
  return undefined;
}

function portaLibera(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    }).on('error', reject);
  });
}

/**
 * The deployment's nginx configuration (deploy/nginx/portale.conf) run by the machine's nginx on
 * loopback, in front of `upstream` (host:port of each web process), as that file's header says:
 * our own nginx.conf around it, the upstream servers in conf.d/upstream.inc, its listen port
 * replaced. Everything nginx writes stays in `cartella`. `righeUpstream`: upstream.inc's lines as
 * given (`server …;`), for a test that needs other parameters than the deployment's.
 */
export async function avviaNginx(o: { cartella: string; upstream: readonly string[]; righeUpstream?: readonly string[] }): Promise<Nginx> {
  const binario = nginxBinario();
  if (!binario) throw new Error('nginx non trovato: installalo (apt-get install -y nginx) o indica NGINX_PATH.');
  fs.mkdirSync(path.join(o.cartella, 'conf.d'), { recursive: true });
  fs.mkdirSync(path.join(o.cartella, 'logs'), { recursive: true });
  const porta = await portaLibera();
  const sito = fs.readFileSync(CONFIGURAZIONE, 'utf8');
  if (!/^\s*listen 80;$/m.test(sito)) throw new Error(`${CONFIGURAZIONE}: manca la riga 'listen 80;'`);
  fs.writeFileSync(path.join(o.cartella, 'portale.conf'), sito.replace(/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${porta};`));
  fs.writeFileSync(path.join(o.cartella, 'conf.d', 'upstream.inc'),
    (o.righeUpstream ?? o.upstream.map((h) => `server ${h} max_fails=1 fail_timeout=5s;`)).map((r) => `${r}\n`).join(''));
  const temp = (nome: string) => `${nome}_temp_path ${path.join(o.cartella, `${nome}-temp`)};`;
  fs.writeFileSync(path.join(o.cartella, 'nginx.conf'), [
    'daemon off;',
    'worker_processes 1;',
    // As root (CI), the workers would run as nobody, who cannot enter the test's folder.
    ...(process.getuid?.() === 0 ? ['user root;'] : []),
    `pid ${path.join(o.cartella, 'nginx.pid')};`,
    `error_log ${path.join(o.cartella, 'logs', 'error.log')} warn;`,
    'events { worker_connections 1024; }',
    'http {',
    `  ${temp('client_body')} ${temp('proxy')} ${temp('fastcgi')} ${temp('uwsgi')} ${temp('scgi')}`,
    `  include ${path.join(o.cartella, 'portale.conf')};`,
    '}', '',
  ].join('\n'));
  const accessi = path.join(o.cartella, 'logs', 'access.log');
  const out = fs.openSync(accessi, 'a');
  const figlio: ChildProcess = spawn(binario, ['-p', o.cartella, '-c', path.join(o.cartella, 'nginx.conf')], { stdio: ['ignore', out, out] });
  fs.closeSync(out);
  const fine = new Promise<void>((resolve) => figlio.once('exit', () => resolve()));
  let uscito = false;
  void fine.then(() => { uscito = true; });
  const url = `http://127.0.0.1:${porta}`;
  for (;;) {
    if (uscito) throw new Error(`nginx è uscito all'avvio:\n${fs.readFileSync(path.join(o.cartella, 'logs', 'error.log'), 'utf8')}`);
    const su = await new Promise<boolean>((resolve) => {
      const s = net.connect(porta, '127.0.0.1', () => { s.destroy(); resolve(true); }).on('error', () => resolve(false));
    });
    if (su) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    pids: () => {
      const master = figlio.pid!;
      return [master, ...figliDi(master)];
    },
    accessi: () => fs.readFileSync(accessi, 'utf8'),
    ferma: async () => {
      if (uscito) return;
      figlio.kill('SIGQUIT'); // graceful: the requests under way are answered first
      await fine;
    },
  };
}

/** The processes whose parent is `pid` (Linux /proc). */
function figliDi(pid: number): number[] {
  return fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d)).filter((d) => {
    try {
      const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
    } catch {
      return false;
    }
  }).map(Number);
}
