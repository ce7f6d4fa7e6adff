/**
 * The thread of server/pdf/disegno-in-disparte.ts: draws the order PDFs it is sent, at the
 * lowest CPU priority. On Linux a thread's nice value is its own: os.setPriority() here leaves the
 * process's other threads (the event loop serving requests) as they are.
 */
import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import { ordinePdfBuffer } from './ordine-pdf.js';
import type { OrdinePdf } from './ordine-pdf.queries.js';

try {
  os.setPriority(19);
} catch {
  // Not allowed here: the PDFs are still drawn off the event loop.
}

const porta = parentPort!;
porta.on('message', (m: { id: number; ordine: OrdinePdf }) => {
  ordinePdfBuffer(m.ordine).then(
    (pdf) => porta.postMessage({ id: m.id, pdf }),
    (err: unknown) => porta.postMessage({ id: m.id, errore: err instanceof Error ? err.message : String(err) }),
  );
});
