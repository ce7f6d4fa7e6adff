import { lazy, Suspense, useMemo } from 'react';
import { Spinner } from '../../components/Spinner';
import { puntiMensili, type RigaMese } from './puntiMensili';
import './statistiche.css';

const VenditeMensiliChart = lazy(() => import('./VenditeMensiliChart'));

/**
 * The monthly sales chart from the rows of ordini/stats: one year (January to December, to the
 * current month for the current year) or, with anno null, every month from the first order on.
 * chart.js arrives in its own chunk; a spinner holds the place meanwhile.
 */
export function GraficoVendite({ righe, anno, label }: {
  righe: readonly RigaMese[];
  anno: number | null;
  /** Accessible name of the chart. */
  label: string;
}) {
  const punti = useMemo(() => puntiMensili(righe, anno), [righe, anno]);
  return (
    <div className="grafico-vendite" data-testid="grafico-vendite">
      <Suspense fallback={<Spinner label="Caricamento grafico…" size="lg" block />}>
        <VenditeMensiliChart punti={punti} label={label} />
      </Suspense>
    </div>
  );
}
