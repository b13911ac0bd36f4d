// What must hold of every sale once a seed has settled, read from the till's file and
// counted at the platform per sale (not per key): nothing lost, a synced sale is on the
// platform, a key-honouring platform holds each sale at most once, every extra copy is
// flagged on its sale, and a parked sale that is on the platform is flagged too.
import type Database from 'better-sqlite3';
import type { PlatformWatch } from './platform-watch.js';

interface SaleRow {
  receipt: number;
  customer: string;
  state: string;
  uncertain: number;
}

export function finalViolations(
  checker: Database.Database,
  watch: PlatformWatch,
  expected: { recorded: number; honoursKeys: boolean },
): string[] {
  const violations: string[] = [];
  const rows = checker
    .prepare(
      `select s.receipt_number as receipt, s.customer_id as customer, o.state, o.uncertain
       from outbox o join sales s on s.id = o.sale_id`,
    )
    .all() as SaleRow[];
  if (rows.length !== expected.recorded)
    violations.push(`${expected.recorded} sales recorded, ${rows.length} on file`);
  for (const row of rows) {
    const copies = watch.sales.get(Number(row.customer.replace('cus_', '')))?.copies ?? 0;
    const sale = `sale #${row.receipt}`;
    if (row.state === 'synced' && copies === 0)
      violations.push(`${sale} says synced but the platform has no copy`);
    if (expected.honoursKeys && copies > 1)
      violations.push(`${sale} stored ${copies} times by a key-honouring platform`);
    if (copies > 1 && row.uncertain !== 1)
      violations.push(`${sale} has ${copies} copies and no flag`);
    if (row.state === 'conflict' && copies > 0 && row.uncertain !== 1)
      violations.push(`${sale} is parked though on the platform, and not flagged`);
  }
  return violations;
}
