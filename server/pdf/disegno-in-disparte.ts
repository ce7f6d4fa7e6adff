/**
 * The order PDF of a confirmation mail, drawn in a thread of its own at the lowest CPU priority
 * (ordine-pdf-thread.ts). Drawing one costs 20–50 ms of CPU: on the event loop of a process that
 * also serves customers (PROCESS_ROLE=all, as `npm start`), a backlog of confirmation mails made
 * ordini/create 2.5 times slower (docs/decisions/pdf-ordine.md). One thread for the process,
 * started at the first PDF and ended with the app (fermaDisegnoPdf); a thread that dies is
 * started again at the next PDF.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { OrdinePdf } from './ordine-pdf.queries.js';

/**
 * The server runs TypeScript through tsx, whose loader a worker thread does not inherit: the
 * thread registers it first (tsx's ESM API, its package's `./esm/api` export; found through the
 * package's own file, as vitest's module runner has no import.meta.resolve), then loads its module.
 */
const TSX_API = pathToFileURL(path.join(path.dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/esm/api/index.mjs')).href;
const AVVIO = `import(${JSON.stringify(TSX_API)})
  .then(({ register }) => { register(); return import(${JSON.stringify(new URL('./ordine-pdf-thread.ts', import.meta.url).href)}); })`;

type Risposta = { id: number; pdf?: Uint8Array; errore?: string };

let thread: Worker | undefined;
let prossimo = 0;
const inAttesa = new Map<number, { resolve: (b: Buffer) => void; reject: (e: Error) => void }>();

function avvia(): Worker {
  const w = new Worker(AVVIO, { eval: true });
  w.unref();
  w.on('message', (r: Risposta) => {
    const p = inAttesa.get(r.id);
    if (!p) return;
    inAttesa.delete(r.id);
    if (r.pdf) p.resolve(Buffer.from(r.pdf.buffer, r.pdf.byteOffset, r.pdf.byteLength));
    else p.reject(new Error(r.errore ?? 'PDF non disegnato'));
  });
  const fine = (err: Error) => {
    if (thread === w) thread = undefined;
    for (const p of inAttesa.values()) p.reject(err);
    inAttesa.clear();
  };
  w.on('error', fine);
  w.on('exit', (codice) => fine(new Error(`Il disegno dei PDF si è fermato (codice ${codice})`)));
  return w;
}

/** The whole PDF of `o`, drawn in the low-priority thread. */
export function ordinePdfInDisparte(o: OrdinePdf): Promise<Buffer> {
  thread ??= avvia();
  const id = ++prossimo;
  const w = thread;
  return new Promise((resolve, reject) => {
    inAttesa.set(id, { resolve, reject });
    w.postMessage({ id, ordine: o });
  });
}

/** Ends the thread (the app's close, after the jobs have stopped): tsx's loader in it would keep the process alive. */
export async function fermaDisegnoPdf(): Promise<void> {
  const w = thread;
  thread = undefined;
  await w?.terminate();
}
