/**
 * The approvers' list (`approvazioni/elenco`, docs/regole/organizzazione.md#limits-and-approvals)
 * with 10,000 orders waiting for one client: an Operatore of Mario's client (created here) whose
 * orders, of three lines each, wait for approval, given idempotently; Mario, its Titolare, reads
 * the first five pages of 20 in turn, and the header's count.
 */
import type postgres from 'postgres';
import type { LoadRequest } from './load.js';

export const IN_ATTESA_BENCH = 10_000;

export async function richiesteApprovazioni(
  sql: postgres.Sql, mario: { headers: Record<string, string>; azienda: string; cliente: string; utente: string },
): Promise<{ note: string; next: (i: number) => LoadRequest }> {
  const [c] = await sql<{ id: number }[]>`SELECT id FROM clienti WHERE azienda_codice = ${mario.azienda} AND codice = ${mario.cliente}`;
  const [op] = await sql<{ id: number }[]>`
    INSERT INTO utenti (codice, username, password_hash, nome, cognome)
    VALUES ('U-BENCH-OP', 'bench.operatore@ferramentarossi.it', 'x', 'Operatore', 'Bench')
    ON CONFLICT (codice) DO UPDATE SET nome = EXCLUDED.nome RETURNING id`;
  await sql`INSERT INTO utenti_clienti (utente_id, cliente_id, ruolo, limite_ordine) VALUES (${op!.id}, ${c!.id}, 'operatore', 500)
    ON CONFLICT (utente_id, cliente_id) DO NOTHING`;
  const [{ n }] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM ordini WHERE cliente_id = ${c!.id} AND approvazione = 'in_attesa'`;
  if (n < IN_ATTESA_BENCH) {
    const prodotti = await sql<{ id: number; codice: string; nome: string }[]>`
      SELECT id, codice_prodotto AS codice, descrizione1 AS nome FROM prodotti ORDER BY id LIMIT 300`;
    const ids = await sql<{ id: number }[]>`
      INSERT INTO ordini (utente_id, cliente_id, azienda_codice, cliente_codice, utente_codice, utente_nome, response_code, response_status,
        totale, erp_stato, approvazione, approvazione_superamento, approvazione_scade_at, created_at)
      SELECT ${op!.id}, ${c!.id}, ${mario.azienda}, ${mario.cliente}, 'U-BENCH-OP', 'Operatore Bench', '202', 'In attesa di approvazione',
        600, 'in_approvazione', 'in_attesa', '[{"limite":"ordine","valore":500,"superato_di":100}]'::jsonb,
        now() + interval '7 days', now() - make_interval(mins => g)
      FROM generate_series(1, ${IN_ATTESA_BENCH - n}) g RETURNING id`;
    await sql`
      INSERT INTO ordini_righe (ordine_id, prodotto_id, codice_prodotto, prodotto_nome, qt, prezzo, prezzo_reale)
      SELECT o.id, (p->>'id')::int, p->>'codice', p->>'nome', 2, 100, 100
      FROM unnest(${ids.map((r) => r.id)}::int[]) AS o(id), LATERAL (SELECT to_jsonb(x) AS p FROM (
        SELECT id, codice, nome FROM jsonb_to_recordset(${JSON.stringify(prodotti)}::jsonb) AS y(id int, codice text, nome text)
        OFFSET (o.id % 100) * 3 LIMIT 3) x) l`;
  }
  // As autovacuum leaves a table between bursts of writes: the visibility map set, the statistics fresh.
  await sql`VACUUM (ANALYZE) ordini`;
  const q = (start: number) => new URLSearchParams({ azienda_codice: mario.azienda, cliente_codice: mario.cliente, utente_codice: mario.utente, start: String(start), limit: '20' });
  return {
    note: `${IN_ATTESA_BENCH.toLocaleString('en')} orders of 3 lines waiting for one client; its Titolare reads pages 1-5 of 20 and the header's count in turn`,
    next: (i) => (i % 6 === 5
      ? { method: 'GET', path: `/api/approvazioni/conteggio?${new URLSearchParams({ azienda_codice: mario.azienda, cliente_codice: mario.cliente, utente_codice: mario.utente })}`, headers: mario.headers }
      : { method: 'GET', path: `/api/approvazioni/elenco?${q((i % 6) * 20)}`, headers: mario.headers }),
  };
}
