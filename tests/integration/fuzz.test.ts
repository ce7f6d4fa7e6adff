import argon2 from 'argon2';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { cancellaTentativi } from '../../server/auth/limiti-login.js';
import { adminUtenti, liste, multimedia, utenti, volantini, volantiniProdotti } from '../../server/db/schema/index.js';
import {
  createAdmin, createAzienda, createBrand, createCategoria, createCliente, createProdotto, createUtente,
} from '../support/factories.js';
import { fingerprint, loginAdmin, loginCliente, useTestApp } from '../support/harness.js';

/**
 * Every call of the OpenAPI document, under a customer session, an admin session and none, with
 * hostile values in each parameter, one at a time, the others valid so that the value reaches the
 * service and the database: no answer may be a 5xx (bad input is a 400: docs/regole/generale.md#answers-and-errors).
 */

const t = useTestApp();

/** The JSON number 1e309, which JSON.stringify cannot write (JSON.parse turns it into Infinity). */
const HUGE = Symbol('1e309');
const HOSTILE: unknown[] = [
  'ab\u0000cd', '\u0000', 'a\u0007\u001b[31mb', '\ud800',
  2 ** 31, -(2 ** 31) - 1, -(2 ** 53), 2 ** 53 + 2, HUGE, 24.5, -1, 0,
  '', '   ', 'x'.repeat(20_000),
  "'; DROP TABLE utenti; --", '<script>alert(1)</script>', "%_\\' & | ! : * ( ) <-> \"", '../../etc/passwd',
  ['a', 'b'], [], { a: 1 }, null, true,
];

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  required?: string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
}
interface Operation {
  parameters?: { in: string; name: string; required?: boolean; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}
type Key = string | number;

/** A schema and its union members, flattened. */
const variants = (s: Schema): Schema[] => [s, ...[...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])].flatMap(variants)];
const propertiesOf = (s: Schema) => Object.assign({}, ...variants(s).map((v) => v.properties ?? {})) as Record<string, Schema>;

/** Where a hostile value can go: every field, and the fields of nested objects and of list items. */
function targets(props: Record<string, Schema>): Key[][] {
  return Object.entries(props).flatMap(([name, s]) => {
    const nested = propertiesOf(s);
    const items = variants(s).flatMap((v) => (v.items ? [propertiesOf(v.items)] : []));
    return [
      [name],
      ...Object.keys(nested).map((k) => [name, k]),
      ...items.flatMap((p) => Object.keys(p).map((k) => [name, 0, k])),
    ];
  });
}

/** A valid value for a parameter the test has no data for, from its schema. */
function fallback(s: Schema): unknown {
  const v = variants(s);
  const e = v.find((x) => x.enum)?.enum;
  if (e) return e[0];
  const types = v.flatMap((x) => [x.type ?? []].flat());
  return types.includes('integer') || types.includes('number') ? 1 : 'x';
}

function setIn(obj: Record<string, unknown>, path: Key[], value: unknown): Record<string, unknown> {
  const root = structuredClone(obj);
  let at: Record<Key, unknown> = root;
  path.slice(0, -1).forEach((k, i) => {
    if (typeof at[k] !== 'object' || at[k] === null) at[k] = typeof path[i + 1] === 'number' ? [{}] : {};
    at = at[k] as Record<Key, unknown>;
  });
  at[path.at(-1)!] = value;
  return root;
}

const jsonText = (v: unknown) =>
  JSON.stringify(v, (_k, x: unknown) => (x === HUGE ? '__HUGE__' : x)).replaceAll('"__HUGE__"', '1e309');
const queryText = (v: unknown) =>
  v === HUGE ? '1e309' : typeof v === 'object' && v !== null ? jsonText(v) : String(v);
function queryString(params: Record<string, unknown>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    for (const x of Array.isArray(v) ? v : [v]) q.append(k, queryText(x));
  }
  return q.toString();
}

const known: Record<string, unknown> = {};
const knownByPath: Record<string, Record<string, unknown>> = {};
const sessions: Record<string, string | undefined> = { nessuna: undefined, cliente: '', admin: '' };

