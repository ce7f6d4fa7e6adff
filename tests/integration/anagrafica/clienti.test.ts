import { beforeAll, describe, expect, it } from 'vitest';
import { queryCercaClienti } from '../../../server/anagrafica/clienti.queries.js';
import { inTransazione } from '../../../server/db/client.js';
import { sedi } from '../../../server/db/schema/index.js';
import { createAdmin, createAzienda, createCliente, createUtente } from '../../support/factories.js';
import { loginAdmin, loginCliente, useTestApp } from '../../support/harness.js';

const t = useTestApp();
let admin = '';
let cliente = '';
const ids: Record<string, number> = {};
let aziendaId = 0;

beforeAll(async () => {
  const { db } = t().database;
  const az1 = await createAzienda(db, { codice: '0001', ragioneSociale: 'Ferramenta Distribuzione S.p.A.' });
  const az2 = await createAzienda(db, { codice: '0002', ragioneSociale: 'Utensilmarket Sud S.r.l.' });
  aziendaId = az1.id;
  const c = async (key: string, o: Parameters<typeof createCliente>[1]) => {
    ids[key] = (await createCliente(db, { aziendaCodice: az1.codice, telefono: '', ...o })).id;
  };
  await c('rossi', { codice: '001001', ragioneSociale: 'Ferramenta Rossi S.n.c.', email: 'ordini@ferramentarossi.it', telefono: '02 4598 1123' });
  await c('grossi', { codice: '001002', ragioneSociale: 'Colorificio Grossi S.r.l.', email: 'info@colorificiogrossi.it' });
  await c('cantu', { aziendaCodice: az2.codice, codice: '000215', ragioneSociale: 'Edilizia Cantù di Rossi Mario', email: 'cantu@pec.it', lisMaga: 2 });
  await c('citta', { codice: '100123', ragioneSociale: 'Idraulica Città Nuova S.r.l.', email: 'acquisti@cittanuova.it' });
  await c('alfa', { codice: '100200', ragioneSociale: 'Alfa 001002 S.r.l.', email: 'alfa@alfa.it' });
  await c('sconti', { codice: '100300', ragioneSociale: 'Bianchi 50% Sconti S.r.l.', email: '' });
  await c('rossi2', { aziendaCodice: az2.codice, codice: '001001', ragioneSociale: 'Utensili Neri S.r.l.', email: 'neri@utensilineri.it' });
  for (let i = 0; i < 60; i++) await c(`ferro${i}`, { codice: `2${String(i).padStart(5, '0')}`, ragioneSociale: `Serie Ferro ${i} S.r.l.`, email: '' });
  await db.insert(sedi).values([
    { clienteId: ids.rossi!, descrizione: 'Sede legale', indirizzo: 'Via Garibaldi 24', cap: '20121', citta: 'Milano', provincia: 'MI' },
    { clienteId: ids.rossi!, descrizione: 'Punto vendita', indirizzo: 'Viale Monza 180', cap: '20127', citta: 'Milano', provincia: 'MI' },
    { clienteId: ids.grossi!, descrizione: 'Sede legale', citta: 'Torino' },
  ]);
  const mario = await createUtente(db, { username: 'mario.rossi@ferramentarossi.it', nome: 'Mario', cognome: 'Rossi', clienti: [ids.rossi!] });
  await createUtente(db, { username: 'anna.verdi@ferramentarossi.it', nome: 'Anna', cognome: 'Verdi', statusLogin: 1, clienti: [ids.rossi!, ids.grossi!] });
  admin = await loginAdmin(t().app, await createAdmin(db));
  cliente = await loginCliente(t().app, mario);
});

