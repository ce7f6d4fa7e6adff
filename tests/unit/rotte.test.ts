import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_ROUTES } from '../../server/routes.js';
import type { AnyContract } from '../../shared/contract.js';

/**
 * The browser's routes (shared/rotte/<area>.ts) are written beside the contracts, not derived from
 * them at run time (that would build the schemas in the browser): the same calls, paths and methods.
 */
const cartella = path.resolve(import.meta.dirname, '../../shared/rotte');
const aree = fs.readdirSync(cartella).filter((f) => f.endsWith('.ts')).map((f) => f.replace(/\.ts$/, ''));

describe('routes of the browser', () => {
  it.each(aree)('shared/rotte/%s.ts names every call of its contracts, with their path and methods', async (area) => {
    const contratti = await import(`../../shared/${area}.ts`) as Record<string, unknown>;
    const rotte = await import(`../../shared/rotte/${area}.ts`) as Record<string, Record<string, { path: string; methods: readonly string[] }>>;
    const [nome, chiamate] = Object.entries(rotte)[0]!;
    const api = contratti[nome.replace(/Rotte$/, 'Api')] as Record<string, AnyContract>;
    expect(api, `${area}: ${nome.replace(/Rotte$/, 'Api')}`).toBeDefined();
    expect(Object.keys(chiamate).sort()).toEqual(Object.keys(api).sort());
    for (const [k, c] of Object.entries(api)) expect(chiamate[k], k).toEqual({ path: c.path, methods: c.methods });
  });

  it('covers every contract the server registers', async () => {
    const registrati = API_ROUTES.flatMap((g) => Object.values(g.contracts) as AnyContract[]).map((c) => c.path).sort();
    const nelBrowser = (await Promise.all(aree.map((a) => import(`../../shared/rotte/${a}.ts`) as Promise<Record<string, Record<string, { path: string }>>>)))
      .flatMap((m) => Object.values(m).flatMap((r) => Object.values(r).map((c) => c.path))).sort();
    expect(nelBrowser).toEqual(registrati);
  });
});
