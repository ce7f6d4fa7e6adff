import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../../server/db/client.js';
import { createTestDatabase } from '../../support/test-db.js';

// un_refuso (server/catalogo/sql/un_refuso.sql): one letter changed, added, dropped, or two adjacent
// letters swapped; nothing else.
let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
});
afterAll(async () => {
  await drop();
});

const unRefuso = async (a: string, b: string) =>
  (await database.sql<{ r: boolean }[]>`SELECT un_refuso(${a}, ${b}) AS r`)[0]!.r;

it('is true for one edit of any kind, anywhere in the word', async () => {
  const casi: [string, string][] = [
    ['trapnao', 'trapano'], ['rtapano', 'trapano'], ['trapaon', 'trapano'], // swaps, at the start and the end
    ['percusione', 'percussione'], ['trapanno', 'trapano'], ['rapano', 'trapano'], ['trapan', 'trapano'], // dropped, added
    ['trapamo', 'trapano'], ['xrapano', 'trapano'], ['trapanx', 'trapano'], // changed
  ];
  for (const [a, b] of casi) expect(await unRefuso(a, b), `${a} → ${b}`).toBe(true);
});

it('is false for the same word, two edits, or words of other lengths', async () => {
  const casi: [string, string][] = [
    ['trapano', 'trapano'], ['trpnao', 'trapano'], ['trapnoa', 'trapano'], ['martello', 'trapano'], ['trapanone', 'trapano'], ['tra', 'trapano'],
  ];
  for (const [a, b] of casi) expect(await unRefuso(a, b), `${a} → ${b}`).toBe(false);
});
