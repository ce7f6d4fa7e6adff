import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connect, type Database } from '../../../server/db/client.js';
import { MIGRATIONS_DIR, readRepeatableMigrations, runMigrations, sqlFunctionDirs } from '../../../server/db/migrate.js';
import { createTestDatabase } from '../../support/test-db.js';
import { withDatabase } from '../../support/postgres.js';

// The migrator (server/db/migrate.ts): numbered migrations, then the SQL function files applied
// again only when their text changed, callees first, all or nothing, one process at a time.
let database: Database;
let drop: () => Promise<void>;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-sql-'));
beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
});
afterAll(async () => {
  await drop?.();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** pg_proc rows are rewritten by CREATE OR REPLACE: their xmin tells whether a file was applied. */
const versions = async (names: string[]) => Object.fromEntries((await database.sql<{ proname: string; xmin: string }[]>`
  SELECT proname, xmin::text FROM pg_proc WHERE proname = ANY(${names}::text[])`).map((r) => [r.proname, r.xmin]));
const recorded = () => database.sql<{ nome: string; checksum: string; applicata_il: Date }[]>`
  SELECT nome, checksum, applicata_il FROM migrazioni_ripetibili ORDER BY nome`;

/** A folder of function files: alfa (LANGUAGE sql, checked at creation) calls zeta. */
const folder = (name: string, files: Record<string, string>) => {
  const dir = path.join(tmp, name);
  fs.mkdirSync(dir);
  for (const [f, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, `${f}.sql`), text);
  return dir;
};
const zeta = (n: number) => `CREATE OR REPLACE FUNCTION zeta() RETURNS int LANGUAGE sql AS $$ SELECT ${n} $$;\n`;
const ALFA = '-- Calls zeta(), so zeta comes first.\nCREATE OR REPLACE FUNCTION alfa() RETURNS int LANGUAGE sql AS $$ SELECT zeta() * 10 $$;\n';

describe('repeatable migrations', () => {
  it('records every function file of server/*/sql, and a second run applies nothing', async () => {
    const files = readRepeatableMigrations(sqlFunctionDirs());
    const before = await recorded();
    expect(before.map((r) => r.nome)).toEqual(files.map((f) => f.nome).sort());
    expect(before.map((r) => r.checksum)).toEqual([...files].sort((a, b) => a.nome.localeCompare(b.nome)).map((f) => f.checksum));
    const procs = await versions(files.map((f) => f.nome));
    expect(Object.keys(procs).sort()).toEqual(files.map((f) => f.nome).sort());
    const [{ n: numbered }] = await database.sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`;

    await runMigrations(database);

    expect(await recorded()).toEqual(before);
    expect(await versions(files.map((f) => f.nome))).toEqual(procs);
    expect((await database.sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`)[0]!.n).toBe(numbered);
  });

  it('orders callees before callers, whatever their names', () => {
    const dir = folder('ordine', { alfa: ALFA, zeta: zeta(1), beta: 'CREATE OR REPLACE FUNCTION beta() RETURNS int LANGUAGE sql AS $$ SELECT alfa() $$;\n' });
    expect(readRepeatableMigrations([dir]).map((f) => f.nome)).toEqual(['zeta', 'alfa', 'beta']);
    expect(readRepeatableMigrations(sqlFunctionDirs()).map((f) => f.nome).indexOf('prezzo_netto'))
      .toBeLessThan(readRepeatableMigrations(sqlFunctionDirs()).map((f) => f.nome).indexOf('crea_ordine'));
  });

  it('refuses functions that call each other in a circle, and two files of one name', () => {
    const giro = folder('giro', {
      uno: 'CREATE OR REPLACE FUNCTION uno() RETURNS int LANGUAGE sql AS $$ SELECT due() $$;\n',
      due: 'CREATE OR REPLACE FUNCTION due() RETURNS int LANGUAGE sql AS $$ SELECT uno() $$;\n',
    });
    expect(() => readRepeatableMigrations([giro])).toThrow(/circle: due -> uno -> due/);
    const bis = folder('bis', { zeta: zeta(1) });
    expect(() => readRepeatableMigrations([folder('mono', { zeta: zeta(1) }), bis])).toThrow(/zeta is in two files/);
  });

  it('applies a file again only when its text changed', async () => {
    const dir = folder('cambia', { alfa: ALFA, zeta: zeta(1) });
    await runMigrations(database, { sqlDirs: [dir] });
    expect((await database.sql`SELECT alfa() AS v`)[0]!.v).toBe(10);
    // Files no longer in the folders are forgotten (here: the real ones).
    expect((await recorded()).map((r) => r.nome)).toEqual(['alfa', 'zeta']);
    const first = await versions(['alfa', 'zeta']);

    await runMigrations(database, { sqlDirs: [dir] });
    expect(await versions(['alfa', 'zeta'])).toEqual(first);

    fs.writeFileSync(path.join(dir, 'zeta.sql'), zeta(2));
    await runMigrations(database, { sqlDirs: [dir] });
    expect((await database.sql`SELECT alfa() AS v`)[0]!.v).toBe(20);
    const second = await versions(['alfa', 'zeta']);
    expect(second.alfa).toBe(first.alfa);
    expect(second.zeta).not.toBe(first.zeta);
    const zetaRow = (await recorded()).find((r) => r.nome === 'zeta')!;
    expect(zetaRow.checksum).toBe(crypto.createHash('sha256').update(zeta(2)).digest('hex'));
  });

  it('applies the changed files all or none', async () => {
    const dir = folder('rotto', { alfa: ALFA, zeta: zeta(3) });
    await runMigrations(database, { sqlDirs: [dir] });
    const before = await recorded();
    fs.writeFileSync(path.join(dir, 'zeta.sql'), zeta(4));
    fs.writeFileSync(path.join(dir, 'alfa.sql'), 'CREATE OR REPLACE FUNCTION alfa() RETURNS int LANGUAGE sql AS $$ SELECT nessuna() $$;\n');
    await expect(runMigrations(database, { sqlDirs: [dir] })).rejects.toThrow(/nessuna/);
    expect(await recorded()).toEqual(before);
    expect((await database.sql`SELECT zeta() AS v`)[0]!.v).toBe(3);
  });
});

