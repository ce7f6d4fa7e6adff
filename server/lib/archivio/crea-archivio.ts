import { cartellaTemporanea } from '../upload/ricevi-file.js';
import type { ArchivioMedia } from './archivio.js';
import { ArchivioLocale } from './archivio-locale.js';
import { ArchivioS3, type OpzioniS3 } from './archivio-s3.js';

/**
 * The store of the config: S3 when it names one (MEDIA_STORE=s3), else the folder MEDIA_DIR. With
 * S3, MEDIA_DIR only holds this process's temporary files (uploads being received, an import's file).
 */
export function creaArchivio(config: { mediaDir: string; s3?: OpzioniS3 }): ArchivioMedia {
  return config.s3 ? new ArchivioS3(config.s3, cartellaTemporanea(config.mediaDir)) : new ArchivioLocale(config.mediaDir);
}
