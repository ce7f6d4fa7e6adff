import { cartellaTemporanea } from '../upload/ricevi-file.js';
import type { ArchivioMedia } from './archivio.js';
import { ArchivioLocale } from './archivio-locale.js';
import type { OpzioniS3 } from './archivio-s3.js';

/**
 * The store of the config: S3 when it names one (MEDIA_STORE=s3), else the folder MEDIA_DIR. With
 * S3, MEDIA_DIR only holds this process's temporary files (uploads being received, an import's file).
 * The S3 client's modules are loaded only for S3: about a second of CPU that every process, the
 * import's own among them, would spend for nothing on a folder (docs/decisions/import-processo-pronto.md).
 */
export async function creaArchivio(config: { mediaDir: string; s3?: OpzioniS3 }): Promise<ArchivioMedia> {
  if (!config.s3) return new ArchivioLocale(config.mediaDir);
  const { ArchivioS3 } = await import('./archivio-s3.js');
  return new ArchivioS3(config.s3, cartellaTemporanea(config.mediaDir));
}
