// The till's attempt log tells what happened, checked when a seed settles against what its
// processes heard (answer-record.ts): each entry of a send names a request that was made, at
// the time it left, with the status that came back, how long it took, and the outcome, code
// and reason the answer means (the README's table of answers, read from the platform's
// side). A sale parked after unexpected answers is parked at the policy's count, not before;
// a synced sale keeps the id its platform gave, and one the platform replayed is not left in
// doubt.
import type Database from 'better-sqlite3';
import { platformIdIn, type AnswerRecord, type HeardAnswer } from './answer-record.js';
import {
  isKeyCheck,
  isRefusal,
  isUnexpected,
  KEY_REFUSED_STATUSES,
  RETRIED_STATUSES,
} from './request-kinds.js';

interface LogRow {
  id: number;
  saleId: string;
  revision: number;
  key: string;
  startedAt: number;
  durationMs: number;
  outcome: string;
  httpStatus: number | null;
  errorCode: string | null;
  reason: string | null;
  receipt: number;
}

export interface LogPolicy {
  maxUnexpectedAttempts: number;
  /** A send left unanswered may be parked for a person (tuning.uncertainSales = park). */
  parksUncertain: boolean;
  /** Whether a process still runs: what it heard, it has written (the faults are over). */
  alive: (pid: number) => boolean;
  /** Whether a request under this key left a till at this wall time (the platform's record). */
  sentUnder: (key: string, wall: number) => boolean;
}

/** Longer than any request of a seed has been on the wire, clock steps included. */
const ABSURD_DURATION_MS = 24 * 3_600_000;

/** A person's act on a refused sale: its counts start again. */
const PERSON_ACTS = new Set(['retried', 'edited', 'discarded']);
/** Entries of a send the till decided on (fenced and orphaned ones are the lease's). */
const DECIDED = new Set(['synced', 'refused', 'paused', 'released', 'retry', 'unanswered']);

interface Expected {
  outcomes: string[];
  httpStatus: number | null;
  /** The code a parked-for-doubt entry carries instead (`uncertain`). */
  codes: Array<string | null>;
  /** What the reason must start with or contain; null: no reason at all. */
  reason: { startsWith?: string; includes?: string } | null;
}

/** What an answer means for the log, given the unexpected answers counted before it. */
function expectedEntry(heard: HeardAnswer, unexpectedBefore: number, policy: LogPolicy): Expected {
  const { answer } = heard;
  const unanswered = (code: string): Expected => ({
    outcomes: policy.parksUncertain ? ['unanswered', 'refused'] : ['unanswered'],
    httpStatus: null,
    codes: policy.parksUncertain ? [code, 'uncertain'] : [code],
    reason: {},
  });
  if (answer.kind === 'aborted')
    return answer.sent
      ? { outcomes: ['unanswered'], httpStatus: null, codes: ['aborted'], reason: {} }
      : { outcomes: ['released'], httpStatus: null, codes: ['aborted'], reason: {} };
  if (answer.kind === 'timeout' || answer.kind === 'network') {
    const code = answer.kind === 'timeout' ? 'timeout' : `network_${answer.code}`;
    if (answer.sent) return unanswered(code);
    return { outcomes: ['retry'], httpStatus: null, codes: [code], reason: {} };
  }
  const { status } = answer;
  const failed = (outcomes: string[], includes?: string): Expected => ({
    outcomes,
    httpStatus: status,
    codes: [`http_${status}`],
    reason: { startsWith: `HTTP ${status}: `, includes },
  });
  if (status >= 200 && status < 300)
    return { outcomes: ['synced'], httpStatus: status, codes: [null], reason: null };
  if (KEY_REFUSED_STATUSES.includes(status)) return failed(['paused', 'released']);
  if (RETRIED_STATUSES.includes(status)) return failed(['retry']);
  if (isRefusal(status)) {
    const detail = /"detail":"([^"]+)"/.exec(answer.body)?.[1];
    return failed(['refused'], detail);
  }
  const count = unexpectedBefore + 1;
  return count >= policy.maxUnexpectedAttempts
    ? failed(['refused'], `(gave up after ${count} unexpected answers)`)
    : failed(['retry']);
}

/** What is wrong with an entry for this answer; undefined when it says what happened. */
function entryProblem(row: LogRow, heard: HeardAnswer, expected: Expected): string | undefined {
  const duration = Math.max(0, heard.heardWall - heard.sentWall);
  if (row.durationMs !== duration) return `took ${duration} ms, logged ${row.durationMs}`;
  if (row.httpStatus !== expected.httpStatus)
    return `answered ${expected.httpStatus ?? heard.answer.kind}, logged ${row.httpStatus}`;
  if (!expected.outcomes.includes(row.outcome))
    return `logged ${row.outcome}, not ${expected.outcomes.join(' or ')}`;
  if (!expected.codes.includes(row.errorCode))
    return `code ${row.errorCode}, not ${expected.codes.join(' or ')}`;
  if (expected.reason === null)
    return row.reason === null ? undefined : `a reason on a success: ${row.reason}`;
  if (!row.reason) return 'no reason for a person';
  const { startsWith, includes } = expected.reason;
  if (row.errorCode === 'uncertain') return undefined; // the reason of doubt, not the answer's
  if (startsWith && !row.reason.startsWith(startsWith))
    return `the reason "${row.reason}" does not start "${startsWith}"`;
  if (includes && !row.reason.includes(includes))
    return `the reason "${row.reason}" does not say "${includes}"`;
  return undefined;
}

