import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../server/db/client.js';
import {
  createAdmin, createAzienda, createCliente, createOrdine, createOrdini, createProdotto, createRigheOrdine, createUtente,
} from '../../support/factories.js';
import { loginAdmin, loginCliente, useTestApp } from '../../support/harness.js';

/** ordini/elenco and ordini/esporta: the history's filters, pages and files (docs/regole/ordini.md#order-history). */
const t = useTestApp();
let cookie = '';
let cookieGrande = '';
let admin = '';
let scope = { azienda_codice: '0001', cliente_codice: '000100', utente_codice: '' };
let scopeGrande = { azienda_codice: '0001', cliente_codice: '000400', utente_codice: '' };
const ids: Record<string, number> = {};

interface Riga { codice: string; prodottoId: number | null; qt: number; prezzo: string }
async function creaOrdine(
  db: Db, u: { id: number; codice: string }, c: { id: number; codice: string },
  o: { nome: string; quando: string; code?: string; riferimento?: string; righe: Riga[] },
): Promise<number> {
  const ordine = await createOrdine(db, {
    utenteId: u.id, clienteId: c.id, aziendaCodice: '0001', clienteCodice: c.codice, utenteCodice: u.codice,
    nome: o.nome, riferimentoCantiere: o.riferimento ?? null, responseCode: o.code ?? '201', createdAt: new Date(o.quando),
    righe: o.righe.map((r) => ({ prodottoId: r.prodottoId, codiceProdotto: r.codice, prodottoNome: `Prodotto ${r.codice}`, qt: r.qt, prezzo: r.prezzo })),
  });
  return ordine.id;
}

beforeAll(async () => {
  const { db } = t().database;
  await createAzienda(db, { codice: '0001' });
  const a = await createCliente(db, { aziendaCodice: '0001', codice: '000100' });
  const b = await createCliente(db, { aziendaCodice: '0001', codice: '000200' });
  const grande = await createCliente(db, { aziendaCodice: '0001', codice: '000400' });
  // An Operatore: their own orders only (docs/regole/organizzazione.md); a Titolare's view is in organizzazione/visibilita.test.ts.
  const u = await createUtente(db, { clienti: [a.id], nome: 'Mario', cognome: 'Bianchi', collegamento: { ruolo: 'operatore' } });
  const collega = await createUtente(db, { clienti: [a.id] });
  const altro = await createUtente(db, { clienti: [b.id] });
  const ug = await createUtente(db, { clienti: [grande.id] });
  scope = { ...scope, utente_codice: u.codice };
  scopeGrande = { ...scopeGrande, utente_codice: ug.codice };
  cookie = await loginCliente(t().app, u);
  cookieGrande = await loginCliente(t().app, ug, 'device-4');
  admin = await loginAdmin(t().app, await createAdmin(db));
  const vite = await createProdotto(db, { codiceProdotto: 'VITE-1' });
  const tass = await createProdotto(db, { codiceProdotto: 'TASS-2' });
  const v = (qt: number, prezzo = '1.500'): Riga => ({ codice: 'VITE-1', prodottoId: vite.id, qt, prezzo });
  const tt = (qt: number, prezzo = '2.250'): Riga => ({ codice: 'TASS-2', prodottoId: tass.id, qt, prezzo });
  for (let i = 1; i <= 30; i++) {
    await creaOrdine(db, u, a, { nome: `Serie ${i}`, quando: `2023-0${1 + (i % 9)}-${String(1 + (i % 28)).padStart(2, '0')}T09:00:00Z`, righe: [v(1)] });
  }
  ids.o1 = await creaOrdine(db, u, a, { nome: 'Cantiere Via Roma', quando: '2024-01-10T09:00:00Z', riferimento: 'Via Roma 5', righe: [v(2)] });
  ids.o2 = await creaOrdine(db, u, a, { nome: '=Magazzino+1', quando: '2024-03-05T09:00:00Z', righe: [tt(3)] });
  // 23:30 of 31 March in Rome (summer time) and 00:30 of 1 April: two days apart there, one day in UTC.
  ids.o3 = await creaOrdine(db, u, a, { nome: 'CANTIERE 50%_x', quando: '2024-03-31T21:30:00Z', code: '500', riferimento: '+Lotto 3; scala B', righe: [v(1), tt(1)] });
  ids.o4 = await creaOrdine(db, u, a, { nome: '', quando: '2024-03-31T22:30:00Z', righe: [v(4, '1.250')] });
  // Same client, another user; another client: never in this user's history.
  ids.collega = await creaOrdine(db, collega, a, { nome: 'Cantiere del collega', quando: '2024-03-10T09:00:00Z', righe: [v(1)] });
  ids.altro = await creaOrdine(db, altro, b, { nome: 'Cantiere altro cliente', quando: '2024-03-10T09:00:00Z', righe: [v(1)] });
  // A history too large to export at once: 5,001 orders of one line (a few statements).
  await createOrdini(db, Array.from({ length: 5001 }, (_, i) => ({
    utenteId: ug.id, clienteId: grande.id, aziendaCodice: '0001', clienteCodice: '000400', utenteCodice: ug.codice,
    createdAt: new Date(Date.parse('2024-01-01T00:00:00Z') + (i + 1) * 60_000),
    righe: [{ prodottoId: vite.id, codiceProdotto: 'VITE-1', prodottoNome: 'Vite', qt: 1, prezzo: '1.5' }],
  })));
});

