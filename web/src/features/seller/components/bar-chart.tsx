import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';
import { useEffect, useRef } from 'react';

// Only what bar charts need: Chart.js leaves the rest out of the seller's screens.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

interface BarChartProps {
  labels: readonly string[];
  values: readonly number[];
  /** What a bar counts, for its tooltip: 'Orders', 'Units'. */
  label: string;
  /** Bars along the side (long names), rather than up. */
  horizontal?: boolean;
  height: number;
}

/**
 * A bar chart (Chart.js on a canvas). Hidden from screen readers: each chart on the dashboard is
 * followed by a table of the same figures, which they read instead.
 */
export function BarChart({ labels, values, label, horizontal = false, height }: BarChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const chart = new Chart(canvas.current, {
      type: 'bar',
      data: {
        labels: [...labels],
        datasets: [{ label, data: [...values], backgroundColor: '#15803d', borderRadius: 4 }],
      },
      options: {
        indexAxis: horizontal ? 'y' : 'x',
        maintainAspectRatio: false,
        animation: false,
        scales: {
          [horizontal ? 'x' : 'y']: { beginAtZero: true, ticks: { precision: 0 } },
        },
      },
    });
    return () => chart.destroy();
  }, [labels, values, label, horizontal]);
  return (
    <div className="bar-chart" style={{ height }} aria-hidden="true">
      <canvas ref={canvas} />
    </div>
  );
}
