/** What the server hands an import's own process (avvia.ts → figlio.ts), and what it answers. */
import type { OpzioniImport } from '../esecuzione.js';

export interface LavoroImport {
  databaseUrl: string;
  /** The stored file to read. */
  percorso: string;
  opzioni: Omit<OpzioniImport, 'onProgress'>;
}

/** The engine's outcome: the run is recorded either way ('errore': an unexpected failure, retried). */
export type EsitoFiglio = { tipo: 'fatto' } | { tipo: 'errore'; messaggio: string };