const get = (path: string, q: Record<string, string | number>, c = cookie) =>
  t().app.inject({ method: 'GET', url: `/api/${path}?${new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)]))}`, headers: c ? { cookie: c } : {} });
const elenco = async (q: Record<string, string | number> = {}) => {
  const res = await get('ordini/elenco', { ...scope, ...q });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { ordini: { id: number; nome: string; riferimento_cantiere: string | null; totale: number; prodotti: unknown[] }[]; totale: number };
};
const idsDi = async (q: Record<string, string | number>) => (await elenco(q)).ordini.map((o) => o.id);

describe('ordini/elenco', () => {
  it('pages the user\'s orders for the client, newest first, with the total of all pages', async () => {
    const p1 = await elenco({ limit: 25 });
    expect(p1.totale).toBe(34);
    expect(p1.ordini).toHaveLength(25);
    expect(p1.ordini.slice(0, 4).map((o) => o.id)).toEqual([ids.o4, ids.o3, ids.o2, ids.o1]);
    expect(p1.ordini[1]).toMatchObject({
      nome: 'CANTIERE 50%_x', riferimento_cantiere: '+Lotto 3; scala B', totale: 3.75,
      prodotti: [{ codice_prodotto: 'VITE-1', importo: 1.5 }, { codice_prodotto: 'TASS-2', importo: 2.25 }],
    });
    expect(p1.ordini[0]!.riferimento_cantiere).toBeNull();
    const p2 = await elenco({ start: 25, limit: 25 });
    expect(p2).toMatchObject({ totale: 34 });
    expect(p2.ordini).toHaveLength(9);
    expect(new Set([...p1.ordini, ...p2.ordini].map((o) => o.id)).size).toBe(34);
    expect(await elenco({ start: 500 })).toEqual({ ordini: [], totale: 34 });
    expect((await elenco()).ordini).toHaveLength(34);
  });

  it('filters by days of Europe/Rome, both ends included', async () => {
    expect(await idsDi({ dal: '2024-03-31', al: '2024-03-31' })).toEqual([ids.o3]);
    expect(await idsDi({ dal: '2024-04-01' })).toEqual([ids.o4]);
    expect(await idsDi({ dal: '2024-03-01' })).toEqual([ids.o4, ids.o3, ids.o2]);
    expect(await idsDi({ al: '2024-03-05', dal: '2024-01-10' })).toEqual([ids.o2, ids.o1]);
  });

  it('filters by a part of the name, in any case, wildcards taken as text', async () => {
    expect(await idsDi({ nome: 'cantiere' })).toEqual([ids.o3, ids.o1]);
    expect(await idsDi({ nome: '50%' })).toEqual([ids.o3]);
    expect(await idsDi({ nome: '_' })).toEqual([ids.o3]);
    expect(await idsDi({ nome: 'collega' })).toEqual([]);
  });

  it('filters by a product code the order contains, and by state', async () => {
    expect(await idsDi({ codice_prodotto: 'TASS-2' })).toEqual([ids.o3, ids.o2]);
    expect(await idsDi({ codice_prodotto: 'NESSUNO' })).toEqual([]);
    expect(await idsDi({ stato: 'errore' })).toEqual([ids.o3]);
    expect((await elenco({ stato: 'confermato' })).totale).toBe(33);
  });

  it("copies the order's client onto each line, whatever the insert says (the product code filter reads it)", async () => {
    const sql = t().database.sql;
    const [{ diversi }] = await sql<{ diversi: number }[]>`
      SELECT count(*)::int AS diversi FROM ordini_righe r JOIN ordini o ON o.id = r.ordine_id WHERE r.cliente_id IS DISTINCT FROM o.cliente_id`;
    expect(diversi).toBe(0);
    const [{ id: altroCliente }] = await sql<{ id: number }[]>`SELECT id FROM clienti WHERE id <> (SELECT cliente_id FROM ordini WHERE id = ${ids.o2!}) LIMIT 1`;
    const [riga] = await createRigheOrdine(t().database.db, ids.o2!, [{ codiceProdotto: 'X', prodottoNome: 'X', qt: 1, prezzo: '1', clienteId: altroCliente! }]);
    const [{ cliente_id: dellOrdine }] = await sql<{ cliente_id: number }[]>`SELECT cliente_id FROM ordini WHERE id = ${ids.o2!}`;
    expect(riga!.clienteId).toBe(dellOrdine);
    await sql`DELETE FROM ordini_righe WHERE ordine_id = ${ids.o2!} AND codice_prodotto = 'X'`;
  });

  it('combines every filter', async () => {
    const tutti = { dal: '2024-03-01', al: '2024-04-30', nome: 'cantiere', codice_prodotto: 'TASS-2' };
    expect(await idsDi({ ...tutti, stato: 'errore' })).toEqual([ids.o3]);
    expect(await elenco({ ...tutti, stato: 'confermato' })).toEqual({ ordini: [], totale: 0 });
    expect(await idsDi({ codice_prodotto: 'VITE-1', stato: 'confermato', dal: '2024-01-01' })).toEqual([ids.o4, ids.o1]);
  });

  it.each([
    [{ limit: 101 }, /limit può essere al massimo 100/],
    [{ limit: 0 }, /limit deve essere almeno 1/],
    [{ start: -1 }, /start non può essere negativo/],
    [{ start: 'due' }, /start deve essere un numero intero/],
    [{ dal: '2024-02-30' }, /data inesistente/],
    [{ al: '31/03/2024' }, /AAAA-MM-GG/],
    [{ dal: '2024-04-02', al: '2024-04-01' }, /data iniziale è successiva/],
    [{ stato: 'spedito' }, /Stato non valido/],
    [{ nome: 'x'.repeat(201) }, /Nome troppo lungo/],
  ])('refuses %o with 400 and an Italian message', async (q, msg) => {
    const res = await get('ordini/elenco', { ...scope, ...q });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'dati_non_validi', msg: expect.stringMatching(msg) });
  });

  it("refuses another client's codes (403) and answers 401 without a customer session", async () => {
    const res = await get('ordini/elenco', { ...scope, cliente_codice: '000200' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('accesso_negato');
    expect(res.body).not.toMatch(/altro cliente/);
    expect((await get('ordini/elenco', scope, '')).statusCode).toBe(401);
    // An admin session is no customer session: customer calls answer it 401 (tests/integration/api/contratti.test.ts).
    expect((await get('ordini/elenco', scope, admin)).statusCode).toBe(401);
  });
});

