import { useEffect, useRef, useState } from 'react';

/**
 * A CODE128 barcode of `value` as SVG. jsbarcode is loaded on demand (its own chunk), so it never
 * weighs on the first load.
 */
export function Barcode({ value, height = 56 }: { value: string; height?: number }) {
  const ref = useRef<SVGSVGElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');

  useEffect(() => {
    let cancelled = false;
    setState('loading');
    import('jsbarcode')
      .then(({ default: JsBarcode }) => {
        if (cancelled || !ref.current) return;
        JsBarcode(ref.current, value, {
          format: 'CODE128', height, width: 1.6, margin: 8, fontSize: 13, displayValue: true,
          font: 'ui-monospace, Menlo, Consolas, monospace', background: '#ffffff', lineColor: '#1b2430',
        });
        setState('ready');
      })
      .catch(() => !cancelled && setState('error'));
    return () => {
      cancelled = true;
    };
  }, [value, height]);

  return (
    <figure className="barcode">
      <svg ref={ref} role="img" aria-label={`Codice a barre CODE128 ${value}`} data-state={state} />
      {state === 'error' && <figcaption className="muted">Codice a barre non disponibile</figcaption>}
    </figure>
  );
}
