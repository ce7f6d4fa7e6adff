import http from 'node:http';

export interface LoadResult {
  requests: number;
  errors: number;
  non2xx: number;
  seconds: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** CPU time of the load generator itself over the run. */
  cpuMs: number;
}

export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  headers?: Record<string, string>;
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/**
 * Closed-loop load on loopback: `connections` workers, each sending its next request when the
 * previous answer has been read, for `seconds`. Latency is measured end to end per request.
 * Bounded in time and count; it stops by itself.
 */
export async function runLoad(opts: {
  port: number; connections: number; seconds: number; next: (i: number) => LoadRequest; maxRequests?: number;
  check?: (status: number, body: string) => boolean;
}): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.connections });
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;
  let counter = 0;
  const maxRequests = opts.maxRequests ?? 200_000;
  const started = performance.now();
  const cpu0 = process.cpuUsage();
  const deadline = started + opts.seconds * 1000;
  const one = (r: LoadRequest) => new Promise<void>((resolve) => {
    const t0 = performance.now();
    const req = http.request({
      host: '127.0.0.1', port: opts.port, method: r.method, path: r.path, agent,
      headers: { ...(r.body ? { 'content-type': 'application/json' } : {}), ...r.headers },
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        latencies.push(performance.now() - t0);
        const ok = (res.statusCode ?? 0) < 300 && (!opts.check || opts.check(res.statusCode ?? 0, Buffer.concat(chunks).toString()));
        if (!ok) non2xx++;
        resolve();
      });
    });
    req.on('error', () => { errors++; resolve(); });
    if (r.body) req.write(r.body);
    req.end();
  });
  await Promise.all(Array.from({ length: opts.connections }, async () => {
    while (performance.now() < deadline && counter < maxRequests) await one(opts.next(counter++));
  }));
  agent.destroy();
  const cpu = process.cpuUsage(cpu0);
  const seconds = (performance.now() - started) / 1000;
  const sorted = latencies.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    requests: sorted.length, errors, non2xx, seconds: round(seconds), rps: round(sorted.length / seconds),
    p50: round(pct(sorted, 50)), p95: round(pct(sorted, 95)), p99: round(pct(sorted, 99)), max: round(sorted.at(-1) ?? 0), cpuMs: round((cpu.user + cpu.system) / 1000),
  };
}
