import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { connect } from '../../server/db/client.js';
import { runMigrations } from '../../server/db/migrate.js';
import { startTestPostgres, withDatabase } from './postgres.js';

export const TEMPLATE_DB = 'portale_template';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    templateDb: string;
  }
}

/** Starts one Postgres, migrates a template database; each test file clones it. */
export default async function setup(project: TestProject) {
  const pg = await startTestPostgres();
  try {
    const admin = postgres(pg.adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
    await admin.unsafe(`CREATE DATABASE ${TEMPLATE_DB}`);
    await admin.end();
    const tpl = connect(withDatabase(pg.adminUrl, TEMPLATE_DB), { max: 1 });
    try {
      await runMigrations(tpl.db);
    } finally {
      await tpl.close();
    }
  } catch (err) {
    await pg.stop();
    throw err;
  }
  project.provide('pgAdminUrl', pg.adminUrl);
  project.provide('templateDb', TEMPLATE_DB);
  return async () => {
    await pg.stop();
  };
}
