import type { AppConfig } from './config.js';
import type { Db } from './db/client.js';
import type { SessioniRecenti } from './auth/sessioni-recenti.js';
import type { CatalogoCache } from './catalogo/catalogo.cache.js';
import type { Impostazioni } from './impostazioni/impostazioni.service.js';
import type { CodaLavori } from './lavori/coda-lavori.js';
import type { ArchivioMedia } from './lib/archivio/archivio.js';
import type { Esportazioni } from './lib/esportazioni.js';

/** What route handlers need, built once in buildApp and reachable as app.deps. */
export interface Deps {
  config: AppConfig;
  /** The one database handle: drizzle, and tagged SQL on the same connection through db.$client. */
  db: Db;
  /** The switches, cached; a change reaches every process by notice. */
  impostazioni: Impostazioni;
  /** Customer sessions seen in the last seconds (cleared by database notices). */
  sessioniRecenti: SessioniRecenti;
  /**
   * The catalogue's in-process caches, handed by routes to the catalogue's queries; a change's
   * notice (notificaCatalogo, in its transaction) reaches every process at its commit.
   */
  catalogo: CatalogoCache;
  /** The job queue: mail, orders to the ERP, the popularity and statistics folds. */
  lavori: CodaLavori;
  /** Where media files live: the folder MEDIA_DIR or an S3 bucket (MEDIA_STORE). */
  archivio: ArchivioMedia;
  /** The exports' places and their own pool (price list, order history), handed by routes to the export services. */
  esportazioni: Esportazioni;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}
