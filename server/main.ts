import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from './app.js';
import { ConfigError, configFromEnv, parseEnv } from './config.js';
import { connect } from './db/client.js';
import { startEmbeddedPostgres, type EmbeddedDb } from './db/embedded.js';
import { runMigrations } from './db/migrate.js';
import { isDatabaseEmpty, seedDemo } from '../seed/index.js';

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
    await runMigrations(setup.db);
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
    await app.close();
    await embedded?.stop();
    process.exit(0);
  };
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
