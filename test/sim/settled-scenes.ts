// What a settled seed goes on to: scenes of a till that works, each with deadlines and
// rules of its own. A calm hour, a rush under a quota, Retry-After in every form, and the
// engine's own bookkeeping; then a tick of calm, after which each process has told its
// screens what it knows.
import type Database from 'better-sqlite3';
import type { AnswerRecord } from './answer-record.js';
import { calmHour } from './calm-hour.js';
import { engineScenes } from './engine-scenes.js';
import type { NewsChecks } from './news-checks.js';
import { quotaScene } from './quota-scene.js';
import { retryAfterScene } from './retry-after-scene.js';
import { seededRandom } from './world.js';
import type { WorldContext } from './world-events.js';

export interface SettledScenesDeps {
  seed: number;
  answers: AnswerRecord;
  checker: Database.Database;
  news: NewsChecks;
  tickWithinMs: number;
  /** Runs the world's next event with the checks of every step. */
  step: () => Promise<void>;
  /** Records a sale of kind `roll` (sim-sales.ts) at this wall time; its number. */
  recordNext: (roll: number, wall: number) => number;
}

/** Refused and accepted sales, as the scenes record them. */
const REFUSED = 0;
const TAKEN = 0.99;

export async function settledScenes(context: WorldContext, deps: SettledScenesDeps) {
  const { world, till, watch } = context;
  const { answers, checker, step, recordNext } = deps;
  const recordTaken = (wall: number) => recordNext(TAKEN, wall);
  // A calm till after the faults: deadlines a working till meets.
  await calmHour(context, {
    answers,
    checker,
    step,
    recordSale: (refused, wall) => recordNext(refused ? REFUSED : TAKEN, wall),
  });
  // Then a rush under a quota: paced as told, neither slower nor faster (quota-scene.ts).
  await quotaScene(context, { answers, checker, step, recordSale: recordTaken });
  // And Retry-After in every form, honoured as it says (retry-after-scene.ts).
  await retryAfterScene(context, { answers, step, recordSale: recordTaken });
  // And the engine's own bookkeeping (engine-scenes.ts), on a stream of its own.
  await engineScenes(context, {
    answers,
    checker,
    step,
    recordSale: recordTaken,
    random: seededRandom(deps.seed ^ 0x6a09e667),
  });
  // Calm for a tick of every process: each has told its screens what it knows.
  const calmUntil = world.time + deps.tickWithinMs;
  while (world.nextEventAt !== undefined && world.nextEventAt <= calmUntil) await step();
  watch.violations.push(...deps.news.screenViolations(till.running));
}
