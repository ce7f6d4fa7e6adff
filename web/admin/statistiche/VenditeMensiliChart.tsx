import {
  CategoryScale, Chart, Filler, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip,
  type ChartConfiguration,
} from 'chart.js';
import { useEffect, useRef } from 'react';
import { formatImporto, formatEuroAsse } from '../../lib/formato';
import type { PuntoMese } from './puntiMensili';

// Only the pieces of a line chart: chart.js lives in this lazy chunk alone (web/README.md budget).
Chart.register(LineController, LineElement, PointElement, LinearScale, CategoryScale, Tooltip, Legend, Filler);

/** The chart's dataset (docs/regole/admin.md#admin-home). */
export const DATASET_FATTURATO = 'Fatturato Mensile (€)';

function token(el: Element, name: string, fallback: string): string {
  return getComputedStyle(el).getPropertyValue(name).trim() || fallback;
}

function config(canvas: HTMLCanvasElement, punti: readonly PuntoMese[]): ChartConfiguration<'line', number[], string> {
  const brand = token(canvas, '--brand', '#1f5fa6');
  const muted = token(canvas, '--text-muted', '#5b6676');
  const grid = token(canvas, '--border', '#d8dde5');
  const font = getComputedStyle(canvas).fontFamily;
  const calmo = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  return {
    type: 'line',
    data: {
      labels: punti.map((p) => p.etichetta),
      datasets: [{
        label: DATASET_FATTURATO,
        data: punti.map((p) => p.importo),
        borderColor: brand,
        backgroundColor: `${brand}1f`,
        pointBackgroundColor: brand,
        pointRadius: 3,
        pointHoverRadius: 5,
        borderWidth: 2,
        fill: true,
        tension: 0.4,
      }],
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: calmo ? false : undefined,
      locale: 'it-IT',
      interaction: { mode: 'index', intersect: false },
      font: { family: font },
      color: muted,
      plugins: {
        legend: { position: 'top', labels: { font: { family: font }, color: muted, boxWidth: 14 } },
        tooltip: {
          callbacks: {
            label: (ctx) => `${ctx.dataset.label ?? ''}: ${formatImporto(ctx.parsed.y ?? 0)}`,
          },
        },
      },
      scales: {
        x: { grid: { display: false }, ticks: { color: muted, font: { family: font } } },
        y: {
          beginAtZero: true,
          grid: { color: grid },
          ticks: { color: muted, font: { family: font }, callback: (value) => formatEuroAsse(Number(value)) },
        },
      },
    },
  };
}

/**
 * The monthly sales line of the admin home and of /admin/statistiche: dataset
 * 'Fatturato Mensile (€)', y axis from zero, legend on top, tension 0.4, euro in it-IT.
 * Loaded lazily through GraficoVendite; the default export is what React.lazy wants.
 */
export default function VenditeMensiliChart({ punti, label }: { punti: readonly PuntoMese[]; label: string }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const chartRef = useRef<Chart<'line', number[], string> | null>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const chart = chartRef.current;
    if (!chart) {
      chartRef.current = new Chart(canvas, config(canvas, punti));
      return;
    }
    chart.data.labels = punti.map((p) => p.etichetta);
    chart.data.datasets[0]!.data = punti.map((p) => p.importo);
    chart.update();
  }, [punti]);

  useEffect(() => () => {
    chartRef.current?.destroy();
    chartRef.current = null;
  }, []);

  return (
    <canvas ref={canvasRef} role="img" aria-label={label} data-punti={punti.length}>
      {label}
    </canvas>
  );
}
