/**
 * The order history's page with its filters (`ordini/elenco`, docs/regole/ordini.md#order-history)
 * on the bench's history (seed/storico-ordini.ts: 200,000 orders of one user for 2,000 clients,
 * skewed so that the first clients have thousands). The history's orders have no names and its user
 * no clients it may act for: both are given here, idempotently (a third of the orders named after a
 * building site, the user linked to its four busiest clients), and a session opened for that user.
 */
import type postgres from 'postgres';
import { apriSessione, cookieSessione } from '../../server/auth/sessioni.js';
import type { Db } from '../../server/db/client.js';
import { AZIENDA_STORICO } from '../../seed/storico-ordini.js';
import type { LoadRequest } from './load.js';

const CANTIERI = ['Cantiere Rossi', 'Magazzino centrale', 'Ristrutturazione via Roma', 'Scuola elementare', 'Condominio Aurora'];

export async function richiesteStorico(db: Db, sql: postgres.Sql): Promise<{ note: string; next: (i: number) => LoadRequest }> {
  await sql`UPDATE ordini SET nome = (${CANTIERI}::text[])[1 + (id / 3) % ${CANTIERI.length}] || ' ' || (id % 97)
    WHERE azienda_codice = ${AZIENDA_STORICO} AND id % 3 = 0 AND nome = ''`;
  const clienti = await sql<{ id: number; codice: string; utente_id: number; ordini: number }[]>`
    SELECT c.id, c.codice, o.utente_id, count(*)::int AS ordini FROM ordini o JOIN clienti c ON c.id = o.cliente_id
    WHERE o.azienda_codice = ${AZIENDA_STORICO} GROUP BY c.id, c.codice, o.utente_id ORDER BY count(*) DESC, c.id LIMIT 4`;
  const utenteId = clienti[0]!.utente_id;
  await sql`INSERT INTO utenti_clienti (utente_id, cliente_id) SELECT ${utenteId}, unnest(${clienti.map((c) => c.id)}::int[]) ON CONFLICT DO NOTHING`;
  await sql`ANALYZE ordini`;
  const token = await apriSessione(db, { tipo: 'cliente', utenteId, ttlHours: 4 });
  const headers = { cookie: `${cookieSessione('cliente', 'production')}=${token}` };
  // Products these clients ordered: a popular one (in many orders) and rarer ones.
  const codici = (await sql<{ codice_prodotto: string }[]>`
    SELECT r.codice_prodotto FROM ordini_righe r JOIN ordini o ON o.id = r.ordine_id
    WHERE o.cliente_id = ${clienti[0]!.id} GROUP BY r.codice_prodotto ORDER BY count(*) DESC, r.codice_prodotto LIMIT 200`)
    .map((r) => r.codice_prodotto);
  const filtri = [
    '',
    'dal=2024-03-01&al=2024-03-31',
    'dal=2025-01-01',
    'nome=cantiere',
    'nome=roma%2012',
    `codice_prodotto=${encodeURIComponent(codici[0]!)}`,
    `codice_prodotto=${encodeURIComponent(codici[codici.length - 1]!)}`,
    'stato=errore',
    'stato=confermato&dal=2023-06-01&al=2023-12-31',
    `nome=magazzino&codice_prodotto=${encodeURIComponent(codici[1]!)}`,
  ];
  const pagine = ['start=0&limit=25', 'start=0&limit=50', 'start=100&limit=50', 'start=1000&limit=100'];
  const n = filtri.length * pagine.length * clienti.length;
  return {
    note: `${clienti.map((c) => c.ordini.toLocaleString('en')).join(' / ')} orders of the four busiest clients in turn; no filter, a month, from a day, `
      + `a part of the name, a popular and a rare product code, each state, combinations; pages of 25-100 from the first to the 1,000th order (${n} requests in turn)`,
    next: (i) => {
      const c = clienti[i % clienti.length]!;
      const f = filtri[Math.floor(i / clienti.length) % filtri.length]!;
      const p = pagine[Math.floor(i / (clienti.length * filtri.length)) % pagine.length]!;
      const scope = `azienda_codice=${AZIENDA_STORICO}&cliente_codice=${c.codice}&utente_codice=U-STORICO`;
      return { method: 'GET', path: `/api/ordini/elenco?${scope}&${p}${f ? `&${f}` : ''}`, headers };
    },
  };
}
