/**
 * The one way the portal draws a PDF (docs/decisions/pdf-ordine.md): in a worker thread
 * (pdf-thread.ts), never on the event loop. A 500-line order costs ~0.25 s of CPU; drawn in the
 * request, 20 downloads at once held /api/health for seconds, and a backlog of confirmation mails
 * made ordini/create 2.5 times slower. Two lanes, one thread each, started at their first PDF and
 * ended with the app (fermaDisegnoPdf); a thread that dies is started again at the next PDF:
 * - `richiesta`: what a user waits for (ordini/pdf), at the process's own priority;
 * - `sfondo`: the mails' attachments, at nice 19, so that a backlog of mails never slows a
 *   download nor the requests.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { DatiPdf, TipoPdf } from './tipi-pdf.js';

export type CorsiaPdf = 'richiesta' | 'sfondo';
const NICE: Record<CorsiaPdf, number> = { richiesta: 0, sfondo: 19 };

/**
 * The server runs TypeScript through tsx, whose loader a worker thread does not inherit: the
 * thread registers it first (tsx's ESM API, its package's `./esm/api` export; found through the
 * package's own file, as vitest's module runner has no import.meta.resolve), then loads its module.
 */
const TSX_API = pathToFileURL(path.join(path.dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/esm/api/index.mjs')).href;
const AVVIO = `import(${JSON.stringify(TSX_API)})
  .then(({ register }) => { register(); return import(${JSON.stringify(new URL('./pdf-thread.ts', import.meta.url).href)}); })`;

type Risposta = { id: number; pdf?: Uint8Array; errore?: string };
type Attesa = { resolve: (b: Buffer) => void; reject: (e: Error) => void };

const thread = new Map<CorsiaPdf, Worker>();
let prossimo = 0;
const inAttesa = new Map<number, Attesa & { w: Worker }>();

function avvia(corsia: CorsiaPdf): Worker {
  const w = new Worker(AVVIO, { eval: true, workerData: { nice: NICE[corsia] } });
  w.unref();
  w.on('message', (r: Risposta) => {
    const p = inAttesa.get(r.id);
    if (!p) return;
    inAttesa.delete(r.id);
    if (r.pdf) p.resolve(Buffer.from(r.pdf.buffer, r.pdf.byteOffset, r.pdf.byteLength));
    else p.reject(new Error(r.errore ?? 'PDF non disegnato'));
  });
  const fine = (err: Error) => {
    if (thread.get(corsia) === w) thread.delete(corsia);
    for (const [id, p] of inAttesa) {
      if (p.w !== w) continue;
      inAttesa.delete(id);
      p.reject(err);
    }
  };
  w.on('error', fine);
  w.on('exit', (codice) => fine(new Error(`Il disegno dei PDF si è fermato (codice ${codice})`)));
  thread.set(corsia, w);
  return w;
}

/** The whole PDF of kind `tipo` drawn from `dati` in the lane's thread. */
export function disegnaPdf<K extends TipoPdf>(tipo: K, dati: DatiPdf[K], corsia: CorsiaPdf): Promise<Buffer> {
  const w = thread.get(corsia) ?? avvia(corsia);
  const id = ++prossimo;
  return new Promise((resolve, reject) => {
    inAttesa.set(id, { resolve, reject, w });
    w.postMessage({ id, tipo, dati });
  });
}

/** Ends the threads (the app's close, after the jobs have stopped): tsx's loader in them would keep the process alive. */
export async function fermaDisegnoPdf(): Promise<void> {
  const tutti = [...thread.values()];
  thread.clear();
  await Promise.all(tutti.map((w) => w.terminate()));
}
