import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sqlOf } from '../../../server/db/client.js';
import { aziende } from '../../../server/db/schema/index.js';
import { useTestApp } from '../../support/harness.js';

const t = useTestApp();

describe('one database handle (sqlOf)', () => {
  it('gives the pool for the database and the same connection inside a transaction', async () => {
    const { db } = t().database;
    expect(sqlOf(db)).toBe(t().database.sql);
    await expect(db.transaction(async (tx) => {
      await tx.insert(aziende).values({ codice: 'TX01', ragioneSociale: 'Dentro la transazione' });
      // postgres.js on the transaction's connection sees the row drizzle wrote, not yet committed.
      const inside = await sqlOf(tx)<{ n: number }[]>`SELECT count(*)::int AS n FROM aziende WHERE codice = 'TX01'`;
      expect(inside[0]!.n).toBe(1);
      const outside = await sqlOf(db)<{ n: number }[]>`SELECT count(*)::int AS n FROM aziende WHERE codice = 'TX01'`;
      expect(outside[0]!.n).toBe(0);
      throw new Error('annulla');
    })).rejects.toThrow('annulla');
    expect(await db.select().from(aziende).where(eq(aziende.codice, 'TX01'))).toEqual([]);
  });
});
