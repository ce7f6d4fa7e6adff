/**
 * Operatori with the demo's limits (Luca's: 500 € an order, 2,000 € a month), `n` of them on the
 * bench client, each logged in through the customer login: the `ordini/create` scenario with
 * limits on every ordering user (docs/regole/organizzazione.md#holding). Given idempotently.
 */
import type { FastifyInstance } from 'fastify';
import type postgres from 'postgres';
import { hashPassword } from '../../server/auth/passwords.js';
import { cookieSessione } from '../../server/auth/sessioni.js';

const PASSWORD = 'Demo2024!';

export async function operatoriConLimiti(
  app: FastifyInstance, sql: postgres.Sql, cl: { azienda_codice: string; cliente_codice: string }, n: number,
): Promise<{ headers: Record<string, string>; utente_codice: string }[]> {
  const [c] = await sql<{ id: number }[]>`SELECT id FROM clienti WHERE azienda_codice = ${cl.azienda_codice} AND codice = ${cl.cliente_codice}`;
  const hash = await hashPassword(PASSWORD);
  const sid = cookieSessione('cliente', 'production');
  const operatori = [];
  for (let k = 1; k <= n; k++) {
    const [u] = await sql<{ id: number; codice: string; username: string }[]>`
      INSERT INTO utenti (codice, username, password_hash, nome, cognome)
      VALUES (${`U-BENCH-LIM-${k}`}, ${`bench.limiti.${k}@ferramentarossi.it`}, ${hash}, 'Operatore', ${`Bench ${k}`})
      ON CONFLICT (codice) DO UPDATE SET password_hash = EXCLUDED.password_hash RETURNING id, codice, username`;
    await sql`
      INSERT INTO utenti_clienti (utente_id, cliente_id, ruolo, limite_ordine, budget_mensile)
      VALUES (${u!.id}, ${c!.id}, 'operatore', 500, 2000)
      ON CONFLICT (utente_id, cliente_id) DO UPDATE SET ruolo = 'operatore', limite_ordine = 500, budget_mensile = 2000, stato = 'attivo'`;
    const login = await app.inject({
      method: 'POST', url: '/api/login/frontendfingerprint',
      payload: { username: u!.username, password: PASSWORD, fingerprint: 'b'.repeat(64) },
    });
    const valore = login.cookies.find((x) => x.name === sid)?.value;
    if (login.statusCode !== 200 || !valore) throw new Error(`login of ${u!.username}: ${login.statusCode} ${login.body}`);
    operatori.push({ headers: { cookie: `${sid}=${valore}` }, utente_codice: u!.codice });
  }
  return operatori;
}
