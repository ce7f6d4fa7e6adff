import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectsCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, type S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { type ArchivioMedia, archivioNonRaggiungibile, type FileLocale, type InfoFile, type Intervallo, tipoDiChiave } from './archivio.js';

/** An S3-compatible store (MEDIA_STORE=s3): AWS S3, MinIO, Ceph, R2, Garage… */
export interface OpzioniS3 {
  /** Absent for AWS itself (the region names the endpoint). */
  endpoint?: string;
  bucket: string;
  region: string;
  /** Absent: the SDK's own chain (an instance's or a pod's role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Path-style URLs (http://minio:9000/bucket/key): what most stores other than AWS need. */
  forcePathStyle: boolean;
}

/** DeleteObjects takes at most this many keys a call. */
const CANCELLA_PER_VOLTA = 1000;

const nonTrovato = (err: unknown) => {
  const e = err as Partial<S3ServiceException>;
  return e.name === 'NoSuchKey' || e.name === 'NotFound';
};

/** Every failure of the store but a missing file: the store does not answer, or refuses the portal. */
function traduci(err: unknown): never {
  throw archivioNonRaggiungibile(err);
}

export class ArchivioS3 implements ArchivioMedia {
  private readonly client: S3Client;
  private readonly bucket: string;

  /** `cartellaTemporanea`: where a file asked for as a local file is copied (this host's disk). */
  constructor(o: OpzioniS3, private readonly cartellaTemporanea: string) {
    this.bucket = o.bucket;
    this.client = new S3Client({
      endpoint: o.endpoint,
      region: o.region,
      forcePathStyle: o.forcePathStyle,
      credentials: o.accessKeyId && o.secretAccessKey ? { accessKeyId: o.accessKeyId, secretAccessKey: o.secretAccessKey } : undefined,
      // Checksums only where S3 requires them (DeleteObjects): the SDK's default sends a streamed
      // upload as aws-chunked with a trailing checksum, which many S3-compatible stores keep as
      // the file's bytes (s3rver does: a 3-byte file became 44).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // A store that is down answers within seconds, not a minute: the SDK retries (3 attempts)
      // a refused or silent connection, then the request answers 503.
      requestHandler: { connectionTimeout: 3000, socketTimeout: 20_000 },
    });
  }

  /**
   * Through lib-storage: parts of 5 MB read from the file and retried one by one (a file smaller
   * than a part is one PUT), at most 20 MB in memory whatever the file's size.
   */
  async salvaFile(chiave: string, percorso: string): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: chiave, Body: fs.createReadStream(percorso), ContentType: tipoDiChiave(chiave) },
    });
    await upload.done().catch(traduci);
  }

  /** One PUT: S3 shows an object whole or not at all. */
  async salva(chiave: string, dati: Buffer | string): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: chiave, Body: dati, ContentType: tipoDiChiave(chiave) }))
      .catch(traduci);
  }

  async info(chiave: string): Promise<InfoFile | undefined> {
    try {
      const r = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: chiave }));
      return { bytes: r.ContentLength ?? 0, etag: r.ETag ?? '', modificato: r.LastModified ?? new Date(0) };
    } catch (err) {
      if (nonTrovato(err)) return undefined;
      return traduci(err);
    }
  }

  async leggi(chiave: string, intervallo?: Intervallo) {
    try {
      const r = await this.client.send(new GetObjectCommand({
        Bucket: this.bucket, Key: chiave, Range: intervallo ? `bytes=${intervallo.inizio}-${intervallo.fine}` : undefined,
      }));
      if (!(r.Body instanceof Readable)) throw new Error('S3: GetObject senza corpo leggibile');
      // A range's answer gives the whole size after the slash of Content-Range.
      const bytes = r.ContentRange ? Number(r.ContentRange.split('/')[1]) : r.ContentLength ?? 0;
      return { info: { bytes, etag: r.ETag ?? '', modificato: r.LastModified ?? new Date(0) }, corpo: r.Body };
    } catch (err) {
      if (nonTrovato(err)) return undefined;
      return traduci(err);
    }
  }

  async fileLocale(chiave: string): Promise<FileLocale> {
    const letto = await this.leggi(chiave);
    if (!letto) throw new Error(`File ${chiave} non trovato nell'archivio`);
    await fs.promises.mkdir(this.cartellaTemporanea, { recursive: true });
    const percorso = path.join(this.cartellaTemporanea, `${crypto.randomUUID()}${path.posix.extname(chiave)}`);
    const rilascia = () => fs.promises.rm(percorso, { force: true });
    try {
      await pipeline(letto.corpo, fs.createWriteStream(percorso, { flags: 'wx', mode: 0o640 }));
    } catch (err) {
      await rilascia();
      throw err;
    }
    return { percorso, rilascia };
  }

  async cancella(chiavi: readonly string[]): Promise<void> {
    for (let i = 0; i < chiavi.length; i += CANCELLA_PER_VOLTA) {
      const parte = chiavi.slice(i, i + CANCELLA_PER_VOLTA);
      const r = await this.client.send(new DeleteObjectsCommand({
        Bucket: this.bucket, Delete: { Objects: parte.map((Key) => ({ Key })), Quiet: true },
      })).catch(traduci);
      if (r.Errors?.length) traduci(new Error(`S3: file non cancellati: ${r.Errors.map((e) => `${e.Key} (${e.Code})`).join(', ')}`));
    }
  }

  async chiudi(): Promise<void> {
    this.client.destroy();
  }
}
