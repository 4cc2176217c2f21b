// Chart.js, loaded by the overview page alone (a dynamic import in chart-canvas.tsx): no other
// page's chunks carry it. Only what the two charts draw is registered, so the rest of the
// library is left out of the bundle.
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Filler,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';

Chart.register(
  BarController,
  BarElement,
  CategoryScale,
  Filler,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
);

export interface ChartSpec {
  type: 'line' | 'bar';
  labels: string[];
  values: number[];
  /** The series' name in the tooltip. */
  label: string;
  /** How a value reads in the tooltip and on the value axis. */
  format: (value: number) => string;
  /** One colour per bar (a bar chart), else the line's. */
  colors: string[];
  /** Counts: the value axis marks whole numbers only (not 0, 0.5, 1, … each read as a count). */
  wholeNumbers?: boolean;
}

/** Draws a chart on the canvas; the caller destroys it before drawing another there. */
export function drawChart(canvas: HTMLCanvasElement, spec: ChartSpec): { destroy(): void } {
  const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  const [first = '#c2410c'] = spec.colors;
  return new Chart(canvas, {
    type: spec.type,
    data: {
      labels: spec.labels,
      datasets: [
        {
          label: spec.label,
          data: spec.values,
          backgroundColor: spec.type === 'bar' ? spec.colors : 'rgba(234, 88, 12, 0.15)',
          borderColor: spec.type === 'bar' ? spec.colors : first,
          borderWidth: 2,
          fill: spec.type === 'line',
          pointRadius: spec.values.length > 40 ? 0 : 2,
          tension: 0.25,
        },
      ],
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: still ? false : undefined,
      interaction: { mode: 'index', intersect: false },
      plugins: {
        legend: { display: false },
        tooltip: {
          callbacks: { label: (item) => `${spec.label}: ${spec.format(item.parsed.y ?? 0)}` },
        },
      },
      scales: {
        x: {
          ticks: { color: '#334155', autoSkip: true, maxRotation: 0 },
          grid: { display: false },
        },
        y: {
          beginAtZero: true,
          ticks: {
            color: '#334155',
            callback: (value) => spec.format(Number(value)),
            ...(spec.wholeNumbers ? { precision: 0 } : {}),
          },
          grid: { color: '#e2e8f0' },
        },
      },
    },
  });
}
