// bench:sandbox — can the sandbox take sales faster than a till can send them?
//
// autocannon posts valid sales, each with its own Idempotency-Key, for N seconds at
// concurrency 1, 8 and 32: first to a bare Node HTTP server that answers 201 at once (the
// ceiling of HTTP on this machine, measured in the same run), then to the sandbox (auth,
// validation, idempotency, SQLite). Prints requests/s, p99 and the ratio to the ceiling.
// Target: at least 3,000 sales/s at concurrency 8. Never fails on time.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { postLoad } from './load.js';
import { startBareServer, startSandboxProcess } from './servers.js';
import { fixed } from './stats.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const levels = [1, 8, 32];
const body = JSON.stringify({
  items: [
    { productId: 'prod_8Hq2x', quantity: 1, price: 4.5 },
    { productId: '0b6f4f0e-6c4b-4c07-9d3a-2b1f3a7e9a11', quantity: 2, price: 7.99 },
    { productId: 'prod_8Ty3i', quantity: 0.75, price: 1.19 },
  ],
  paymentMethod: 'CASH',
});

const folder = mkdtempSync(join(tmpdir(), 'tillsync-bench-sandbox-'));
const bare = await startBareServer();
const sandbox = await startSandboxProcess(join(folder, 'sandbox.db'));
try {
  console.log(
    `bench:sandbox: ${seconds} s per run, 3-item sales, fresh Idempotency-Key per request`,
  );
  const rows = [];
  for (const connections of levels) {
    const ceiling = await postLoad({ url: bare.url, key: bare.key, body, connections, seconds });
    const measured = await postLoad({
      url: sandbox.url,
      key: sandbox.key,
      body,
      connections,
      seconds,
    });
    rows.push({
      concurrency: connections,
      'bare HTTP req/s': ceiling.perSecond,
      'sandbox sales/s': measured.perSecond,
      'sandbox p99 ms': measured.p99Ms,
      ratio: fixed(measured.perSecond / ceiling.perSecond, 2),
      'non-2xx': measured.non2xx,
      errors: measured.errors,
    });
  }
  console.table(rows);
  const at8 = rows.find((row) => row.concurrency === 8)!;
  console.log(`sandbox at concurrency 8: ${at8['sandbox sales/s']} sales/s (target >= 3000)`);
} finally {
  await Promise.all([bare.stop(), sandbox.stop()]);
  rmSync(folder, { recursive: true, force: true });
}
