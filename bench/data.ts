// bench:data — how long a shop waits for a backup and an export, against the plain work
// underneath, measured in the same run.
//
// Seeds N sales (3 items each). Backup: backupDatabase (SQLite's backup API, then the
// integrity check) against copying the file byte for byte. Export: `tillsync export`'s
// CSV and JSON writers against a bare join of the same rows written as plain lines. Prints
// times, rates, ratios and the process's peak memory. Never fails on time.
import { copyFileSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { backupDatabase } from '../db/backup.js';
import { openStore } from '../db/store.js';
import { fileOutput } from '../main/export/file-output.js';
import { writeSalesExport, type ExportFormat } from '../main/export/sales-export.js';
import { fixed } from './stats.js';
import { seedBacklog } from './seed-backlog.js';

const count = Number(process.env.BENCH_SALES ?? process.argv[2] ?? 100_000);
const folder = mkdtempSync(join(tmpdir(), 'tillsync-bench-data-'));
const file = join(folder, 'tillsync.db');
const mb = (bytes: number) => bytes / 1_048_576;
const peakMb = () => Math.round(process.resourceUsage().maxRSS / 1024);

async function time<T>(action: () => T | Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await action();
  return { ms: performance.now() - start, value };
}

try {
  console.log(`Seeding ${count.toLocaleString('en')} sales (3 items each)…`);
  seedBacklog(file, count);
  const store = openStore(file);
  store.database.sqlite.pragma('wal_checkpoint(TRUNCATE)');
  const bytes = statSync(file).size;

  const copy = await time(() => copyFileSync(file, join(folder, 'copy.db')));
  const backup = await time(() => backupDatabase(file, join(folder, 'backup.db')));

  const raw = await time(() => {
    const out = fileOutput(join(folder, 'raw.txt'));
    const rows = store.database.sqlite
      .prepare(
        `select s.receipt_number, s.id, s.created_at, s.currency, s.total_minor, o.state,
                i.line_number, i.product_id, i.quantity_milli, i.unit_price_minor, i.line_total_minor
           from sales s join outbox o on o.sale_id = s.id join sale_items i on i.sale_id = s.id
          order by s.receipt_number, i.line_number`,
      )
      .raw()
      .iterate() as IterableIterator<unknown[]>;
    for (const row of rows) out.write(row.join(',') + '\n');
    out.done();
  });
  const exported = async (format: ExportFormat) => {
    const path = join(folder, `export.${format}`);
    const result = await time(() => {
      const out = fileOutput(path);
      const written = writeSalesExport(store.exportSales(), { format, range: {} }, (chunk) =>
        out.write(chunk),
      );
      out.done();
      return written;
    });
    if (result.value !== count) throw new Error(`exported ${result.value} of ${count} sales`);
    return { ...result, bytes: statSync(path).size, peak: peakMb() };
  };
  const peakBeforeExport = peakMb();
  const csv = await exported('csv');
  const json = await exported('json');
  store.close();

  const seconds = (ms: number) => `${fixed(ms / 1000, 2)} s`;
  const perSecond = (ms: number) =>
    `${Math.round(count / (ms / 1000)).toLocaleString('en')} sales/s`;
  const megabytesPerSecond = (ms: number) => `${fixed(mb(bytes) / (ms / 1000), 0)} MB/s`;
  const rows: string[][] = [
    ['task', 'time', 'rate', 'ratio to baseline'],
    ['file copy (baseline)', seconds(copy.ms), megabytesPerSecond(copy.ms), '1.00'],
    [
      'backup + integrity check',
      seconds(backup.ms),
      megabytesPerSecond(backup.ms),
      fixed(copy.ms / backup.ms, 2),
    ],
    ['bare join (baseline)', seconds(raw.ms), perSecond(raw.ms), '1.00'],
    ['export CSV', seconds(csv.ms), perSecond(csv.ms), fixed(raw.ms / csv.ms, 2)],
    ['export JSON', seconds(json.ms), perSecond(json.ms), fixed(raw.ms / json.ms, 2)],
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const line = (row: string[]) =>
    `| ${row.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(`\nDatabase: ${fixed(mb(bytes), 1)} MB, ${count.toLocaleString('en')} sales\n`);
  console.log(line(rows[0]!));
  console.log(line(widths.map((width) => '-'.repeat(width))));
  for (const row of rows.slice(1)) console.log(line(row));
  console.log(
    `\nFiles: CSV ${fixed(mb(csv.bytes), 1)} MB, JSON ${fixed(mb(json.bytes), 1)} MB. ` +
      `Peak RSS: ${peakBeforeExport} MB before the exports, ${json.peak} MB after ` +
      '(sales are read and written one by one, never held whole).',
  );
} finally {
  rmSync(folder, { recursive: true, force: true });
}
