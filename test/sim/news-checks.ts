// What the engines told their listeners (the till's screens, monitoring), checked when a
// seed settles against the till's file: every sale synced or refused was announced as such
// by the process that sent it; every send the attempt log holds was announced with its
// outcome and status; a process that announced a sale told its screen the status after it,
// so a screen never shows a queue older than its last news; and once the till is calm, what
// each running process last told its screens is what its status says now. Each pass reports
// (to `tillsync sync`, the Resync button, the metrics) exactly the sales it announced, and
// no process spins through passes that send nothing.
import type Database from 'better-sqlite3';
import type { SyncEngine } from '../../main/sync/engine.js';
import type { SyncStatus } from '../../main/sync/status.js';
import { linkAt } from '../../domain/link.js';
import { DELIVERY_OUTCOMES } from '../../domain/outcomes.js';

/** How long a process alone may know more of the link than its screens show. */
const TOLD_WITHIN_MS = 100;

/** Passes that send nothing, within a second of virtual time, that make a process spinning. */
const SPINNING_PASSES = 20;

interface ProcessNews {
  pid: number;
  lastSale: number;
  lastStatus: number;
  /** The status its screens show (the last it was told), if any. */
  shown?: SyncStatus;
  /** Passes that sent nothing since a virtual time, less than a second ago. */
  idle: { since: number; passes: number };
  /** The sales announced since its last pass ended, by outcome. */
  tally: Map<string, number>;
  /** The process crashed: what it did not get to say is lost with it. */
  killed: boolean;
  /** Since when its screens show another link than it knows (null: they agree). */
  differsSince: number | null;
  /** Until when another process's last writes may not have reached its screens. */
  othersUntil: number;
}

/**
 * `othersTellWithinMs`: what a process gone wrote reaches the others' screens at their next
 * tick, within this.
 */
