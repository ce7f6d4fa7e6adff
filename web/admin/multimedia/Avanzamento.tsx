import { useCallback, useEffect, useRef, useState } from 'react';
import './file.css';

/** How far an upload is: a bar and the percentage, announced politely. */
export function Avanzamento({ inviati, totale }: { inviati: number; totale: number }) {
  const perc = totale > 0 ? Math.min(100, Math.round((inviati / totale) * 100)) : 0;
  return (
    <div className="mm-progress" role="status">
      <progress max={100} value={perc} aria-label="Avanzamento del caricamento" />
      <span>{perc < 100 ? `Caricamento… ${perc}%` : 'Elaborazione dei file…'}</span>
    </div>
  );
}

/** True for the rejection of an upload stopped with 'Annulla'. */
export const eAnnullato = (err: unknown) => err instanceof DOMException && err.name === 'AbortError';

/**
 * An upload in progress: `avvia(invia)` runs it with a progress callback and an abort signal,
 * `annulla()` stops it, and leaving the page stops it too.
 */
export function useCaricamento() {
  const [avanzamento, setAvanzamento] = useState<{ inviati: number; totale: number } | null>(null);
  const controllo = useRef<AbortController | null>(null);
  useEffect(() => () => controllo.current?.abort(), []);
  const avvia = useCallback(async <T,>(invia: (onProgress: (inviati: number, totale: number) => void, signal: AbortSignal) => Promise<T>) => {
    const c = new AbortController();
    controllo.current = c;
    setAvanzamento({ inviati: 0, totale: 0 });
    try {
      return await invia((inviati, totale) => setAvanzamento({ inviati, totale }), c.signal);
    } finally {
      controllo.current = null;
      setAvanzamento(null);
    }
  }, []);
  const annulla = useCallback(() => controllo.current?.abort(), []);
  return { avanzamento, avvia, annulla };
}
