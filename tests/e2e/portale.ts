import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import postgres from 'postgres';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { buildApp } from '../../server/app.js';
import type { AppConfig } from '../../server/config.js';
import { withDatabase } from '../support/postgres.js';

/** One e2e file's portal: its database, its data folder (media and mail), its server. */
export interface PortaleDiTest {
  /** The file's own database, cloned from the seeded e2e template; known at once, created in beforeAll. */
  readonly databaseUrl: string;
  /** The file's own data folder: media (the seeded files, linked) and mail. */
  readonly dataDir: string;
  readonly mediaDir: string;
  /** The server's address, once beforeAll has started it. */
  readonly baseUrl: string;
}

let corrente: PortaleDiTest | undefined;

/**
 * The seeded media as hard links in a folder of the file's own: three times faster than copying
 * the bytes (docs/decisions/e2e-database-per-file.md). Safe because the portal never writes a
 * stored file in place: the media store writes a new file and renames it over the old name, or
 * removes the name first (server/lib/archivio/archivio-locale.ts), which leaves the seeded file
 * alone; the global teardown checks that every seeded file kept its size and time.
 */
async function collega(da: string, a: string): Promise<void> {
  await fs.promises.mkdir(a, { recursive: true });
  const voci = await fs.promises.readdir(da, { withFileTypes: true });
  await Promise.all(voci.map((v) => (v.isDirectory()
    ? collega(path.join(da, v.name), path.join(a, v.name))
    : fs.promises.link(path.join(da, v.name), path.join(a, v.name)))));
}

/** The portal of the file running (browser.ts's baseUrl and pages use it). */
export function portaleCorrente(): PortaleDiTest {
  if (!corrente) throw new Error('portaleDiTest(): chiamalo a livello di file, prima di usare il browser o baseUrl().');
  return corrente;
}

/**
 * Per e2e file, called at file level before anything else of the file's (its afterAll then runs
 * last: vitest runs after-hooks in reverse order): a database cloned from the e2e template (demo
 * data seeded once by tests/e2e/global-setup.ts), a data folder with the seeded media (linked),
 * and a server on them (buildApp on a free loopback port, the SPA built once). afterAll closes the
 * server, drops the database — without FORCE: a connection the file left open fails the file, by
 * name — and removes the folder. The file's own postgres() clients on `databaseUrl` must be ended
 * in its own afterAll.
 */
export function portaleDiTest(): PortaleDiTest {
  if (corrente) throw new Error('portaleDiTest(): un solo portale per file.');
  const adminUrl = inject('pgAdminUrl');
  const nome = `e2e_${path.basename(expect.getState().testPath ?? 'file', '.test.ts').replace(/\W/g, '_').slice(0, 30)}_${crypto.randomBytes(4).toString('hex')}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-e2e-file-'));
  const mediaDir = path.join(dataDir, 'media');
  let app: FastifyInstance | undefined;
  let indirizzo = '';
  let creato = false;
  const portale: PortaleDiTest = {
    databaseUrl: withDatabase(adminUrl, nome),
    dataDir,
    mediaDir,
    get baseUrl() {
      if (!indirizzo) throw new Error('portaleDiTest(): il server parte in beforeAll.');
      return indirizzo;
    },
  };
  corrente = portale;

  const tempi: Record<string, number> = {};
  const misura = async <T>(nome: string, f: () => Promise<T>): Promise<T> => {
    const t0 = performance.now();
    try {
      return await f();
    } finally {
      tempi[nome] = Math.round(performance.now() - t0);
    }
  };

  beforeAll(async () => {
    const config: AppConfig = {
      env: 'test', port: 0, host: '127.0.0.1', databaseUrl: portale.databaseUrl, dataDir, mediaDir, mailDir: path.join(dataDir, 'mail'),
      mailFrom: 'Portale <noreply@test.local>', officeMail: 'ufficio@test.local', sessionTtlHours: 2, seedDemo: false, trustProxy: false,
      logLevel: 'silent', webDir: inject('e2eWebDir'),
    };
    const server = async () => {
      const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
      try {
        await misura('db', () => admin.unsafe(`CREATE DATABASE ${nome} TEMPLATE ${inject('e2eTemplateDb')}`));
        creato = true;
      } finally {
        await admin.end();
      }
      app = await misura('app', () => buildApp(config, { logger: false }));
      await misura('listen', () => app!.listen({ port: 0, host: '127.0.0.1' }));
      const address = app.server.address();
      indirizzo = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    };
    // The media (in libuv's threads) while Postgres clones the database and the server starts.
    await Promise.all([server(), misura('media', () => collega(inject('e2eMediaDir'), mediaDir))]);
  });

  /**
   * DROP DATABASE waits up to 5 s for the database's sessions to end; on a busy machine the
   * server's closed connections can take longer to go, so it is tried three times (a connection a
   * test left open stays open, and fails the third).
   */
  const drop = async (admin: postgres.Sql) => {
    for (let tentativo = 1; ; tentativo++) {
      try {
        await admin.unsafe(`DROP DATABASE ${nome}`);
        return;
      } catch (err) {
        if ((err as { code?: string }).code !== '55006' || tentativo === 3) throw err;
      }
    }
  };

  afterAll(async () => {
    const errori: string[] = [];
    try {
      await misura('close', async () => { await app?.close(); });
    } catch (err) {
      errori.push(`chiusura del server: ${(err as Error).message}`);
    }
    const database = async () => {
      if (!creato) return;
      const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
      try {
        try {
          await misura('drop', () => drop(admin));
        } catch (err) {
          // A connection still open: named, then ended, so the run leaks no database.
          const aperte = await admin<{ application_name: string; state: string; query: string }[]>`
            SELECT application_name, state, left(query, 120) AS query FROM pg_stat_activity WHERE datname = ${nome}`;
          errori.push(`DROP DATABASE ${nome}: ${(err as Error).message}; connessioni aperte: ${JSON.stringify(aperte)}`);
          await admin.unsafe(`DROP DATABASE IF EXISTS ${nome} WITH (FORCE)`);
        }
      } finally {
        await admin.end();
      }
    };
    await Promise.all([database(), misura('rm', () => fs.promises.rm(dataDir, { recursive: true, force: true }))]);
    corrente = undefined;
    if (process.env.E2E_TEMPI) console.log(`portaleDiTest ${nome}: ${JSON.stringify(tempi)} ms`);
    if (errori.length) throw new Error(`portaleDiTest: ${errori.join('; ')}`);
  });

  return portale;
}
