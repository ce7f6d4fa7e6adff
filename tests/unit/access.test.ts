import { describe, expect, it } from 'vitest';
import { resolveScope } from '../../server/auth/access.js';
import type { UtenteSessione } from '../../server/auth/utente-sessione.js';
import { HttpError } from '../../server/lib/errors.js';

const cliente = (aziendaCodice: string, codice: string, id: number) => ({
  id, aziendaCodice, codice, aziendaRagioneSociale: 'Az', ragioneSociale: 'Cl', lisMaga: 1, sconto: '0',
  ruolo: 'titolare' as const, limiteOrdine: null, budgetMensile: null, vedePrezzi: true, vedeDocumenti: true,
});
const utente: UtenteSessione = {
  id: 1, codice: 'U0001', username: 'u', nome: 'N', cognome: 'C', nominativo: '', tipologiaAccount: 'cliente', fatturatoMetrica: 0, cambioPassword: false,
  clienti: [cliente('0001', '000100', 10), cliente('0002', '000100', 20), cliente('0002', '000300', 30)],
};
const status = (f: () => unknown) => {
  try {
    f();
    return 200;
  } catch (e) {
    return (e as HttpError).statusCode;
  }
};

describe('resolveScope', () => {
  it('picks the client named by company and client code', () => {
    expect(resolveScope(utente, { azienda: '0002', cliente: '000100' })?.id).toBe(20);
    expect(resolveScope(utente, { cliente: '000300' })?.id).toBe(30);
  });
  it('refuses codes that are not the user\'s (403)', () => {
    expect(status(() => resolveScope(utente, { azienda: '0001', cliente: '000300' }))).toBe(403);
    expect(status(() => resolveScope(utente, { azienda: '0009', cliente: '000100' }))).toBe(403);
    expect(status(() => resolveScope(utente, { utente: 'U0002' }))).toBe(403);
    expect(status(() => resolveScope(utente, { azienda: '0009' }))).toBe(403);
  });
  it('needs the company when a client code exists in two companies', () => {
    expect(status(() => resolveScope(utente, { cliente: '000100' }))).toBe(403);
  });
  it('without a client code: the first client of the company named, else of the user', () => {
    expect(resolveScope(utente, { utente: 'U0001' }).id).toBe(10);
    expect(resolveScope(utente, { azienda: '0002' }).id).toBe(20);
  });
});
