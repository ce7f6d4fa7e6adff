import { beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createAzienda, createCliente, createOrdine, createProdotto, createUtente } from '../../support/factories.js';
import { loginAdmin, loginCliente, useTestApp } from '../../support/harness.js';

// ordini/stats (docs/regole/admin.md#statistics) over the rollups of server/statistiche/: only accepted orders
// (response_code '201') count, months are Europe/Rome's, rankings hold at most 10 rows.
const t = useTestApp();
let admin = '';
let tecnico = '';
let cliente = '';
const clienti: { id: number; codice: string; azienda: string; cookie: string; utente: string }[] = [];
const storicoIds: number[] = [];

beforeAll(async () => {
  const { db } = t().database;
  admin = await loginAdmin(t().app, await createAdmin(db, { tipologia: 'amministratore' }));
  tecnico = await loginAdmin(t().app, await createAdmin(db, { tipologia: 'tecnico' }));
  const az = await createAzienda(db);
  for (let i = 0; i < 3; i++) {
    const c = await createCliente(db, { aziendaCodice: az.codice });
    const u = await createUtente(db, { clienti: [c.id] });
    clienti.push({ id: c.id, codice: c.codice, azienda: az.codice, utente: u.codice, cookie: await loginCliente(t().app, u, `device-${i}`) });
  }
  cliente = clienti[0]!.cookie;
  for (let k = 1; k <= 12; k++) {
    await createProdotto(db, { codiceProdotto: `K${k}`, descrizione1: `Articolo ${k}`, prezzi: { 1: `${k}.250` }, disponibilita: 10_000 });
  }
});

const stats = (q = '', cookie = admin) => t().app.inject({ url: `/api/ordini/stats${q}`, headers: { cookie } });

/**
 * Rows where the rollups and a full recomputation from ordini/ordini_righe disagree, per section
 * (the rollups' anno 0 is all years): all zero when the rollups are right.
 */
/** Differences between the rollups (the queue folded first, as ordini/stats does) and a recount. */
async function differenze() {
  await t().database.sql`SELECT applica_statistiche()`;
  const [d] = await t().database.sql<{ mesi: number; prodotti: number; clienti: number; righe: number }[]>`
    WITH ok AS (SELECT o.*, extract(year FROM o.created_at AT TIME ZONE 'Europe/Rome')::int AS anno,
        extract(month FROM o.created_at AT TIME ZONE 'Europe/Rome')::int AS mese
      FROM ordini o WHERE o.response_code = '201'),
    mesi AS (SELECT anno, mese, count(*)::int AS n, sum(totale) AS imp FROM ok GROUP BY 1, 2),
    mesi_r AS (SELECT anno::int, mese::int, sum(numero_ordini)::int AS n, sum(importo_totale) AS imp FROM stat_ordini_mese GROUP BY 1, 2),
    prod AS (SELECT a.anno, r.codice_prodotto, sum(r.qt)::bigint AS q, sum(r.qt * r.prezzo_reale) AS imp
      FROM ok JOIN ordini_righe r ON r.ordine_id = ok.id CROSS JOIN LATERAL (VALUES (0), (ok.anno)) a(anno) GROUP BY 1, 2),
    prod_r AS (SELECT anno::int, codice_prodotto, quantita_totale AS q, importo_totale AS imp FROM stat_prodotti_anno),
    cli AS (SELECT a.anno, ok.cliente_id, count(*)::int AS n, sum(ok.totale) AS imp
      FROM ok CROSS JOIN LATERAL (VALUES (0), (ok.anno)) a(anno) GROUP BY 1, 2),
    cli_r AS (SELECT anno::int, cliente_id, numero_ordini AS n, importo_totale AS imp FROM stat_clienti_anno)
    SELECT
      (SELECT count(*) FROM ((SELECT * FROM mesi EXCEPT SELECT * FROM mesi_r) UNION ALL (SELECT * FROM mesi_r EXCEPT SELECT * FROM mesi)) x)::int AS mesi,
      (SELECT count(*) FROM ((SELECT * FROM prod EXCEPT SELECT * FROM prod_r) UNION ALL (SELECT * FROM prod_r EXCEPT SELECT * FROM prod)) x)::int AS prodotti,
      (SELECT count(*) FROM ((SELECT * FROM cli EXCEPT SELECT * FROM cli_r) UNION ALL (SELECT * FROM cli_r EXCEPT SELECT * FROM cli)) x)::int AS clienti,
      (SELECT count(*) FROM stat_prodotti_anno)::int AS righe`;
  return d!;
}

