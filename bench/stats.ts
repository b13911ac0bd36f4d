// Figures shared by the benchmarks: percentiles, rates and a printed table.

export function percentile(sortedMs: number[], p: number): number {
  if (sortedMs.length === 0) return Number.NaN;
  const index = Math.min(sortedMs.length - 1, Math.ceil((p / 100) * sortedMs.length) - 1);
  return sortedMs[Math.max(0, index)]!;
}

export interface Timing {
  label: string;
  count: number;
  totalMs: number;
  latenciesMs: number[];
}

export function summarize({ label, count, totalMs, latenciesMs }: Timing) {
  const sorted = [...latenciesMs].sort((a, b) => a - b);
  return {
    label,
    perSecond: Math.round((count / totalMs) * 1000),
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
  };
}

/** Runs `action` `count` times, timing each call. */
export function timeEach(label: string, count: number, action: (index: number) => void): Timing {
  const latenciesMs: number[] = [];
  const start = performance.now();
  for (let index = 0; index < count; index++) {
    const before = performance.now();
    action(index);
    latenciesMs.push(performance.now() - before);
  }
  return { label, count, totalMs: performance.now() - start, latenciesMs };
}

export const fixed = (value: number, digits = 3) => value.toFixed(digits);
