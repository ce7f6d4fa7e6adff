import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { connect } from '../../server/db/client.js';
import { ArchivioLocale } from '../../server/lib/archivio/archivio-locale.js';
import { seedDemo } from '../../seed/demo.js';
import { withDatabase } from '../support/postgres.js';
import { findChromium } from './chromium.js';

export const E2E_TEMPLATE_DB = 'portale_e2e_template';

declare module 'vitest' {
  export interface ProvidedContext {
    chromiumPath: string;
    /** The migrated database with the demo data, which each e2e file clones (tests/e2e/portale.ts). */
    e2eTemplateDb: string;
    /** The demo data's media, which each e2e file links into its own data folder. */
    e2eMediaDir: string;
    /** The SPA, built once for every file's server. */
    e2eWebDir: string;
  }
}

/**
 * Each seeded file's name, size and time: the files' folders link to them (tests/e2e/portale.ts),
 * so a server that wrote into one in place would change it here too.
 */
function elenco(dir: string): string {
  const righe: string[] = [];
  const visita = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) visita(p);
      else {
        const st = fs.statSync(p);
        righe.push(`${path.relative(dir, p)} ${st.size} ${st.mtimeMs}`);
      }
    }
  };
  visita(dir);
  return righe.sort().join('\n');
}

/**
 * What every browser test file starts from, made once: the SPA freshly built, and the demo data
 * seeded into a template database (cloned from the migrated one) with its media folder. Each file
 * then runs on a database and a server of its own (tests/e2e/portale.ts): no file sees another's
 * changes (docs/decisions/e2e-database-per-file.md).
 */
export default async function setup(project: TestProject) {
  const chromiumPath = findChromium();
  if (!chromiumPath) {
    const msg = 'Chromium non trovato: installa il pacchetto Debian "chromium" oppure imposta CHROMIUM_PATH.';
    if (process.env.CI === 'true') throw new Error(msg);
    console.warn(`\n\n!!!!! ${msg} I test end-to-end vengono SALTATI. !!!!!\n\n`);
  }
  // The SPA as production builds it, in a folder of its own: vitest sets NODE_ENV=test, which would
  // give React's development build, and dist/web is what `npm start` serves.
  const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-e2e-web-'));
  const { build } = await import('vite');
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ logLevel: 'warn', mode: 'production', build: { outDir: webDir, emptyOutDir: true } });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }

  const adminUrl = project.getProvidedContext().pgAdminUrl;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`DROP DATABASE IF EXISTS ${E2E_TEMPLATE_DB} WITH (FORCE)`);
  await admin.unsafe(`CREATE DATABASE ${E2E_TEMPLATE_DB} TEMPLATE ${project.getProvidedContext().templateDb}`);
  const seedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-e2e-seed-'));
  const mediaDir = path.join(seedDir, 'media');
  const seedDb = connect(withDatabase(adminUrl, E2E_TEMPLATE_DB), { max: 2 });
  try {
    await seedDemo(seedDb.db, seedDb.sql, { archivio: new ArchivioLocale(mediaDir) });
  } finally {
    await seedDb.close();
  }
  // No connection may reach the template from now on: CREATE DATABASE … TEMPLATE needs it idle.
  await admin.unsafe(`ALTER DATABASE ${E2E_TEMPLATE_DB} WITH ALLOW_CONNECTIONS false`);
  await admin.end();
  const seminati = elenco(mediaDir);

  project.provide('chromiumPath', chromiumPath ?? '');
  project.provide('e2eTemplateDb', E2E_TEMPLATE_DB);
  project.provide('e2eMediaDir', mediaDir);
  project.provide('e2eWebDir', webDir);
  return async () => {
    const cambiati = elenco(mediaDir) !== seminati;
    const fine = postgres(adminUrl, { max: 1, onnotice: () => {} });
    // Every file drops its own database: one left over is a leak.
    const rimasti = (await fine<{ datname: string }[]>`SELECT datname FROM pg_database WHERE datname LIKE 'e2e\\_%'`).map((r) => r.datname);
    await fine.unsafe(`DROP DATABASE IF EXISTS ${E2E_TEMPLATE_DB}`);
    await fine.end();
    fs.rmSync(seedDir, { recursive: true, force: true });
    fs.rmSync(webDir, { recursive: true, force: true });
    if (cambiati) throw new Error('e2e: i media seminati sono cambiati durante il run (un server ha scritto sul posto un file collegato).');
    if (rimasti.length) throw new Error(`e2e: database dei file non cancellati: ${rimasti.join(', ')}`);
  };
}
