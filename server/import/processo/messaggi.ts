/** What the server hands an import's own process (avvia.ts → figlio.ts), and what it answers. */
import type { OpzioniS3 } from '../../lib/archivio/archivio-s3.js';
import type { OpzioniImport } from '../esecuzione.js';

/** The media store as the server's config names it: the process builds its own (creaArchivio). */
export interface ConfigArchivio {
  mediaDir: string;
  s3?: OpzioniS3;
}

export interface LavoroImport {
  databaseUrl: string;
  archivio: ConfigArchivio;
  /** The portal's address (PUBLIC_URL), for the links of the mails a kind queues. */
  urlPortale: string;
  /** The stored file to read. */
  percorso: string;
  opzioni: Omit<OpzioniImport, 'onProgress' | 'media'>;
}

/** The engine's outcome: the run is recorded either way ('errore': an unexpected failure, retried). */
export type EsitoFiglio = { tipo: 'fatto' } | { tipo: 'errore'; messaggio: string };
