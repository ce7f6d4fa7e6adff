import { describe, expect, it } from 'vitest';
import { SessioniRecenti } from '../../server/auth/sessioni-recenti.js';
import type { UtenteSessione } from '../../server/auth/utente-sessione.js';
import { Cache, CACHE } from '../../server/lib/cache.js';

const utente = (id: number): UtenteSessione => ({
  id, codice: 'U0001', username: 'u', nome: 'N', cognome: 'C', nominativo: '', tipologiaAccount: 'cliente', fatturatoMetrica: 0,
  cambioPassword: false, clienti: [],
});

describe('the one cache abstraction (server/lib/cache.ts)', () => {
  it('is bounded: past its size the least recently used entry goes first', () => {
    const c = new Cache<string, number>('impostazioni');
    const max = CACHE.impostazioni.max;
    for (let i = 0; i < max; i++) c.salva(c.lettura(), `k${i}`, i);
    expect(c.get('k0')).toBe(0);
    c.salva(c.lettura(), 'nuova', -1);
    expect(c.get('k0')).toBe(0);
    expect(c.get('k1')).toBeUndefined();
    expect(c.get('nuova')).toBe(-1);
  });

  it('keeps what a read loaded, unless the cache forgot anything while it ran', async () => {
    const c = new Cache<string, number[]>('pagineElenchi');
    expect(await c.ricorda('categoria:1:0:50', async () => [1, 2])).toEqual([1, 2]);
    expect(c.get('categoria:1:0:50')).toEqual([1, 2]);
    expect(await c.ricorda('categoria:1:0:50', async () => [9])).toEqual([1, 2]);

    // An invalidation of any key, or of everything, while a load is under way: the load answers
    // what it read, but the cache does not keep it.
    for (const intanto of [() => c.forget(['altra']), () => c.clear()]) {
      expect(await c.ricorda('brand:X:0:50', async () => { intanto(); return [7]; })).toEqual([7]);
      expect(c.get('brand:X:0:50')).toBeUndefined();
    }
    expect(await c.ricorda('brand:X:0:50', async () => [8])).toEqual([8]);
    expect(c.get('brand:X:0:50')).toEqual([8]);
  });

  it('salva keeps nothing past its lettura, nor an entry whose life has already ended', () => {
    const c = new Cache<number, string>('descrizioni');
    const lettura = c.lettura();
    c.forget([1]);
    c.salva(lettura, 2, 'vecchia');
    expect(c.get(2)).toBeUndefined();
    c.salva(c.lettura(), 2, 'nuova', 0);
    expect(c.get(2)).toBeUndefined();
    c.salva(c.lettura(), 2, 'nuova', 5_000);
    expect(c.get(2)).toBe('nuova');
  });
});

describe('SessioniRecenti', () => {
  it('does not keep a session read before a notice: it may be the session as it was before a revocation', () => {
    const s = new SessioniRecenti();
    const lettura = s.lettura();
    s.svuota();
    s.set(lettura, 'hash-a', utente(1), Date.now() + 60_000);
    expect(s.get('hash-a')).toBeUndefined();
    s.set(s.lettura(), 'hash-a', utente(1), Date.now() + 60_000);
    expect(s.get('hash-a')?.id).toBe(1);
    expect(Object.isFrozen(s.get('hash-a'))).toBe(true);
  });

  it('keeps no session past its end', () => {
    const s = new SessioniRecenti();
    s.set(s.lettura(), 'hash-b', utente(2), Date.now() - 1);
    expect(s.get('hash-b')).toBeUndefined();
  });
});
