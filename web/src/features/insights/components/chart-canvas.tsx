import { useEffect, useRef, useState } from 'react';
import type * as Charts from './chart-js.ts';
import type { ChartSpec } from './chart-js.ts';

type ChartModule = typeof Charts;
let loading: Promise<ChartModule> | undefined;

/** The charts' module, asked for once by all the page's charts (again after a failure). */
function loadCharts(): Promise<ChartModule> {
  loading ??= import('./chart-js.ts').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/**
 * A chart drawn by Chart.js, which loads with the first chart (the overview page only). The
 * canvas is an image to assistive technology, named by `summary`; the numbers themselves are in
 * the table beside each chart. Until the library is there, and if it cannot load, the box stays
 * empty: the table still says everything. `spec` is drawn again when it changes: keep it the same
 * object (useMemo) while its numbers stay the same.
 */
export function ChartCanvas({ summary, spec }: { summary: string; spec: ChartSpec }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let chart: { destroy(): void } | undefined;
    let cancelled = false;
    loadCharts()
      .then(({ drawChart }) => {
        if (!cancelled && canvas.current) chart = drawChart(canvas.current, spec);
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      chart?.destroy();
    };
  }, [spec]);

  return (
    <div className="relative h-56 w-full sm:h-64">
      {failed ? (
        <p className="flex h-full items-center justify-center text-center text-sm text-slate-700">
          The chart could not be drawn; the table below has the same numbers.
        </p>
      ) : (
        <canvas ref={canvas} role="img" aria-label={summary}>
          {summary}
        </canvas>
      )}
    </div>
  );
}
