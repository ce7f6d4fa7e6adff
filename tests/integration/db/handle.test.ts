import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { inTransazione, type Sql } from '../../../server/db/client.js';
import { aziende } from '../../../server/db/schema/index.js';
import { useTestApp } from '../../support/harness.js';

const t = useTestApp();

const conta = async (sql: Sql, codice: string) =>
  (await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM aziende WHERE codice = ${codice}`)[0]!.n;

describe('one database handle (db, db.$client, inTransazione)', () => {
  it('gives the pool for the database and the same connection inside a transaction', async () => {
    const { db } = t().database;
    expect(db.$client).toBe(t().database.sql);
    await expect(inTransazione(db, async (tx) => {
      await tx.insert(aziende).values({ codice: 'TX01', ragioneSociale: 'Dentro la transazione' });
      // postgres.js on the transaction's connection sees the row drizzle wrote, not yet committed.
      expect(await conta(tx.$client, 'TX01')).toBe(1);
      expect(await conta(db.$client, 'TX01')).toBe(0);
      throw new Error('annulla');
    })).rejects.toThrow('annulla');
    expect(await db.select().from(aziende).where(eq(aziende.codice, 'TX01'))).toEqual([]);
  });

  it('commits what the transaction wrote when its function resolves', async () => {
    const { db } = t().database;
    const codice = await inTransazione(db, async (tx) => {
      await tx.$client`INSERT INTO aziende (codice, ragione_sociale) VALUES ('TX02', 'Confermata')`;
      return 'TX02';
    });
    expect(await conta(db.$client, codice)).toBe(1);
  });

  it('opens a savepoint inside a transaction: a failure there undoes its own work only', async () => {
    const { db } = t().database;
    await inTransazione(db, async (tx) => {
      await tx.insert(aziende).values({ codice: 'TX03', ragioneSociale: 'Esterna' });
      await expect(inTransazione(tx, async (sp) => {
        await sp.insert(aziende).values({ codice: 'TX04', ragioneSociale: 'Interna' });
        expect(await conta(tx.$client, 'TX04')).toBe(1);
        throw new Error('annulla il savepoint');
      })).rejects.toThrow('annulla il savepoint');
      // The transaction goes on after the savepoint's rollback.
      expect(await conta(tx.$client, 'TX04')).toBe(0);
      await inTransazione(tx, async (sp) => sp.insert(aziende).values({ codice: 'TX05', ragioneSociale: 'Interna confermata' }));
    });
    expect(await conta(db.$client, 'TX03')).toBe(1);
    expect(await conta(db.$client, 'TX04')).toBe(0);
    expect(await conta(db.$client, 'TX05')).toBe(1);
  });
});
