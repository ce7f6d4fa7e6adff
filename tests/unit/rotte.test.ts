import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CARTELLA_ROTTE, generaRotte } from '../../scripts/genera-rotte.js';
import { API_ROUTES } from '../../server/routes.js';
import type { AnyContract } from '../../shared/contract.js';

/**
 * The browser's routes (shared/rotte/<area>.ts) are generated from the contracts by
 * scripts/genera-rotte.ts and committed (the SPA, the type checker and the e2e build read them
 * without a step): they must be what the generator writes now.
 */
const committed = () => new Map(fs.readdirSync(CARTELLA_ROTTE).filter((f) => f.endsWith('.ts')).sort()
  .map((f) => [f, fs.readFileSync(path.join(CARTELLA_ROTTE, f), 'utf8')]));

describe('routes of the browser', () => {
  it('shared/rotte/ is what the generator writes from the contracts', async () => {
    const generati = await generaRotte();
    const scritti = committed();
    expect([...scritti.keys()], 'shared/rotte/ holds the generated files only: run npm run rotte (a hand-written module goes elsewhere)').toEqual([...generati.keys()]);
    for (const [f, testo] of generati) expect(scritti.get(f), `shared/rotte/${f} is stale: run npm run rotte`).toBe(testo);
  });

  it('covers every contract the server registers', async () => {
    const registrati = API_ROUTES.flatMap((g) => Object.values(g.contracts) as AnyContract[]).map((c) => c.path).sort();
    const aree = [...committed().keys()].map((f) => f.replace(/\.ts$/, ''));
    const nelBrowser = (await Promise.all(aree.map((a) => import(`../../shared/rotte/${a}.ts`) as Promise<Record<string, Record<string, { path: string }>>>)))
      .flatMap((m) => Object.values(m).flatMap((r) => Object.values(r).map((c) => c.path))).sort();
    expect(nelBrowser).toEqual(registrati);
  });
});
