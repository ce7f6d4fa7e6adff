import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { LoadRequest, LoadResult } from './load.js';

const execFileAsync = promisify(execFile);

export type Scenario = LoadResult & {
  connections: number; budget?: number; note: string; cpu: { serverMs: number; dbMs: number; loadMs: number }; p95Runs: number[];
};

export interface OpzioniScenario {
  /** What may run beside the load; the function it returns stops it. */
  beforeRun?: () => Promise<unknown> | (() => Promise<void>);
  connections?: number;
  /** Another server than the default one. */
  port?: number;
}

/**
 * Runs scenarios from a separate load process: a 2 s warm-up, then `runs` measured runs with
 * fresh requests each (new search strings, new idempotency keys); the run with the median p95
 * is kept, with the p95 of every run beside it (this VM's speed drifts with its host).
 * `serverCpuMs` tells the CPU time the server side has used so far (one process or several).
 */
export function scenari(o: {
  tmp: string; runs: number; seconds: number; connections: number; port: number;
  serverCpuMs: () => number; selected: (name: string) => boolean;
}) {
  const results: Record<string, Scenario> = {};
  const run = async (name: string, note: string, budget: number | undefined, next: (i: number) => LoadRequest, opts: OpzioniScenario = {}) => {
    const connections = opts.connections ?? o.connections;
    if (!o.selected(name)) return;
    const file = path.join(o.tmp, 'scenario.json');
    const load = async (seconds: number, requests: LoadRequest[]) => {
      fs.writeFileSync(file, JSON.stringify({ port: opts.port ?? o.port, connections, seconds, requests }));
      const { stdout } = await execFileAsync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'load-worker.ts'), file], { maxBuffer: 1 << 20 });
      return JSON.parse(stdout) as LoadResult;
    };
    const batch = (r: number) => Array.from({ length: 30_000 }, (_, i) => next(r * 30_000 + i));
    await load(2, batch(o.runs));
    const runs: Scenario[] = [];
    for (let r = 0; r < o.runs; r++) {
      const started = await opts.beforeRun?.();
      const requests = batch(r);
      const server0 = o.serverCpuMs();
      const db0 = postgresCpuMs();
      const result = await load(o.seconds, requests);
      if (typeof started === 'function') await started();
      // CPU per request of each party on the shared cores: where the time goes.
      const perRequest = (ms: number) => Math.round((ms / result.requests) * 1000) / 1000;
      const cpu = { serverMs: perRequest(o.serverCpuMs() - server0), dbMs: perRequest(postgresCpuMs() - db0), loadMs: perRequest(result.cpuMs) };
      runs.push({ ...result, cpu, budget, note, connections, p95Runs: [] });
      console.log(name, `run ${r + 1}/${o.runs}`, JSON.stringify(result));
    }
    const median = [...runs].sort((a, b) => a.p95 - b.p95)[Math.floor(o.runs / 2)]!;
    results[name] = { ...median, p95Runs: runs.map((x) => x.p95) };
  };
  return { results, run };
}

/** CPU time of this process so far, in ms. */
export function questoProcessoCpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** CPU time of the given processes so far, in ms (Linux /proc; 0 elsewhere or once ended). */
export function processiCpuMs(pids: readonly number[]): number {
  return pids.reduce((sum, pid) => sum + ticksDi(String(pid)), 0) * 10; // USER_HZ is 100 on Linux
}

/** CPU time of every postgres process on this machine so far, in ms (Linux /proc; 0 elsewhere). */
export function postgresCpuMs(): number {
  if (!fs.existsSync('/proc/self/stat')) return 0;
  let ticks = 0;
  for (const pid of fs.readdirSync('/proc')) {
    if (/^\d+$/.test(pid)) ticks += ticksDi(pid, 'postgres');
  }
  return ticks * 10;
}

/** utime + stime of a process, when its command name starts with `nome` (any when not given). */
function ticksDi(pid: string, nome?: string): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = stat.lastIndexOf(')');
    if (nome && !stat.slice(stat.indexOf('(') + 1, close).startsWith(nome)) return 0;
    const fields = stat.slice(close + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0; // the process ended meanwhile
  }
}