export function attemptLogViolations(
  checker: Database.Database,
  answers: AnswerRecord,
  policy: LogPolicy,
): string[] {
  const violations: string[] = [];
  const rows = checker
    .prepare(
      `select a.id, a.sale_id as saleId, a.revision, a.idempotency_key as key,
         a.started_at as startedAt, a.duration_ms as durationMs, a.outcome,
         a.http_status as httpStatus, a.error_code as errorCode, a.reason,
         s.receipt_number as receipt
       from sync_attempts a join sales s on s.id = a.sale_id order by a.id`,
    )
    .all() as LogRow[];
  /** Unexpected answers logged per sale since a person last acted on it. */
  const unexpected = new Map<string, number>();
  const lastSynced = new Map<string, { row: LogRow; heard: HeardAnswer }>();
  for (const row of rows) {
    if (PERSON_ACTS.has(row.outcome)) {
      unexpected.delete(row.saleId);
      continue;
    }
    if (row.outcome === 'orphaned') {
      const problem = orphanProblem(row, policy);
      if (problem)
        violations.push(`attempt ${row.id} of sale #${row.receipt} (orphaned) ${problem}`);
      continue;
    }
    if (!DECIDED.has(row.outcome)) continue;
    const sale = `sale #${row.receipt}`;
    const heard = answers.of(row.key).filter((answer) => answer.sentWall === row.startedAt);
    if (heard.length === 0) {
      violations.push(
        `attempt ${row.id} of ${sale} (${row.outcome}) names no request the till made`,
      );
      continue;
    }
    const before = unexpected.get(row.saleId) ?? 0;
    const problems = heard.map((answer) =>
      entryProblem(row, answer, expectedEntry(answer, before, policy)),
    );
    const fits = problems.findIndex((problem) => problem === undefined);
    if (fits < 0) {
      violations.push(`attempt ${row.id} of ${sale} does not say what happened: ${problems[0]}`);
      continue;
    }
    const answer = heard[fits]!;
    if (answer.answer.kind === 'response' && isUnexpected(answer.answer.status))
      unexpected.set(row.saleId, before + 1);
    if (row.outcome === 'synced')
      lastSynced.set(`${row.saleId}/${row.revision}`, { row, heard: answer });
  }
  violations.push(...syncedViolations(checker, lastSynced));
  violations.push(...unloggedAnswers(rows, answers, policy.alive));
  return violations;
}

/**
 * Every answer a process still running heard is logged, once: as what it decided, or as
 * fenced if its lease had gone meanwhile; never left for another process to log as
 * orphaned (an outcome the disk refused is kept and written when it can be).
 */
function unloggedAnswers(
  rows: LogRow[],
  answers: AnswerRecord,
  alive: (pid: number) => boolean,
): string[] {
  const logged = new Map<string, number>();
  for (const row of rows) {
    if (!DECIDED.has(row.outcome) && row.outcome !== 'fenced') continue;
    const request = `${row.key}@${row.startedAt}`;
    logged.set(request, (logged.get(request) ?? 0) + 1);
  }
  const heard = new Map<string, { count: number; answer: HeardAnswer }>();
  for (const answer of answers.all()) {
    if (!alive(answer.pid) || isKeyCheck(answer.key)) continue;
    const request = `${answer.key}@${answer.sentWall}`;
    heard.set(request, { count: (heard.get(request)?.count ?? 0) + 1, answer });
  }
  const violations: string[] = [];
  for (const [request, { count, answer }] of heard) {
    const entries = logged.get(request) ?? 0;
    if (entries === count) continue;
    const what =
      answer.answer.kind === 'response' ? `HTTP ${answer.answer.status}` : answer.answer.kind;
    violations.push(
      `process ${answer.pid} heard ${what} for key ${answer.key} sent at ${answer.sentWall}, and logged it ${entries} time(s), not ${count}`,
    );
  }
  return violations;
}

/**
 * A request its sender left on the wire, logged by the sender that took the sale back: it
 * names a request that was made, says the sender stopped, and how long ago it left.
 */
function orphanProblem(row: LogRow, policy: LogPolicy): string | undefined {
  if (!policy.sentUnder(row.key, row.startedAt)) return 'names no request the till made';
  if (row.errorCode !== 'sender_stopped') return `has code ${row.errorCode}, not sender_stopped`;
  if (!row.reason) return 'gives no reason for a person';
  if (Math.abs(row.durationMs) > ABSURD_DURATION_MS) return `took ${row.durationMs} ms`;
  return undefined;
}

/** A synced sale keeps its platform id; one its platform replayed is not left uncertain. */
function syncedViolations(
  checker: Database.Database,
  synced: Map<string, { row: LogRow; heard: HeardAnswer }>,
): string[] {
  const violations: string[] = [];
  const outbox = checker.prepare(
    `select platform_id as platformId, uncertain, state from outbox where sale_id = ? and revision = ?`,
  );
  for (const { row, heard } of synced.values()) {
    const now = outbox.get(row.saleId, row.revision) as
      { platformId: string | null; uncertain: number; state: string } | undefined;
    if (!now || heard.answer.kind !== 'response') continue;
    const sale = `sale #${row.receipt}`;
    if (now.state !== 'synced') violations.push(`${sale} was synced, and is now ${now.state}`);
    const id = platformIdIn(heard.answer.body);
    if (id !== null && now.platformId !== id)
      violations.push(`${sale} keeps platform id ${now.platformId}, the platform gave ${id}`);
    if (heard.answer.headers.get('idempotent-replayed') === 'true' && now.uncertain === 1)
      violations.push(`${sale} was replayed by the platform (held once), yet is flagged uncertain`);
  }
  return violations;
}
