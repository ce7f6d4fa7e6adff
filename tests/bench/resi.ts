/**
 * What can be returned of a large DDT (`resi/rendibili`, docs/regole/resi.md#lines): a DDT of
 * Mario's client with 200 lines (created here, idempotently), 50 of them already partly in
 * returns still open, so that each line's returnable quantity is counted against real rows.
 */
import type postgres from 'postgres';
import type { LoadRequest } from './load.js';

export const RIGHE_DDT_BENCH = 200;

export async function richiesteRendibili(
  sql: postgres.Sql, mario: { headers: Record<string, string>; azienda: string; cliente: string; utente: string },
): Promise<{ note: string; next: (i: number) => LoadRequest }> {
  const [c] = await sql<{ id: number }[]>`SELECT id FROM clienti WHERE azienda_codice = ${mario.azienda} AND codice = ${mario.cliente}`;
  const [d] = await sql<{ id: number }[]>`
    INSERT INTO documenti (tipo, numero, data, azienda_codice, cliente_id, imponibile, iva, totale, pdf)
    VALUES ('DDT', 'DDT-BENCH-200', current_date - 10, ${mario.azienda}, ${c!.id}, 1000, 220, 1220, '.documenti/bench.pdf')
    ON CONFLICT (azienda_codice, tipo, anno, numero) DO UPDATE SET data = excluded.data RETURNING id`;
  const righe = Array.from({ length: RIGHE_DDT_BENCH }, (_, i) => ({ codice_prodotto: `BENCH-${i + 1}`, descrizione: `Articolo ${i + 1}`, quantita: 10 }));
  await sql`SELECT scrivi_righe_ddt(${d!.id}, ${JSON.stringify(righe)}::text::jsonb)`;
  const [{ n }] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM resi WHERE documento_id = ${d!.id}`;
  if (n === 0) {
    const [r] = await sql<{ id: number }[]>`
      INSERT INTO resi (azienda_codice, anno, numero, cliente_id, documento_id, stato, giorni_ddt, ddt_reso_richiesto)
      VALUES (${mario.azienda}, extract(year from now())::int, 'RMA-BENCH-1', ${c!.id}, ${d!.id}, 'richiesto', 10, true) RETURNING id`;
    await sql`
      INSERT INTO resi_righe (reso_id, documento_riga_id, quantita, motivo, percentuale_prevista)
      SELECT ${r!.id}, id, 2, 'eccedenza', 100 FROM documenti_righe WHERE documento_id = ${d!.id} AND riga % 4 = 0`;
  }
  await sql`VACUUM (ANALYZE) documenti_righe`;
  await sql`VACUUM (ANALYZE) resi_righe`;
  const q = new URLSearchParams({ azienda_codice: mario.azienda, cliente_codice: mario.cliente, utente_codice: mario.utente, documento_id: String(d!.id) });
  return {
    note: `a DDT of ${RIGHE_DDT_BENCH} lines, 50 of them partly in an open return: the lines with their returnable quantities and the policy`,
    next: () => ({ method: 'GET', path: `/api/resi/rendibili?${q}`, headers: mario.headers }),
  };
}