export function createNewsChecks(now: () => number, othersTellWithinMs: number) {
  const announced = new Map<string, Set<string>>(); // sale id -> outcomes announced
  const attempts = new Map<string, number>(); // "outcome status" -> announcements
  const processes = new Map<number, ProcessNews>();
  const passProblems: string[] = [];
  let seq = 0;

  return {
    /** Listens to an engine as a screen and monitoring would. */
    listen(pid: number, engine: SyncEngine): void {
      const news: ProcessNews = {
        pid,
        lastSale: 0,
        lastStatus: 0,
        killed: false,
        differsSince: null,
        othersUntil: 0,
        tally: new Map(),
        idle: { since: 0, passes: 0 },
      };
      processes.set(pid, news);
      engine.events.on('sale', ({ saleId, outcome }) => {
        news.lastSale = ++seq;
        const outcomes = announced.get(saleId) ?? new Set();
        outcomes.add(outcome);
        announced.set(saleId, outcomes);
        news.tally.set(outcome, (news.tally.get(outcome) ?? 0) + 1);
      });
      engine.events.on('pass', (summary) => {
        // A till with nothing it may send waits for a tick, a due time or news: a working
        // engine runs at most a few such passes in a second (5 in seeds 1-200), a spinning one
        // hundreds (a paused queue's passes, each waking the next at once).
        const sent = DELIVERY_OUTCOMES.some((outcome) => summary[outcome] > 0);
        if (sent || now() - news.idle.since > 1000) news.idle = { since: now(), passes: 0 };
        if (!sent && ++news.idle.passes === SPINNING_PASSES + 1)
          passProblems.push(
            `process ${pid} ran ${SPINNING_PASSES} passes that sent nothing within a second (at ${now()} ms): it spins`,
          );
        const told = news.tally;
        news.tally = new Map();
        for (const outcome of told.keys())
          if (!(DELIVERY_OUTCOMES as readonly string[]).includes(outcome))
            passProblems.push(`process ${pid} announced a sale "${outcome}"`);
        for (const outcome of DELIVERY_OUTCOMES)
          if (summary[outcome] !== (told.get(outcome) ?? 0))
            passProblems.push(
              `a pass of process ${pid} reports ${summary[outcome]} ${outcome}, it announced ${told.get(outcome) ?? 0}`,
            );
      });
      engine.events.on('status', (status) => {
        news.lastStatus = ++seq;
        news.shown = status;
      });
      engine.events.on('attempt', ({ outcome, httpStatus }) => {
        const label = `${outcome} ${httpStatus}`;
        attempts.set(label, (attempts.get(label) ?? 0) + 1);
      });
    },
    /** A process died or exited: what it wrote last is the others' news at their next tick. */
    gone(): void {
      for (const news of processes.values()) {
        news.othersUntil = now() + othersTellWithinMs;
        news.differsSince = null;
      }
    },
    /** The passes' problems so far (a spinning process): the seed has failed already. */
    passProblems: (): readonly string[] => passProblems,
    killed(pid: number): void {
      const news = processes.get(pid);
      if (news) news.killed = true;
    },
    /**
     * Each running process's screens against its status now, once the till has been calm
     * for a tick of every process: what a person reads, not times that age on their own;
     * and no storage problem left from the faults.
     */
    screenViolations(engines: ReadonlyMap<number, { engine: SyncEngine; stopping?: boolean }>) {
      const violations: string[] = [];
      for (const [pid, { engine, stopping }] of engines) {
        const shown = processes.get(pid)?.shown;
        if (stopping || !shown) continue;
        const now = engine.status();
        // The disk's faults ended long before: a problem still shown is an old one.
        if (now.storageProblem)
          violations.push(
            `process ${pid} still shows a storage problem: ${now.storageProblem.what}, ${now.storageProblem.message}`,
          );
        const expected = screenFacts(now, now.lastContactAt ?? 0);
        const actual = screenFacts(shown, now.lastContactAt ?? 0);
        for (const [fact, value] of Object.entries(expected)) {
          const told = actual[fact as keyof typeof actual];
          if (JSON.stringify(told) !== JSON.stringify(value))
            violations.push(
              `process ${pid}'s screens show ${fact} ${JSON.stringify(told)}, its status says ${JSON.stringify(value)}`,
            );
        }
      }
      return violations;
    },
    /**
     * A process alone on the till has just run: whatever it learnt of the link (the
     * connection, a pause, an error, the clocks, the keys) its screens were told in the same
     * turn, not at the end of its pass or its next tick. Nothing else writes the state.
     */
    toldAtOnce(pid: number, engine: SyncEngine): string | undefined {
      const news = processes.get(pid);
      const shown = news?.shown;
      if (!news || !shown || now() < news.othersUntil) return undefined;
      let status: SyncStatus;
      try {
        status = engine.status();
      } catch {
        return undefined; // a disk that cannot be read now: nothing to compare
      }
      // With the last contact: only this process writes it, and says so when it does.
      const at = status.lastContactAt ?? 0;
      const expected = { ...linkFacts(status, at), lastContactAt: status.lastContactAt };
      const actual = { ...linkFacts(shown, at), lastContactAt: shown.lastContactAt };
      const differs = Object.entries(expected).find(
        ([fact, value]) =>
          JSON.stringify(actual[fact as keyof typeof actual]) !== JSON.stringify(value),
      );
      if (!differs) {
        news.differsSince = null;
        return undefined;
      }
      // An answer's error is written before its outcome's commit, told with it: a turn later.
      news.differsSince ??= now();
      if (now() - news.differsSince <= TOLD_WITHIN_MS) return undefined;
      const [fact, value] = differs;
      return `process ${pid} knows ${fact} ${JSON.stringify(value)} since ${news.differsSince} ms, its screens still show ${JSON.stringify(actual[fact as keyof typeof actual])}`;
    },
    violations(checker: Database.Database): string[] {
      const violations: string[] = [...passProblems];
      const settled = checker
        .prepare(
          `select o.sale_id as saleId, o.state, s.receipt_number as receipt from outbox o
           join sales s on s.id = o.sale_id where o.state in ('synced', 'refused')`,
        )
        .all() as Array<{ saleId: string; state: string; receipt: number }>;
      // A refused sale parked by a lease's takeover (doubt) was never sent: not news.
      const sentThenParked = checker
        .prepare(`select count(*) from sync_attempts where sale_id = ? and outcome = 'refused'`)
        .pluck();
      for (const { saleId, state, receipt } of settled) {
        if (state === 'refused' && sentThenParked.get(saleId) === 0) continue;
        if (!announced.get(saleId)?.has(state))
          violations.push(`sale #${receipt} is ${state}, and no process announced it`);
      }
      const logged = checker
        .prepare(
          `select outcome, http_status as status, count(*) as n from sync_attempts
           where outcome in ('synced', 'refused', 'paused', 'released', 'retry', 'unanswered')
           group by outcome, http_status`,
        )
        .all() as Array<{ outcome: string; status: number | null; n: number }>;
      for (const { outcome, status, n } of logged) {
        const told = attempts.get(`${outcome} ${status}`) ?? 0;
        if (told < n)
          violations.push(`${n} sends logged ${outcome} ${status ?? ''}, ${told} announced`);
      }
      for (const news of processes.values())
        if (!news.killed && news.lastSale > news.lastStatus)
          violations.push(`process ${news.pid} announced a sale, then no status after it`);
      return violations;
    },
  };
}

export type NewsChecks = ReturnType<typeof createNewsChecks>;

/** What a screen shows of the link, read at `at` (the platform's answers age into "checking"). */
function linkFacts(status: SyncStatus, at: number) {
  const link = linkAt(status, at);
  return {
    link: link === 'checking' ? 'online' : link,
    paused: status.paused?.reason ?? null,
    keysHonoured: status.keysHonoured,
    lastError: status.lastError && { code: status.lastError.code, at: status.lastError.at },
    clockSkewMs: status.clockSkewMs,
    clockStep: status.clockStep?.ms ?? null,
  };
}

/** What a screen shows of a status, read at `at`. */
function screenFacts(status: SyncStatus, at: number) {
  return {
    ...linkFacts(status, at),
    mode: status.mode,
    baseUrl: status.baseUrl,
    apiKey: status.apiKey,
    counts: status.counts,
    uncertain: status.uncertain,
    lastSuccessAt: status.lastSuccessAt,
    storageProblem: status.storageProblem?.what ?? null,
  };
}
