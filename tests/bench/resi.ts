/**
 * What can be returned of a large DDT (`resi/rendibili`, docs/regole/resi.md#lines): a DDT of
 * Mario's client with 200 lines (created here, idempotently) and a long history of returns on it,
 * 2,000 of 3 lines each in every state (a third refused or cancelled, some lines refused), so
 * that each line's returnable quantity is counted against real rows
 * (docs/decisions/resi-rendibili-piano.md).
 */
import type postgres from 'postgres';
import type { LoadRequest } from './load.js';

export const RIGHE_DDT_BENCH = 200;
/** Past returns on the bench's DDT. */
const RESI_BENCH = 2000;

export async function richiesteRendibili(
  sql: postgres.Sql, mario: { headers: Record<string, string>; azienda: string; cliente: string; utente: string },
): Promise<{ note: string; next: (i: number) => LoadRequest }> {
  const [c] = await sql<{ id: number }[]>`SELECT id FROM clienti WHERE azienda_codice = ${mario.azienda} AND codice = ${mario.cliente}`;
  const [d] = await sql<{ id: number }[]>`
    INSERT INTO documenti (tipo, numero, data, azienda_codice, cliente_id, imponibile, iva, totale, pdf)
    VALUES ('DDT', 'DDT-BENCH-200', current_date - 10, ${mario.azienda}, ${c!.id}, 1000, 220, 1220, '.documenti/bench.pdf')
    ON CONFLICT (azienda_codice, tipo, anno, numero) DO UPDATE SET data = excluded.data RETURNING id`;
  const righe = Array.from({ length: RIGHE_DDT_BENCH }, (_, i) => ({ codice_prodotto: `BENCH-${i + 1}`, descrizione: `Articolo ${i + 1}`, quantita: 1000 }));
  await sql`SELECT scrivi_righe_ddt(${d!.id}, ${JSON.stringify(righe)}::text::jsonb)`;
  const [{ n }] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM resi WHERE documento_id = ${d!.id}`;
  if (n < RESI_BENCH) {
    await sql`
      WITH r AS (
        INSERT INTO resi (azienda_codice, anno, numero, cliente_id, documento_id, stato, giorni_ddt, ddt_reso_richiesto)
        SELECT ${mario.azienda}, extract(year from now())::int, 'RMA-BENCH-' || g, ${c!.id}, ${d!.id},
          (ARRAY['richiesto', 'autorizzato', 'rifiutato', 'annullato', 'chiuso', 'verificato'])[1 + g % 6], 10, true
        FROM generate_series(${n + 1}::int, ${RESI_BENCH}::int) g RETURNING id)
      INSERT INTO resi_righe (reso_id, documento_riga_id, quantita, motivo, percentuale_prevista, esito)
      SELECT r.id, dr.id, 1, 'difettoso', 100, CASE WHEN (r.id + k) % 7 = 0 THEN 'rifiutata' END
      FROM r CROSS JOIN generate_series(0, 2) k
      JOIN documenti_righe dr ON dr.documento_id = ${d!.id} AND dr.riga = 1 + ((r.id * 3 + k) % ${RIGHE_DDT_BENCH})`;
    await sql`VACUUM (ANALYZE) resi`;
  }
  await sql`VACUUM (ANALYZE) documenti_righe`;
  await sql`VACUUM (ANALYZE) resi_righe`;
  const q = new URLSearchParams({ azienda_codice: mario.azienda, cliente_codice: mario.cliente, utente_codice: mario.utente, documento_id: String(d!.id) });
  return {
    note: `a DDT of ${RIGHE_DDT_BENCH} lines and ${RESI_BENCH} past returns of 3 lines on it: the lines with their returnable quantities and the policy`,
    next: () => ({ method: 'GET', path: `/api/resi/rendibili?${q}`, headers: mario.headers }),
  };
}
