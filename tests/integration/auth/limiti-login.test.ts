import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../../server/auth/limiti-login.js';
import { tentativiLogin } from '../../../server/db/schema/index.js';
import { createAdmin, createAzienda, createCliente, createUtente } from '../../support/factories.js';
import { cookieFrom, fingerprint, useTestApp } from '../../support/harness.js';

// The login limits (docs/regole/accesso.md#login-limits, docs/decisions/limiti-login.md): an address's ceiling slows what
// fails from it but never refuses the right password of an account that did not fail there; an
// account has a ceiling across addresses with a growing delay; a tecnico clears both.
const t = useTestApp();
type Utente = Awaited<ReturnType<typeof createUtente>>;
let cliente: number;
let admin: Awaited<ReturnType<typeof createAdmin>>;
let tecnico: Awaited<ReturnType<typeof createAdmin>>;
let n = 0;

beforeAll(async () => {
  const { db } = t().database;
  const az = await createAzienda(db, { codice: '0001' });
  cliente = (await createCliente(db, { aziendaCodice: az.codice, codice: '000100' })).id;
  admin = await createAdmin(db, { username: 'admin' });
  tecnico = await createAdmin(db, { username: 'tecnico', tipologia: 'tecnico' });
});

const nuovoUtente = () => createUtente(t().database.db, { clienti: [cliente], username: `limiti${++n}@test.local` });
const login = (username: string, password: string, ip: string) => t().app.inject({
  method: 'POST', url: '/api/login/frontendfingerprint', remoteAddress: ip, payload: { username, password, fingerprint: fingerprint() },
});
const loginAdmin = (username: string, password: string, ip: string) =>
  t().app.inject({ method: 'POST', url: '/api/login/backend', remoteAddress: ip, payload: { username, password } });

/** The outcome of either login: the admin's answer carries it at the top, the customer's in utente. */
const esito = (res: LightMyRequestResponse): { status: number; msg: string } => {
  const body = res.json();
  return body.status === undefined ? body.utente : body;
};
const entrato = (res: LightMyRequestResponse) => res.statusCode === 200 && esito(res).status === 0;
const respinto = (res: LightMyRequestResponse) => res.statusCode === 200 && /non corretti/.test(esito(res).msg);
function attendere(res: LightMyRequestResponse): number {
  expect(res.statusCode, res.body).toBe(429);
  const secondi = Number(/^Troppi tentativi di accesso\. Riprova tra (\d+) second[oi]\.$/.exec(res.json().msg)?.[1]);
  expect(res.headers['retry-after']).toBe(String(secondi));
  return secondi;
}

/** 100 failures from this address, of other usernames: the address is over its ceiling. */
async function indirizzoOltreIlLimite(ip: string): Promise<void> {
  await t().database.db.insert(tentativiLogin).values(Array.from({ length: LIMITS.perIp }, (_, i) => ({ username: `bot${i}@x.local`, ip })));
}
/** Failures of an account spread over 5 addresses, as the login records them (argon2 is slow on purpose). */
async function fallimenti(username: string, quanti: number, a: number): Promise<void> {
  await t().database.db.insert(tentativiLogin).values(Array.from({ length: quanti }, (_, i) => ({ username, ip: ip(a, i % 5) })));
}
/** Moves a username's failures back in time, as if that many seconds had passed. */
async function passano(username: string, secondi: number): Promise<void> {
  await t().database.db.$client`
    UPDATE tentativi_login SET created_at = created_at - make_interval(secs => ${secondi}) WHERE lower(username) = lower(${username})`;
}
const ip = (a: number, b: number) => `10.${a}.${b}.1`;

