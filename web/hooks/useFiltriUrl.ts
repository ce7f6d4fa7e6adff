import { useSearchParams } from 'react-router-dom';

/** A filter form's values without its empty boxes (an empty box is no filter). */
export function pieni<V extends Record<string, string>>(valori: V): Partial<V> {
  return Object.fromEntries(Object.entries(valori).filter(([, v]) => v.trim() !== '')) as Partial<V>;
}

/**
 * A list's filters in the URL, beside usePaging's start and limit: reload and back keep them, and
 * applying new ones goes back to the first page. A field with a closed set of values (`ammessi`)
 * takes only one of them from the URL; anything else there is ignored, not sent.
 */
export function useFiltriUrl<F extends Partial<Record<K, string>>, K extends string = Extract<keyof F, string>>(
  campi: readonly K[], ammessi: Partial<Record<K, readonly string[]>> = {},
) {
  const [params, setParams] = useSearchParams();
  const letti: Partial<Record<K, string>> = {};
  for (const k of campi) {
    const v = params.get(k)?.trim();
    if (v && (ammessi[k]?.includes(v) ?? true)) letti[k] = v;
  }
  // Every value is one `ammessi` allows, which is what F's narrower fields say.
  const filtri = letti as F;
  const applica = (nuovi: F) => setParams((prev) => {
    const next = new URLSearchParams(prev);
    for (const k of campi) {
      const v = nuovi[k]?.trim();
      if (v) next.set(k, v);
      else next.delete(k);
    }
    next.set('start', '0');
    return next;
  });
  const quanti = Object.keys(filtri).length;
  return { filtri, applica, attivi: quanti > 0, quanti };
}
