import { useSearchParams } from 'react-router-dom';
import { STATI_ORDINE } from '../../shared/ordini.js';
import type { FiltriOrdini } from './api';

const CAMPI = ['dal', 'al', 'nome', 'codice_prodotto', 'stato'] as const;

/**
 * The history's filters in the URL (docs/regole/ordini.md#order-history), beside usePaging's start
 * and limit: reload and back keep them, and applying new ones goes back to the first page.
 */
export function useFiltriOrdini() {
  const [params, setParams] = useSearchParams();
  const filtri: FiltriOrdini = {};
  for (const k of CAMPI) {
    const v = params.get(k)?.trim();
    if (!v) continue;
    if (k === 'stato') {
      const stato = STATI_ORDINE.find((s) => s === v);
      if (stato) filtri.stato = stato;
    } else {
      filtri[k] = v;
    }
  }
  const applica = (nuovi: FiltriOrdini) => {
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      for (const k of CAMPI) {
        const v = nuovi[k]?.trim();
        if (v) next.set(k, v);
        else next.delete(k);
      }
      next.set('start', '0');
      return next;
    });
  };
  return { filtri, applica, attivi: Object.keys(filtri).length > 0 };
}
