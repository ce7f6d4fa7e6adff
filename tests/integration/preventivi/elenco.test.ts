import { beforeAll, describe, expect, it } from 'vitest';
import {
  ETICHETTA_CLIENTE, ETICHETTA_STAFF, STATI_CLIENTE, STATI_STAFF, statoEffettivo, type StatoPreventivo,
} from '../../../shared/preventivi-costanti.js';
import { createAdmin, createAzienda, createCliente, createProdotto, createUtente } from '../../support/factories.js';
import { loginAdmin, loginCliente, useTestApp } from '../../support/harness.js';

/**
 * The lists of quotes (issue 37; docs/decisions/preventivi-elenco-piani.md): preventivi/elenco and
 * preventivi/coda read a page in index order, the line count and total from the quote's row (kept
 * by triggers) and the total without a filter from preventivi_conti. Checked against the same
 * answers computed the plain way from the tables, for every label, page and the client's code.
 */
const t = useTestApp();

const A = { azienda_codice: '0001', cliente_codice: '000100' };
const B = { azienda_codice: '0001', cliente_codice: '000200' };
let clienteA = 0;
let clienteB = 0;
let cookieA = '';
let codiceA = '';
let cookieB = '';
let codiceB = '';
let staff = '';

const STATI: StatoPreventivo[] = ['inviata', 'presa_in_carico', 'info_richiesta', 'offerta', 'revisione', 'accettata', 'ordinata', 'rifiutata', 'scaduta', 'annullata'];

/** Quotes written whole in SQL, as the seed and the bench write them: every state, valid and past offers, 1–4 lines, versions 0–2. */
async function scrivi(clienteId: number, da: number, n: number) {
  const { sql } = t().database;
  await sql`
    WITH q AS (
      INSERT INTO preventivi (cliente_id, azienda_codice, anno, progressivo, numero, utente_nome, stato, versione, scade_at, created_at, updated_at)
      SELECT ${clienteId}, '0001', 2001, g, 'P2001/' || lpad(g::text, 6, '0'), 'Prova', (${STATI}::text[])[1 + g % 10], g % 3,
        -- An offer always has its validity (a request, none: its versione 0 and state say so).
        CASE WHEN g % 10 <> 3 AND g % 3 = 0 THEN NULL WHEN g % 2 = 0 THEN now() + interval '5 days' ELSE now() - interval '1 hour' END,
        now() - make_interval(hours => g), now() - make_interval(mins => (g * 37) % 500)
      FROM generate_series(${da}::int, ${da + n - 1}::int) g RETURNING id, versione, progressivo)
    INSERT INTO preventivi_righe (preventivo_id, versione, posizione, descrizione, quantita, prezzo_netto, prezzo)
    SELECT q.id, v, k, 'Riga ' || k, k + q.progressivo % 5, 10, CASE WHEN v > 0 THEN 7.125 + v + k END
    FROM q, generate_series(0, q.versione) v, generate_series(1, 1 + q.progressivo % 4) k`;
}

interface Riga { id: number; cliente_id: number; stato: StatoPreventivo; scade_at: string | null; created_at: string; updated_at: string; righe_n: number; totale: number | null }

/** Every quote with its labels, line count and total computed from the lines themselves. */
async function attese(): Promise<(Riga & { cliente: string; staff: string; codice: string })[]> {
  const righe = await t().database.sql<(Riga & { codice: string })[]>`
    SELECT q.id, q.cliente_id, c.codice, q.stato, q.scade_at::text, q.created_at::text, q.updated_at::text,
      (SELECT count(*)::int FROM preventivi_righe r WHERE r.preventivo_id = q.id AND r.versione = q.versione) AS righe_n,
      CASE WHEN q.versione > 0 THEN (SELECT round(coalesce(sum(r.prezzo * r.quantita), 0), 2)::float8
        FROM preventivi_righe r WHERE r.preventivo_id = q.id AND r.versione = q.versione) END AS totale
    FROM preventivi q JOIN clienti c ON c.id = q.cliente_id`;
  return righe.map((r) => {
    const s = statoEffettivo(r.stato, r.scade_at);
    return { ...r, cliente: ETICHETTA_CLIENTE[s], staff: ETICHETTA_STAFF[s] };
  });
}

