/**
 * Runs an import in a process of its own (figlio.ts) with a ceiling on its memory
 * (--max-old-space-size; Buffers live outside that heap, but the readers never hold a file's
 * bytes: they stream and count them, lettura/limiti.ts). Whatever the file does to that process,
 * the server keeps answering; a process that dies, of its ceiling or killed, ends the run with a
 * reason here instead of taking the server with it.
 *
 * Starting that process (node, tsx and the engine's modules) costs about 2.5 s of CPU, 6–13 s on a
 * loaded machine: most of what a small file's dry run waited. So a process is started ahead and
 * waits, idle, for the next run (IMPORT_PROCESSO_PRONTO), and the next one is started when that run
 * has ended: each run still has a fresh process of its own
 * (docs/decisions/import-processo-pronto.md).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { createRequire } from 'node:module';
import type { Socket } from 'node:net';
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

/**
 * The import processes of one server process: `esegui` runs a file in the process waiting for it,
 * or in a new one. `inAnticipo` false: each run starts its own (the tests, and where memory is
 * worth more than the wait: about 120 MB for the idle process).
 */
export class ProcessiImport {
  private pronto?: Processo;
  private fermato = false;

  constructor(private readonly memoriaMb: number, private readonly log: Log, private readonly inAnticipo: boolean) {}

  /** The waiting process's pid, if one waits (the log, the tests). */
  get inAttesa(): number | undefined {
    return this.pronto?.vivo() ? this.pronto.pid : undefined;
  }

  /** Starts the process the next run will take, unless one is waiting (or none is wanted). */
  prepara(): void {
    if (!this.inAnticipo || this.fermato || this.pronto?.vivo()) return;
    this.pronto = new Processo(this.memoriaMb, this.log);
  }

  async esegui(lavoro: LavoroImport): Promise<EsitoProcesso> {
    const p = this.pronto?.vivo() ? this.pronto : new Processo(this.memoriaMb, this.log);
    this.pronto = undefined;
    try {
      return await p.esegui(lavoro);
    } finally {
      // After the run, not beside it: on two cores a process starting slows the run.
      this.prepara();
    }
  }

  /** Stops starting processes and ends the waiting one (a run under way ends by itself). */
  ferma(): void {
    this.fermato = true;
    this.pronto?.termina();
    this.pronto = undefined;
  }
}

/** One import's process: forked at once, given its run later. */
class Processo {
  private readonly figlio: ChildProcess;
  private coda = '';
  private esito?: EsitoFiglio;
  private registro?: number;
  /** Resolves when the process has ended, or could not start (then with why). */
  private readonly fine: Promise<{ codice: number | null; segnale: NodeJS.Signals | null; nonAvviato?: string }>;

  constructor(private readonly memoriaMb: number, log: Log) {
    const figlio = fork(FIGLIO, [], {
      execArgv: ['--import', TSX, `--max-old-space-size=${memoriaMb}`],
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    this.figlio = figlio;
    figlio.stderr!.setEncoding('utf8').on('data', (s: string) => {
      this.coda = (this.coda + s).slice(-CODA_STDERR);
      log.warn({ importazione: this.registro, pid: figlio.pid, stderr: s.slice(0, CODA_STDERR) }, 'importazione: il processo scrive su stderr');
    });
    figlio.on('message', (m) => { this.esito = m as EsitoFiglio; });
    this.fine = new Promise((resolve) => {
      figlio.on('error', (err) => {
        // A process that could not start (no memory, too many processes) may never close: the job fails and is retried.
        if (figlio.pid === undefined) resolve({ codice: null, segnale: null, nonAvviato: err.message });
        else this.coda += String(err.message);
      });
      figlio.on('close', (codice, segnale) => resolve({ codice, segnale }));
    });
    // Waiting, it keeps no server process from ending; its run refs it again.
    this.riferimento(false);
  }

  get pid(): number | undefined {
    return this.figlio.pid;
  }

  vivo(): boolean {
    return this.figlio.connected && this.figlio.exitCode === null && this.figlio.signalCode === null;
  }

  async esegui(lavoro: LavoroImport): Promise<EsitoProcesso> {
    this.registro = lavoro.opzioni.registro;
    this.riferimento(true);
    if (this.vivo()) this.figlio.send(lavoro, (err) => { if (err) this.coda += String(err.message); });
    const { codice, segnale, nonAvviato } = await this.fine;
    if (this.esito) return this.esito;
    if (nonAvviato !== undefined) return { tipo: 'errore', messaggio: `Processo dell'importazione non avviato: ${nonAvviato}` };
    const memoria = /heap out of memory|Reached heap limit/.test(this.coda);
    return {
      tipo: 'interrotto',
      motivo: memoria
        ? `Importazione interrotta: il file ha richiesto più memoria del limite dell'importazione (${this.memoriaMb} MB)`
        : `Importazione interrotta: il processo dell'importazione è terminato (${segnale ?? `codice ${codice}`})`,
    };
  }

  termina(): void {
    this.figlio.kill();
  }

  private riferimento(si: boolean): void {
    const maniglie = [this.figlio, this.figlio.channel, this.figlio.stderr as Socket | null];
    for (const m of maniglie) {
      if (si) m?.ref();
      else m?.unref();
    }
  }
}
