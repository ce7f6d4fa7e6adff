import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileDi } from '../../support/archivi.js';
import { avviaServer, type ProcessoServer } from '../../support/processo-server.js';
import { avviaS3, type ServerS3 } from '../../support/s3.js';
import { createTestDatabase } from '../../support/test-db.js';

// `npm start` as a real process with MEDIA_STORE=s3 and its variables, against a real S3 server:
// the demo's files go into the bucket and /media/ serves them from there; a config that cannot
// work stops the start with its reason in Italian.
let s3: ServerS3;
let tdb: Awaited<ReturnType<typeof createTestDatabase>>;
const cartella = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-avvio-s3-'));
let server: ProcessoServer | undefined;

beforeAll(async () => {
  [s3, tdb] = await Promise.all([avviaS3(), createTestDatabase()]);
});
afterAll(async () => {
  if (server && server.figlio.exitCode === null) server.figlio.kill('SIGTERM');
  await server?.fine;
  await s3?.chiudi();
  await tdb?.drop();
  fs.rmSync(cartella, { recursive: true, force: true });
});

describe('npm start with MEDIA_STORE=s3', () => {
  it("an empty database: the demo's photos and documents go into the bucket, and /media/ serves them from there", async () => {
    server = await avviaServer({ databaseUrl: tdb.url, cartella, env: { ...s3.env, SEED_DEMO: '1' } });
    const media = await tdb.database.sql<{ dir: string; file: string; tipologia: string }[]>`
      SELECT dir, file, tipologia FROM prodotti_media ORDER BY id`;
    expect(media.length).toBeGreaterThan(0);
    const nelBucket = new Set(await fileDi({ mediaDir: cartella, s3: s3.opzioni }).elenca());
    expect(media.filter((m) => !nelBucket.has(`${m.dir}${m.file}`))).toEqual([]);
    const foto = media.find((m) => m.tipologia === 'foto')!;
    const res = await fetch(`${server.url}/media/${foto.dir}${foto.file}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    const atteso = await fileDi({ mediaDir: cartella, s3: s3.opzioni }).leggi(`${foto.dir}${foto.file}`);
    expect(Buffer.from(await res.arrayBuffer()).equals(atteso!)).toBe(true);
    // The local media folder holds nothing but this process's temporary files.
    const locali = path.join(cartella, 'data', 'media');
    expect(fs.existsSync(locali) ? fs.readdirSync(locali).filter((n) => n !== '.tmp') : []).toEqual([]);
    server.figlio.kill('SIGTERM');
    expect(await server.fine).toBe(0);
  });

  it.each([
    [{ MEDIA_STORE: 's3' }, 'S3_BUCKET: obbligatorio con MEDIA_STORE=s3'],
    [{ MEDIA_STORE: 's3', S3_BUCKET: 'portale', S3_ACCESS_KEY_ID: 'chiave' }, 'S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID e S3_SECRET_ACCESS_KEY vanno date insieme'],
    [{ MEDIA_STORE: 'ftp' }, 'MEDIA_STORE:'],
    [{ ERP_EXPORT_PREFIX: '.erp/ordini/' }, 'ERP_EXPORT_PREFIX: solo con MEDIA_STORE=s3'],
    [{ MEDIA_STORE: 's3', S3_BUCKET: 'portale', ERP_EXPORT_PREFIX: 'erp/ordini/' }, 'ERP_EXPORT_PREFIX: deve iniziare con un punto'],
    [{ MEDIA_STORE: 's3', S3_BUCKET: 'P' }, 'S3_BUCKET: nome del bucket non valido'],
  ])('%o: the start stops with "%s"', async (env, messaggio) => {
    const fallito = await avviaServer({ databaseUrl: tdb.url, cartella, env })
      .then((p) => { p.figlio.kill('SIGKILL'); return 'avviato'; }, (err: Error) => err.message);
    expect(fallito).toContain('Configurazione non valida:');
    expect(fallito).toContain(messaggio);
  });
});
