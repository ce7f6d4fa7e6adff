import { beforeAll, describe, expect, it } from 'vitest';
import { createAzienda, createBrand, createCliente, createUtente } from '../../support/factories.js';
import { loginCliente, useTestApp } from '../../support/harness.js';

// Broad terms (over 2,000 estimated matches) take their own path in search_prodotti_uncached
// (server/catalogo/sql/): tiers fetched one by one while the page is not full. It must answer exactly
// what the full sort of every match would: strict title words, then title prefixes, then the
// other fields, each by popularity.
const t = useTestApp();
let cookie = '';

beforeAll(async () => {
  const { db } = t().database;
  const az = await createAzienda(db, { codice: '0001' });
  const c = await createCliente(db, { aziendaCodice: az.codice, codice: '000100' });
  cookie = await loginCliente(t().app, await createUtente(db, { clienti: [c.id] }));
  await createBrand(db, { brandCodice: '000', nome: 'Senza marchio' });
  await db.$client`
    INSERT INTO prodotti (codice_prodotto, descrizione1, descrizione2, popolarita, status)
    SELECT 'TA-' || lpad(g::text, 5, '0'),
      CASE g % 4 WHEN 0 THEN 'Trapano avvitatore ' || g WHEN 1 THEN 'Trapanatrice a colonna ' || g
        WHEN 2 THEN 'Mandrino autoserrante ' || g ELSE 'Punta per metallo ' || g END,
      CASE WHEN g % 4 = 2 AND g % 3 = 0 THEN 'Ricambio per trapano' ELSE '' END,
      (g * 7919) % 500,
      CASE WHEN g % 97 = 0 THEN 1 ELSE 0 END
    FROM generate_series(1, 6000) g`;
  await db.$client`SELECT refresh_search_vocab()`;
  await db.$client`ANALYZE prodotti`;
});

const ids = async (q: string, lim: number, off: number) =>
  (await t().database.sql<{ ids: number[] }[]>`SELECT ids FROM search_prodotti_uncached(${q}, ${lim}, ${off})`)[0]!.ids;

const reference = async (q: string, lim: number, off: number) =>
  (await t().database.sql<{ ids: number[] }[]>`
    SELECT coalesce(array_agg(id ORDER BY rn), '{}') AS ids FROM (
      SELECT p.id, row_number() OVER (ORDER BY
        CASE WHEN p.title_doc @@ b.q_strict THEN 2 WHEN p.title_doc @@ b.q_full THEN 3 ELSE 4 END, p.popolarita DESC, p.id) AS rn
      FROM prodotti p, search_build(${q}) b
      WHERE p.search_doc @@ b.q_full AND p.status = 0 AND p.deleted_at IS NULL) r
    WHERE rn > ${off} AND rn <= ${off + lim}`)[0]!.ids;

/** Postgres's estimate of the matches, which picks the path (over 2,000: broad). */
const estimate = async (q: string) => {
  const [{ qf }] = await t().database.sql<{ qf: string }[]>`SELECT q_full::text AS qf FROM search_build(${q})`;
  const [row] = await t().database.sql.unsafe(`EXPLAIN (FORMAT JSON) SELECT 1 FROM prodotti WHERE search_doc @@ '${qf.replace(/'/g, "''")}'::tsquery`);
  return (row as unknown as { 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] })['QUERY PLAN'][0].Plan['Plan Rows'];
};

describe('search on broad terms', () => {
  it.each(['trapano', 'trap', 'trapan'])('"%s" takes the broad path and pages exactly like the full sort', async (q) => {
    expect(await estimate(q)).toBeGreaterThan(2000);
    for (const [lim, off] of [[50, 0], [50, 1450], [50, 1500], [100, 2950], [50, 4400], [25, 6000]] as const) {
      expect(await ids(q, lim, off), `${q} ${lim}@${off}`).toEqual(await reference(q, lim, off));
    }
  });

  it('answers the API with the exact total and the tiers in order', async () => {
    const res = await t().app.inject({
      url: `/api/search/prodotti?cod_azienda=0001&cod_cliente=000100&stringa=trapano&start=1500&limit=50`, headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { prodotti: { titolo: string }[]; totaleProdotti: number };
    const [{ n }] = await t().database.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM prodotti p, search_build('trapano') b
      WHERE p.search_doc @@ b.q_full AND p.status = 0 AND p.deleted_at IS NULL`;
    expect(body.totaleProdotti).toBe(n);
    expect(body.prodotti.map((p) => p.titolo.split(' ')[0])).toContain('Trapanatrice');
  });
});
