import crypto from 'node:crypto';
import postgres from 'postgres';
import { inject } from 'vitest';
import { connect, type Database } from '../../server/db/client.js';
import { withDatabase } from './postgres.js';

/** A fresh database cloned from the migrated template, for one test file. */
export async function createTestDatabase(): Promise<{ url: string; database: Database; drop: () => Promise<void> }> {
  const adminUrl = inject('pgAdminUrl');
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDb')}`);
  const url = withDatabase(adminUrl, name);
  const database = connect(url, { max: 5 });
  return {
    url,
    database,
    drop: async () => {
      await database.close();
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
