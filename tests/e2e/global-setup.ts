import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../../server/app.js';
import type { AppConfig } from '../../server/config.js';
import { connect } from '../../server/db/client.js';
import { ArchivioLocale } from '../../server/lib/archivio/archivio-locale.js';
import { seedDemo } from '../../seed/demo.js';
import { withDatabase } from '../support/postgres.js';
import { findChromium } from './chromium.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    chromiumPath: string;
    e2eDatabaseUrl: string;
    e2eDataDir: string;
  }
}

/**
 * One portal for the browser tests: the SPA freshly built, a database cloned from the migrated
 * template and loaded with the demo data, a server on a free loopback port.
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
  await admin.unsafe('DROP DATABASE IF EXISTS portale_e2e WITH (FORCE)');
  await admin.unsafe(`CREATE DATABASE portale_e2e TEMPLATE ${project.getProvidedContext().templateDb}`);
  await admin.end();
  const databaseUrl = withDatabase(adminUrl, 'portale_e2e');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-e2e-'));
  const mediaDir = path.join(dataDir, 'media');
  const seedDb = connect(databaseUrl, { max: 2 });
  await seedDemo(seedDb.db, seedDb.sql, { archivio: new ArchivioLocale(mediaDir) });
  await seedDb.close();

  const config: AppConfig = {
    env: 'test', port: 0, host: '127.0.0.1', databaseUrl, dataDir, mediaDir, mailDir: path.join(dataDir, 'mail'),
    mailFrom: 'Portale <noreply@test.local>', officeMail: 'ufficio@test.local', sessionTtlHours: 2, seedDemo: false, trustProxy: false,
    logLevel: 'silent', webDir,
  };
  const app = await buildApp(config, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  project.provide('baseUrl', `http://127.0.0.1:${port}`);
  project.provide('chromiumPath', chromiumPath ?? '');
  project.provide('e2eDatabaseUrl', databaseUrl);
  project.provide('e2eDataDir', dataDir);
  return async () => {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(webDir, { recursive: true, force: true });
  };
}
