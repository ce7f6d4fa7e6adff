import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The project's own ESLint config (eslint.config.js), on code as it would sit at `file`. */
const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '../..') });
async function regole(file: string, code: string): Promise<string[]> {
  const [r] = await eslint.lintText(code, { filePath: path.resolve(import.meta.dirname, '../..', file) });
  return r!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('the lint rules that hold one way to query (eslint.config.js)', () => {
  it("refuse drizzle's execute outside the migrator, and a second way to a transaction or to the driver", async () => {
    const servizio = 'server/prova/prova.service.ts';
    expect(await regole(servizio, 'await db.execute(sql`SELECT 1`);')).toEqual([expect.stringMatching(/execute re-plans/)]);
    expect(await regole('server/db/migrate.ts', 'await tx.execute(sql.raw(stmt));')).toEqual([]);
    expect(await regole(servizio, 'await db.transaction(async (tx) => tx);')).toEqual([expect.stringMatching(/inTransazione/)]);
    expect(await regole(servizio, 'await sql.begin(async (tx) => tx);')).toEqual([expect.stringMatching(/inTransazione/)]);
    expect(await regole(servizio, 'await tx.savepoint(async (sp) => sp);')).toEqual([expect.stringMatching(/inTransazione/)]);
    expect(await regole(servizio, 'const c = db._.session.client;')).toEqual([expect.stringMatching(/session is private/)]);
    expect(await regole(servizio, 'await sqlOf(db)`SELECT 1`;')).toEqual([expect.stringMatching(/sqlOf is gone/)]);
    // The helper itself, scripts and tests may open postgres.js transactions; a query's own execute() is no db.execute.
    expect(await regole('server/db/client.ts', 'client.begin(corpo);')).toEqual([]);
    expect(await regole('seed/prova.ts', 'await sql.begin(async (tx) => tx);')).toEqual([]);
    expect(await regole('server/app.ts', 'await database.sql`select 1`.execute();')).toEqual([]);
    expect(await regole(servizio, 'await inTransazione(db, async (tx) => tx.$client`SELECT 1`);')).toEqual([]);
  });

  it("give postgres.js's tagged template and drizzle's helper one name each", async () => {
    const servizio = 'server/prova/prova.service.ts';
    const nomi = [expect.stringMatching(/is named sql; drizzle's sql helper is imported as dsql/)];
    expect(await regole(servizio, "import { eq, sql } from 'drizzle-orm';")).toEqual(nomi);
    expect(await regole('tests/prova.test.ts', "import { sql as s } from 'drizzle-orm/sql';")).toEqual(nomi);
    expect(await regole(servizio, 'const pg = tx.$client;')).toEqual(nomi);
    expect(await regole(servizio, 'let dsql = 1;')).toEqual(nomi);
    expect(await regole(servizio, 'export const f = (dsql: Sql) => dsql`SELECT 1`;')).toEqual(nomi);
    expect(await regole(servizio, "import { eq, sql as dsql } from 'drizzle-orm';\nconst sql = db.$client;\nexport const f = (sql: Sql) => sql`now()`;")).toEqual([]);
  });

  it('keep route files to input, a service call and the answer', async () => {
    const route = 'server/prova/prova.routes.ts';
    expect(await regole(route, "import { eq } from 'drizzle-orm';")).toEqual([expect.stringMatching(/Route files call services/)]);
    expect(await regole(route, "import postgres from 'postgres';")).toEqual([expect.stringMatching(/Route files call services/)]);
    expect(await regole(route, "import { inTransazione } from '../db/client.js';")).toEqual([expect.stringMatching(/Route files call services/)]);
    expect(await regole(route, "import { aziende } from '../db/schema/index.js';")).toEqual([expect.stringMatching(/Route files call services/)]);
    expect(await regole(route, 'const r = await deps.db.$client`SELECT 1`;')).toEqual([expect.stringMatching(/No SQL in route files/)]);
    expect(await regole(route, "import { leggi } from './prova.service.js';\nthrow badRequest(`Il campo ${campo} non è valido.`);")).toEqual([]);
  });

  it('let only route files see deps', async () => {
    expect(await regole('server/prova/prova.service.ts', "import type { Deps } from '../deps.js';"))
      .toEqual([expect.stringMatching(/not Deps/)]);
    expect(await regole('server/prova/prova.routes.ts', "import type { Deps } from '../deps.js';")).toEqual([]);
  });

  it('let only route files and the access layer reach deps', async () => {
    const servizio = 'server/prova/prova.service.ts';
    for (const code of [
      'const db = req.server.deps.db;',
      'const c = request.server.deps.config;',
      'const i = app.deps.impostazioni;',
      'const { deps } = req.server;',
      'export const leggi = async ({ deps }) => deps;',
    ]) expect(await regole(servizio, code), code).toEqual([expect.stringMatching(/deps is seen by route files/)]);
    expect(await regole('server/prova/prova.routes.ts', 'const db = req.server.deps.db;')).toEqual([]);
    expect(await regole('server/auth/access.ts', 'const db = req.server.deps.db;')).toEqual([]);
    expect(await regole('server/lib/route.ts', 'const c = app.deps.config;')).toEqual([]);
  });
});

describe('the lint rules that keep patterns over user text linear (docs/decisions/linear-time-patterns.md)', () => {
  it('refuse in server/ and shared/ a pattern that backtracks or moves more than linearly', async () => {
    expect(await regole('server/prova/prova.service.ts', 'export const f = (t: string) => /^(.*?)[\\s,]*\\s(\\d+)$/.exec(t);'))
      .toEqual([expect.stringMatching(/^regexp\/no-super-linear-backtracking/)]);
    expect(await regole('shared/prova.ts', "export const f = (t: string) => t.replace(/0+$/, '');"))
      .toEqual([expect.stringMatching(/^regexp\/no-super-linear-move/)]);
    expect(await regole('shared/prova.ts', "export const f = (t: string) => t.replace(/^0+/, '');")).toEqual([]);
  });
});

describe('the lint rules of the SPA (docs/decisions/lint-web.md)', () => {
  it('refuse a hook called conditionally and an effect that leaves out what it reads', async () => {
    const file = 'web/prova/Prova.tsx';
    expect(await regole(file, "import { useState } from 'react';\nexport function P({ a }: { a: boolean }) { if (a) { const [x] = useState(0); return x; } return 0; }"))
      .toEqual([expect.stringMatching(/^react-hooks\/rules-of-hooks/)]);
    expect(await regole(file, "import { useEffect } from 'react';\nexport function P({ n }: { n: number }) { useEffect(() => { document.title = String(n); }, []); return null; }"))
      .toEqual([expect.stringMatching(/^react-hooks\/exhaustive-deps: React Hook useEffect has a missing dependency: 'n'/)]);
    expect(await regole(file, "import { useEffect } from 'react';\nexport function P({ n }: { n: number }) { useEffect(() => { document.title = String(n); }, [n]); return null; }"))
      .toEqual([]);
  });

  it("refuse jsx-a11y's recommended findings: a page's autofocus, a click on what the keyboard cannot reach, an empty link", async () => {
    const file = 'web/prova/Prova.tsx';
    expect(await regole(file, 'export const P = () => <input aria-label="Cerca" autoFocus />;'))
      .toEqual([expect.stringMatching(/^jsx-a11y\/no-autofocus/)]);
    expect(await regole(file, 'export const P = ({ f }: { f: () => void }) => <div onClick={f}>Apri</div>;'))
      .toEqual(expect.arrayContaining([expect.stringMatching(/^jsx-a11y\/(click-events-have-key-events|no-static-element-interactions)/)]));
    expect(await regole(file, 'export const P = () => <a href="/x" />;')).toEqual([expect.stringMatching(/^jsx-a11y\/anchor-has-content/)]);
    expect(await regole(file, 'export const P = ({ f }: { f: () => void }) => <button type="button" onClick={f}>Apri</button>;')).toEqual([]);
  });
});
