import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/client.js';
import { createTestDatabase } from '../../support/test-db.js';

// prezzo_netto (server/catalogo/sql/prezzo_netto.sql), called with SQL: the net price rules
// (docs/regole/catalogo.md#net-price) that product pages and crea_ordine share. Which list price is passed in (the client's
// list) is checked through crea_ordine (crea_ordine.test.ts).
let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
});
afterAll(async () => drop?.());

const netto = async (listino: string | null, speciale: string | null, sconto: string | null, fattore: string | null = null) => {
  const [r] = await database.sql<{ p: string | null }[]>`
    SELECT prezzo_netto(${listino}::numeric, ${speciale}::numeric, ${fattore}::numeric, ${sconto}::numeric) AS p`;
  return r!.p;
};
const applicati = async (speciale: string | null, catena: string | null, sconto: string | null) => {
  const [r] = await database.sql<{ s: string }[]>`
    SELECT sconti_applicati(${speciale}::numeric, ${catena}::text, ${sconto}::numeric) AS s`;
  return r!.s;
};

describe('prezzo_netto', () => {
  it('is the list price less the client discount, rounded to three decimals', async () => {
    expect(await netto('10', null, '12.5')).toBe('8.750');
    expect(await netto('9.999', null, '33.33')).toBe('6.666');
    expect(await netto('0.005', null, '10')).toBe('0.005'); // 0.0045 rounds half up
  });

  it('is the list price itself without a discount (0 or none)', async () => {
    expect(await netto('10', null, '0')).toBe('10.000');
    expect(await netto('10', null, null)).toBe('10.000');
  });

  it('is the special price when the client has one, discount or not, lower or higher than the list', async () => {
    expect(await netto('10', '7.5', '20')).toBe('7.5');
    expect(await netto('10', '12.000', '50')).toBe('12.000');
    expect(await netto(null, '3.250', null)).toBe('3.250');
  });

  it('counts a missing list price as 0', async () => {
    expect(await netto(null, null, '10')).toBe('0.000');
    expect(await netto(null, null, null)).toBe('0.000');
  });

  it('gives 0 at a 100 % discount', async () => {
    expect(await netto('10', null, '100')).toBe('0.000');
  });

  it('is the list price times the chain factor when a chain applies, instead of the client discount', async () => {
    expect(await netto('10', null, '20', '0.513')).toBe('5.130');
    expect(await netto('9.999', null, null, '0.8465625')).toBe('8.465'); // 8.46465...
    expect(await netto('10', null, '20', '1')).toBe('10.000'); // a chain of 0 beats the client discount
    expect(await netto('10', '7.5', '20', '0.513')).toBe('7.5'); // the special price beats the chain
  });

  it('names the chain applied: none for a special price, the chain, else the client discount as one step', async () => {
    expect(await applicati('7.5', '40+10+5', '20')).toBe('');
    expect(await applicati(null, '40+10+5', '20')).toBe('40+10+5');
    expect(await applicati(null, null, '12.50')).toBe('12,5');
    expect(await applicati(null, null, '0.00')).toBe('');
    expect(await applicati(null, null, null)).toBe('');
  });
});
