import { z } from 'zod';
import type { ErpConfig } from '../config.js';
import type { Db } from '../db/client.js';

export const DEFAULT_TIMEOUT_MS = 800;

/** The ERP's answer (docs/erp.md): per product its stock and, optionally, the quantity on order. */
const risposta = z.object({
  righe: z.array(z.object({
    codice_prodotto: z.string().min(1).max(100),
    disponibilita: z.number().int().min(-1_000_000_000).max(1_000_000_000),
    ord_forn: z.number().int().min(0).max(1_000_000_000).optional(),
  })).max(10_000),
});

export interface Log {
  warn: (obj: object, msg: string) => void;
}

/**
 * Asks the ERP for the live stock of the lines (ERP_AVAILABILITY_URL: a JSON POST of the lines)
 * and writes what it answers into the portal's stock, so that the usual promise rule (stock plus on
 * order, docs/regole/catalogo.md#promisable-stock) and crea_ordine's row locks work on the ERP's figures. An ERP that does not answer
 * within the timeout (default 800 ms), fails or answers nonsense changes nothing: the portal's stock
 * stays the truth, and a warning says so. Without the setting nothing is asked.
 */
export async function aggiornaDaErp(
  db: Db, erp: ErpConfig | undefined, righe: readonly { codice_prodotto: string; quantita: unknown }[], log: Log,
): Promise<void> {
  if (!erp?.availabilityUrl || righe.length === 0) return;
  const timeout = erp.availabilityTimeoutMs ?? DEFAULT_TIMEOUT_MS;
  const t0 = performance.now();
  let live: z.infer<typeof risposta>;
  try {
    const res = await fetch(erp.availabilityUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ righe: righe.map((r) => ({ codice_prodotto: r.codice_prodotto, quantita: Number(r.quantita) || 0 })) }),
      signal: AbortSignal.timeout(timeout),
    });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    live = risposta.parse(await res.json());
  } catch (err) {
    const motivo = err instanceof Error && err.name === 'TimeoutError' ? `nessuna risposta entro ${timeout} ms` : String(err instanceof Error ? err.message : err).slice(0, 200);
    log.warn({ ms: Math.round(performance.now() - t0), motivo }, 'ERP: disponibilità non ricevuta, uso la giacenza del portale');
    return;
  }
  if (live.righe.length === 0) return;
  // Only rows whose figures changed are written (an unchanged row costs no new tuple), locked in
  // product order as crea_ordine locks them, so that two orders' refreshes cannot deadlock.
  await db.$client`
    UPDATE giacenze g SET disponibilita = l.disponibilita, ord_forn = coalesce(l.ord_forn, g.ord_forn)
    FROM (
      SELECT g.prodotto_id, l.disponibilita, l.ord_forn
      FROM unnest(${live.righe.map((r) => r.codice_prodotto)}::text[], ${live.righe.map((r) => r.disponibilita)}::int[],
        ${live.righe.map((r) => r.ord_forn ?? null)}::int[]) AS l(codice_prodotto, disponibilita, ord_forn)
      JOIN prodotti p ON p.codice_prodotto = l.codice_prodotto
      JOIN giacenze g ON g.prodotto_id = p.id
      WHERE g.disponibilita <> l.disponibilita OR g.ord_forn <> coalesce(l.ord_forn, g.ord_forn)
      ORDER BY g.prodotto_id FOR UPDATE OF g
    ) l WHERE g.prodotto_id = l.prodotto_id`;
}