describe('ordini/stats on a small history', () => {
  beforeAll(async () => {
    const { db, sql } = t().database;
    const [a, b] = clienti;
    const [{ id: utenteId }] = await sql<{ id: number }[]>`SELECT id FROM utenti ORDER BY id LIMIT 1`;
    // [client, created_at (UTC), response_code, lines [code, qt, net price]]
    const storia: [typeof a, string, string, [string, number, string][]][] = [
      [a, '2024-01-15T10:00:00Z', '201', [['P1', 2, '10.000'], ['P2', 1, '5.500']]],
      [a, '2024-03-10T09:00:00Z', '201', [['P1', 3, '10.000']]],
      [b, '2024-03-20T09:00:00Z', '201', [['P3', 10, '1.255']]],
      [b, '2024-03-21T09:00:00Z', '500', [['P3', 100, '1.000']]], // refused by the ERP: not counted
      [b, '2024-12-31T23:30:00Z', '201', [['P2', 4, '5.500']]], // 1 January 2025 in Italy
      [a, '2025-03-05T10:00:00Z', '201', [['P3', 1, '1.255']]],
    ];
    for (const [c, at, code, righe] of storia) {
      const o = await createOrdine(db, {
        utenteId: utenteId!, clienteId: c!.id, aziendaCodice: 'AZ', clienteCodice: c!.codice, utenteCodice: 'U', clienteNome: `Nome ${c!.codice}`,
        responseCode: code, createdAt: new Date(at),
        righe: righe.map(([codice, qt, prezzo]) => ({ codiceProdotto: codice, prodottoNome: `Prodotto ${codice}`, qt, prezzo })),
      });
      storicoIds.push(o.id);
    }
    // Copied in rather than placed through crea_ordine, as the seeds do.
    await sql`SELECT ricalcola_statistiche()`;
  });

  it('answers one year: its months, products by quantity, clients by orders', async () => {
    const [a, b] = clienti;
    const res = await stats('?anno=2024');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ordiniEImportiPerMeseAnno: [
        { anno: 2024, mese: 1, numero_ordini: 1, importo_totale: '25.50' },
        { anno: 2024, mese: 3, numero_ordini: 2, importo_totale: '42.55' },
      ],
      prodottiPiuComprati: [
        { codice_prodotto: 'P3', prodotto_nome: 'Prodotto P3', quantita_totale: 10, importo_totale: '12.55' },
        { codice_prodotto: 'P1', prodotto_nome: 'Prodotto P1', quantita_totale: 5, importo_totale: '50.00' },
        { codice_prodotto: 'P2', prodotto_nome: 'Prodotto P2', quantita_totale: 1, importo_totale: '5.50' },
      ],
      clientiPiuAttiviEImportoSpeso: [
        { cliente_codice: a!.codice, cliente_nome: `Nome ${a!.codice}`, numero_ordini: 2, importo_totale: '55.50' },
        { cliente_codice: b!.codice, cliente_nome: `Nome ${b!.codice}`, numero_ordini: 1, importo_totale: '12.55' },
      ],
    });
    // An order at 00:30 of 1 January in Italy is January's; equal counts rank by amount.
    const y2025 = (await stats('?anno=2025')).json();
    expect(y2025.ordiniEImportiPerMeseAnno).toEqual([
      { anno: 2025, mese: 1, numero_ordini: 1, importo_totale: '22.00' },
      { anno: 2025, mese: 3, numero_ordini: 1, importo_totale: '1.26' },
    ]);
    expect(y2025.clientiPiuAttiviEImportoSpeso.map((c: { cliente_codice: string }) => c.cliente_codice)).toEqual([b!.codice, a!.codice]);
    expect((await stats('?anno=2023')).json()).toEqual({ ordiniEImportiPerMeseAnno: [], prodottiPiuComprati: [], clientiPiuAttiviEImportoSpeso: [] });
  });

  it('answers all years without anno, to every kind of admin', async () => {
    const [a, b] = clienti;
    const res = await stats('', tecnico);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ordiniEImportiPerMeseAnno: [
        { anno: 2024, mese: 1, numero_ordini: 1, importo_totale: '25.50' },
        { anno: 2024, mese: 3, numero_ordini: 2, importo_totale: '42.55' },
        { anno: 2025, mese: 1, numero_ordini: 1, importo_totale: '22.00' },
        { anno: 2025, mese: 3, numero_ordini: 1, importo_totale: '1.26' },
      ],
      prodottiPiuComprati: [
        { codice_prodotto: 'P3', prodotto_nome: 'Prodotto P3', quantita_totale: 11, importo_totale: '13.81' },
        { codice_prodotto: 'P1', prodotto_nome: 'Prodotto P1', quantita_totale: 5, importo_totale: '50.00' },
        { codice_prodotto: 'P2', prodotto_nome: 'Prodotto P2', quantita_totale: 5, importo_totale: '27.50' },
      ],
      clientiPiuAttiviEImportoSpeso: [
        { cliente_codice: a!.codice, cliente_nome: `Nome ${a!.codice}`, numero_ordini: 3, importo_totale: '56.76' },
        { cliente_codice: b!.codice, cliente_nome: `Nome ${b!.codice}`, numero_ordini: 2, importo_totale: '34.55' },
      ],
    });
    expect(await differenze()).toMatchObject({ mesi: 0, prodotti: 0, clienti: 0 });
  });

  it('follows an order whose status the ERP changes, and a deleted order', async () => {
    const { sql } = t().database;
    const [primo, , , rifiutato] = storicoIds;
    await sql`UPDATE ordini SET response_code = '500', response_status = 'Fido del cliente superato' WHERE id = ${primo!}`;
    expect((await stats('?anno=2024')).json().ordiniEImportiPerMeseAnno[0]).toEqual({ anno: 2024, mese: 3, numero_ordini: 2, importo_totale: '42.55' });
    expect(await differenze()).toMatchObject({ mesi: 0, prodotti: 0, clienti: 0 });
    await sql`UPDATE ordini SET response_code = '201', response_status = 'Confermato' WHERE id = ${rifiutato!}`;
    const y2024 = (await stats('?anno=2024')).json();
    expect(y2024.ordiniEImportiPerMeseAnno).toEqual([{ anno: 2024, mese: 3, numero_ordini: 3, importo_totale: '142.55' }]);
    expect(y2024.prodottiPiuComprati[0]).toEqual({ codice_prodotto: 'P3', prodotto_nome: 'Prodotto P3', quantita_totale: 110, importo_totale: '112.55' });
    expect(await differenze()).toMatchObject({ mesi: 0, prodotti: 0, clienti: 0 });
    await sql`DELETE FROM ordini WHERE id = ${rifiutato!}`;
    await sql`UPDATE ordini SET response_code = '201' WHERE id = ${primo!}`;
    expect((await stats('?anno=2024')).json().ordiniEImportiPerMeseAnno).toEqual([
      { anno: 2024, mese: 1, numero_ordini: 1, importo_totale: '25.50' },
      { anno: 2024, mese: 3, numero_ordini: 2, importo_totale: '42.55' },
    ]);
    expect(await differenze()).toMatchObject({ mesi: 0, prodotti: 0, clienti: 0 });
  });
});