const get = (path: string, cookie = admin) => t().app.inject({ url: `/api/${path}`, headers: cookie ? { cookie } : {} });
const cerca = async (stringa: string) => {
  const res = await get(`search/clienti?stringa=${encodeURIComponent(stringa)}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().clienti as { id: number }[]).map((x) => x.id);
};
const totale = 67;

describe('aziende/read', () => {
  it('lists the companies by code, code and name only', async () => {
    const res = await get('aziende/read');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ aziende: [
      { codice: '0001', ragione_sociale: 'Ferramenta Distribuzione S.p.A.' },
      { codice: '0002', ragione_sociale: 'Utensilmarket Sud S.r.l.' },
    ] });
  });
});

describe('clienti/read', () => {
  it('pages every client by name, with the total and the company', async () => {
    const res = await get('clienti/read');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.totale).toBe(totale);
    expect(body.clienti).toHaveLength(50);
    const nomi = body.clienti.map((x: { ragione_sociale: string }) => x.ragione_sociale);
    expect(nomi.slice(0, 3)).toEqual(['Alfa 001002 S.r.l.', 'Bianchi 50% Sconti S.r.l.', 'Colorificio Grossi S.r.l.']);
    expect(body.clienti.find((x: { id: number }) => x.id === ids.cantu)).toEqual({
      id: ids.cantu, codice: '000215', ragione_sociale: 'Edilizia Cantù di Rossi Mario', email: 'cantu@pec.it', telefono: '',
      azienda_codice: '0002', azienda_ragione_sociale: 'Utensilmarket Sud S.r.l.', lis_maga: 2,
    });
    const rest = (await get('clienti/read?start=50&limit=500')).json();
    expect(rest.totale).toBe(totale);
    expect(rest.clienti).toHaveLength(totale - 50);
    const all = [...body.clienti, ...rest.clienti].map((x: { id: number }) => x.id);
    expect(new Set(all).size).toBe(totale);
    expect((await get('clienti/read?start=1000')).json()).toEqual({ clienti: [], totale });
  });

  it('with stringa: the matches of search/clienti, in the same order, paged, with their total', async () => {
    const body = (await get('clienti/read?stringa=rossi&limit=2')).json();
    expect(body.totale).toBe(3);
    expect(body.clienti.map((x: { id: number }) => x.id)).toEqual((await cerca('rossi')).slice(0, 2));
    const next = (await get('clienti/read?stringa=rossi&start=2&limit=2')).json();
    expect(next.clienti.map((x: { id: number }) => x.id)).toEqual([ids.grossi]);
    expect((await get('clienti/read?stringa=ferro')).json().totale).toBe(60);
    // The admin search ignores an empty term (docs/regole/admin.md#admin-search).
    expect((await get('clienti/read?stringa=%20%20')).json().totale).toBe(totale);
  });

  it('refuses malformed parameters with an Italian message', async () => {
    for (const q of ['limit=501', 'limit=0', 'limit=abc', 'start=-1', 'start=1.5', `stringa=${'x'.repeat(101)}`]) {
      const res = await get(`clienti/read?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().msg, q).toMatch(/limit|start|Testo/);
    }
  });
});

describe('clienti/details', () => {
  it('gives the client with its company, branches and users, never a password', async () => {
    const res = await get(`clienti/details?cliente_id=${ids.rossi}`);
    expect(res.statusCode).toBe(200);
    const { cliente: c } = res.json();
    expect(c).toMatchObject({
      id: ids.rossi, codice: '001001', ragione_sociale: 'Ferramenta Rossi S.n.c.', email: 'ordini@ferramentarossi.it',
      telefono: '02 4598 1123', azienda_codice: '0001', azienda_ragione_sociale: 'Ferramenta Distribuzione S.p.A.', lis_maga: 1,
    });
    expect(c.aziende).toEqual([{
      id: aziendaId, codice: '0001', ragione_sociale: 'Ferramenta Distribuzione S.p.A.',
      sedi: [
        { id: expect.any(Number), descrizione: 'Sede legale', indirizzo: 'Via Garibaldi 24', cap: '20121', citta: 'Milano', provincia: 'MI' },
        { id: expect.any(Number), descrizione: 'Punto vendita', indirizzo: 'Viale Monza 180', cap: '20127', citta: 'Milano', provincia: 'MI' },
      ],
    }]);
    expect(c.utenti).toEqual([
      { id: expect.any(Number), username: 'mario.rossi@ferramentarossi.it', nome: 'Mario', cognome: 'Rossi', status_login: 0, ruolo: 'titolare', stato: 'attivo' },
      { id: expect.any(Number), username: 'anna.verdi@ferramentarossi.it', nome: 'Anna', cognome: 'Verdi', status_login: 1, ruolo: 'titolare', stato: 'attivo' },
    ]);
    expect(res.body).not.toMatch(/password|hash/i);
  });

  it('a client without branches or users has empty lists', async () => {
    const { cliente: c } = (await get(`clienti/details?cliente_id=${ids.cantu}`)).json();
    expect(c.aziende).toEqual([{ id: expect.any(Number), codice: '0002', ragione_sociale: 'Utensilmarket Sud S.r.l.', sedi: [] }]);
    expect(c.utenti).toEqual([]);
  });

  it('an unknown id answers 404, a missing or malformed one 400', async () => {
    const res = await get('clienti/details?cliente_id=999999');
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe('Cliente non trovato.');
    for (const q of ['', '?cliente_id=', '?cliente_id=abc', '?cliente_id=0', '?cliente_id=-3', '?cliente_id=99999999999']) {
      const bad = await get(`clienti/details${q}`);
      expect(bad.statusCode, q).toBe(400);
      expect(bad.json().msg, q).toMatch(/cliente_id/);
    }
  });
});

