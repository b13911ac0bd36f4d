// bench:webhooks — do dead webhook endpoints slow the live ones down?
//
// The sandbox runs in its own process with 4 live endpoints (receivers in this process
// that answer 204 at once). BENCH_SALES sales are posted 8 at a time, and the run ends when
// every live endpoint has every event. Then the same again on a fresh sandbox with 200 dead
// endpoints beside the live ones (100 refusing connections, 100 accepting and never
// answering). Prints deliveries/s to the live endpoints in both runs, the ratio (target
// >= 0.9), how late the live deliveries were after their sale, the sandbox's peak RSS and
// its file. A shorter unmeasured run warms the process up first; each setup runs twice,
// in turns, and keeps its better run. Never fails on time.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCli } from '../test/helpers/cli.js';
import {
  hangingServer,
  jsonPoster,
  liveReceiver,
  refusingUrl,
} from '../test/helpers/webhook-receivers.js';
import { fixed, percentile } from './stats.js';

const SALES = Number(process.env.BENCH_SALES ?? 5000);
const LIVE = 4;
const DEAD = { refusing: 100, hanging: 100 };
const body = {
  items: [
    { productId: 'prod_8Hq2x', quantity: 1, price: 4.5 },
    { productId: 'prod_8Ty3i', quantity: 0.75, price: 1.19 },
  ],
  paymentMethod: 'CASH',
};

const megabytes = (bytes: number) => bytes / 1024 / 1024;
const fileSize = (file: string) =>
  ['', '-wal', '-shm'].reduce((sum, end) => {
    try {
      return sum + statSync(file + end).size;
    } catch {
      return sum;
    }
  }, 0);
const peakRss = (pid: number) =>
  Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) * 1024;

async function run(dead: number, sales: number) {
  const folder = mkdtempSync(join(tmpdir(), 'tillsync-bench-webhooks-'));
  const dbFile = join(folder, 'sandbox.db');
  const sandbox = startCli(['sandbox', '--port', '0', '--db', dbFile, '--no-rate-limit']);
  const hanging = await hangingServer();
  const live = await Promise.all(Array.from({ length: LIVE }, () => liveReceiver()));
  try {
    const [, url] = await sandbox.waitFor(/running at (http:\/\/\S+)/);
    const [, key] = await sandbox.waitFor(/API key {6}(\S+)/);
    const poster = jsonPoster(url!, key!);
    const refusing = dead
      ? await Promise.all(Array.from({ length: DEAD.refusing }, refusingUrl))
      : [];
    const urls = [...refusing, ...(dead ? hanging.urls(DEAD.hanging) : [])];
    for (const target of [...urls, ...live.map((receiver) => receiver.url)])
      await poster.post('/v1/webhook_endpoints', { url: target });

    const createdAt = new Map<string, number>();
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next++ < sales) {
          const answer = await poster.post('/v1/sales', body);
          const sale = JSON.parse(answer.text) as { id: string; createdAt: string };
          createdAt.set(sale.id, Date.parse(sale.createdAt));
        }
      }),
    );
    const posted = performance.now() - started;
    poster.close();
    const deadline = Date.now() + 60_000;
    while (live.some((receiver) => receiver.received.length < sales) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 5));
    const seconds = (performance.now() - started) / 1000;
    const received = live.reduce((sum, receiver) => sum + receiver.received.length, 0);
    const lateness = live
      .flatMap((receiver) => receiver.received)
      .map((d) => d.at - createdAt.get((JSON.parse(d.body) as { data: { id: string } }).data.id)!)
      .sort((a, b) => a - b);
    return {
      dead,
      deliveriesPerSecond: received / seconds,
      salesPerSecond: sales / (posted / 1000),
      received,
      p50: percentile(lateness, 50),
      p99: percentile(lateness, 99),
      rss: megabytes(peakRss(sandbox.pid)),
      file: megabytes(fileSize(dbFile)),
    };
  } finally {
    await sandbox.stop();
    await hanging.close();
    await Promise.all(live.map((receiver) => receiver.close()));
    rmSync(folder, { recursive: true, force: true });
  }
}

console.log(
  `bench:webhooks: ${SALES} sales posted 8 at a time, ${LIVE} live endpoints, then the same ` +
    `with ${DEAD.refusing + DEAD.hanging} dead ones beside them`,
);
// A first, shorter run warms this process (the receivers and the client) up, unmeasured.
// Then the two setups take turns, twice, and each keeps its better run: the machine's other
// work moves a single run by a third either way.
await run(0, Math.min(SALES, 1000));
const best = new Map<number, Awaited<ReturnType<typeof run>>>();
for (let round = 0; round < 2; round++) {
  for (const dead of [0, DEAD.refusing + DEAD.hanging]) {
    const row = await run(dead, SALES);
    if ((best.get(dead)?.deliveriesPerSecond ?? 0) < row.deliveriesPerSecond) best.set(dead, row);
  }
}
const rows = [...best.values()];
console.table(
  rows.map((row) => ({
    'dead endpoints': row.dead,
    'live deliveries/s': fixed(row.deliveriesPerSecond, 0),
    'sales/s posted': fixed(row.salesPerSecond, 0),
    'delivered / expected': `${row.received} / ${SALES * LIVE}`,
    'late p50 / p99 ms': `${row.p50} / ${row.p99}`,
    'sandbox peak RSS MB': fixed(row.rss, 0),
    'file MB': fixed(row.file, 1),
  })),
);
const ratio = rows[1]!.deliveriesPerSecond / rows[0]!.deliveriesPerSecond;
console.log(`ratio with 200 dead to none: ${fixed(ratio, 2)} (target >= 0.90)`);
