/**
 * The agent's portfolio (`agente/clienti`, docs/regole/agenti.md#portfolio): an agent (created
 * here, with Mario's password) following 500 clients that have 200,000 confirmed orders between
 * them over the last two years; the agent reads the portfolio with its figures again and again.
 */
import type { FastifyInstance } from 'fastify';
import type postgres from 'postgres';
import { cookieSessione } from '../../server/auth/sessioni.js';
import type { LoadRequest } from './load.js';

export const CLIENTI_AGENTE_BENCH = 500;
export const ORDINI_AGENTE_BENCH = 200_000;

export async function richiesteAgente(app: FastifyInstance, sql: postgres.Sql): Promise<{ note: string; next: (i: number) => LoadRequest }> {
  const [a] = await sql<{ id: number }[]>`
    INSERT INTO utenti (codice, username, password_hash, nome, cognome, nominativo, tipologia_account, agente_codice)
    SELECT 'U-BENCH-AG', 'bench.agente@ferramenta.local', u.password_hash, 'Agente', 'Bench', 'Agente Bench', 'agente', 'A-BENCH'
    FROM utenti u WHERE lower(u.username) = 'mario.rossi@ferramentarossi.it'
    ON CONFLICT (codice) DO UPDATE SET nome = EXCLUDED.nome RETURNING id`;
  await sql`INSERT INTO agenti_clienti (agente_id, cliente_id, origine)
    SELECT ${a!.id}, c.id, 'import' FROM clienti c ORDER BY c.id LIMIT ${CLIENTI_AGENTE_BENCH} ON CONFLICT DO NOTHING`;
  const [{ n }] = await sql<{ n: number }[]>`
    SELECT count(*)::int AS n FROM ordini o JOIN agenti_clienti ac ON ac.cliente_id = o.cliente_id AND ac.agente_id = ${a!.id}
    WHERE o.response_code = '201'`;
  if (n < ORDINI_AGENTE_BENCH) {
    // Headers only: the portfolio reads no line. Spread over the 500 clients and the last 730 days.
    await sql`
      WITH cl AS (
        SELECT (row_number() OVER (ORDER BY x.id) - 1)::int AS k, x.id, x.azienda_codice, x.codice
        FROM (SELECT id, azienda_codice, codice FROM clienti ORDER BY id LIMIT ${CLIENTI_AGENTE_BENCH}) x)
      INSERT INTO ordini (utente_id, cliente_id, azienda_codice, cliente_codice, utente_codice, utente_nome, inserito_da_agente,
        response_code, response_status, totale, erp_stato, created_at)
      SELECT ${a!.id}, cl.id, cl.azienda_codice, cl.codice, 'U-BENCH-AG', 'Agente Bench', 'Agente Bench', '201', 'Confermato',
        round((50 + (g * 7919) % 2000)::numeric, 3), 'precedente', now() - make_interval(secs => ((g::bigint * 104729) % (730 * 86400))::double precision)
      FROM generate_series(1, ${ORDINI_AGENTE_BENCH - n}) g JOIN cl ON cl.k = g % ${CLIENTI_AGENTE_BENCH}`;
    // Copied in rather than placed through crea_ordine: the rollups (stat_clienti_mese) rebuilt once.
    await sql`SELECT ricalcola_statistiche()`;
  }
  await sql`VACUUM (ANALYZE) ordini, stat_clienti_mese`;
  const login = await app.inject({
    method: 'POST', url: '/api/login/frontendfingerprint',
    payload: { username: 'bench.agente@ferramenta.local', password: 'Demo2024!', fingerprint: 'c'.repeat(64) },
  });
  const sid = cookieSessione('cliente', 'production');
  const cookie = `${sid}=${login.cookies.find((c) => c.name === sid)!.value}`;
  return {
    note: `an agent with ${CLIENTI_AGENTE_BENCH} clients having ${ORDINI_AGENTE_BENCH.toLocaleString('en')} confirmed orders over two years; the whole portfolio with its figures`,
    next: () => ({ method: 'GET', path: '/api/agente/clienti', headers: { cookie } }),
  };
}
