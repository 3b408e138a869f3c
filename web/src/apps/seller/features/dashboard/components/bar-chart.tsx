import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  LinearScale,
  Tooltip,
  type Scale,
} from 'chart.js';
import { toFont } from 'chart.js/helpers';
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
          ...(horizontal && { y: { ticks: { callback: nameThatFits } } }),
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

/**
 * A bar's name on the side axis, which takes at most half the chart: a longer one would be cut off
 * at the canvas's edge ('duct 1000 basmati…' on a phone), so it ends in '…' instead (the tooltip
 * and the table beside the chart say it whole).
 */
function nameThatFits(this: Scale, value: number | string): string {
  const { ctx } = this;
  ctx.save();
  ctx.font = toFont(Chart.defaults.font).string; // the ticks' font: the charts set none
  const text = fitted(
    this.getLabelForValue(Number(value)),
    this.chart.width * 0.45,
    (part) => ctx.measureText(part).width,
  );
  ctx.restore();
  return text;
}

/** `text` as it fits in `width` by `measure`: whole, or cut at a character and ended with '…'. */
export function fitted(text: string, width: number, measure: (part: string) => number): string {
  if (measure(text) <= width) return text;
  const characters = [...text];
  let end = characters.length - 1;
  while (end > 1 && measure(`${characters.slice(0, end).join('').trimEnd()}…`) > width) end -= 1;
  return `${characters.slice(0, end).join('').trimEnd()}…`;
}
