import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { notInArray, sql as dsql } from 'drizzle-orm';
import { readMigrationFiles, type MigrationMeta } from 'drizzle-orm/migrator';
import type postgres from 'postgres';
import { type Database, type Db, inTransazione, type Sql } from './client.js';
import { migraCodaLavori } from './graphile.js';
import { migrazioniRipetibili } from './schema/index.js';

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../migrations');
const SERVER_DIR = path.resolve(import.meta.dirname, '..');
/** The migrator's advisory lock (hashtext of this text): one process at a time migrates a database. */
const LUCCHETTO = 'portale-b2b migrazioni';

/** server/<domain>/sql: the SQL functions, one a file, named after the function. */
export function sqlFunctionDirs(): string[] {
  return fs.readdirSync(SERVER_DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(path.join(SERVER_DIR, d.name, 'sql')))
    .map((d) => path.join(SERVER_DIR, d.name, 'sql'))
    .sort();
}

export interface RepeatableMigration {
  /** The function's name: the file's name without `.sql`. */
  nome: string;
  testo: string;
  checksum: string;
}

/**
 * The function files of the folders, callees before their callers: a `LANGUAGE sql` body is
 * checked when it is created, so what it calls must exist by then. A file calls another when its
 * text (comments aside) has the other's name followed by `(`; ties go by name, so the order is
 * the same on every run.
 */
export function readRepeatableMigrations(dirs: string[]): RepeatableMigration[] {
  const byName = new Map<string, RepeatableMigration>();
  for (const dir of dirs) {
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.sql'))) {
      const nome = file.slice(0, -'.sql'.length);
      if (!/^[a-z_][a-z0-9_]*$/.test(nome)) throw new Error(`${path.join(dir, file)}: name the file after its function`);
      if (byName.has(nome)) throw new Error(`SQL function ${nome} is in two files (${dir})`);
      const testo = fs.readFileSync(path.join(dir, file), 'utf8');
      byName.set(nome, { nome, testo, checksum: crypto.createHash('sha256').update(testo).digest('hex') });
    }
  }
  const names = [...byName.keys()].sort();
  const calls = new Map(names.map((n) => {
    // The repository's own SQL files, read at start: trusted text, not a user's.
    // eslint-disable-next-line regexp/no-super-linear-move
    const code = byName.get(n)!.testo.replace(/--.*$/gm, '');
    return [n, names.filter((other) => other !== n && new RegExp(`\\b${other}\\s*\\(`).test(code))];
  }));
  const ordered: RepeatableMigration[] = [];
  const placed = new Set<string>();
  const visit = (n: string, chain: string[]) => {
    if (placed.has(n)) return;
    if (chain.includes(n)) throw new Error(`SQL functions call each other in a circle: ${[...chain, n].join(' -> ')}`);
    for (const callee of calls.get(n)!) visit(callee, [...chain, n]);
    placed.add(n);
    ordered.push(byName.get(n)!);
  };
  for (const n of names) visit(n, []);
  return ordered;
}

/**
 * Applies drizzle's numbered migrations, then the SQL function files whose text changed since
 * they were last applied, all in one transaction under an advisory lock: processes starting
 * together migrate one after the other, and the later ones find nothing left to do. The job
 * queue's own schema (graphile-worker) is brought up to date first, under the same lock, on its
 * own connection: migrations and functions may queue jobs. The one place drizzle's execute runs
 * (eslint.config.js): the migrations' DDL, as written.
 */
export async function runMigrations(
  database: Database, opts: { migrationsDir?: string; sqlDirs?: string[] } = {},
): Promise<void> {
  const numbered = readMigrationFiles({ migrationsFolder: opts.migrationsDir ?? MIGRATIONS_DIR });
  const repeatable = readRepeatableMigrations(opts.sqlDirs ?? sqlFunctionDirs());
  await inTransazione(database.db, async (tx) => {
    await tx.execute(dsql`SELECT pg_advisory_xact_lock(hashtext(${LUCCHETTO}))`);
    await migraCodaLavori(database.sql);
    await applyNumbered(tx, numbered);
    await applyRepeatable(tx, repeatable);
  });
}

/**
 * Runs `fn` holding the migrator's lock on a connection of its own, for what is done once per
 * database after the migrations (the demo data of an empty one): processes starting together run
 * it one after the other, and the later ones find it done. A session lock, so that `fn` may open
 * its own transactions on the pool (which needs a connection beside this one).
 */
export async function conLucchettoMigrazioni<T>(pool: postgres.Sql, fn: () => Promise<T>): Promise<T> {
  const connessione = await pool.reserve();
  try {
    await connessione`SELECT pg_advisory_lock(hashtext(${LUCCHETTO}))`;
    try {
      return await fn();
    } finally {
      await connessione`SELECT pg_advisory_unlock(hashtext(${LUCCHETTO}))`;
    }
  } finally {
    connessione.release();
  }
}

/** The journal time of the last numbered migration of this code: the `created_at` its row gets. */
export function ultimaMigrazione(migrationsDir = MIGRATIONS_DIR): number {
  return Math.max(...readMigrationFiles({ migrationsFolder: migrationsDir }).map((m) => m.folderMillis));
}

/** Whether the database has every numbered migration up to `ultima` (none at all: false). */
export async function migrazioniApplicate(sql: Sql, ultima: number): Promise<boolean> {
  const [tabella] = await sql<{ c: string | null }[]>`SELECT to_regclass('drizzle.__drizzle_migrations')::text AS c`;
  if (!tabella?.c) return false;
  const [r] = await sql<{ n: number }[]>`
    SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations WHERE created_at >= ${ultima}`;
  return r!.n > 0;
}

/**
 * drizzle-orm's own migrator (PgDialect.migrate), with its bookkeeping unchanged: a migration is
 * applied when its journal `when` is later than the last one recorded (the hash is stored, never
 * compared). Here because drizzle reads that last row before its own transaction and takes no
 * lock, so two processes would both apply the same migration.
 */
async function applyNumbered(tx: Db, migrations: MigrationMeta[]): Promise<void> {
  await tx.execute(dsql`CREATE SCHEMA IF NOT EXISTS drizzle`);
  await tx.execute(dsql`CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (
    id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)`);
  const [last] = await tx.execute<{ created_at: bigint | null }>(
    dsql`SELECT created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1`);
  for (const m of migrations) {
    if (last && Number(last.created_at) >= m.folderMillis) continue;
    for (const stmt of m.sql) await tx.execute(dsql.raw(stmt));
    await tx.execute(dsql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES (${m.hash}, ${m.folderMillis})`);
  }
}

/** Re-applies the files whose checksum differs from the one recorded; forgets removed files. */
async function applyRepeatable(tx: Db, files: RepeatableMigration[]): Promise<void> {
  const applied = new Map((await tx.select().from(migrazioniRipetibili)).map((r) => [r.nome, r.checksum]));
  for (const f of files) {
    if (applied.get(f.nome) === f.checksum) continue;
    await tx.execute(dsql.raw(f.testo));
    await tx.insert(migrazioniRipetibili).values({ nome: f.nome, checksum: f.checksum })
      .onConflictDoUpdate({ target: migrazioniRipetibili.nome, set: { checksum: f.checksum, applicataIl: dsql`now()` } });
  }
  // A file put back after its function was dropped must be applied again.
  const nomi = files.map((f) => f.nome);
  await tx.delete(migrazioniRipetibili)
    .where(nomi.length ? notInArray(migrazioniRipetibili.nome, nomi) : undefined);
}
