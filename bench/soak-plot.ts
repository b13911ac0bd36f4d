// The soak run's plot, drawn as SVG by hand (no charting dependency): one panel per series
// against the minutes of the run, the warm-up shaded, the least-squares fit dashed.
import type { Fit, SoakFigures } from './soak-figures.js';
import type { Sample } from './soak-sampler.js';

const WIDTH = 760;
const PANEL = 130;
const LEFT = 60;
const RIGHT = 20;
const TOP = 24;
const GAP = 30;

interface Panel {
  title: string;
  value: (sample: Sample) => number;
  /** A second series drawn in grey under the first (the machine's baseline). */
  beside?: (sample: Sample) => number;
  /** The fit's value at a sample (RSS and heap are fitted against sales, the rest time). */
  fitted?: (sample: Sample) => number;
}

const line = (fit: Fit, x: (sample: Sample) => number) => (sample: Sample) =>
  fit.slope * x(sample) + fit.intercept;

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function soakPlot(
  samples: Sample[],
  warmUp: number,
  figures: SoakFigures,
  heading: string,
): string {
  const { fits } = figures;
  const bySales = (sample: Sample) => sample.sales;
  const byHours = (sample: Sample) => sample.at / 3600;
  const panels: Panel[] = [
    {
      title: `RSS (MB): ${figures.rssMbPer10kSales.toFixed(2)} MB per 10,000 sales`,
      value: (sample) => sample.rssMb,
      fitted: line(fits.rss, bySales),
    },
    {
      title: `V8 heap used (MB): ${figures.heapMbPer10kSales.toFixed(2)} MB per 10,000 sales`,
      value: (sample) => sample.heapMb,
      fitted: line(fits.heap, bySales),
    },
    {
      title: `open file descriptors: ${figures.fdsPerHour.toFixed(2)} per hour`,
      value: (sample) => sample.fds,
      fitted: line(fits.fds, byHours),
    },
    {
      title: `WAL file (MB): at most ${figures.walMaxMb.toFixed(2)}, bound ${figures.walBoundMb.toFixed(2)}`,
      value: (sample) => sample.walMb,
      fitted: line(fits.wal, byHours),
    },
    {
      title: `event-loop delay p99 per sample (ms): median ${figures.loopP99MedianMs.toFixed(2)}; grey: a bare Node process beside it, median ${figures.baselineLoopP99MedianMs.toFixed(2)}`,
      value: (sample) => sample.loopP99Ms,
      beside: (sample) => sample.baselineLoopP99Ms,
    },
  ];
  const endAt = Math.max(1, samples.at(-1)?.at ?? 1);
  const x = (at: number) => LEFT + ((WIDTH - LEFT - RIGHT) * at) / endAt;
  const height = TOP + panels.length * (PANEL + GAP);
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" font-family="sans-serif" font-size="11">`,
    `<rect width="100%" height="100%" fill="white"/>`,
    `<text x="${LEFT}" y="15" font-size="13">${escape(heading)}</text>`,
  ];
  panels.forEach((panel, index) => {
    const top = TOP + index * (PANEL + GAP) + 16;
    const values = samples.flatMap((sample) => [
      panel.value(sample),
      ...(panel.beside ? [panel.beside(sample)] : []),
    ]);
    const low = Math.min(0, ...values);
    const high = Math.max(...values, low + 1e-9) * 1.05;
    const y = (value: number) => top + PANEL - ((value - low) / (high - low)) * PANEL;
    const points = (pick: (sample: Sample) => number, from: Sample[]) =>
      from.map((sample) => `${x(sample.at).toFixed(1)},${y(pick(sample)).toFixed(1)}`).join(' ');
    parts.push(
      `<text x="${LEFT}" y="${top - 4}">${escape(panel.title)}</text>`,
      `<rect x="${x(0)}" y="${top}" width="${x(Math.min(warmUp, endAt)) - x(0)}" height="${PANEL}" fill="#eee"/>`,
      `<rect x="${LEFT}" y="${top}" width="${WIDTH - LEFT - RIGHT}" height="${PANEL}" fill="none" stroke="#999"/>`,
      `<text x="${LEFT - 4}" y="${top + 4}" text-anchor="end">${high.toPrecision(3)}</text>`,
      `<text x="${LEFT - 4}" y="${top + PANEL}" text-anchor="end">${low.toPrecision(3)}</text>`,
    );
    if (panel.beside)
      parts.push(
        `<polyline fill="none" stroke="#999" stroke-width="1" points="${points(panel.beside, samples)}"/>`,
      );
    parts.push(
      `<polyline fill="none" stroke="#1f77b4" stroke-width="1.2" points="${points(panel.value, samples)}"/>`,
    );
    const measured = samples.filter((sample) => sample.at >= warmUp);
    if (panel.fitted && measured.length > 1)
      parts.push(
        `<polyline fill="none" stroke="#d62728" stroke-dasharray="5,3" points="${points(panel.fitted, measured)}"/>`,
      );
  });
  const bottom = height - 6;
  parts.push(
    `<text x="${LEFT}" y="${bottom}">0 min</text>`,
    `<text x="${WIDTH - RIGHT}" y="${bottom}" text-anchor="end">${(endAt / 60).toFixed(1)} min (warm-up shaded, fit dashed)</text>`,
    '</svg>',
  );
  return parts.join('\n');
}
