/**
 * Runs an import in a process of its own (figlio.ts) with a ceiling on its memory
 * (--max-old-space-size; Buffers live outside that heap, but the readers never hold a file's
 * bytes: they stream and count them, lettura/limiti.ts). Whatever the file does to that process,
 * the server keeps answering; a process that dies, of its ceiling or killed, ends the run with a
 * reason here instead of taking the server with it.
 */
import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { EsitoFiglio, LavoroImport } from './messaggi.js';

export type EsitoProcesso = EsitoFiglio | { tipo: 'interrotto'; motivo: string };

interface Log {
  warn: (obj: object, msg: string) => void;
}

const FIGLIO = fileURLToPath(new URL('./figlio.ts', import.meta.url));
/** The server runs TypeScript through tsx; so does the import's process. */
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
/** What is kept of the process's stderr to tell why it died (V8 ends with 'heap out of memory'). */
const CODA_STDERR = 4096;

export function importaInProcesso(lavoro: LavoroImport, memoriaMb: number, log: Log): Promise<EsitoProcesso> {
  return new Promise((resolve) => {
    const figlio = fork(FIGLIO, [], {
      execArgv: ['--import', TSX, `--max-old-space-size=${memoriaMb}`],
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    let esito: EsitoFiglio | undefined;
    let coda = '';
    figlio.stderr!.setEncoding('utf8').on('data', (s: string) => {
      coda = (coda + s).slice(-CODA_STDERR);
      log.warn({ importazione: lavoro.opzioni.registro, pid: figlio.pid, stderr: s.slice(0, CODA_STDERR) }, 'importazione: il processo scrive su stderr');
    });
    figlio.on('message', (m) => { esito = m as EsitoFiglio; });
    figlio.on('error', (err) => {
      // A process that could not start (no memory, too many processes) may never close: the job fails and is retried.
      if (figlio.pid === undefined) resolve({ tipo: 'errore', messaggio: `Processo dell'importazione non avviato: ${err.message}` });
      else coda += String(err.message);
    });
    figlio.on('close', (codice, segnale) => {
      if (esito) return resolve(esito);
      const memoria = /heap out of memory|Reached heap limit/.test(coda);
      resolve({
        tipo: 'interrotto',
        motivo: memoria
          ? `Importazione interrotta: il file ha richiesto più memoria del limite dell'importazione (${memoriaMb} MB)`
          : `Importazione interrotta: il processo dell'importazione è terminato (${segnale ?? `codice ${codice}`})`,
      });
    });
    figlio.send(lavoro, (err) => { if (err) coda += String(err.message); });
  });
}
