import net from 'node:net';

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

const HEADER_END = Buffer.from('\r\n\r\n');
const CHUNKED_END = Buffer.from('0\r\n\r\n');

/** The bytes of one HTTP/1.1 request on a kept-alive connection. */
function encode(r: LoadRequest): Buffer {
  const body = r.body ? Buffer.from(r.body) : undefined;
  const headers = { host: '127.0.0.1', ...(body ? { 'content-type': 'application/json', 'content-length': String(body.length) } : {}), ...r.headers };
  const head = `${r.method} ${r.path} HTTP/1.1\r\n${Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join('')}\r\n`;
  return body ? Buffer.concat([Buffer.from(head), body]) : Buffer.from(head);
}

/**
 * One kept-alive connection that sends a request and resolves with the status once the whole
 * answer (Content-Length or chunked) has arrived. Like wrk, it reads no more of the answer than
 * it needs to find its end, so that the generator takes as little CPU as it can from the server
 * on a shared machine.
 */
class Connection {
  private readonly socket: net.Socket;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private need = -1; // bytes of the whole answer once its head is read; -2 for a chunked one
  private done?: (status: number) => void;
  private status = 0;
  private tail: Buffer = Buffer.alloc(0); // last bytes seen, for the end of a chunked answer
  /** The last answer said `Connection: close` (nginx after keepalive_requests): open another, as a browser does. */
  closing = false;
  readonly ready: Promise<void>;

  constructor(port: number, private readonly onError: () => void) {
    this.socket = net.connect({ port, host: '127.0.0.1', noDelay: true });
    this.ready = new Promise((resolve) => this.socket.once('connect', () => resolve()));
    this.socket.on('data', (chunk) => this.data(chunk));
    this.socket.on('error', () => this.fail());
    this.socket.on('close', () => this.fail());
  }

  send(bytes: Buffer): Promise<number> {
    return new Promise((resolve) => {
      this.done = resolve;
      this.pending = [];
      this.pendingBytes = 0;
      this.need = -1;
      this.socket.write(bytes);
    });
  }

  close(): void {
    this.socket.removeAllListeners('close');
    this.socket.destroy();
  }

  private fail(): void {
    if (!this.done) return;
    const done = this.done;
    this.done = undefined;
    this.onError();
    done(0);
  }

  private data(chunk: Buffer): void {
    this.pendingBytes += chunk.length;
    if (this.need === -1) {
      this.pending.push(chunk);
      const all = this.pending.length === 1 ? chunk : Buffer.concat(this.pending);
      this.pending = [all];
      const end = all.indexOf(HEADER_END);
      if (end < 0) return;
      const head = all.subarray(0, end).toString('latin1');
      this.status = Number(head.slice(9, 12));
      this.closing = /\r\nconnection: *close/i.test(head);
      const length = /\r\ncontent-length: *(\d+)/i.exec(head);
      if (length) this.need = end + 4 + Number(length[1]);
      else if (/\r\ntransfer-encoding: *chunked/i.test(head)) this.need = -2;
      else this.need = end + 4;
      this.tail = all.subarray(-CHUNKED_END.length);
    } else if (this.need === -2) {
      this.tail = Buffer.concat([this.tail, chunk]).subarray(-CHUNKED_END.length);
    }
    const complete = this.need === -2 ? this.tail.equals(CHUNKED_END) : this.pendingBytes >= this.need;
    if (complete && this.done) {
      const done = this.done;
      this.done = undefined;
      done(this.status);
    }
  }
}

/**
 * Closed-loop load on loopback: `connections` kept-alive connections, each sending its next
 * request when the previous answer has been read, for `seconds`. Latency is measured end to end
 * per request. Bounded in time and count; it stops by itself.
 */
export async function runLoad(opts: {
  port: number; connections: number; seconds: number; next: (i: number) => LoadRequest; maxRequests?: number;
}): Promise<LoadResult> {
  let errors = 0;
  const connect = () => new Connection(opts.port, () => errors++);
  const conns = Array.from({ length: opts.connections }, connect);
  await Promise.all(conns.map((c) => c.ready));
  const latencies: number[] = [];
  let non2xx = 0;
  let counter = 0;
  const maxRequests = opts.maxRequests ?? 200_000;
  const encoded = new Map<LoadRequest, Buffer>();
  const bytesOf = (r: LoadRequest) => {
    let b = encoded.get(r);
    if (!b) encoded.set(r, (b = encode(r)));
    return b;
  };
  const started = performance.now();
  const cpu0 = process.cpuUsage();
  const deadline = started + opts.seconds * 1000;
  await Promise.all(conns.map(async (_, k) => {
    while (performance.now() < deadline && counter < maxRequests) {
      const bytes = bytesOf(opts.next(counter++));
      const t0 = performance.now();
      let c = conns[k]!;
      if (c.closing) {
        c.close();
        c = conns[k] = connect();
        await c.ready;
      }
      const status = await c.send(bytes);
      if (status === 0) return; // the connection failed: counted in errors
      latencies.push(performance.now() - t0);
      if (status >= 300) non2xx++;
    }
  }));
  const cpu = process.cpuUsage(cpu0);
  for (const c of conns) c.close();
  const seconds = (performance.now() - started) / 1000;
  const sorted = latencies.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    requests: sorted.length, errors, non2xx, seconds: round(seconds), rps: round(sorted.length / seconds),
    p50: round(pct(sorted, 50)), p95: round(pct(sorted, 95)), p99: round(pct(sorted, 99)), max: round(sorted.at(-1) ?? 0),
    cpuMs: round((cpu.user + cpu.system) / 1000),
  };
}
