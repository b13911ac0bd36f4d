// bench:print — what the receipt printer costs a sale, and how fast the queue empties.
//
// Charges N sales through the agent (the service the till's screens call) three ways: with
// no printer (the baseline, measured in the same run), with a printer that prints every
// receipt and opens the drawer, and with a printer that refuses every connection (off, or
// unplugged). A sale must cost the same whichever: its print job is one more row in the
// sale's transaction, and the printer is never on its path. Then the jobs the refusing
// printer left waiting are printed when it comes back: receipts per second to a fake ESC/POS
// printer on 127.0.0.1 (every byte read, status answered). Prints medians and p99 and the
// ratios to the baseline. Never fails on time.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Runtime } from '../main/agent/runtime.js';
import { createService, type Service } from '../main/agent/service.js';
import { fakePrinter } from '../test/helpers/fake-printer.js';
import { consoleRuntime } from '../test/helpers/runtime.js';
import { fixed, percentile } from './stats.js';

const SALES = Number(process.env.BENCH_SALES ?? 1000);
const folders: string[] = [];

const sale = (n: number) => ({
  items: [{ productId: `prod_${n % 50}`, quantity: 1 + (n % 3), unitPriceMinor: 125 + n }],
  paymentMethod: 'CASH',
  tenderedMinor: 10_000,
});

const printer = await fakePrinter();
const off = await fakePrinter({ behaviour: 'refuse' });

async function till(printer: string | null): Promise<{ runtime: Runtime; service: Service }> {
  const folder = mkdtempSync(join(tmpdir(), 'tillsync-bench-print-'));
  folders.push(folder);
  const env = printer ? { TILLSYNC_PRINTER: printer } : {};
  // A platform that never answers: the sales stay on the till, as they do offline.
  const runtime = await consoleRuntime(folder, { baseUrl: 'http://127.0.0.1:9', key: 'k', env });
  const service = createService(runtime);
  await service.call('updateSettings', { printAfterSale: true, cashDrawer: true });
  return { runtime, service };
}

const plainTill = await till(null);
const printingTill = await till(printer.text);
const refusingTill = await till(off.text);
const tills = { none: plainTill, printing: printingTill, refusing: refusingTill };
type Kind = keyof typeof tills;

/**
 * Charges `SALES` sales on each till, one after another as a cashier does, the three tills
 * taking turns sale by sale so that the machine's moods fall on all of them alike; each
 * call's milliseconds, sorted.
 */
async function charge(): Promise<Record<Kind, number[]>> {
  const ms: Record<Kind, number[]> = { none: [], printing: [], refusing: [] };
  for (let n = 0; n < SALES; n++)
    for (const kind of Object.keys(tills) as Kind[]) {
      const started = performance.now();
      const sold = await tills[kind].service.call('recordSale', sale(n));
      ms[kind].push(performance.now() - started);
      if (!sold.ok) throw new Error(sold.error.message);
    }
  for (const list of Object.values(ms)) list.sort((a, b) => a - b);
  return ms;
}

await charge(); // the warm-up
const runs = await charge();
const p50 = (ms: number[]) => percentile(ms, 50);
const p99 = (ms: number[]) => percentile(ms, 99);
const row = (label: string, ms: number[]) =>
  `${label.padEnd(34)} p50 ${fixed(p50(ms), 3).padStart(7)} ms   p99 ${fixed(p99(ms), 3).padStart(7)} ms   ratio ${fixed(p50(ms) / p50(runs.none), 2)}`;
console.log(`bench:print  ${SALES} cash sales charged per till (after a warm-up of as many)`);
console.log(row('no printer (baseline)', runs.none));
console.log(row('printer printing, drawer opening', runs.printing));
console.log(row('printer refusing every connection', runs.refusing));

// The refusing till's receipts, printed when its printer is back.
const refusing = refusingTill;
const waiting = refusing.runtime.store.waitingPrintJobs().length;
await off.behave('normal');
const started = performance.now();
await refusing.service.call('retryPrinting', {});
const seconds = (performance.now() - started) / 1000;
const left = refusing.runtime.store.waitingPrintJobs().length;
const bytes = off.printed().length;
console.log(
  `printer back: ${waiting - left} receipts printed in ${fixed(seconds, 2)} s (${fixed((waiting - left) / seconds, 0)} a second, ${fixed(bytes / (waiting - left) / 1024, 2)} KB each), ${left} left`,
);

for (const { runtime } of Object.values(tills)) await runtime.close();
await Promise.all([printer.close(), off.close()]);
for (const folder of folders) rmSync(folder, { recursive: true, force: true });
