import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Task } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.js';
import { importaFile } from '../../../server/import/in-coda.js';
import { ProcessiImport } from '../../../server/import/processo/avvia.js';
import { cartellaTemporanea } from '../../../server/lib/upload/ricevi-file.js';
import { ARCHIVI, fileDi, usaArchivio } from '../../support/archivi.js';
import { createAdmin, createProdotto } from '../../support/factories.js';
import { loginAdmin, useTestApp } from '../../support/harness.js';
import { carica, finita, modulo } from '../../support/importazioni.js';

// The import files waiting in the queue live in the media store: the web process that receives
// one keeps it there, the worker that runs it (with S3, on another host) takes a local copy for
// its child process, and the file goes when the run ends, whatever the way it ends.
describe.each(ARCHIVI)('import files in the media store: %s', (tipo) => {
  const archivio = usaArchivio(tipo);
  const t = useTestApp(archivio.config);
  const file = () => fileDi(t().config);
  let tecnico = '';
  let base = '';
  let worker: FastifyInstance;
  const altroHost = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-worker-'));

  beforeAll(async () => {
    const { db } = t().database;
    await createProdotto(db, { codiceProdotto: 'ARC1', disponibilita: 10, giacAttuale: 10 });
    tecnico = await loginAdmin(t().app, await createAdmin(db, { tipologia: 'tecnico' }));
    // This app only receives: its jobs run in the worker. With S3 the worker has a disk of its
    // own; the folder store works only for processes that share the folder.
    await t().app.deps.lavori.stop();
    base = await t().app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await worker?.close();
    fs.rmSync(altroHost, { recursive: true, force: true });
  });

  const lavoro = () => importaFile(t().database.db, t().app.deps.archivio, {
    databaseUrl: t().config.databaseUrl, archivio: { mediaDir: t().config.mediaDir, s3: t().config.s3 }, urlPortale: 'http://localhost', dataDir: t().config.dataDir,
    processi: new ProcessiImport(512, t().app.log, false),
  }, { warn: () => {} });
  const tentativo = (attempts: number) => ({ job: { attempts, max_attempts: 4 } }) as unknown as Parameters<Task>[1];
  const registra = async (stato: string, salvato: string) => (await t().database.sql<{ id: number }[]>`
    INSERT INTO importazioni (tipo, file, origine, autore, soglia, stato, file_salvato, nuove)
    VALUES ('giacenze', 'prova.csv', 'admin', 'tec.import', 1, ${stato}, ${salvato}, 0) RETURNING id`)[0]!.id;
  const record = async (id: number) => (await t().database.sql<{ stato: string; motivo: string | null; file_salvato: string | null }[]>`
    SELECT stato, motivo, file_salvato FROM importazioni WHERE id = ${id}`)[0]!;

  it('kept by the web process, run by the worker from its own copy, then let go', async () => {
    const r = await carica(base, modulo({ tipo: 'giacenze' }, 'codice_prodotto;disponibilita\nARC1;4\n'), { cookie: tecnico });
    const [{ id }] = await t().database.sql<{ id: number }[]>`SELECT max(id)::int AS id FROM importazioni`;
    // Queued: the file is in the store under its key, and nothing runs it yet.
    const { file_salvato: chiave } = await record(id);
    expect(chiave).toMatch(/^\.importazioni\/[0-9a-f-]{36}\.csv$/);
    expect(await file().elenca('.importazioni/')).toEqual([chiave]);
    worker = await buildApp({
      ...t().config, ...(tipo === 's3' ? { dataDir: altroHost, mediaDir: path.join(altroHost, 'media') } : {}),
    }, { logger: false });
    const fine = await finita(t().app, r, { cookie: tecnico });
    expect(fine).toMatchObject({ status: 0, importazione: { id, stato: 'applicata', modificate: 1 } });
    const [g] = await t().database.sql`SELECT disponibilita FROM giacenze JOIN prodotti ON prodotto_id = id WHERE codice_prodotto = 'ARC1'`;
    expect(g).toEqual({ disponibilita: 4 });
    // The run's job lets its file go once the run has ended.
    await expect.poll(async () => (await record(fine.importazione.id)).file_salvato, { timeout: 10_000, interval: 50 }).toBeNull();
    expect(await file().elenca('.importazioni/')).toEqual([]);
    // The worker's local copy is gone with the run.
    const tmp = cartellaTemporanea(worker.deps.config.mediaDir);
    expect(fs.existsSync(tmp) ? fs.readdirSync(tmp) : []).toEqual([]);
  });

  it('a queued file missing from the store waits for its next attempt, then ends failed and is let go', async () => {
    const id = await registra('in_attesa', '.importazioni/perso.csv');
    await expect(lavoro()({ id }, tentativo(1))).rejects.toThrow();
    expect(await record(id)).toMatchObject({ stato: 'in_attesa', file_salvato: '.importazioni/perso.csv' });
    // The last attempt records the failure and ends the job (nothing left to retry).
    await lavoro()({ id }, tentativo(3));
    expect(await record(id)).toMatchObject({ stato: 'fallita', motivo: expect.stringMatching(/^Importazione non riuscita dopo 3 tentativi/), file_salvato: null });
    // A job that comes again after its run has ended does nothing.
    await lavoro()({ id }, tentativo(1));
    expect((await record(id)).stato).toBe('fallita');
  });

  it("a run whose server died during its last attempt ends failed at the job's extra attempt, its file let go", async () => {
    await file().scrivi('.importazioni/orfano.csv', 'codice_prodotto;disponibilita\nARC1;1\n');
    const id = await registra('in_corso', '.importazioni/orfano.csv');
    await lavoro()({ id }, tentativo(4));
    expect(await record(id)).toEqual({
      stato: 'fallita', motivo: 'Importazione non riuscita: il server che la eseguiva si è fermato durante ognuno dei 3 tentativi', file_salvato: null,
    });
    expect(await file().elenca('.importazioni/')).toEqual([]);
  });

  it('a retried job whose run ended with its data only lets the file go; so does a run queued with the old absolute path', async () => {
    await file().scrivi('.importazioni/applicato.csv', 'codice_prodotto;disponibilita\nARC1;1\n');
    await file().scrivi('.importazioni/vecchio.csv', 'codice_prodotto;disponibilita\nARC1;1\n');
    const ids = [
      await registra('applicata', '.importazioni/applicato.csv'),
      await registra('applicata', path.join(t().config.mediaDir, '.importazioni', 'vecchio.csv')),
    ];
    for (const id of ids) await lavoro()({ id }, tentativo(2));
    for (const id of ids) expect(await record(id)).toMatchObject({ stato: 'applicata', file_salvato: null });
    expect(await file().elenca('.importazioni/')).toEqual([]);
  });
});
