// What must hold of every sale once a seed has settled, read from the till's file and
// counted at the platform per sale (not per key): nothing lost, a synced sale is on the
// platform, a key-honouring platform holds each sale at most once, every extra copy is
// flagged on its sale, and a parked sale that is on the platform is flagged too; and no
// false alarm: a sale flagged "may already be on the platform" had a send of this revision
// that went unanswered (or was on its way when its sender stopped).
import type Database from 'better-sqlite3';
import type { PlatformWatch } from './platform-watch.js';
import { saleOf } from './request-kinds.js';
import type { SimPlatform } from './sim-platform.js';

interface SaleRow {
  receipt: number;
  customer: string;
  state: string;
  uncertain: number;
  /** Sends of this revision the till logged as unanswered, parked unanswered or orphaned. */
  doubts: number;
  /** Entries of its attempt log other than a void. */
  attempts: number;
  /** Whether the row keeps the platform's answer (every answer that syncs a sale has one). */
  answerKept: number;
}

export function finalViolations(
  checker: Database.Database,
  watch: PlatformWatch,
  expected: { recorded: number; honoursKeys: boolean },
): string[] {
  const violations: string[] = [];
  const rows = checker
    .prepare(
      `select s.receipt_number as receipt, s.customer_id as customer, o.state, o.uncertain,
         (select count(*) from sync_attempts a where a.sale_id = o.sale_id and a.revision = o.revision
           and (a.outcome in ('unanswered', 'orphaned') or a.error_code = 'uncertain')) as doubts,
         (select count(*) from sync_attempts a where a.sale_id = o.sale_id
           and a.outcome <> 'voided') as attempts,
         o.platform_answer is not null as answerKept
       from outbox o join sales s on s.id = o.sale_id`,
    )
    .all() as SaleRow[];
  // Once the till knows its platform honours keys, a synced sale is on it once: a flag
  // would send a person to look for a double that cannot be. (A parked one may still be
  // on the platform, or not: its flag says so.)
  const knowsKeysHonoured =
    checker.prepare('select keys_honoured_at from sync_state where id = 1').pluck().get() !== null;
  if (expected.honoursKeys && knowsKeysHonoured)
    for (const row of rows)
      if (row.state === 'synced' && row.uncertain === 1)
        violations.push(
          `sale #${row.receipt} is flagged as maybe doubled, though the till knows its platform honours keys`,
        );
  if (rows.length !== expected.recorded)
    violations.push(`${expected.recorded} sales recorded, ${rows.length} on file`);
  for (const row of rows) {
    const copies = watch.sales.get(Number(row.customer.replace('cus_', '')))?.copies ?? 0;
    const sale = `sale #${row.receipt}`;
    if (row.state === 'synced' && row.answerKept !== 1)
      violations.push(`${sale} is synced without the platform's answer`);
    if (row.state === 'synced' && copies === 0)
      violations.push(`${sale} says synced but the platform has no copy`);
    if (expected.honoursKeys && copies > 1)
      violations.push(`${sale} stored ${copies} times by a key-honouring platform`);
    if (copies > 1 && row.uncertain !== 1)
      violations.push(`${sale} has ${copies} copies and no flag`);
    if (row.uncertain === 1 && row.doubts === 0)
      violations.push(
        `${sale} is flagged as maybe on the platform, though every send was answered`,
      );
    // A void and a claim are one decision: a sale voided was never sent, nor will be.
    if (row.state === 'voided' && (copies > 0 || row.attempts > 0))
      violations.push(`${sale} was voided, yet sent (${row.attempts} attempts, ${copies} copies)`);
    if (row.state === 'refused' && copies > 0 && row.uncertain !== 1)
      violations.push(`${sale} is parked though on the platform, and not flagged`);
  }
  return violations;
}

/** As the platform stores a sale a second time: the till must have flagged it already. */
export function flagExtraCopies(
  platform: SimPlatform,
  checker: Database.Database,
  watch: PlatformWatch,
): void {
  const keyOwner = checker.prepare(
    `select s.receipt_number as receipt, o.uncertain from outbox o join sales s on s.id = o.sale_id
     where s.customer_id = ?`,
  );
  platform.watchExtraCopies((body) => {
    const row = keyOwner.get(`cus_${saleOf(body)}`) as
      { receipt: number; uncertain: number } | undefined;
    if (!row || row.uncertain !== 1)
      watch.violations.push(
        `sale #${row?.receipt ?? '?'} was stored twice without being flagged uncertain`,
      );
  });
}