beforeAll(async () => {
  const { db } = t().database;
  const az = await createAzienda(db, { codice: '0001' });
  const c = await createCliente(db, { aziendaCodice: az.codice, codice: '000100' });
  const u = await createUtente(db, { clienti: [c.id] });
  const tecnico = await createAdmin(db, { tipologia: 'tecnico' });
  const cat = await createCategoria(db, { nome: 'Utensili' });
  const marca = await createBrand(db, { brandCodice: '010', nome: 'Makita' });
  // Stock for every order the walk confirms.
  const p = await createProdotto(db, {
    codiceProdotto: 'FZ-1', descrizione1: 'Trapano avvitatore', categoriaId: cat.id, brandCodice: '010', disponibilita: 1_000_000,
  });
  const [v] = await db.insert(volantini).values({ nome: 'Volantino' }).returning();
  await db.insert(volantiniProdotti).values({ volantinoId: v!.id, prodottoId: p.id });
  const [m] = await db.insert(multimedia).values({ nome: 'Catalogo', tipologia: 'catalogo' }).returning();
  const [l] = await db.insert(liste).values({ utenteId: u.id, clienteId: c.id, nome: 'Lista' }).returning();
  const riga = { codice_prodotto: p.codiceProdotto, quantita: 1 };
  Object.assign(known, {
    cod_azienda: az.codice, azienda_codice: az.codice, cod_cliente: c.codice, cliente_codice: c.codice,
    cod_utente: u.codice, utente_codice: u.codice, categoria_cod: cat.codCat, brand_id: marca.brandCodice,
    volantino_id: v!.id, codice_prodotto: p.codiceProdotto, prodotto_id: p.id, lista_id: l!.id, multimedia_id: m!.id,
    stringa: 'trapano', tipologia: 'catalogo', username: u.username, password: u.password, fingerprint: fingerprint('fuzz'),
    nome: 'Prova', email: 'prova@test.local', messaggio: 'Un messaggio', prodotti: [riga], carrelloItems: [riga],
  });
  knownByPath['/api/login/backend'] = { username: tecnico.username, password: tecnico.password };
  // The walk logs these two in hundreds of times: a cheap hash keeps argon2 from setting its pace.
  const cheap = (pw: string) => argon2.hash(pw, { type: argon2.argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 });
  await db.update(utenti).set({ passwordHash: await cheap(u.password) }).where(eq(utenti.id, u.id));
  await db.update(adminUtenti).set({ passwordHash: await cheap(tecnico.password) }).where(eq(adminUtenti.id, tecnico.id));
  sessions.cliente = await loginCliente(t().app, u);
  sessions.admin = await loginAdmin(t().app, tecnico);
});

describe('hostile input', () => {
  it('never answers a 5xx, on any call, in any parameter, with any session', async () => {
    const { app, database } = t();
    const doc = (await app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, Operation>> };
    // Logouts end the sessions the walk uses: last.
    const paths = Object.keys(doc.paths).sort((a, b) => Number(a.includes('logout')) - Number(b.includes('logout')));
    const failures: string[] = [];
    let reachedHandler = 0;
    for (const path of paths) {
      for (const [method, op] of Object.entries(doc.paths[path]!)) {
        const isGet = method === 'get' || method === 'head';
        const query = op.parameters?.filter((p) => p.in === 'query') ?? [];
        const body = op.requestBody?.content['application/json']?.schema;
        const props = isGet ? Object.fromEntries(query.map((p) => [p.name, p.schema])) : propertiesOf(body ?? {});
        const required = isGet ? query.filter((p) => p.required).map((p) => p.name) : body?.required ?? [];
        const values = { ...known, ...knownByPath[path] };
        const baseline = Object.fromEntries(required.map((k) => [k, k in values ? values[k] : fallback(props[k]!)]));
        const fields = isGet ? Object.keys(props).map((k) => [k]) : targets(props);
        // A call without parameters gets one it does not declare, so that it is walked too.
        for (const target of fields.length ? fields : [['sconosciuto']]) {
          if (!isGet && target.length > 1 && !(target[0]! in baseline)) baseline[target[0]!] = values[target[0]!] ?? {};
          // A login ignores the session it comes with, and each costs an argon2 verification: one walk, without.
          const walk = path.startsWith('/api/login/') ? [['nessuna', undefined]] : Object.entries(sessions);
          const requests = HOSTILE.flatMap((hostile) => walk.map(([session, cookie]) => ({ hostile, session, cookie })));
          // A few at a time: the server works on them together, as it would for several browsers.
          for (let i = 0; i < requests.length; i += 8) {
            // The walk looks for 5xx, not at the login limits: every batch of logins starts with clean counters.
            if (path.startsWith('/api/login/')) await cancellaTentativi(database.db);
            await Promise.all(requests.slice(i, i + 8).map(async ({ hostile, session, cookie }) => {
              const params = setIn(baseline, target, hostile);
              const res = await app.inject({
                method: method.toUpperCase() as 'GET',
                url: isGet ? `${path}?${queryString(params)}` : path,
                headers: { ...(cookie ? { cookie } : {}), ...(isGet ? {} : { 'content-type': 'application/json' }) },
                ...(isGet ? {} : { payload: jsonText(params) }),
              });
              if (res.statusCode < 400) reachedHandler++;
              if (res.statusCode >= 500) {
                failures.push(`${res.statusCode} ${method.toUpperCase()} ${path} [${session}] ${target.join('.')}=${jsonText(hostile).slice(0, 40)}`);
              }
            }));
          }
          // manutenzione/change flips the switch that turns every customer call into a 503.
          await app.deps.impostazioni.set('manutenzione', false);
        }
      }
    }
    expect(failures).toEqual([]);
    // The walk covered the API and its values got past validation into the handlers.
    expect(paths.length).toBeGreaterThan(25);
    expect(reachedHandler).toBeGreaterThan(200);
  }, 300_000);
});
