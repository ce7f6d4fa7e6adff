import { MSG_PREVENTIVI } from '../../shared/preventivi-costanti.js';
import type { PdfPreventivo } from '../../shared/preventivi.js';
import type { Db } from '../db/client.js';
import { forbidden } from '../lib/errors.js';
import { FileRisposta } from '../lib/file-risposta.js';
import { disegnaPdf } from '../pdf/disegno-in-disparte.js';
import { leggiPreventivo } from './preventivi.queries.js';

/**
 * preventivi/pdf: one version sent by staff (the latest when not named) of a quote the caller
 * reads (leggiPreventivo: another client's is 403), its lines with each product's VAT rate (22 %
 * for a free line or a product gone), the VAT summary per rate computed as the order's (each line
 * to the cent, then the rate on the sum), drawn in the PDF thread.
 */
export async function pdfPreventivo(db: Db, id: number, versione: number | undefined, clienteId: number | null, netti: boolean): Promise<FileRisposta> {
  const q = await leggiPreventivo(db, id, clienteId, netti);
  if (!q) throw forbidden(MSG_PREVENTIVI.sconosciuto);
  const v = q.versioni.find((x) => x.versione === (versione ?? q.versione));
  if (!v || v.versione === 0) throw forbidden(versione === undefined ? 'Il preventivo non ha ancora un\u2019offerta.' : 'Versione non trovata per questo preventivo.');
  const codici = v.righe.flatMap((r) => (r.codice_prodotto ? [r.codice_prodotto] : []));
  const aliquote = new Map((await db.$client<{ codice_prodotto: string; aliquota: number }[]>`
    SELECT codice_prodotto, coalesce(iva_aliquota, 22)::float8 AS aliquota FROM prodotti WHERE codice_prodotto = ANY(${codici}::text[])`)
    .map((r) => [r.codice_prodotto, r.aliquota]));
  const righe = v.righe.map((r) => ({ ...r, aliquota: (r.codice_prodotto === null ? undefined : aliquote.get(r.codice_prodotto)) ?? 22 }));
  const cent = (n: number) => Math.round(n * 100);
  const perAliquota = new Map<number, number>();
  for (const r of righe) perAliquota.set(r.aliquota, (perAliquota.get(r.aliquota) ?? 0) + cent((r.prezzo ?? 0) * r.quantita));
  const iva = [...perAliquota].sort(([a], [b]) => a - b)
    .map(([aliquota, c]) => ({ aliquota, imponibile: c / 100, imposta: Math.round(c * aliquota / 100) / 100 }));
  const dati: PdfPreventivo = {
    numero: q.numero, versione: v.versione, created_at: v.created_at, scade_at: v.scade_at, stato_cliente: q.stato_cliente,
    cliente: { ragione_sociale: q.cliente.ragione_sociale, codice: q.cliente.codice, azienda_codice: q.cliente.azienda_codice },
    richiedente: q.richiedente, presa_da: q.presa_da, righe, iva,
    totale_netto: righe.reduce((s, r) => s + cent((r.prezzo_netto ?? r.prezzo ?? 0) * r.quantita), 0) / 100,
    totale_preventivo: iva.reduce((s, r) => s + cent(r.imponibile), 0) / 100,
    totale_iva: iva.reduce((s, r) => s + cent(r.imposta), 0) / 100,
  };
  return new FileRisposta(`preventivo-${q.numero.replace('/', '-')}-v${v.versione}.pdf`, 'application/pdf', await disegnaPdf('preventivo', dati, 'richiesta'), true);
}