describe('search/clienti', () => {
  it('finds by word, words in any order, case and accents aside, whole words first', async () => {
    // 'Grossi' contains 'rossi' but not at a word start: after the two Rossi.
    expect(await cerca('rossi')).toEqual([ids.cantu, ids.rossi, ids.grossi]);
    expect(await cerca('ROSSI ferramenta')).toEqual([ids.rossi]);
    expect(await cerca('ferramenta rossi')).toEqual([ids.rossi]);
    expect(await cerca('mario rossi edilizia')).toEqual([ids.cantu]);
    expect(await cerca('cantu')).toEqual([ids.cantu]);
    expect(await cerca('CITTA nuova')).toEqual([ids.citta]);
    expect(await cerca('città')).toEqual([ids.citta]);
    expect(await cerca('rossi inesistente')).toEqual([]);
  });

  it('puts an exact code first, then code prefixes', async () => {
    // The name of Alfa contains 001002 and sorts before Colorificio: the exact code wins.
    expect(await cerca('001002')).toEqual([ids.grossi, ids.alfa]);
    // The same code in both companies: both, before anything else.
    expect((await cerca('001001')).slice(0, 2).sort()).toEqual([ids.rossi, ids.rossi2].sort());
    const prefisso = await cerca('0010');
    expect(prefisso.slice(0, 3).sort()).toEqual([ids.rossi, ids.grossi, ids.rossi2].sort());
    expect(prefisso).toContain(ids.alfa); // '001002' inside its name, after the codes
    expect(prefisso.indexOf(ids.alfa)).toBe(3);
  });

  it('finds by e-mail, whole or in part, an exact e-mail first', async () => {
    expect(await cerca('ordini@ferramentarossi.it')).toEqual([ids.rossi]);
    expect(await cerca('colorificiogrossi')).toEqual([ids.grossi]);
    expect(await cerca('pec.it')).toEqual([ids.cantu]);
  });

  it('takes % and _ literally', async () => {
    expect(await cerca('50%')).toEqual([ids.sconti]);
    expect(await cerca('%')).toEqual([ids.sconti]);
    expect(await cerca('_')).toEqual([]);
  });

  it('answers the 50 best matches at most, with the fields of clienti/read', async () => {
    const res = (await get('search/clienti?stringa=ferro')).json();
    expect(res.clienti).toHaveLength(50);
    expect(Object.keys(res.clienti[0]).sort()).toEqual(
      ['azienda_codice', 'azienda_ragione_sociale', 'codice', 'email', 'id', 'lis_maga', 'ragione_sociale', 'telefono']);
  });

  it('refuses a missing, blank or too long term with an Italian message', async () => {
    for (const q of ['', '?stringa=', '?stringa=%20%20', `?stringa=${'a'.repeat(101)}`]) {
      const res = await get(`search/clienti${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().msg, q).toMatch(/Inserire il testo da cercare|Testo di ricerca troppo lungo/);
    }
  });

  it('uses its indexes with the generic plans of the app (word, two words, code prefix, e-mail)', async () => {
    const { db } = t().database;
    await db.$client`ANALYZE clienti`;
    for (const [stringa, indici] of [
      ['rossi', ['clienti_ricerca_trgm', 'clienti_codice_c']],
      ['rossi ferramenta', ['clienti_ricerca_trgm', 'clienti_codice_c']],
      ['0010', ['clienti_ricerca_trgm', 'clienti_codice_c']],
      ['ordini@ferramentarossi.it', ['clienti_ricerca_trgm', 'clienti_codice_c']],
    ] as const) {
      const piano = await inTransazione(db, async (tx) => {
        const sql = tx.$client;
        // A table this small is read whole (or walked in any index): the point is that the
        // conditions can use the search indexes, which on 20,000 clients the planner picks.
        await sql`SET LOCAL enable_seqscan = off`;
        await sql`SET LOCAL enable_indexscan = off`;
        await sql`SET LOCAL plan_cache_mode = force_generic_plan`;
        return (await sql<{ 'QUERY PLAN': string }[]>`EXPLAIN ${queryCercaClienti(tx, stringa)}`).map((r) => r['QUERY PLAN']).join('\n');
      });
      for (const i of indici) expect(piano, stringa).toContain(i);
    }
  });
});

describe('access', () => {
  it.each(['aziende/read', 'clienti/read', `clienti/details?cliente_id=1`, 'search/clienti?stringa=rossi'])(
    '%s: 401 without a session, 403 to a customer', async (path) => {
      expect((await get(path, '')).statusCode).toBe(401);
      expect((await get(path, cliente)).statusCode).toBe(403);
    });
});
