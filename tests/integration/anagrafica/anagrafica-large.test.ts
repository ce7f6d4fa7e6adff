import { describe, expect, it } from 'vitest';
import { generateCliente, seedLargeAnagrafica } from '../../../seed/anagrafica-large.js';
import { CLIENTI } from '../../../seed/demo-anagrafica.js';
import { createAzienda, createCliente } from '../../support/factories.js';
import { useTestApp } from '../../support/harness.js';

const t = useTestApp();
const NOW = new Date('2025-03-01T10:00:00Z');

describe('large clients and users', () => {
  it('grows clients and users to the totals, deterministically, each generated client with a user', async () => {
    const { db, sql } = t().database;
    await createAzienda(db, { codice: '0001' });
    await createAzienda(db, { codice: '0002' });
    // The demo's clients come first; generated users go to generated clients only.
    for (const _ of CLIENTI) await createCliente(db, { aziendaCodice: '0001' });
    const res = await seedLargeAnagrafica(sql, { clienti: 612, utenti: 700, now: NOW });
    expect(res).toEqual({ clientiAggiunti: 600, utentiAggiunti: 700 });
    const [c] = await sql<{ n: number; aziende: number; senza_utente: number; senza_sede: number; codici: number }[]>`
      select count(*)::int as n, count(distinct azienda_codice)::int as aziende,
        count(*) filter (where not exists (select 1 from utenti_clienti uc where uc.cliente_id = c.id))::int as senza_utente,
        count(*) filter (where not exists (select 1 from sedi s where s.cliente_id = c.id))::int as senza_sede,
        count(distinct (azienda_codice, codice))::int as codici
      from clienti c where id > ${CLIENTI.length}`;
    expect(c).toEqual({ n: 600, aziende: 2, senza_utente: 0, senza_sede: 0, codici: 600 });
    const [row] = await sql<{ ragione_sociale: string; email: string; codice: string }[]>`
      select ragione_sociale, email, codice from clienti where id = ${CLIENTI.length + 1}`;
    const g = generateCliente(CLIENTI.length);
    expect(row).toEqual({ ragione_sociale: g.ragioneSociale, email: g.email, codice: '100012' });
    const [u] = await sql<{ n: number; usernames: number; doppi: number }[]>`
      select count(*)::int as n, count(distinct lower(username))::int as usernames,
        (select count(*)::int from (select utente_id from utenti_clienti group by 1 having count(*) > 1) d) as doppi
      from utenti`;
    expect(u!.n).toBe(700);
    expect(u!.usernames).toBe(700);
    expect(u!.doppi).toBeGreaterThan(0);
    expect(await seedLargeAnagrafica(sql, { clienti: 612, utenti: 700, now: NOW })).toEqual({ clientiAggiunti: 0, utentiAggiunti: 0 });
  });
});
