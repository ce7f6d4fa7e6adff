import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../server/app.js';
import type { AppConfig } from '../../server/config.js';
import type { Database } from '../../server/db/client.js';
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
 * them. Use the returned getter inside tests.
 */
export function useTestApp(): () => TestApp {
  let ctx: TestApp | undefined;
  let drop: (() => Promise<void>) | undefined;
  let dataDir = '';
  beforeAll(async () => {
    const tdb = await createTestDatabase();
    drop = tdb.drop;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-test-data-'));
    const config: AppConfig = {
      env: 'test', port: 0, host: '127.0.0.1', databaseUrl: tdb.url, dataDir,
      mediaDir: path.join(dataDir, 'media'), mailDir: path.join(dataDir, 'mail'),
      mailFrom: 'Portale <noreply@test.local>', officeMail: 'ufficio@test.local',
      sessionTtlHours: 1, seedDemo: false, trustProxy: false, logLevel: 'silent', webDir: undefined,
    };
    const app = await buildApp(config, { logger: false });
    await app.ready();
    ctx = { app, database: tdb.database, config };
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