describe('ordini/dettaglio', () => {
  it('reads one of the user\'s orders whole, as the history lists it (the detail\'s address can be reloaded)', async () => {
    const res = await get('ordini/dettaglio', { ...scope, id: ids.o3! });
    expect(res.statusCode, res.body).toBe(200);
    const { ordine } = res.json() as { ordine: { id: number; nome: string; riferimento_cantiere: string | null } };
    expect(ordine).toMatchObject({ id: ids.o3, nome: 'CANTIERE 50%_x', riferimento_cantiere: '+Lotto 3; scala B' });
    const nellElenco = (await elenco({ nome: 'CANTIERE 50' })).ordini.find((o) => o.id === ids.o3);
    expect(ordine).toEqual(nellElenco);
  });

  it("answers a colleague's or another client's order, and one that does not exist, 404 alike", async () => {
    const risposte = await Promise.all([ids.collega!, 999_999_999].map((id) => get('ordini/dettaglio', { ...scope, id })));
    for (const res of risposte) {
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toMatch(/collega/);
    }
    const senzaId = ({ requestId: _, ...r }: { requestId: string }) => r;
    expect(senzaId(risposte[0]!.json())).toEqual(senzaId(risposte[1]!.json()));
    // Another client's id under this client's codes is no order of theirs; that client's codes are refused.
    expect((await get('ordini/dettaglio', { ...scope, id: ids.altro! })).statusCode).toBe(404);
    expect((await get('ordini/dettaglio', { ...scope, cliente_codice: '000200', id: ids.altro! })).statusCode).toBe(403);
  });

  it('refuses a malformed id with an Italian message, and answers 401 before reading it without a session', async () => {
    for (const id of ['abc', '-1', '1.5', '']) {
      const res = await get('ordini/dettaglio', { ...scope, id });
      expect(res.statusCode, id).toBe(400);
      expect(res.json()).toMatchObject({ code: 'dati_non_validi' });
    }
    expect((await get('ordini/dettaglio', { ...scope, id: 'abc' }, '')).statusCode).toBe(401);
    expect((await get('ordini/dettaglio', { ...scope, id: ids.o1! }, admin)).statusCode).toBe(401);
  });
});

