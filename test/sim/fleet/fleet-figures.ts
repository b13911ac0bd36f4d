// The figures of a fleet run, from what the platform saw: how hard the chain hit it in the
// first seconds after the lift, the share of its requests refused for the quota, how long
// until every till had sent what waited at the lift against the best possible (that
// backlog at the rate the platform allows), the slowest till against the median one, and
// what became of the sales. Every figure is of virtual time: one seed, one line.
import type { FleetRequest } from './fleet-platform.js';

export interface FleetFigures {
  tills: number;
  seed: number;
  faults: string;
  backlog: number;
  requestsFirst10s: number;
  /** What the platform would take in those 10 s: its burst plus 10 s at its rate. */
  allowedFirst10s: number;
  requestsAfterLift: number;
  share429: number;
  drainSeconds: number;
  optimumSeconds: number;
  drainVsOptimum: number;
  slowestSeconds: number;
  medianSeconds: number;
  slowestVsMedian: number;
  recorded: number;
  lost: number;
  twice: number;
  inDoubt: number;
}

export interface FigureSources {
  tills: number;
  seed: number;
  faults: string;
  liftAt: number;
  allowedRate: number;
  burst: number;
  backlogs: readonly string[][];
  storedAt: ReadonlyMap<string, number>;
  requests: readonly FleetRequest[];
  delivery: { recorded: number; lost: number; twice: number; inDoubt: number };
}

const round = (value: number, places = 3) => Number(value.toFixed(places));

export function fleetFigures(sources: FigureSources): FleetFigures {
  const { liftAt, requests } = sources;
  const after = requests.filter((request) => request.sentAt >= liftAt);
  const refused = after.filter((request) => request.status === 429).length;
  const firstTen = after.filter((request) => request.sentAt < liftAt + 10_000).length;
  // Each till's drain: until the last sale that waited at the lift was stored.
  const drains = sources.backlogs
    .filter((backlog) => backlog.length > 0)
    .map((backlog) =>
      Math.max(...backlog.map((customer) => (sources.storedAt.get(customer) ?? Infinity) - liftAt)),
    )
    .sort((a, b) => a - b);
  const backlog = sources.backlogs.reduce((sum, list) => sum + list.length, 0);
  const slowest = drains.at(-1) ?? 0;
  const median = drains[Math.floor(drains.length / 2)] ?? 0;
  const optimum = backlog / sources.allowedRate;
  return {
    tills: sources.tills,
    seed: sources.seed,
    faults: sources.faults,
    backlog,
    requestsFirst10s: firstTen,
    allowedFirst10s: sources.burst + 10 * sources.allowedRate,
    requestsAfterLift: after.length,
    share429: round(after.length ? refused / after.length : 0, 4),
    drainSeconds: round(slowest / 1000, 1),
    optimumSeconds: round(optimum, 1),
    drainVsOptimum: round(optimum ? slowest / 1000 / optimum : 0),
    slowestSeconds: round(slowest / 1000, 1),
    medianSeconds: round(median / 1000, 1),
    slowestVsMedian: round(median ? slowest / median : 0),
    recorded: sources.delivery.recorded,
    lost: sources.delivery.lost,
    twice: sources.delivery.twice,
    inDoubt: sources.delivery.inDoubt,
  };
}

/** Requests and 429s per 10 s (or `step`) from the lift, for a person reading a run ("0s:90/0 10s:..."). */
export function timeline(requests: readonly FleetRequest[], liftAt: number, step = 10): string {
  const rows = new Map<number, { sent: number; refused: number }>();
  for (const request of requests) {
    if (request.sentAt < liftAt) continue;
    const slot = Math.floor((request.sentAt - liftAt) / (step * 1000)) * step;
    const row = rows.get(slot) ?? { sent: 0, refused: 0 };
    row.sent += 1;
    if (request.status === 429) row.refused += 1;
    rows.set(slot, row);
  }
  return [...rows].map(([slot, { sent, refused }]) => `${slot}s:${sent}/${refused}`).join(' ');
}
