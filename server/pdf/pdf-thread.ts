/**
 * The thread of server/pdf/disegno-in-disparte.ts: draws the PDFs it is sent, one kind each
 * (tipi-pdf.ts). The drawing modules are imported here only (a dependency-cruiser rule), so they
 * never load on the event loop. The lane's nice value comes with the thread: on Linux a thread's
 * nice value is its own, so os.setPriority() here leaves the event loop serving requests as it is.
 */
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { ordinePdfBuffer } from './ordine-pdf.js';
import { resoPdfBuffer } from './reso-pdf.js';
import { preventivoPdfBuffer } from './preventivo-pdf.js';
import { preventivoClientePdfBuffer } from './preventivo-cliente-pdf.js';
import type { DatiPdf, TipoPdf } from './tipi-pdf.js';

const DISEGNI: { [K in TipoPdf]: (dati: DatiPdf[K]) => Promise<Uint8Array> } = {
  ordine: ordinePdfBuffer,
  reso: resoPdfBuffer,
  preventivo: preventivoPdfBuffer,
  preventivo_cliente: preventivoClientePdfBuffer,
};

const { nice } = workerData as { nice: number };
if (nice !== 0) {
  try {
    os.setPriority(nice);
  } catch {
    // Not allowed here: the PDFs are still drawn off the event loop.
  }
}

const porta = parentPort!;
porta.on('message', <K extends TipoPdf>(m: { id: number; tipo: K; dati: DatiPdf[K] }) => {
  const disegna = DISEGNI[m.tipo] as ((d: DatiPdf[K]) => Promise<Uint8Array>) | undefined;
  (disegna ? disegna(m.dati) : Promise.reject(new Error(`PDF di tipo sconosciuto: ${String(m.tipo)}`))).then(
    (pdf) => porta.postMessage({ id: m.id, pdf }),
    (err: unknown) => porta.postMessage({ id: m.id, errore: err instanceof Error ? err.message : String(err) }),
  );
});
