import { avviaServer } from '../../support/processo-server.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProcessiImport } from '../../../server/import/processo/avvia.js';
import { createAdmin, createProdotto } from '../../support/factories.js';
import { loginAdmin, useTestApp } from '../../support/harness.js';
import { carica, finita, modulo } from '../../support/importazioni.js';
import { createTestDatabase } from '../../support/test-db.js';
import { xlsx } from '../../support/xlsx-a-mano.js';

// An import runs in a process of its own under a memory ceiling (server/import/processo/): a
// file that needs more ends its run with a reason while the server answers, and the queue goes
// on; a server that dies, even killed, takes its import's process with it and the run's
// transaction is rolled back.
// Started ahead, as where the portal runs: the first file takes the process waiting, the next one
// the process started after it.
const t = useTestApp({ importMemoriaMb: 64, importProcessoPronto: true });
let base = '';
let tecnico = '';

beforeAll(async () => {
  const { db } = t().database;
  await createProdotto(db, { codiceProdotto: 'PRC1', descrizione1: 'Tassello', disponibilita: 10, giacAttuale: 10 });
  tecnico = await loginAdmin(t().app, await createAdmin(db, { tipologia: 'tecnico' }));
  base = await t().app.listen({ port: 0, host: '127.0.0.1' });
});

describe("an import's own process", () => {
  it('dies of its memory ceiling with a reason, not retried; the server answers and the next file is imported', async () => {
    // 600,000 shared texts of 100 characters: within every limit, but some 70 MB to keep (the
    // ceiling is 64 MB here, 1,024 by default).
    const testi = `<si><t>${'Vite zincata '.repeat(8)}xxxx</t></si>`.repeat(600_000);
    const pesante = await carica(base, modulo({ tipo: 'giacenze' }, xlsx({ righe: '<row r="1"/>', testi }), 'giacenze.xlsx'), { cookie: tecnico });
    const dopo = await carica(base, modulo({ tipo: 'giacenze' }, 'codice_prodotto;disponibilita\nPRC1;4\n'), { cookie: tecnico });
    const r = await finita(t().app, pesante, { cookie: tecnico });
    expect(r).toMatchObject({
      status: 1, importazione: { stato: 'fallita' },
      msg: "Importazione interrotta: il file ha richiesto più memoria del limite dell'importazione (64 MB)",
    });
    expect((await finita(t().app, dopo, { cookie: tecnico })).importazione).toMatchObject({ stato: 'applicata', modificate: 1 });
    // Its job is done, not waiting for another attempt.
    await expect.poll(async () => (await t().database.sql`SELECT 1 FROM graphile_worker.jobs WHERE task_identifier = 'importa_file'`).length).toBe(0);
  });
});

/** Gone or a zombie (once its parent is dead, nobody may reap it here). */
const finito = (pid: number) => {
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.startsWith('Z') ?? true;
  } catch {
    return true;
  }
};

describe('the import process started ahead', () => {
  const nulla = { warn: () => {} };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-import-pronto-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const lavoro = (file: string) => ({
    databaseUrl: t().config.databaseUrl, archivio: { mediaDir: t().config.mediaDir }, urlPortale: 'http://localhost', percorso: file,
    opzioni: { tipo: 'giacenze' as const, file: 'giacenze.csv', autore: { origine: 'cli' as const, nome: 'test' }, prova: true },
  });

  it('waits for the next run, which takes it; the next one is started after the run; ferma ends the one waiting', async () => {
    const file = path.join(dir, 'giacenze.csv');
    fs.writeFileSync(file, 'codice_prodotto;disponibilita\nPRC1;9\n');
    const processi = new ProcessiImport(256, nulla, true);
    processi.prepara();
    const primo = processi.inAttesa!;
    expect(finito(primo)).toBe(false);
    processi.prepara();
    expect(processi.inAttesa).toBe(primo);
    expect(await processi.esegui(lavoro(file))).toEqual({ tipo: 'fatto' });
    // The run had that process, which ended with it; another waits for the next.
    expect(finito(primo)).toBe(true);
    const secondo = processi.inAttesa!;
    expect(secondo).toBeDefined();
    expect(secondo).not.toBe(primo);
    const [run] = await t().database.sql<{ stato: string }[]>`SELECT stato FROM importazioni WHERE file = 'giacenze.csv' AND origine = 'cli' ORDER BY id DESC LIMIT 1`;
    expect(run!.stato).toBe('verificata');
    processi.ferma();
    await expect.poll(() => finito(secondo), { timeout: 10_000 }).toBe(true);
    processi.prepara();
    expect(processi.inAttesa).toBeUndefined();
  });

  it('starts none ahead when not asked to', async () => {
    const file = path.join(dir, 'giacenze-2.csv');
    fs.writeFileSync(file, 'codice_prodotto;disponibilita\nPRC1;8\n');
    const senza = new ProcessiImport(256, nulla, false);
    senza.prepara();
    expect(senza.inAttesa).toBeUndefined();
    expect(await senza.esegui(lavoro(file))).toEqual({ tipo: 'fatto' });
    expect(senza.inAttesa).toBeUndefined();
  });
});

describe('a server killed during an import', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-import-processo-'));
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => { db = await createTestDatabase(); });
  afterAll(async () => {
    await db?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("takes its import's process with it, and Postgres rolls the run back", async () => {
    const { sql } = db.database;
    await createProdotto(db.database.db, { codiceProdotto: 'PRC2', descrizione1: 'Rondella', disponibilita: 10, giacAttuale: 10 });
    const admin = await createAdmin(db.database.db, { tipologia: 'tecnico' });
    const server = await avviaServer({ databaseUrl: db.url, cartella: dir });
    // Another import holds the import lock: the run waits for it inside its transaction.
    const altro = await sql.reserve();
    try {
      const indirizzo = server.url;
      const login = await fetch(`${indirizzo}/api/login/backend`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: admin.username, password: admin.password }),
      });
      const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
      await altro`SELECT pg_advisory_lock(hashtext('portale_import'))`;
      const coda = await carica(indirizzo, modulo({ tipo: 'giacenze' }, 'codice_prodotto;disponibilita\nPRC2;3\n'), { cookie });
      expect(coda.status).toBe(200);
      let nome = '';
      await expect.poll(async () => {
        const [a] = await sql<{ nome: string }[]>`
          SELECT application_name AS nome FROM pg_stat_activity WHERE application_name LIKE 'portale-import-%' AND wait_event_type = 'Lock'`;
        nome = a?.nome ?? '';
        return nome;
      }, { timeout: 20_000, interval: 100 }).toMatch(/^portale-import-\d+$/);
      const figlio = Number(nome.slice('portale-import-'.length));
      expect(finito(figlio)).toBe(false);

      server.figlio.kill('SIGKILL');
      await expect.poll(() => finito(figlio), { timeout: 10_000, interval: 50 }).toBe(true);
      await expect.poll(async () => (await sql`SELECT 1 FROM pg_stat_activity WHERE application_name LIKE 'portale-import-%'`).length,
        { timeout: 10_000, interval: 100 }).toBe(0);
    } finally {
      server.figlio.kill('SIGKILL');
      await altro`SELECT pg_advisory_unlock(hashtext('portale_import'))`;
      altro.release();
    }
    const [g] = await sql`SELECT disponibilita FROM giacenze JOIN prodotti ON id = prodotto_id WHERE codice_prodotto = 'PRC2'`;
    expect(g!.disponibilita).toBe(10);
  });
});
