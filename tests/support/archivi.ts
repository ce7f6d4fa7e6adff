/**
 * The media tests run against both stores: `describe.each(ARCHIVI)` with `usaArchivio(tipo)` for
 * the app's config, and `fileDi(config)` to look at what the app stored, read on the side (the
 * folder with fs, the bucket with its own S3 client), never through the code under test.
 */
import fs from 'node:fs';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll } from 'vitest';
import type { AppConfig } from '../../server/config.js';
import type { OpzioniS3 } from '../../server/lib/archivio/archivio-s3.js';
import { avviaS3, type ServerS3 } from './s3.js';

export const ARCHIVI = ['locale', 's3'] as const;
export type TipoArchivio = (typeof ARCHIVI)[number];

export interface ArchivioDiProva {
  /** The part of the app's config for this store (nothing for the folder). */
  config: () => Partial<AppConfig>;
  /** The S3 server's process (undefined for the folder). */
  server: () => ServerS3 | undefined;
}

/** For the enclosing describe: for 's3', a real s3rver process started before its tests and stopped after. */
export function usaArchivio(tipo: TipoArchivio): ArchivioDiProva {
  let server: ServerS3 | undefined;
  if (tipo === 's3') {
    beforeAll(async () => { server = await avviaS3(); });
    afterAll(async () => { await server?.chiudi(); });
  }
  return {
    config: () => (server ? { s3: server.opzioni } : {}),
    server: () => server,
  };
}

export interface FileInArchivio {
  /** Keys under a prefix ('' for all; never the folder's temporary uploads), sorted. */
  elenca(prefisso?: string): Promise<string[]>;
  leggi(chiave: string): Promise<Buffer | undefined>;
  scrivi(chiave: string, dati: Buffer | string): Promise<void>;
}

const clienti = new WeakMap<OpzioniS3, S3Client>();
function clientDi(o: OpzioniS3): S3Client {
  let c = clienti.get(o);
  if (!c) {
    c = new S3Client({
      endpoint: o.endpoint, region: o.region, forcePathStyle: o.forcePathStyle,
      credentials: { accessKeyId: o.accessKeyId!, secretAccessKey: o.secretAccessKey! },
    });
    clienti.set(o, c);
  }
  return c;
}

function nelBucket(o: OpzioniS3): FileInArchivio {
  const c = clientDi(o);
  return {
    async elenca(prefisso = '') {
      const chiavi: string[] = [];
      let token: string | undefined;
      do {
        const r = await c.send(new ListObjectsV2Command({ Bucket: o.bucket, Prefix: prefisso, ContinuationToken: token }));
        chiavi.push(...(r.Contents ?? []).map((x) => x.Key!));
        token = r.NextContinuationToken;
      } while (token);
      return chiavi.sort();
    },
    async leggi(chiave) {
      try {
        const r = await c.send(new GetObjectCommand({ Bucket: o.bucket, Key: chiave }));
        return Buffer.from(await r.Body!.transformToByteArray());
      } catch (err) {
        if ((err as Error).name === 'NoSuchKey') return undefined;
        throw err;
      }
    },
    async scrivi(chiave, dati) {
      await c.send(new PutObjectCommand({ Bucket: o.bucket, Key: chiave, Body: dati }));
    },
  };
}

function nellaCartella(mediaDir: string): FileInArchivio {
  return {
    async elenca(prefisso = '') {
      if (!fs.existsSync(mediaDir)) return [];
      return (fs.readdirSync(mediaDir, { recursive: true }) as string[])
        .filter((p) => !p.startsWith('.tmp') && p.startsWith(prefisso) && fs.statSync(path.join(mediaDir, p)).isFile()).sort();
    },
    async leggi(chiave) {
      const p = path.join(mediaDir, chiave);
      return fs.existsSync(p) ? fs.readFileSync(p) : undefined;
    },
    async scrivi(chiave, dati) {
      const p = path.join(mediaDir, chiave);
      fs.mkdirSync(path.dirname(p), { recursive: true });
      fs.writeFileSync(p, dati);
    },
  };
}

/** The files of the app's media store, as its config names it. */
export const fileDi = (config: Pick<AppConfig, 'mediaDir' | 's3'>): FileInArchivio =>
  (config.s3 ? nelBucket(config.s3) : nellaCartella(config.mediaDir));
