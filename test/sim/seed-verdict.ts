// What a seed's till file must say once its world has run: every sale's copies at the
// platform, the sync state against what its processes heard, the attempt log against
// each answer, and each sale's counts against its log.
import type Database from 'better-sqlite3';
import type { AnswerRecord } from './answer-record.js';
import { counterViolations } from './counter-checks.js';
import { finalViolations } from './final-checks.js';
import { attemptLogViolations } from './log-checks.js';
import { stateViolations } from './state-checks.js';
import type { WorldContext } from './world-events.js';

export interface VerdictFacts {
  checker: Database.Database;
  answers: AnswerRecord;
  recorded: number;
  honoursKeys: boolean;
  /** From when no storage fault is left. */
  quietFrom: number;
  tickWithinMs: number;
}

export function seedVerdict(context: WorldContext, facts: VerdictFacts): string[] {
  const { world, till, platform, watch, tuning } = context;
  const { checker, answers, recorded, honoursKeys } = facts;
  const alive = (pid: number) => till.running.has(pid);
  return [
    ...finalViolations(checker, watch, { recorded, honoursKeys }),
    ...stateViolations(checker, {
      answers: answers.all(),
      contacts: answers.contacts(),
      quietFrom: facts.quietFrom,
      oneClock: !till.clocksMoved,
      machineClock: till.machineClock,
      steps: till.steps,
      alive,
      baseUrl: till.config.baseUrl!,
      now: world.time,
      // The next tick, after the longest a process is stopped for.
      detectWithinMs: facts.tickWithinMs + tuning.leaseTtlMs * 3,
    }),
    ...attemptLogViolations(checker, answers, {
      maxUnexpectedAttempts: tuning.maxUnexpectedAttempts,
      parksUncertain: tuning.uncertainSales === 'park',
      alive,
      sentUnder: (key, wall) => platform.sentUnder(key, wall),
    }),
    ...counterViolations(checker, honoursKeys),
  ];
}
