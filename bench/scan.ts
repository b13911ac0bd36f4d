// bench:scan — how fast the till turns a scanned code into a product, on a large catalog,
// against a raw SQLite lookup of the same barcode in the same run.
//
// Imports N products with EAN-13 barcodes, then looks codes up three ways: a hand-written
// prepared statement on the barcode index (the baseline), the store's findProduct, and the
// agent's findProduct method as the till calls it (input checked, then barcode or id, then
// the first name match for a code that is neither). Unknown codes are timed on their own:
// they fall back to a name search. Prints lookups/s, p50 and p99. Never fails on time.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createService } from '../main/agent/service.js';
import { ean13 } from '../sandbox/seed-data.js';
import { fixed, summarize, timeEach } from './stats.js';
import { consoleRuntime } from '../test/helpers/runtime.js';

const products = Number(process.env.BENCH_PRODUCTS ?? process.argv[2] ?? 20_000);
const lookups = Number(process.env.BENCH_LOOKUPS ?? process.argv[3] ?? 20_000);
const barcodeOf = (n: number) => ean13(`20${String(n).padStart(10, '0')}`);

const folder = mkdtempSync(join(tmpdir(), 'tillsync-bench-scan-'));
const runtime = await consoleRuntime(folder);
try {
  const imported = runtime.store.importCatalog({
    products: Array.from({ length: products }, (_, n) => ({
      id: `prod_${n}`,
      name: `Product number ${n}`,
      price: (100 + (n % 100)) / 100,
      barcode: barcodeOf(n),
    })),
  });
  if (!imported.ok) throw new Error(imported.error.message);
  const code = (n: number) => barcodeOf((n * 7919) % products);

  const raw = runtime.store.database.sqlite.prepare(
    'select id, name, price_minor from products where barcode = ?',
  );
  const service = createService(runtime);
  const rows = [
    timeEach('raw SQLite (barcode index)', lookups, (n) => {
      if (!raw.get(code(n))) throw new Error('not found');
    }),
    timeEach('store.findProduct', lookups, (n) => {
      if (!runtime.store.findProduct(code(n))) throw new Error('not found');
    }),
  ].map(summarize);
  // The agent's method is async (a Result over IPC or HTTP): timed with await.
  const latenciesMs: number[] = [];
  const timeCalls = async (label: string, count: number, codeOf: (n: number) => string) => {
    latenciesMs.length = 0;
    const start = performance.now();
    for (let n = 0; n < count; n++) {
      const before = performance.now();
      await service.call('findProduct', { code: codeOf(n) });
      latenciesMs.push(performance.now() - before);
    }
    return summarize({ label, count, totalMs: performance.now() - start, latenciesMs });
  };
  rows.push(await timeCalls('agent findProduct (known code)', lookups, code));
  const unknown = Math.max(1, Math.round(lookups / 100));
  rows.push(await timeCalls('agent findProduct (unknown code)', unknown, (n) => `9${n}`));

  console.log(`\n${products} products with barcodes, ${lookups} lookups (${unknown} unknown)`);
  console.table(
    rows.map((row) => ({
      '': row.label,
      'lookups/s': row.perSecond,
      'p50 ms': fixed(row.p50Ms),
      'p99 ms': fixed(row.p99Ms),
    })),
  );
  const [baseline, , agent, miss] = rows;
  console.log(
    `agent / raw SQLite: ${fixed(agent!.perSecond / baseline!.perSecond, 2)}; ` +
      `a scanner sends about 10 codes/s: ${Math.round(agent!.perSecond / 10)}x headroom ` +
      `(${Math.round(miss!.perSecond / 10)}x for unknown codes)`,
  );
} finally {
  await runtime.close();
  rmSync(folder, { recursive: true, force: true });
}
