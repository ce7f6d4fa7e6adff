import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../server/app.js';
import type { AppConfig } from '../../server/config.js';
import type { Database } from '../../server/db/client.js';
import { configDiTest } from './config.js';
import { createTestDatabase } from './test-db.js';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
}

/** A fingerprint as the SPA sends it (SHA-256 hex). */
export const fingerprint = (seed = 'device-1') =>
  Buffer.from(seed.padEnd(32, '-').slice(0, 32)).toString('hex');

/**
 * Per test file: its own database (cloned template), its own data folder and an app built on
 * them (with `config`'s settings over the test's; a function when they are known only once an
 * earlier beforeAll has run, such as an S3 server's port). Use the returned getter inside tests.
 */
export function useTestApp(config: Partial<AppConfig> | (() => Partial<AppConfig>) = {}): () => TestApp {
  let ctx: TestApp | undefined;
  let drop: (() => Promise<void>) | undefined;
  let dataDir = '';
  beforeAll(async () => {
    const tdb = await createTestDatabase();
    drop = tdb.drop;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-test-data-'));
    const completa = configDiTest(tdb.url, dataDir, typeof config === 'function' ? config() : config);
    const app = await buildApp(completa, { logger: false });
    await app.ready();
    ctx = { app, database: tdb.database, config: completa };
  });
  afterAll(async () => {
    await ctx?.app.close();
    await drop?.();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return () => {
    if (!ctx) throw new Error('useTestApp: app not ready (call it at file level)');
    return ctx;
  };
}

/** The session cookie a response set, as a Cookie header value. */
export function cookieFrom(res: LightMyRequestResponse): string {
  const set = res.cookies.find((c) => c.name === 'sid' || c.name === 'admin_sid');
  if (!set) throw new Error(`no session cookie in response: ${res.body}`);
  return `${set.name}=${set.value}`;
}

/** Logs a customer in through the API and returns the Cookie header. */
export async function loginCliente(app: FastifyInstance, u: { username: string; password: string }, seed = 'device-1'): Promise<string> {
  const res = await app.inject({
    method: 'POST', url: '/api/login/frontendfingerprint',
    payload: { username: u.username, password: u.password, fingerprint: fingerprint(seed) },
  });
  return cookieFrom(res);
}

/** Logs an admin in through the API and returns the Cookie header. */
export async function loginAdmin(app: FastifyInstance, u: { username: string; password: string }): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/login/backend', payload: { username: u.username, password: u.password } });
  return cookieFrom(res);
}