describe('ordini/stats after orders placed through ordini/create', () => {
  it('queues concurrent orders and counts them all, rollups equal to a recomputation, rankings of 10', async () => {
    const anno = Number(new Intl.DateTimeFormat('en', { timeZone: 'Europe/Rome', year: 'numeric' }).format(new Date()));
    const risposte = await Promise.all(Array.from({ length: 16 }, (_, i) => {
      const c = clienti[i % 3]!;
      // Overlapping products, so that orders wait on each other's rows.
      const carrelloItems = Array.from({ length: 6 }, (_, k) => ({ codice_prodotto: `K${((i + k * 5) % 12) + 1}`, quantita: 1 + ((i + k) % 4) }));
      return t().app.inject({
        method: 'POST', url: '/api/ordini/create', headers: { cookie: c.cookie },
        payload: { azienda_codice: c.azienda, cliente_codice: c.codice, utente_codice: c.utente, carrelloItems },
      });
    }));
    expect(risposte.map((r) => r.json().status)).toEqual(Array(16).fill(0));
    // Orders only queue themselves; the rollups follow at the next fold.
    expect((await t().database.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM stat_coda`)[0]!.n).toBe(16);

    const diff = await differenze();
    expect(diff).toMatchObject({ mesi: 0, prodotti: 0, clienti: 0 });
    expect(diff.righe).toBeGreaterThan(12);

    const res = (await stats(`?anno=${anno}`)).json();
    expect(res.ordiniEImportiPerMeseAnno.reduce((n: number, m: { numero_ordini: number }) => n + m.numero_ordini, 0)).toBe(16);
    // 12 products bought: the ten with the largest quantity, as the order lines say.
    const attesi = await t().database.sql<{ codice_prodotto: string; quantita_totale: number }[]>`
      SELECT r.codice_prodotto, sum(r.qt)::int AS quantita_totale FROM ordini_righe r JOIN ordini o ON o.id = r.ordine_id
      WHERE o.response_code = '201' AND r.codice_prodotto LIKE 'K%'
      GROUP BY 1 ORDER BY 2 DESC, sum(r.qt * r.prezzo_reale) DESC, 1 LIMIT 10`;
    expect(res.prodottiPiuComprati.map((p: { codice_prodotto: string; quantita_totale: number }) => [p.codice_prodotto, p.quantita_totale]))
      .toEqual(attesi.map((p) => [p.codice_prodotto, p.quantita_totale]));
    expect(res.prodottiPiuComprati[0].prodotto_nome).toMatch(/^Articolo \d+$/);
    expect(res.clientiPiuAttiviEImportoSpeso.map((c: { numero_ordini: number }) => c.numero_ordini)).toEqual([6, 5, 5]);

    // An order placed just now counts in the next answer: ordini/stats folds the queue first.
    const c = clienti[0]!;
    await t().app.inject({
      method: 'POST', url: '/api/ordini/create', headers: { cookie: c.cookie },
      payload: { azienda_codice: c.azienda, cliente_codice: c.codice, utente_codice: c.utente, carrelloItems: [{ codice_prodotto: 'K1', quantita: 1 }] },
    });
    const dopo = (await stats(`?anno=${anno}`)).json();
    expect(dopo.ordiniEImportiPerMeseAnno.reduce((n: number, m: { numero_ordini: number }) => n + m.numero_ordini, 0)).toBe(17);
    expect((await t().database.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM stat_coda`)[0]!.n).toBe(0);
  });
});

describe('ordini/stats access and input', () => {
  it('401 without a session, 403 to a customer, 400 in Italian for a bad anno', async () => {
    expect((await t().app.inject({ url: '/api/ordini/stats' })).statusCode).toBe(401);
    expect((await stats('', cliente)).statusCode).toBe(403);
    for (const q of ['?anno=abc', '?anno=1800', '?anno=2024.5']) {
      const res = await stats(q);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toMatch(/anno deve essere/);
    }
  });
});
