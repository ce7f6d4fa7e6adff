import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import type { OpzioniS3 } from '../../server/lib/archivio/archivio-s3.js';

const S3RVER = createRequire(import.meta.url).resolve('s3rver/bin/s3rver.js');
/** s3rver's own keys: it checks the requests' signatures against them. */
const CHIAVI = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface ServerS3 {
  /** What the app's config takes (AppConfig.s3), as MEDIA_STORE=s3 with S3_* would give it. */
  opzioni: OpzioniS3;
  /** The same as environment variables, for a server started as a process. */
  env: Record<string, string>;
  /** Stops the process: a store that is down. */
  ferma(): Promise<void>;
  /** Starts it again on the same port with the same files. */
  avvia(): Promise<void>;
  /** Stops it and removes its files. */
  chiudi(): Promise<void>;
}

/**
 * An S3-compatible server (s3rver) as a real process on loopback, on a free port, keeping its
 * files in a temporary folder, with the bucket created through the S3 API.
 */
export async function avviaS3(bucket = 'portale-prova'): Promise<ServerS3> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-s3-'));
  let figlio: ChildProcess | undefined;
  let porta = 0;

  const avvia = () => new Promise<void>((resolve, reject) => {
    // s3rver encrypts ListObjectsV2's continuation tokens (past 1,000 keys) with DES, which
    // OpenSSL 3 keeps in its legacy provider.
    const p = spawn(process.execPath, ['--openssl-legacy-provider', S3RVER, '--directory', dir, '--address', '127.0.0.1', '--port', String(porta), '--silent'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    figlio = p;
    let uscita = '';
    const leggi = (d: Buffer) => {
      uscita += d.toString();
      const m = /listening on [^\s:]+:(\d+)/.exec(uscita);
      if (m) {
        porta = Number(m[1]);
        resolve();
      }
    };
    p.stdout!.on('data', leggi);
    p.stderr!.on('data', leggi);
    p.once('exit', (code) => reject(new Error(`s3rver è uscito (${code}):\n${uscita}`)));
  });
  const ferma = async () => {
    const p = figlio;
    figlio = undefined;
    if (!p || p.exitCode !== null) return;
    await new Promise((r) => { p.once('exit', r); p.kill('SIGTERM'); });
  };

  await avvia();
  const endpoint = `http://127.0.0.1:${porta}`;
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: CHIAVI });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  client.destroy();
  return {
    opzioni: { endpoint, bucket, region: 'us-east-1', forcePathStyle: true, ...CHIAVI },
    env: {
      MEDIA_STORE: 's3', S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_ACCESS_KEY_ID: CHIAVI.accessKeyId, S3_SECRET_ACCESS_KEY: CHIAVI.secretAccessKey,
    },
    ferma,
    avvia,
    chiudi: async () => {
      await ferma();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
