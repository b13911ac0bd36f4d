// What the engines told their listeners (the till's screens, monitoring), checked when a
// seed settles against the till's file: every sale synced or refused was announced as such
// by the process that sent it; every send the attempt log holds was announced with its
// outcome and status; a process that announced a sale told its screen the status after it,
// so a screen never shows a queue older than its last news; and once the till is calm, what
// each running process last told its screens is what its status says now.
import type Database from 'better-sqlite3';
import type { SyncEngine } from '../../main/sync/engine.js';
import type { SyncStatus } from '../../main/sync/status.js';
import { linkAt } from '../../domain/link.js';

interface ProcessNews {
  pid: number;
  lastSale: number;
  lastStatus: number;
  /** The status its screens show (the last it was told), if any. */
  shown?: SyncStatus;
  /** The process crashed: what it did not get to say is lost with it. */
  killed: boolean;
}

export function createNewsChecks() {
  const announced = new Map<string, Set<string>>(); // sale id -> outcomes announced
  const attempts = new Map<string, number>(); // "outcome status" -> announcements
  const processes = new Map<number, ProcessNews>();
  let seq = 0;

  return {
    /** Listens to an engine as a screen and monitoring would. */
    listen(pid: number, engine: SyncEngine): void {
      const news: ProcessNews = { pid, lastSale: 0, lastStatus: 0, killed: false };
      processes.set(pid, news);
      engine.events.on('sale', ({ saleId, outcome }) => {
        news.lastSale = ++seq;
        const outcomes = announced.get(saleId) ?? new Set();
        outcomes.add(outcome);
        announced.set(saleId, outcomes);
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
    killed(pid: number): void {
      const news = processes.get(pid);
      if (news) news.killed = true;
    },
    /**
     * Each running process's screens against its status now, once the till has been calm
     * for a tick of every process: what a person reads, not times that age on their own.
     */
    screenViolations(engines: ReadonlyMap<number, { engine: SyncEngine; stopping?: boolean }>) {
      const violations: string[] = [];
      for (const [pid, { engine, stopping }] of engines) {
        const shown = processes.get(pid)?.shown;
        if (stopping || !shown) continue;
        const now = engine.status();
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
    violations(checker: Database.Database): string[] {
      const violations: string[] = [];
      const settled = checker
        .prepare(
          `select o.sale_id as saleId, o.state, s.receipt_number as receipt from outbox o
           join sales s on s.id = o.sale_id where o.state in ('synced', 'conflict')`,
        )
        .all() as Array<{ saleId: string; state: string; receipt: number }>;
      // A refused sale parked by a lease's takeover (doubt) was never sent: not news.
      const sentThenParked = checker
        .prepare(`select count(*) from sync_attempts where sale_id = ? and outcome = 'conflict'`)
        .pluck();
      for (const { saleId, state, receipt } of settled) {
        if (state === 'conflict' && sentThenParked.get(saleId) === 0) continue;
        if (!announced.get(saleId)?.has(state))
          violations.push(`sale #${receipt} is ${state}, and no process announced it`);
      }
      const logged = checker
        .prepare(
          `select outcome, http_status as status, count(*) as n from sync_attempts
           where outcome in ('synced', 'conflict', 'paused', 'released', 'retry', 'unanswered')
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

/** What a screen shows of a status, read at `at` (the platform's answers age into "checking"). */
function screenFacts(status: SyncStatus, at: number) {
  const link = linkAt(status, at);
  return {
    mode: status.mode,
    baseUrl: status.baseUrl,
    apiKey: status.apiKey,
    link: link === 'checking' ? 'online' : link,
    paused: status.paused?.reason ?? null,
    counts: status.counts,
    uncertain: status.uncertain,
    keysHonoured: status.keysHonoured,
    lastSuccessAt: status.lastSuccessAt,
    lastError: status.lastError && { code: status.lastError.code, at: status.lastError.at },
    clockSkewMs: status.clockSkewMs,
    clockStep: status.clockStep?.ms ?? null,
    storageProblem: status.storageProblem?.what ?? null,
  };
}
