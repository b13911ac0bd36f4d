// The agent process's own health, for a till that runs for weeks: its JavaScript heap and
// how late its event loop ran (a till whose loop runs late answers the cashier late). Only
// sizes and times: nothing about sales, keys or settings.
import { monitorEventLoopDelay } from 'node:perf_hooks';

/** How often the loop's delay is sampled: a timer this often, late by the delay. */
const RESOLUTION_MS = 10;

export interface ProcessFigures {
  heapUsedBytes: number;
  /** 99th percentile of the loop's delay since the previous read, in seconds. */
  eventLoopDelayP99Seconds: number;
}

/** Starts sampling the event loop; each read covers the time since the one before. */
export function startProcessFigures() {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  return {
    read(): ProcessFigures {
      // The histogram holds whole timer intervals: the delay is what exceeds the resolution.
      const p99Ms = histogram.count > 0 ? histogram.percentile(99) / 1e6 - RESOLUTION_MS : 0;
      histogram.reset();
      return {
        heapUsedBytes: process.memoryUsage().heapUsed,
        eventLoopDelayP99Seconds: Math.max(0, p99Ms) / 1000,
      };
    },
    stop: () => histogram.disable(),
  };
}