const dopo = (campo: 'created_at' | 'updated_at') => (a: Riga, b: Riga) => (a[campo] === b[campo] ? b.id - a.id : Date.parse(b[campo]) - Date.parse(a[campo]));

const inject = (url: string, cookie: string | null) => t().app.inject({ method: 'GET', url: `/api/${url}`, headers: cookie ? { cookie } : {} });
const elenco = (f: Record<string, string>, cookie = cookieA, codice = codiceA, scope = A) =>
  inject(`preventivi/elenco?${new URLSearchParams({ ...scope, utente_codice: codice, ...f })}`, cookie);

/** Every page of a list of 25, concatenated, and the total each page said. */
async function tutte(chiama: (f: Record<string, string>) => ReturnType<typeof inject>, f: Record<string, string>) {
  const ids: number[] = [];
  const totali = new Set<number>();
  const righe: { id: number; righe_n: number; totale: number | null }[] = [];
  for (let start = 0; ; start += 25) {
    const r = await chiama({ ...f, start: String(start), limit: '25' });
    expect(r.statusCode, r.body).toBe(200);
    const d = r.json() as { preventivi: { id: number; righe_n: number; totale: number | null }[]; totale: number };
    totali.add(d.totale);
    ids.push(...d.preventivi.map((p) => p.id));
    righe.push(...d.preventivi);
    if (d.preventivi.length < 25) break;
  }
  return { ids, totali: [...totali], righe };
}

beforeAll(async () => {
  await t().app.deps.lavori.stop();
  const { db } = t().database;
  const az = await createAzienda(db, { codice: '0001' });
  const a = await createCliente(db, { aziendaCodice: az.codice, codice: '000100', ragioneSociale: 'Ferramenta Rossi' });
  const b = await createCliente(db, { aziendaCodice: az.codice, codice: '000200', ragioneSociale: 'Altro cliente' });
  clienteA = a.id;
  clienteB = b.id;
  const ua = await createUtente(db, { clienti: [a.id], username: 'titolare@test.local' });
  cookieA = await loginCliente(t().app, ua);
  codiceA = ua.codice;
  const ub = await createUtente(db, { clienti: [b.id], username: 'altro@test.local' });
  cookieB = await loginCliente(t().app, ub);
  codiceB = ub.codice;
  staff = await loginAdmin(t().app, await createAdmin(db, { username: 'staff@test.local' }));
  await createProdotto(db, { codiceProdotto: 'EL-1', descrizione1: 'Raccordo', prezzi: { 1: '10.000' }, disponibilita: 1000 });
  await scrivi(clienteA, 1, 130);
  await scrivi(clienteB, 131, 30);
});