describe('ordini/esporta', () => {
  it('writes the filtered orders as CSV: a line per order line, Italian headers, texts quoted, euro amounts bare, formulas neutralised', async () => {
    const res = await get('ordini/esporta', { ...scope, codice_prodotto: 'TASS-2', formato: 'csv' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="ordini.csv"');
    const righe = res.body.split('\r\n');
    expect(righe).toEqual([
      `\uFEFF${['Ordine', 'Data', 'Nome', 'Riferimento cantiere', 'Stato', 'Ordinato da', 'Approvato da', 'Codice prodotto', 'Prodotto', 'Quantità', 'In consegna', 'In arrivo dal fornitore', 'Prezzo (€)', 'Prezzo netto (€)', 'Totale riga (€)', 'Totale ordine (€)'].map((c) => `"${c}"`).join(';')}`,
      `${ids.o3};"31/03/2024 23:30";"CANTIERE 50%_x";"'+Lotto 3; scala B";"Errore";"Mario Bianchi";;"VITE-1";"Prodotto VITE-1";1;1;0;1,5;1,5;1,5;3,75`,
      `${ids.o3};"31/03/2024 23:30";"CANTIERE 50%_x";"'+Lotto 3; scala B";"Errore";"Mario Bianchi";;"TASS-2";"Prodotto TASS-2";1;1;0;2,25;2,25;2,25;3,75`,
      `${ids.o2};"05/03/2024 10:00";"'=Magazzino+1";;"Confermato";"Mario Bianchi";;"TASS-2";"Prodotto TASS-2";3;3;0;2,25;2,25;6,75;6,75`,
      '',
    ]);
  });

  it('writes the same as XLSX, numbers as numbers', async () => {
    const res = await get('ordini/esporta', { ...scope, nome: 'cantiere', formato: 'xlsx' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="ordini.xlsx"');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Ordini')!;
    const valori = (n: number) => (ws.getRow(n).values as unknown[]).slice(1);
    expect(ws.rowCount).toBe(4);
    expect(valori(1)).toEqual(['Ordine', 'Data', 'Nome', 'Riferimento cantiere', 'Stato', 'Ordinato da', 'Approvato da', 'Codice prodotto', 'Prodotto', 'Quantità', 'In consegna',
      'In arrivo dal fornitore', 'Prezzo (€)', 'Prezzo netto (€)', 'Totale riga (€)', 'Totale ordine (€)']);
    expect(valori(2)).toEqual([ids.o3, '31/03/2024 23:30', 'CANTIERE 50%_x', "'+Lotto 3; scala B", 'Errore', 'Mario Bianchi', undefined, 'VITE-1', 'Prodotto VITE-1', 1, 1, 0, 1.5, 1.5, 1.5, 3.75]);
    expect(valori(4)).toEqual([ids.o1, '10/01/2024 10:00', 'Cantiere Via Roma', 'Via Roma 5', 'Confermato', 'Mario Bianchi', undefined, 'VITE-1', 'Prodotto VITE-1', 2, 2, 0, 1.5, 1.5, 3, 3]);
  });

  it('an export with nothing to hold is a file with its header only', async () => {
    const res = await get('ordini/esporta', { ...scope, stato: 'errore', dal: '2025-01-01' });
    expect(res.statusCode).toBe(200);
    expect(res.body.split('\r\n')).toHaveLength(2);
  });

  it('refuses more than 5,000 orders with a clear message, and exports them once narrowed', async () => {
    const res = await get('ordini/esporta', { ...scopeGrande, formato: 'xlsx' }, cookieGrande);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'dati_non_validi', msg: expect.stringMatching(/Troppi ordini da esportare \(5001 ordini.*al massimo 5000 ordini.*Restringi i filtri/) });
    const ok = await get('ordini/esporta', { ...scopeGrande, al: '2024-01-02' }, cookieGrande);
    expect(ok.statusCode).toBe(200);
    expect(ok.body.trimEnd().split('\r\n')).toHaveLength(1 + 2819);
  });

  it("never exports another client's orders: 403, and 400 for an unknown format", async () => {
    const res = await get('ordini/esporta', { ...scope, cliente_codice: '000200' });
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-disposition']).toBeUndefined();
    expect((await get('ordini/esporta', { ...scope, formato: 'pdf' })).json()).toMatchObject({ code: 'dati_non_validi', msg: expect.stringMatching(/csv o xlsx/) });
    expect((await get('ordini/esporta', scope, '')).statusCode).toBe(401);
  });

  it("another user's orders for the same client are not in the file", async () => {
    const res = await get('ordini/esporta', { ...scope, nome: 'cantiere' });
    expect(res.body).not.toMatch(/collega|altro cliente/);
    expect(res.body.trimEnd().split('\r\n')).toHaveLength(4);
  });
});
