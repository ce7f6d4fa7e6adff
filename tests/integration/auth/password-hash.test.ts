import argon2 from 'argon2';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DUMMY_HASH, HASH_OPTIONS, needsRehash } from '../../../server/auth/passwords.js';
import { ADMIN_UTENTI, DEMO_PASSWORD, DEMO_PASSWORD_HASH } from '../../../seed/demo-anagrafica.js';
import { adminUtenti, utenti } from '../../../server/db/schema/index.js';
import { createAdmin, createAzienda, createCliente, createUtente } from '../../support/factories.js';
import { fingerprint, useTestApp } from '../../support/harness.js';

// Stored hashes follow HASH_OPTIONS: one made with other parameters is redone at the next
// successful login, since every login pays a verification at the stored hash's parameters.
const t = useTestApp();
const ATTUALI = `$argon2id$v=19$m=${HASH_OPTIONS.memoryCost},p=${HASH_OPTIONS.parallelism},t=${HASH_OPTIONS.timeCost}$`;
/** Other parameters than HASH_OPTIONS (OWASP's minimum, cheap to make here). */
const altri = (pw: string) => argon2.hash(pw, { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 });

let clienteId = 0;
beforeAll(async () => {
  const { db } = t().database;
  const az = await createAzienda(db);
  clienteId = (await createCliente(db, { aziendaCodice: az.codice })).id;
});

const hashAdmin = async (id: number) => (await t().database.db.select().from(adminUtenti).where(eq(adminUtenti.id, id)))[0]!.passwordHash;
const hashUtente = async (id: number) => (await t().database.db.select().from(utenti).where(eq(utenti.id, id)))[0]!.passwordHash;
const loginAdmin = (username: string, password: string) =>
  t().app.inject({ method: 'POST', url: '/api/login/backend', payload: { username, password } });
const loginCliente = (username: string, password: string) =>
  t().app.inject({ method: 'POST', url: '/api/login/frontendfingerprint', payload: { username, password, fingerprint: fingerprint() } });

describe('password hashes', () => {
  it('compares unknown users against a dummy hash with the current parameters', async () => {
    expect(DUMMY_HASH.startsWith(ATTUALI)).toBe(true);
    expect(needsRehash(DUMMY_HASH)).toBe(false);
    expect(await argon2.verify(DUMMY_HASH, 'utente-inesistente')).toBe(true);
    expect((await loginAdmin('nessuno', 'utente-inesistente')).json()).toMatchObject({ status: 1 });
  });

  it("the demo data's ready-made hashes are of its passwords, with the current parameters", async () => {
    const demo = [[DEMO_PASSWORD, DEMO_PASSWORD_HASH], ...ADMIN_UTENTI.map((a) => [a.password, a.passwordHash] as const)] as const;
    for (const [password, hash] of demo) {
      expect(hash.startsWith(ATTUALI)).toBe(true);
      expect(needsRehash(hash)).toBe(false);
      expect(await argon2.verify(hash, password)).toBe(true);
    }
  });

  it('redoes an admin hash made with other parameters at the next successful login, not at a failed one', async () => {
    const admin = await createAdmin(t().database.db, { password: 'Admin2024!' });
    const vecchio = await altri('Admin2024!');
    await t().database.db.update(adminUtenti).set({ passwordHash: vecchio }).where(eq(adminUtenti.id, admin.id));
    expect((await loginAdmin(admin.username, 'sbagliata')).json()).toMatchObject({ status: 1 });
    expect(await hashAdmin(admin.id)).toBe(vecchio);
    expect((await loginAdmin(admin.username, 'Admin2024!')).json()).toMatchObject({ status: 0 });
    const nuovo = await hashAdmin(admin.id);
    expect(nuovo.startsWith(ATTUALI)).toBe(true);
    expect((await loginAdmin(admin.username, 'Admin2024!')).json()).toMatchObject({ status: 0 });
    expect(await hashAdmin(admin.id)).toBe(nuovo);
  });

  it('redoes a customer hash made with other parameters, and leaves a current one alone', async () => {
    const u = await createUtente(t().database.db, { clienti: [clienteId], password: 'Demo2024!' });
    const attuale = await hashUtente(u.id);
    expect(attuale.startsWith(ATTUALI)).toBe(true);
    expect((await loginCliente(u.username, 'Demo2024!')).json().utente).toMatchObject({ status: 0 });
    expect(await hashUtente(u.id)).toBe(attuale);
    await t().database.db.update(utenti).set({ passwordHash: await altri('Demo2024!') }).where(eq(utenti.id, u.id));
    expect((await loginCliente(u.username, 'Demo2024!')).json().utente).toMatchObject({ status: 0 });
    expect((await hashUtente(u.id)).startsWith(ATTUALI)).toBe(true);
    expect(await argon2.verify(await hashUtente(u.id), 'Demo2024!')).toBe(true);
  });
});
