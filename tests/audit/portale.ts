import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type postgres from 'postgres';
import { buildApp } from '../../server/app.js';
import type { AppConfig } from '../../server/config.js';
import { connect } from '../../server/db/client.js';
import { startEmbeddedPostgres } from '../../server/db/embedded.js';
import { runMigrations } from '../../server/db/migrate.js';
import { ArchivioLocale } from '../../server/lib/archivio/archivio-locale.js';
import { seedDemo } from '../../seed/demo.js';
import { avviaNginx } from '../support/nginx.js';

export interface Portale {
  baseUrl: string;
  /** A connection to the portal's database, to pick the pages to audit. */
  sql: postgres.Sql;
  stop: () => Promise<void>;
}

/**
 * The portal as the browser tests start it (tests/e2e/global-setup.ts, portale.ts): the SPA built for
 * production into a folder of its own, an embedded Postgres with the demo data, a server on a
 * free loopback port, and in front of it, as in the deployment, nginx with deploy/nginx/portale.conf
 * (it compresses the API's JSON: docs/decisions/json-compressione-nginx.md). The browser talks to
 * nginx. Everything lives in a temporary folder removed by `stop`. `minify: false` keeps
 * the scripts' names and the bundler's `// module path` comments, for the profile (profilo.ts).
 */
export async function avviaPortale({ minify = true }: { minify?: boolean } = {}): Promise<Portale> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-audit-'));
  const webDir = path.join(dir, 'web');
  const { build } = await import('vite');
  process.env.NODE_ENV = 'production';
  await build({ logLevel: 'warn', mode: 'production', build: { outDir: webDir, emptyOutDir: true, minify } });

  const pg = await startEmbeddedPostgres(path.join(dir, 'postgres'), { persistent: false });
  const db = connect(pg.url, { max: 4 });
  await runMigrations(db);
  const mediaDir = path.join(dir, 'media');
  await seedDemo(db.db, db.sql, { archivio: new ArchivioLocale(mediaDir) });

  const config: AppConfig = {
    env: 'test', port: 0, host: '127.0.0.1', databaseUrl: pg.url, dataDir: dir, mediaDir, mailDir: path.join(dir, 'mail'),
    mailFrom: 'Portale <noreply@audit.local>', officeMail: 'ufficio@audit.local', sessionTtlHours: 2, seedDemo: false,
    trustProxy: true, logLevel: 'silent', webDir,
  };
  const app = await buildApp(config, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  const nginx = await avviaNginx({ cartella: path.join(dir, 'nginx'), upstream: [`127.0.0.1:${port}`] });
  return {
    baseUrl: nginx.url,
    sql: db.sql,
    stop: async () => {
      await nginx.ferma();
      await app.close();
      await db.close();
      await pg.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
