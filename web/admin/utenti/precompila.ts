import type { ClienteAdmin } from '../../../shared/anagrafica.js';

/** The pre-filled password is the company name and 'the year 2024', a fixed year. */
export const ANNO_PASSWORD = 2024;

const EMAIL = /[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}/i;

/** The first e-mail address in a client's email field ('Ordini <ordini@x.it>; …' → 'ordini@x.it'), or ''. */
export function estraiEmail(testo: string): string {
  return EMAIL.exec(testo)?.[0] ?? '';
}

export interface Precompilati {
  username: string;
  password: string;
  nome: string;
  cognome: string;
}

/**
 * The new-user fields a picked client fills (docs/regole/admin.md#user-prefill): username the client's e-mail, password the
 * company name lowercased without spaces plus 2024, nome and cognome the company name. The
 * 'company name' is the client's ragione sociale (the customer's company; the azienda is the
 * wholesaler's branch). The password is temporary: the customer changes it at the first login.
 */
export function precompila(c: Pick<ClienteAdmin, 'email' | 'ragione_sociale'>): Precompilati {
  const nome = c.ragione_sociale.trim();
  return {
    username: estraiEmail(c.email),
    password: `${nome.toLowerCase().replace(/\s+/g, '')}${ANNO_PASSWORD}`,
    nome,
    cognome: nome,
  };
}