describe('preventivi/elenco and preventivi/coda', () => {
  it('the customer: every label and none, page after page, as the tables say (order, totals, line counts and totals)', async () => {
    const tutti = (await attese()).filter((r) => r.cliente_id === clienteA).sort(dopo('created_at'));
    for (const stato of [undefined, ...STATI_CLIENTE]) {
      const attesi = tutti.filter((r) => stato === undefined || r.cliente === stato);
      const { ids, totali, righe } = await tutte((f) => elenco(f), stato ? { stato } : {});
      expect(ids, stato).toEqual(attesi.map((r) => r.id));
      expect(totali, stato).toEqual([attesi.length]);
      expect(righe.map((r) => [r.righe_n, r.totale]), stato).toEqual(attesi.map((r) => [r.righe_n, r.totale]));
    }
    // A number and a period, with a label.
    const [uno] = tutti;
    const n = await elenco({ numero: 'p2001/000001' });
    expect(n.json()).toMatchObject({ totale: 1, preventivi: [{ id: uno!.id }] });
    expect((await elenco({ numero: '1', stato: uno!.cliente })).json().totale).toBe(1);
  });

  it('the staff: every label, the client code alone and with a label, page after page, the last touched first', async () => {
    const tutti = (await attese()).sort(dopo('updated_at'));
    const coda = (f: Record<string, string>) => inject(`preventivi/coda?${new URLSearchParams(f)}`, staff);
    for (const stato of [undefined, ...STATI_STAFF]) {
      for (const cliente of [undefined, '000200']) {
        const attesi = tutti.filter((r) => (stato === undefined || r.staff === stato) && (cliente === undefined || r.codice === cliente));
        const { ids, totali } = await tutte(coda, { ...(stato ? { stato } : {}), ...(cliente ? { cliente } : {}) });
        expect(ids, `${stato} ${cliente}`).toEqual(attesi.map((r) => r.id));
        expect(totali, `${stato} ${cliente}`).toEqual([attesi.length]);
      }
    }
    expect((await coda({ cliente: 'NESSUNO' })).json()).toMatchObject({ totale: 0, preventivi: [] });
  });

  it('a request and its answer keep the row\'s line count and total; two requests at once count two; a deleted quote counts no more', async () => {
    const { sql } = t().database;
    const conto = async () => (await elenco({})).json().totale as number;
    const prima = await conto();
    const richiedi = () => t().app.inject({
      method: 'POST', url: '/api/preventivi/richiedi', headers: { cookie: cookieA },
      payload: { ...A, utente_codice: codiceA, righe: [{ codice_prodotto: 'EL-1', quantita: 3 }], righe_libere: [{ descrizione: 'Staffa', quantita: 2 }] },
    });
    const [r1, r2] = await Promise.all([richiedi(), richiedi()]);
    expect([r1.statusCode, r2.statusCode], r1.body).toEqual([200, 200]);
    expect(await conto()).toBe(prima + 2);
    const id = r1.json().id as number;
    const primo = (await elenco({ limit: '2' })).json().preventivi.find((p: { id: number }) => p.id === id);
    expect(primo).toMatchObject({ righe_n: 2, totale: null, versione: 0 });
    const d = (await inject(`preventivi/dettaglio?id=${id}`, staff)).json().preventivo;
    const risposta = await t().app.inject({
      method: 'POST', url: '/api/preventivi/rispondi', headers: { cookie: staff },
      payload: { id, validita: 10, messaggio: '', righe: [{ riga_id: d.righe[0].riga_id, prezzo: 8.333 }, { riga_id: d.righe[1].riga_id, prezzo: 5 }] },
    });
    expect(risposta.statusCode, risposta.body).toBe(200);
    const dopoRisposta = (await elenco({ stato: 'Risposta ricevuta' })).json().preventivi.find((p: { id: number }) => p.id === id);
    expect(dopoRisposta).toMatchObject({ righe_n: 2, totale: 35, versione: 1 });
    await sql`DELETE FROM preventivi WHERE id = ${id}`;
    expect(await conto()).toBe(prima + 1);
    const [k] = await sql<{ n: number; vero: number }[]>`
      SELECT (SELECT n FROM preventivi_conti WHERE cliente_id = ${clienteA}) AS n, (SELECT count(*)::int FROM preventivi WHERE cliente_id = ${clienteA}) AS vero`;
    expect(k!.n).toBe(k!.vero);
  });

  it('pages of the portal\'s sizes; malformed 400, no session 401, another client\'s codes or the staff\'s call 403, nothing read', async () => {
    expect((await elenco({ limit: '100' })).statusCode).toBe(200);
    const troppi = await elenco({ limit: '101' });
    expect(troppi.statusCode).toBe(400);
    expect(troppi.json().msg).toMatch(/[a-zà-ù]/);
    expect((await elenco({ stato: 'Boh' })).statusCode).toBe(400);
    expect((await elenco({ dal: '2026-13-45x' })).statusCode).toBe(400);
    expect((await inject('preventivi/coda?limit=0', staff)).statusCode).toBe(400);
    expect((await inject(`preventivi/elenco?${new URLSearchParams({ ...A, utente_codice: codiceA })}`, null)).statusCode).toBe(401);
    expect((await inject('preventivi/elenco?limit=9999', null)).statusCode).toBe(401);
    expect((await inject('preventivi/coda', null)).statusCode).toBe(401);
    expect((await inject('preventivi/coda', cookieA)).statusCode).toBe(403);
    expect((await elenco({}, cookieA, codiceA, B)).statusCode).toBe(403);
    const propri = (await elenco({}, cookieB, codiceB, B)).json();
    expect(propri.totale).toBe(30);
    expect(propri.preventivi.every((p: { cliente: { codice: string } }) => p.cliente.codice === '000200')).toBe(true);
    expect(clienteB).toBeGreaterThan(0);
  });
});
