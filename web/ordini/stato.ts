import { testoSuperamento } from '../../shared/approvazioni-costanti.js';
import type { Ordine } from '../../shared/ordini.js';
import { ETICHETTE_STATO_ORDINE, RESPONSE_CODE_OK, statoOrdine as statoDi, type StatoOrdine } from '../../shared/ordini-costanti.js';
import { NON_PRESENTE } from '../lib/formato';

type OrdineStato = Pick<Ordine, 'response_code' | 'response_status'>
  & Partial<Pick<Ordine, 'approvazione' | 'approvazione_superamento' | 'approvazione_motivo'>>;

/** response_code '201' is the normal (green) state, anything else an error or a decision pending or refused. */
export const ordineOk = (o: Pick<Ordine, 'response_code'>) => o.response_code === RESPONSE_CODE_OK;

/** The order's state code (shared/ordini-costanti.ts), from its answer code and approval. */
export const codiceStato = (o: OrdineStato): StatoOrdine => statoDi({ response_code: o.response_code, approvazione: o.approvazione ?? null });

/**
 * Why an order is not confirmed: the limits a held order passed, a rejection's reason, or the
 * refusal's reason in response_status ('Fido del cliente superato'). null for an accepted order,
 * and for a missing reason or one that only repeats the status ('Errore', as older data has), so
 * the status is said once.
 */
export function motivoOrdine(o: OrdineStato): string | null {
  const stato = codiceStato(o);
  if (stato === 'confermato' || stato === 'scaduto') return null;
  if (stato === 'in_approvazione') {
    const testo = (o.approvazione_superamento ?? []).map(testoSuperamento).join('; ');
    return testo ? testo[0]!.toUpperCase() + testo.slice(1) : null;
  }
  if (stato === 'rifiutato') return o.approvazione_motivo?.trim() || null;
  const motivo = o.response_status?.trim() ?? '';
  return motivo && motivo.toLowerCase() !== 'errore' ? motivo : null;
}

/** 'Confermato', 'In attesa di approvazione', or 'Errore ({reason})', 'Non Presente' without one (docs/regole/ordini.md#orders). */
export function statoOrdine(o: OrdineStato): string {
  const stato = codiceStato(o);
  if (stato === 'errore') return `Errore (${motivoOrdine(o) ?? NON_PRESENTE})`;
  return ETICHETTE_STATO_ORDINE[stato];
}

/** The pill's tone: green confirmed, amber waiting, red otherwise. */
export const tonoStato = (o: OrdineStato): string =>
  ({ confermato: ' is-ok', in_approvazione: ' is-wait' } as Partial<Record<StatoOrdine, string>>)[codiceStato(o)] ?? '';
