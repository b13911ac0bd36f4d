// bench:fleet — a chain's tills after an outage, with real processes: 10 and then 20
// `tillsync daemon`s (built), each with a backlog, start while the sandbox refuses
// connections; the outage ends for all at once and they drain through ONE shared key
// whose token bucket is small. The baseline, in the same run, is what the bucket allows
// from the lift: its burst, then its refill. Prints the aggregate rate against it (target
// >= 0.9), the 429 share (target <= 5 %, goal <= 2 %), the time from the lift until the
// last sale (finding the platform back included), the slowest till against the median,
// and sales lost or held twice (target 0). Never fails on time.
// BENCH_SALES: sales per till (default 150); BENCH_FLEETS: fleet sizes (default "10,20");
// BENCH_TIMELINE=1: the answers of each second on stderr (where a drain loses its rate).
import { runFleet } from './fleet-run.js';
import { fixed } from './stats.js';

const salesPerTill = Number(process.env.BENCH_SALES ?? 150);
const fleets = (process.env.BENCH_FLEETS ?? '10,20').split(',').map(Number);
const capacity = 40;
const refillPerSecond = 40;

console.log(
  `bench:fleet: ${salesPerTill} sales per till, one key, rate limit ${capacity} burst + ${refillPerSecond}/s, daemons started during an outage`,
);
const rows = [];
for (const tills of fleets) {
  const figures = await runFleet({
    tills,
    salesPerTill,
    capacity,
    refillPerSecond,
    timeoutMs: 600_000,
  });
  if (process.env.BENCH_TIMELINE)
    console.error(
      `${tills} daemons, answers per second (201/429):`,
      figures.timeline.map((second) => `${second['201'] ?? 0}/${second['429'] ?? 0}`).join(' '),
    );
  rows.push({
    daemons: tills,
    sales: figures.sales,
    'rate vs allowed': fixed(figures.rateRatio, 2),
    '429 share': `${fixed(figures.throttledShare * 100, 1)} %`,
    requests: figures.requests,
    'drain vs optimum': fixed(figures.sinceLiftSeconds / figures.optimumSeconds, 2),
    'seconds (optimum)': `${fixed(figures.sinceLiftSeconds, 1)} (${fixed(figures.optimumSeconds, 1)})`,
    'slowest vs median': fixed(figures.slowestVsMedian, 2),
    'lost / twice': `${figures.lost} / ${figures.twice}`,
  });
}
console.table(rows);
console.log(
  'targets: rate vs allowed >= 0.90 (from the first answer after the outage); 429 share <= 5 % (goal 2 %); lost / twice 0 / 0',
);
