import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { expect, inject, it } from 'vitest';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { MIGRATIONS_DIR } from '../../../server/db/migrate.js';
import { preparaDatabase } from '../../../server/processo/avvio.js';
import { withDatabase } from '../../support/postgres.js';

// N processes starting together on an empty database: the migrations and the demo data once.
it('three processes starting together on an empty database migrate it and load the demo once', { timeout: 180_000 }, async () => {
  const adminUrl = inject('pgAdminUrl');
  const nome = `t_avvio_${crypto.randomBytes(4).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${nome}`);
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-avvio-media-'));
  const url = withDatabase(adminUrl, nome);
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const esiti = await Promise.allSettled([1, 2, 3].map(() => preparaDatabase({ databaseUrl: url, seedDemo: true, mediaDir })));
    expect(esiti.filter((e) => e.status === 'rejected')).toEqual([]);

    const migrazioni = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR });
    const righe = await sql<{ created_at: string }[]>`SELECT created_at::text FROM drizzle.__drizzle_migrations ORDER BY created_at`;
    expect(righe.map((r) => Number(r.created_at))).toEqual(migrazioni.map((m) => m.folderMillis));
    // The demo once: its accounts, each once.
    const utenti = await sql<{ username: string; n: number }[]>`SELECT username, count(*)::int AS n FROM utenti GROUP BY 1`;
    expect(utenti.map((u) => u.username)).toContain('mario.rossi@ferramentarossi.it');
    expect(utenti.filter((u) => u.n > 1)).toEqual([]);
  } finally {
    await sql.end();
    await admin.unsafe(`DROP DATABASE IF EXISTS ${nome} WITH (FORCE)`);
    await admin.end();
    fs.rmSync(mediaDir, { recursive: true, force: true });
  }
});
