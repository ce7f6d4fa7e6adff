/**
 * The scale-out part of `npm run bench` (`--only scala` runs it alone): the search, category and
 * order scenarios against the portal as it is deployed when it outgrows one process, N web
 * processes (PROCESS_ROLE=web) behind Debian's nginx with the deployment's own configuration
 * (deploy/nginx/) and the jobs in one worker process (PROCESS_ROLE=worker), beside the single
 * process that does everything (PROCESS_ROLE=all, no proxy) as the reference. Every process is a
 * real `npm start` on the bench's database.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { LoadRequest } from './load.js';
import { processiCpuMs, scenari, type Scenario } from './scenario.js';
import { avviaNginx, type Nginx } from '../support/nginx.js';
import { avviaServer, type ProcessoServer } from '../support/processo-server.js';

/** Connections to Postgres of all web processes together, as the single process has them. */
const POOL_TOTALE = 20;

export interface Topologia {
  nome: string;
  web: number;
  /** Behind nginx with the jobs in a worker; otherwise one process does everything. */
  bilanciato: boolean;
}

export const TOPOLOGIE: readonly Topologia[] = [
  { nome: '1 process, jobs inside (PROCESS_ROLE=all), no proxy', web: 1, bilanciato: false },
  { nome: '1 web + worker behind nginx', web: 1, bilanciato: true },
  { nome: '2 web + worker behind nginx', web: 2, bilanciato: true },
  { nome: '4 web + worker behind nginx', web: 4, bilanciato: true },
];

export interface RisultatoScala {
  topologia: string;
  web: number;
  poolPerProcesso: number;
  scenari: Record<string, Scenario>;
}

/** The requests of a scenario for a customer's session cookie. */
export type Richieste = (headers: Record<string, string>) => Record<string, { note: string; budget?: number; next: (i: number) => LoadRequest }>;

export async function misuraScala(o: {
  databaseUrl: string; tmp: string; runs: number; seconds: number; connections: number;
  credenziali: { username: string; password: string }; richieste: Richieste;
}): Promise<RisultatoScala[]> {
  const risultati: RisultatoScala[] = [];
  for (const t of TOPOLOGIE) {
    const cartella = path.join(o.tmp, 'scala');
    fs.rmSync(cartella, { recursive: true, force: true });
    const poolPerProcesso = Math.ceil(POOL_TOTALE / t.web);
    const env = (ruolo: string): Record<string, string> => ({
      PROCESS_ROLE: ruolo, NODE_ENV: 'production', LOG_LEVEL: 'warn', DB_POOL_MAX: String(poolPerProcesso), TRUST_PROXY: 'true',
      MEDIA_DIR: path.join(o.tmp, 'media'),
    });
    const processi: ProcessoServer[] = [];
    let nginx: Nginx | undefined;
    try {
      for (let k = 0; k < t.web; k++) {
        processi.push(await avviaServer({ databaseUrl: o.databaseUrl, cartella, env: env(t.bilanciato ? 'web' : 'all') }));
      }
      if (t.bilanciato) {
        processi.push(await avviaServer({ databaseUrl: o.databaseUrl, cartella, env: { ...env('worker'), DB_POOL_MAX: '4' } }));
        nginx = await avviaNginx({ cartella: path.join(cartella, 'nginx'), upstream: processi.slice(0, t.web).map((p) => new URL(p.url).host) });
      }
      const ingresso = nginx?.url ?? processi[0]!.url;
      const port = Number(new URL(ingresso).port);
      const headers = await accedi(ingresso, o.credenziali);
      const pids = () => [...processi.map((p) => p.figlio.pid!), ...(nginx?.pids() ?? [])];
      const { results, run } = scenari({
        tmp: o.tmp, runs: o.runs, seconds: o.seconds, connections: o.connections, port,
        serverCpuMs: () => processiCpuMs(pids()), selected: () => true,
      });
      for (const [nome, s] of Object.entries(o.richieste(headers))) await run(nome, s.note, s.budget, s.next);
      risultati.push({ topologia: t.nome, web: t.web, poolPerProcesso, scenari: results });
    } finally {
      await nginx?.ferma();
      await Promise.all(processi.map(async (p) => { p.figlio.kill('SIGTERM'); await p.fine; }));
    }
  }
  return risultati;
}

/** A customer's login as the SPA makes it, through the entry point; its cookie header. */
async function accedi(url: string, c: { username: string; password: string }): Promise<Record<string, string>> {
  const res = await fetch(`${url}/api/login/frontendfingerprint`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...c, fingerprint: 'b'.repeat(64) }),
  });
  if (!res.ok) throw new Error(`login del bench non riuscito: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().map((s) => s.split(';')[0]).join('; ');
  return { cookie };
}

export function scalaMarkdown(r: RisultatoScala[]): string[] {
  if (r.length === 0) return [];
  return [
    '## Several processes behind nginx', '',
    'Each topology runs the scenarios above (same requests, same connections, closed loop) through its entry point: the process itself, or Debian\'s nginx with the deployment\'s configuration (deploy/nginx/). '
      + `The web processes share ${POOL_TOTALE} connections to Postgres (DB_POOL_MAX = ${POOL_TOTALE} / N each); the worker has 4 (and 5 of the job queue's own). `
      + 'CPU ms per request counts every web process, the worker and nginx as "server".', '',
    '| topology | scenario | p50 ms | p95 ms | p99 ms | req/s | errors | p95 of each run | CPU ms per request: server / Postgres / load generator |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...r.flatMap((t) => Object.entries(t.scenari).map(([k, v]) =>
      `| ${t.topologia} | ${k} | ${v.p50} | ${v.p95} | ${v.p99} | ${v.rps} | ${v.errors + v.non2xx} | ${v.p95Runs.join(' / ')} | ${v.cpu.serverMs} / ${v.cpu.dbMs} / ${v.cpu.loadMs} |`)),
    '',
  ];
}
