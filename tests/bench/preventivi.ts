/**
 * Quotes (issue 37): `preventivi/elenco` of a client with 20,000 quotes (pages 1-5 of 20 and a
 * state filter in turn), and `preventivi/accetta` of 50-line quotes, each request accepting a quote
 * of its own (an order of 50 lines through crea_ordine at the quoted prices). The quotes are
 * written here in SQL for Mario's client, idempotently; accepted ones are not reused.
 */
import type postgres from 'postgres';
import type { LoadRequest } from './load.js';

export const PREVENTIVI_BENCH = 20_000;
/**
 * Open offers to accept: each run takes its own 4,000 (a run's requests are drawn in batches of
 * 30,000 by index, tests/bench/scenario.ts), more than a run of 10 s accepts.
 */
const OFFERTE_BENCH = 12_000;
const OFFERTE_PER_RUN = 4_000;
const RIGHE_OFFERTA = 50;

interface Mario { headers: Record<string, string>; azienda: string; cliente: string; utente: string }

async function prepara(sql: postgres.Sql, mario: Mario): Promise<number> {
  const [c] = await sql<{ id: number }[]>`SELECT id FROM clienti WHERE azienda_codice = ${mario.azienda} AND codice = ${mario.cliente}`;
  const [{ n }] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM preventivi WHERE cliente_id = ${c!.id}`;
  if (n >= PREVENTIVI_BENCH + OFFERTE_BENCH) return c!.id;
  await sql`INSERT INTO preventivi_numeratori (azienda_codice, anno, ultimo) VALUES (${mario.azienda}, 2000, 0) ON CONFLICT DO NOTHING`;
  // Closed quotes of past years for the list (3 lines each), then the open 50-line offers to accept.
  await sql`
    WITH q AS (
      INSERT INTO preventivi (cliente_id, azienda_codice, anno, progressivo, numero, utente_nome, stato, versione, scade_at, created_at, updated_at)
      SELECT ${c!.id}, ${mario.azienda}, 2000, g, 'P2000/' || lpad(g::text, 6, '0'), 'Bench', (ARRAY['ordinata', 'rifiutata', 'scaduta', 'inviata'])[1 + g % 4],
        CASE WHEN g % 4 = 3 THEN 0 ELSE 1 END, now() - interval '1 day', now() - make_interval(mins => g), now() - make_interval(mins => g)
      FROM generate_series(${n + 1}::int, ${PREVENTIVI_BENCH}::int) g RETURNING id, versione)
    INSERT INTO preventivi_righe (preventivo_id, versione, posizione, codice_prodotto, descrizione, quantita, prezzo_netto, prezzo)
    SELECT q.id, v, k, p.codice_prodotto, p.descrizione1, 2, 10, CASE WHEN v > 0 THEN 9 END
    FROM q, generate_series(0, q.versione) v, generate_series(1, 3) k, LATERAL (SELECT codice_prodotto, descrizione1 FROM prodotti WHERE id = 1 + (q.id * 7 + k) % 2000) p`;
  const prodotti = await sql<{ codice: string; descrizione: string }[]>`
    SELECT p.codice_prodotto AS codice, p.descrizione1 AS descrizione FROM prodotti p JOIN giacenze g ON g.prodotto_id = p.id
    WHERE p.multiplo = 1 AND p.minimo = 1 AND p.status = 0 AND p.deleted_at IS NULL ORDER BY p.id LIMIT 2000`;
  // Stock for every accept: 50 lines of 1 piece each across 2,000 products in turn.
  await sql`UPDATE giacenze g SET disponibilita = greatest(g.disponibilita, 100000) FROM prodotti p
    WHERE p.id = g.prodotto_id AND p.codice_prodotto = ANY(${prodotti.map((p) => p.codice)}::text[])`;
  await sql`
    WITH q AS (
      INSERT INTO preventivi (cliente_id, azienda_codice, anno, progressivo, numero, utente_nome, stato, versione, scade_at, created_at, updated_at)
      SELECT ${c!.id}, ${mario.azienda}, 2000, g, 'P2000/' || lpad(g::text, 6, '0'), 'Bench', 'offerta', 1, now() + interval '30 days',
        now() - make_interval(secs => g), now()
      FROM generate_series(${Math.max(n, PREVENTIVI_BENCH) + 1}::int, ${PREVENTIVI_BENCH + OFFERTE_BENCH}::int) g RETURNING id)
    INSERT INTO preventivi_righe (preventivo_id, versione, posizione, codice_prodotto, descrizione, quantita, prezzo_netto, prezzo)
    SELECT q.id, v, k, x.codice, x.descrizione, 1, 10, CASE WHEN v = 1 THEN 8.5 END
    FROM q, generate_series(0, 1) v, generate_series(1, ${RIGHE_OFFERTA}::int) k,
      LATERAL (SELECT * FROM jsonb_to_recordset(${JSON.stringify(prodotti)}::jsonb) AS y(codice text, descrizione text)
        OFFSET (q.id * ${RIGHE_OFFERTA} + k) % ${prodotti.length} LIMIT 1) x`;
  await sql`UPDATE preventivi_numeratori SET ultimo = ${PREVENTIVI_BENCH + OFFERTE_BENCH} WHERE azienda_codice = ${mario.azienda} AND anno = 2000`;
  await sql`VACUUM (ANALYZE) preventivi, preventivi_righe`;
  return c!.id;
}

export async function richiestePreventivi(sql: postgres.Sql, mario: Mario): Promise<{
  elenco: { note: string; next: (i: number) => LoadRequest };
  accetta: { note: string; next: (i: number) => LoadRequest };
}> {
  const clienteId = await prepara(sql, mario);
  const scope = { azienda_codice: mario.azienda, cliente_codice: mario.cliente, utente_codice: mario.utente };
  const offerte = await sql<{ id: number; righe: number[] }[]>`
    SELECT q.id, array_agg(r.id ORDER BY r.posizione) AS righe FROM preventivi q JOIN preventivi_righe r ON r.preventivo_id = q.id AND r.versione = 1
    WHERE q.cliente_id = ${clienteId} AND q.stato = 'offerta' AND q.scade_at > now() GROUP BY q.id ORDER BY q.id`;
  return {
    elenco: {
      note: `${PREVENTIVI_BENCH.toLocaleString('en')} quotes of one client (plus the open offers); pages 1-5 of 20 and the 'Ordinata' filter in turn`,
      next: (i) => ({
        method: 'GET', headers: mario.headers,
        path: `/api/preventivi/elenco?${new URLSearchParams({ ...scope, ...(i % 6 === 5 ? { stato: 'Ordinata' } : { start: String((i % 6) * 20) }), limit: '20' })}`,
      }),
    },
    accetta: {
      note: `${offerte.length.toLocaleString('en')} open offers of ${RIGHE_OFFERTA} lines; each request accepts one of its own (an order of ${RIGHE_OFFERTA} lines at the quoted prices)`,
      next: (i) => {
        const q = offerte[(Math.floor(i / 30_000) * OFFERTE_PER_RUN + (i % 30_000)) % offerte.length]!;
        return {
          method: 'POST', path: '/api/preventivi/accetta', headers: { ...mario.headers, 'idempotency-key': `bench-prev-${q.id}` },
          body: JSON.stringify({ ...scope, id: q.id, versione: 1, righe: q.righe.map((riga_id) => ({ riga_id, quantita: 1 })) }),
        };
      },
    },
  };
}
