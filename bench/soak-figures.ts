// A soak run's figures from its samples: after the warm-up, the least-squares slope of
// each series (RSS and heap against the sales recorded, the rest against time), and each
// goal met or missed. Flat is the goal; a run never fails on what it measures.
import { percentile } from './stats.js';
import type { Sample } from './soak-sampler.js';

export interface Fit {
  slope: number;
  intercept: number;
}

/** Least squares: y = slope × x + intercept. */
export function leastSquares(xs: number[], ys: number[]): Fit {
  const n = xs.length;
  if (n < 2) return { slope: Number.NaN, intercept: Number.NaN };
  const meanX = xs.reduce((sum, x) => sum + x, 0) / n;
  const meanY = ys.reduce((sum, y) => sum + y, 0) / n;
  let covariance = 0;
  let variance = 0;
  for (let i = 0; i < n; i++) {
    covariance += (xs[i]! - meanX) * (ys[i]! - meanY);
    variance += (xs[i]! - meanX) ** 2;
  }
  const slope = variance === 0 ? 0 : covariance / variance;
  return { slope, intercept: meanY - slope * meanX };
}

/**
 * The warm-up: 15 % of the run, at least a minute, at most half of it; and past the first
 * archiving run (a minute after it), a one-off step in RSS (see README, "Weeks without a
 * restart"), as long as a quarter of the run is left to measure.
 */
export function warmUpSeconds(runSeconds: number, firstArchiveSeconds?: number): number {
  const usual = Math.min(runSeconds / 2, Math.max(60, runSeconds * 0.15));
  if (firstArchiveSeconds === undefined) return usual;
  const pastArchive = firstArchiveSeconds + 60;
  return pastArchive <= runSeconds * 0.75 ? Math.max(usual, pastArchive) : usual;
}

export interface SoakGoals {
  /** The WAL's bound: the autocheckpoint's pages times the page size, in MB. */
  walBoundMb: number;
}

export function soakFigures(samples: Sample[], warmUp: number, goals: SoakGoals) {
  const measured = samples.filter((sample) => sample.at >= warmUp);
  const first = measured[0];
  const last = measured.at(-1);
  const hours = first && last ? (last.at - first.at) / 3600 : 0;
  const series = (pick: (sample: Sample) => number) => measured.map(pick);
  const sales = series((sample) => sample.sales);
  const time = series((sample) => sample.at / 3600);
  const fit = (x: number[], pick: (sample: Sample) => number) => leastSquares(x, series(pick));
  const rss = fit(sales, (sample) => sample.rssMb);
  const heap = fit(sales, (sample) => sample.heapMb);
  const fds = fit(time, (sample) => sample.fds);
  const wal = fit(time, (sample) => sample.walMb);
  const loop = [...series((sample) => sample.loopP99Ms)].sort((a, b) => a - b);
  const walMaxMb = Math.max(0, ...series((sample) => sample.walMb));
  const fdGrowth = fds.slope * hours;
  const loopMedian = percentile(loop, 50);
  const baseline = [...series((sample) => sample.baselineLoopP99Ms)].sort((a, b) => a - b);
  const cpuShare = first && last ? (last.cpuSeconds - first.cpuSeconds) / (last.at - first.at) : 0;
  return {
    samples: measured.length,
    cpuShare,
    sales: first && last ? last.sales - first.sales : 0,
    minutes: hours * 60,
    rssMbPer10kSales: rss.slope * 10_000,
    heapMbPer10kSales: heap.slope * 10_000,
    rssMbRange: range(series((sample) => sample.rssMb)),
    fdsPerHour: fds.slope,
    fdGrowth,
    fdRange: range(series((sample) => sample.fds)),
    walMbPerHour: wal.slope,
    walMaxMb,
    walBoundMb: goals.walBoundMb,
    loopP99MedianMs: loopMedian,
    loopP99WorstMs: loop.at(-1) ?? Number.NaN,
    baselineLoopP99MedianMs: percentile(baseline, 50),
    baselineLoopP99WorstMs: baseline.at(-1) ?? Number.NaN,
    fits: { rss, heap, fds, wal },
    goals: {
      rss: rss.slope * 10_000 < 1,
      fds: fdGrowth < 1,
      // The checkpoint runs after the commit that crosses the bound: one commit's margin.
      wal: walMaxMb <= goals.walBoundMb * 1.05,
      loop: loopMedian < 20,
    },
  };
}

const range = (values: number[]) => [Math.min(...values), Math.max(...values)] as const;

export type SoakFigures = ReturnType<typeof soakFigures>;

const shown = (value: number, digits = 2) => (Number.isFinite(value) ? value.toFixed(digits) : '-');
const mark = (met: boolean) => (met ? 'pass' : 'miss');

/** The figures as the lines a person reads at the end of the run. */
export function figureLines(figures: SoakFigures): string[] {
  const { goals } = figures;
  return [
    `after the warm-up: ${shown(figures.minutes, 1)} min, ${figures.sales} sales, ${figures.samples} samples, the daemon's CPU ${shown(figures.cpuShare * 100, 1)} % of a core`,
    `RSS slope: ${shown(figures.rssMbPer10kSales)} MB per 10,000 sales (${shown(figures.rssMbRange[0], 1)}-${shown(figures.rssMbRange[1], 1)} MB; goal < 1): ${mark(goals.rss)}`,
    `heap slope: ${shown(figures.heapMbPer10kSales)} MB per 10,000 sales`,
    `open descriptors: ${shown(figures.fdsPerHour)} per hour, ${shown(figures.fdGrowth)} over the run (${figures.fdRange[0]}-${figures.fdRange[1]}; goal: no growth, < 1): ${mark(goals.fds)}`,
    `WAL: ${shown(figures.walMbPerHour)} MB per hour, at most ${shown(figures.walMaxMb)} MB (checkpoint bound ${shown(figures.walBoundMb)} MB): ${mark(goals.wal)}`,
    `event-loop delay p99 per sample: median ${shown(figures.loopP99MedianMs)} ms, worst ${shown(figures.loopP99WorstMs)} ms (goal: median < 20): ${mark(goals.loop)}`,
    `  the machine's share (a bare Node process beside it, measured the same way): median ${shown(figures.baselineLoopP99MedianMs)} ms, worst ${shown(figures.baselineLoopP99WorstMs)} ms`,
  ];
}
