// The counts a till keeps on each sale's outbox row agree with its attempt log, checked when
// a seed settles: a sale's attempts are the sends the platform answered or left unanswered
// (not a refused key, nor one the till cut or never sent); its unexpected answers are those
// no client expects; its unanswered sends are those that may have made a copy (timeouts,
// cut connections, sends its stopped sender left on the wire). A person's retry starts the
// first two again. Doubt is never flagged on a sale none of its sends left in doubt; on a
// platform that ignores keys (none replays, so nothing proves a sale is held once), a sale
// any of whose sends was left in doubt stays flagged, whatever came after.
import type Database from 'better-sqlite3';
import { ATTEMPT_LOG_OUTCOMES } from '../../domain/outcomes.js';
import { isUnexpected } from './request-kinds.js';

interface Row {
  saleId: string;
  revision: number;
  receipt: number;
  state: string;
  attempts: number;
  unexpected: number;
  unanswered: number;
  uncertain: number;
}

interface Entry {
  saleId: string;
  revision: number;
  outcome: string;
  httpStatus: number | null;
  errorCode: string | null;
}

/** A send the platform answered or left unanswered: the till's backoff counts it. */
function counts(entry: Entry): boolean {
  if (entry.outcome === 'unanswered') return entry.errorCode !== 'aborted';
  return ['synced', 'refused', 'retry'].includes(entry.outcome);
}

/** A send that may have reached the platform with no answer heard. */
function unanswered(entry: Entry): boolean {
  if (entry.outcome === 'unanswered' || entry.outcome === 'orphaned') return true;
  return entry.outcome === 'refused' && entry.errorCode === 'uncertain';
}

export function counterViolations(checker: Database.Database, honoursKeys: boolean): string[] {
  const rows = checker
    .prepare(
      `select o.sale_id as saleId, o.revision, s.receipt_number as receipt, o.state,
         o.attempts, o.unexpected_attempts as unexpected,
         o.unanswered_attempts as unanswered, o.uncertain
       from outbox o join sales s on s.id = o.sale_id`,
    )
    .all() as Row[];
  const log = checker.prepare(
    `select sale_id as saleId, revision, outcome, http_status as httpStatus,
       error_code as errorCode
     from sync_attempts where sale_id = ? order by id`,
  );
  const violations: string[] = [];
  for (const row of rows) {
    if (row.state === 'discarded') continue;
    let attempts = 0;
    let unexpected = 0;
    let sendsInDoubt = 0;
    for (const entry of log.all(row.saleId) as Entry[]) {
      if (!(ATTEMPT_LOG_OUTCOMES as readonly string[]).includes(entry.outcome))
        violations.push(`sale #${row.receipt}'s attempt log says "${entry.outcome}"`);
      if (entry.outcome === 'retried') {
        attempts = 0;
        unexpected = 0;
      }
      if (entry.revision !== row.revision) continue;
      if (counts(entry)) attempts += 1;
      const answeredOddly = entry.httpStatus !== null && isUnexpected(entry.httpStatus);
      if (answeredOddly && ['retry', 'refused'].includes(entry.outcome)) unexpected += 1;
      if (unanswered(entry)) sendsInDoubt += 1;
    }
    const sale = `sale #${row.receipt} (revision ${row.revision})`;
    const differ = (what: string, kept: number, logged: number) =>
      kept !== logged &&
      violations.push(`${sale} counts ${kept} ${what}, its attempt log ${logged}`);
    differ('attempts', row.attempts, attempts);
    differ('unexpected answers', row.unexpected, unexpected);
    differ('unanswered sends', row.unanswered, sendsInDoubt);
    if (row.uncertain === 1 && sendsInDoubt === 0)
      violations.push(`${sale} is flagged uncertain, yet every send of it was answered`);
    if (!honoursKeys && row.uncertain === 0 && sendsInDoubt > 0)
      violations.push(
        `${sale} is not flagged uncertain, yet ${sendsInDoubt} send(s) of it went unanswered on a platform that ignores keys`,
      );
  }
  return violations;
}