describe('the address ceiling', () => {
  it('never refuses the right password of an account that did not fail from the address', async () => {
    const [u, collega] = [await nuovoUtente(), await nuovoUtente()];
    await indirizzoOltreIlLimite(ip(1, 1));
    expect(entrato(await login(u.username, u.password, ip(1, 1)))).toBe(true);
    // A colleague's first typo there is still checked and answered as such.
    expect(respinto(await login(collega.username, 'sbagliata', ip(1, 1)))).toBe(true);
  });

  it('slows an account, or an unknown username, that failed from it: 30 s after its failure, the right password too', async () => {
    const u = await nuovoUtente();
    await indirizzoOltreIlLimite(ip(1, 2));
    expect(respinto(await login(u.username, 'sbagliata', ip(1, 2)))).toBe(true);
    const secondi = attendere(await login(u.username, u.password, ip(1, 2)));
    expect(secondi).toBeGreaterThan(0);
    expect(secondi).toBeLessThanOrEqual(30);
    // Elsewhere the account is not slowed by this address.
    expect(entrato(await login(u.username, u.password, ip(1, 3)))).toBe(true);
    const ignoto = 'nessuno@test.local';
    expect(respinto(await login(ignoto, 'x', ip(1, 2)))).toBe(true);
    attendere(await login(ignoto, 'y', ip(1, 2)));
    await passano(u.username, 31);
    expect(entrato(await login(u.username, u.password, ip(1, 2)))).toBe(true);
  });

  it('holds for admins too', async () => {
    await indirizzoOltreIlLimite(ip(1, 4));
    expect(entrato(await loginAdmin(admin.username, admin.password, ip(1, 4)))).toBe(true);
    expect(respinto(await loginAdmin('altro-admin', 'x', ip(1, 4)))).toBe(true);
    attendere(await loginAdmin('altro-admin', 'y', ip(1, 4)));
  });
});

describe('the account ceiling across addresses', () => {
  it('checks 20 guesses spread over 5 addresses, then refuses every attempt, the right password and a new address included', async () => {
    const u = await nuovoUtente();
    const esiti = [];
    for (let tentativo = 0; tentativo < 10; tentativo++) {
      for (let a = 0; a < 5; a++) esiti.push(await login(u.username, `prova-${tentativo}-${a}`, ip(2, a)));
    }
    expect(esiti.filter(respinto)).toHaveLength(LIMITS.perAccount);
    for (const res of esiti.slice(LIMITS.perAccount)) attendere(res);
    attendere(await login(u.username, u.password, ip(2, 9)));
  });

  it('the delay grows with each failure: 30 s, then 60 s', async () => {
    const u = await nuovoUtente();
    await fallimenti(u.username, LIMITS.perAccount - 1, 3);
    expect(respinto(await login(u.username, 'no', ip(3, 6)))).toBe(true);
    expect(attendere(await login(u.username, 'no', ip(3, 7)))).toBeLessThanOrEqual(30);
    await passano(u.username, 40);
    // 40 s after the 20th failure: checked again, and a 21st failure means 60 s.
    expect(respinto(await login(u.username, 'no', ip(3, 7)))).toBe(true);
    await passano(u.username, 40);
    const secondi = attendere(await login(u.username, u.password, ip(3, 8)));
    expect(secondi).toBeGreaterThan(0);
    expect(secondi).toBeLessThanOrEqual(20);
    await passano(u.username, 25);
    expect(entrato(await login(u.username, u.password, ip(3, 8)))).toBe(true);
  });

  it('holds for admins too', async () => {
    const altro = await createAdmin(t().database.db, { username: 'admin-limiti' });
    await fallimenti(altro.username, LIMITS.perAccount - 1, 4);
    expect(respinto(await loginAdmin(altro.username, 'no', ip(4, 6)))).toBe(true);
    attendere(await loginAdmin(altro.username, altro.password, ip(4, 9)));
  });
});

describe('login_attempts/delete_all', () => {
  it('clears both ceilings at once', async () => {
    const [u, v]: Utente[] = [await nuovoUtente(), await nuovoUtente()];
    await fallimenti(u.username, LIMITS.perAccount, 5);
    await indirizzoOltreIlLimite(ip(5, 9));
    await login(v.username, 'no', ip(5, 9));
    attendere(await login(u.username, u.password, ip(5, 8)));
    attendere(await login(v.username, v.password, ip(5, 9)));
    const cookie = cookieFrom(await loginAdmin(tecnico.username, tecnico.password, ip(5, 100)));
    expect((await t().app.inject({ url: '/api/login_attempts/delete_all', headers: { cookie } })).json()).toEqual({ status: 'success' });
    expect(entrato(await login(u.username, u.password, ip(5, 8)))).toBe(true);
    expect(entrato(await login(v.username, v.password, ip(5, 9)))).toBe(true);
  });
});
