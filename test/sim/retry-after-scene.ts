// Retry-After in every form a platform writes it (RFC 9110 section 10.2.3), after the calm
// hour: delay-seconds, an HTTP-date in each of its three formats, a date already past, one
// days away (the till's cap holds), and values that are neither (ignored: the till's own
// backoff alone). Each is the answer to one sale's request; the platform watch judges that
// its next request comes no earlier than the value allowed, and here no later than that (or
// the backoff after one failure) and a prompt moment. Now and then the machine's wall clock
// steps forward while the sale waits: a wait the platform asked for is kept on the steady
// clock, so the step must neither send it early (the watch) nor lose it. Or the till is
// stopped while the sale waits: its wait is cut, and the till started again sends it.
import type { AnswerRecord } from './answer-record.js';
import { httpDate, rfc850 } from './platform-answers.js';
import { allowedWaitMs } from './request-kinds.js';
import type { WorldContext } from './world-events.js';
import { EPOCH } from './world.js';

export interface RetryAfterSceneDeps {
  answers: AnswerRecord;
  step(): Promise<void>;
  /** Records a sale the platform takes, at this wall time; its number. */
  recordSale(wall: number): number;
}

/** The forms, each a value for a platform whose clock reads `now` (wall ms). */
const FORMS: Record<string, (now: number, seconds: number) => string> = {
  seconds: (_now, seconds) => String(seconds),
  date: (now, seconds) => httpDate(Math.ceil((now + seconds * 1000) / 1000) * 1000),
  rfc850: (now, seconds) => rfc850(Math.ceil((now + seconds * 1000) / 1000) * 1000),
  past: (now) => httpDate(now - 3_600_000),
  'days away': (now) => httpDate(now + 3 * 86_400_000),
  'seconds with a fraction': (_now, seconds) => `${seconds * 40}.5`,
  'a date without its names': (now) =>
    new Date(now + 3_600_000).toISOString().slice(0, 19).replace('T', ' '),
  negative: (_now, seconds) => `-${seconds}`,
  words: () => 'in a while',
  'an impossible date': () => 'Fri, 32 Nov 2026 12:00:00 GMT',
};

/** The longest spacing of a till's requests while it still keeps an earlier quota's pace. */
const PACED_MS = 1000;

export async function retryAfterScene(
  context: WorldContext,
  deps: RetryAfterSceneDeps,
): Promise<void> {
  const { world, till, platform, random, tuning } = context;
  if (till.running.size === 0) return;
  const between = (low: number, high: number) => low + Math.floor(random() * (high - low));
  // A pace learnt under the quota before ends with the first answer (it says plenty).
  const prompt = tuning.debounceMs + 1000 + PACED_MS;
  const names = Object.keys(FORMS);
  const violations = context.watch.violations;
  for (let round = between(2, 5); round > 0; round--) {
    if (new Set(world.live().map((p) => p.wallOffset)).size !== 1) return;
    const form = names[between(0, names.length)]!;
    const status = random() < 0.5 ? 429 : 503;
    const platformNow = EPOCH + world.time;
    const value = FORMS[form]!(platformNow, between(1, 8));
    const sale = deps.recordSale(platformNow + world.live()[0]!.wallOffset);
    platform.answerOnce(sale, status, { 'retry-after': value });
    world.log(`after the faults: a ${status} with Retry-After "${value}" (${form})`);
    // Its answer, then its next request: within what the value allowed and a moment.
    const requests = () => platform.requestsOf(sale);
    const heardOf = () =>
      requests().flatMap((r) => deps.answers.of(r.key).filter((h) => h.sentAt === r.at));
    let limit = world.time + prompt + tuning.requestTimeoutMs;
    while (heardOf().length === 0 && world.nextEventAt !== undefined) {
      if (world.nextEventAt > limit) break;
      await deps.step();
    }
    const heard = heardOf()[0];
    if (!heard) {
      violations.push(`after the faults, sale #${sale} was not sent (at ${world.time} ms)`);
      return;
    }
    const waitMs = allowedWaitMs(value, heard.heardWall, tuning.retryAfterCapMs);
    const roll = random();
    if (roll < 0.3) {
      const step = between(60_000, 7_200_000);
      till.stepClock(world.live()[0]!, step, ' while a sale waits for its Retry-After');
    }
    // Or the till is told to stop as the sale waits (in place, when the value asks for
    // nothing): the wait ends with the grace time, no timer left armed (stop-watch.ts,
    // exit-checks.ts), and the till started again sends it.
    const stopped = roll >= 0.3 && roll < 0.5 && till.running.has(heard.pid);
    // Started again on the same machine: its wall clock as the stopped one read it.
    const machine = world.processes.get(heard.pid)!.wallOffset;
    if (stopped) till.terminate(heard.pid, () => till.start(machine));
    const restart = stopped ? tuning.shutdownGraceMs + tuning.pollIntervalMs + prompt : 0;
    const sent = requests().length;
    limit = world.time + Math.max(waitMs, tuning.backoffBaseMs) + prompt + restart;
    while (requests().length === sent) {
      const next = world.nextEventAt;
      if (next === undefined || next > limit) {
        violations.push(
          `after the faults, sale #${sale} was not sent again within ${limit - heard.at} ms of a ${status} with Retry-After "${value}" (${form}; the value allows ${waitMs} ms) (at ${world.time} ms)`,
        );
        return;
      }
      await deps.step();
    }
  }
}