describe('migrating an existing database', () => {
  it('brings a database of before the function files up to date, with several processes at once', async () => {
    // The database as it was before this change: numbered migrations up to 0010, no files.
    const old = path.join(tmp, 'migrations-0010');
    fs.cpSync(MIGRATIONS_DIR, old, { recursive: true });
    const journalPath = path.join(old, 'meta', '_journal.json');
    const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as { entries: { idx: number }[] };
    const total = journal.entries.length;
    journal.entries = journal.entries.filter((e) => e.idx <= 10);
    fs.writeFileSync(journalPath, JSON.stringify(journal));

    const adminUrl = inject('pgAdminUrl');
    const name = `t_mig_${crypto.randomBytes(4).toString('hex')}`;
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE ${name}`);
    const processes = [0, 1, 2].map(() => connect(withDatabase(adminUrl, name), { max: 1 }));
    try {
      // As the migrator was then: drizzle's own, up to 0010.
      await migrate(processes[0]!.db, { migrationsFolder: old });
      const { sql } = processes[0]!;
      await sql`INSERT INTO search_cache (key, ids, total) VALUES ('p|1|0|x', '{1}', 1)`;

      await Promise.all(processes.map((p) => runMigrations(p)));

      const [{ n }] = await sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`;
      expect(n).toBe(total);
      const files = readRepeatableMigrations(sqlFunctionDirs());
      expect((await sql`SELECT nome FROM migrazioni_ripetibili ORDER BY nome`).map((r) => r.nome))
        .toEqual(files.map((f) => f.nome).sort());
      // 0011 left the hand-made search tables as they were: still UNLOGGED, rows kept.
      expect((await sql`SELECT relpersistence FROM pg_class WHERE relname = 'search_cache'`)[0]!.relpersistence).toBe('u');
      expect((await sql`SELECT count(*)::int AS n FROM search_cache`)[0]!.n).toBe(1);
      // The setting once given by migration 0006 now comes with the definition.
      const conf = await sql`SELECT proname, proconfig FROM pg_proc WHERE proname IN ('search_build', 'search_prodotti_uncached') ORDER BY 1`;
      expect(conf).toEqual([
        { proname: 'search_build', proconfig: ['plan_cache_mode=auto'] },
        { proname: 'search_prodotti_uncached', proconfig: ['plan_cache_mode=auto'] },
      ]);
    } finally {
      await Promise.all(processes.map((p) => p.close()));
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
