// What the till's sync state says of the link (what `tillsync status` and every screen
// read), checked when a seed settles against the answers its processes heard: each time it
// keeps is the time of an answer that was given, and once the faults stop it is current:
// the last success and the last contact within the second it is written at, the last error
// exactly, the queue not paused for a key the platform takes, and the platform said to
// honour keys only if it replayed an answer; and it names where the engines send.
import type Database from 'better-sqlite3';
import type { HeardAnswer } from './answer-record.js';
import { isKeyCheck } from './request-kinds.js';
import type { ClockStep } from './sim-till.js';

interface StateRow {
  connection: string;
  pausedReason: string | null;
  lastSuccessAt: number | null;
  lastContactAt: number | null;
  lastErrorAt: number | null;
  lastErrorCode: string | null;
  keysHonouredAt: number | null;
  clockSkewMs: number | null;
  clockStepMs: number | null;
  senderMode: string | null;
  senderBaseUrl: string | null;
}

export interface StateFacts {
  answers: readonly HeardAnswer[];
  /** When a process's question whether the platform answers at all was answered. */
  contacts: readonly number[];
  /** Faults (storage ones too) are over from this virtual time. */
  quietFrom: number;
  /** Every process read one wall clock all along (no offsets, no steps). */
  oneClock: boolean;
  /** The machine clock all processes read (how far off, and when it stepped last), if one. */
  machineClock: { offset: number; steppedAt: number } | null;
  /** Every step of a wall clock (whose processes' clocks), and the processes alive now. */
  steps: readonly ClockStep[];
  alive: (pid: number) => boolean;
  /** Where the till's settings say its engines send (what a process without them shows). */
  baseUrl: string;
  /** Virtual time now, and how soon after a step a process has looked at its clocks. */
  now: number;
  detectWithinMs: number;
}

/** A clock further off the platform's than this is a problem a person is shown. */
const SKEW_LIMIT_MS = 5 * 60_000;

const isSuccess = (heard: Pick<HeardAnswer, 'answer'>) =>
  heard.answer.kind === 'response' && heard.answer.status >= 200 && heard.answer.status < 300;

/** The code a failure is kept under; null for an answer that writes no error. */
export function errorCodeOf(heard: Pick<HeardAnswer, 'key' | 'answer'>): string | null {
  const { answer } = heard;
  if (answer.kind === 'aborted') return null;
  if (answer.kind === 'timeout') return 'timeout';
  if (answer.kind === 'network') return `network_${answer.code}`;
  if (isKeyCheck(heard.key))
    return [401, 403].includes(answer.status) ? `http_${answer.status}` : null;
  return isSuccess(heard) ? null : `http_${answer.status}`;
}

const last = <T>(items: readonly T[]): T | undefined => items[items.length - 1];

export function stateViolations(checker: Database.Database, facts: StateFacts): string[] {
  const state = checker
    .prepare(
      `select connection, paused_reason as pausedReason, last_success_at as lastSuccessAt,
         last_contact_at as lastContactAt, last_error_at as lastErrorAt,
         last_error_code as lastErrorCode, keys_honoured_at as keysHonouredAt,
         clock_skew_ms as clockSkewMs, clock_step_ms as clockStepMs,
         sender_mode as senderMode, sender_base_url as senderBaseUrl
       from sync_state where id = 1`,
    )
    .get() as StateRow;
  const violations: string[] = [];
  const say = (problem: string) => violations.push(`the sync state ${problem}`);
  const { answers, quietFrom, oneClock } = facts;
  const responses = answers.filter((heard) => heard.answer.kind === 'response');
  const successes = answers.filter((heard) => isSuccess(heard) && !isKeyCheck(heard.key));
  const errors = answers.filter((heard) => errorCodeOf(heard) !== null);
  const quiet = (heard: HeardAnswer | undefined): heard is HeardAnswer =>
    heard !== undefined && heard.at >= quietFrom;
  const walls = (list: readonly HeardAnswer[]) => new Set(list.map((heard) => heard.heardWall));

  /** A time the state keeps: one some answer came at, and current once faults stopped. */
  function checkTime(
    name: string,
    value: number | null,
    list: readonly HeardAnswer[],
    alsoAt: readonly number[] = [],
  ): void {
    const times = new Set([...walls(list), ...alsoAt]);
    if (value !== null && !times.has(value)) say(`keeps a ${name} no answer came at: ${value}`);
    const latest = last(list);
    if (oneClock && quiet(latest) && (value === null || value < latest.heardWall - 1000))
      say(`keeps the ${name} ${value}, the last came at ${latest.heardWall}`);
  }
  checkTime('last success', state.lastSuccessAt, successes);
  checkTime('last contact', state.lastContactAt, responses, facts.contacts);

  if (state.lastErrorAt !== null) {
    const at = errors.filter((heard) => heard.heardWall === state.lastErrorAt);
    if (at.length === 0) say(`keeps an error no answer gave, at ${state.lastErrorAt}`);
    else if (!at.some((heard) => errorCodeOf(heard) === state.lastErrorCode))
      say(`keeps the error ${state.lastErrorCode}, the answer then was ${errorCodeOf(at[0]!)}`);
  }
  const lastError = last(errors);
  if (quiet(lastError) && !isKeyCheck(lastError.key)) {
    if (state.lastErrorAt !== lastError.heardWall || state.lastErrorCode !== errorCodeOf(lastError))
      say(
        `keeps the error ${state.lastErrorCode} at ${state.lastErrorAt}, the last was ${errorCodeOf(lastError)} at ${lastError.heardWall}`,
      );
  }

  const replays = responses.filter(
    (heard) =>
      heard.answer.kind === 'response' &&
      heard.answer.headers.get('idempotent-replayed') === 'true',
  );
  if (state.keysHonouredAt !== null && replays.length === 0)
    say('says the platform honours keys, though it never replayed an answer');
  // Known once heard: written then, or, if the disk refused it, by the hearer's next tick.
  const known = replays.filter((heard) => heard.at >= quietFrom || facts.alive(heard.pid));
  if (known.length > 0 && state.keysHonouredAt === null)
    say('does not know the platform honours keys, though it replayed an answer');

  if (state.pausedReason !== null) say(`keeps the queue paused: ${state.pausedReason}`);
  // A step of the wall clock is news for a person: kept at its size once a process whose
  // clock it moved has ticked since (with the steps before it since its last tick, if any:
  // a process stopped through two steps sees them as one, and may write last; so may one
  // stopped when the last step came, with its own).
  const step = facts.steps.at(-1);
  const detector = step?.pids.find(facts.alive);
  if (step && detector !== undefined && facts.now > step.at + facts.detectWithinMs) {
    const sizes = new Set<number>();
    for (const pid of [...step.pids, ...step.stalled]) {
      let sum = 0;
      for (const earlier of [...facts.steps].reverse()) {
        if (!earlier.pids.includes(pid)) continue;
        sum += earlier.ms;
        sizes.add(sum);
      }
    }
    if (!sizes.has(state.clockStepMs ?? NaN))
      say(`keeps a clock step of ${state.clockStepMs} ms, the clock last stepped ${step.ms} ms`);
  }
  // The platform's Date against the till's clock: whole seconds, and a change of less
  // than a second is not news, hence two seconds of play.
  const machine = facts.machineClock;
  const lastAnswer = last(responses);
  if (machine && lastAnswer && lastAnswer.at > machine.steppedAt && quiet(lastAnswer)) {
    const far = Math.abs(machine.offset) > SKEW_LIMIT_MS + 2000;
    const near = Math.abs(machine.offset) < SKEW_LIMIT_MS - 2000;
    const skew = state.clockSkewMs;
    if (far && (skew === null || Math.abs(skew + machine.offset) > 2000))
      say(`keeps a clock skew of ${skew} ms, the till's clock is ${machine.offset} ms off`);
    if (near && skew !== null)
      say(`keeps a clock skew of ${skew} ms, the till's clock is only ${machine.offset} ms off`);
  }
  if (state.senderMode !== 'platform' || state.senderBaseUrl !== facts.baseUrl)
    say(
      `says the engines send to ${state.senderMode} ${state.senderBaseUrl}, not ${facts.baseUrl}`,
    );
  const lastResponse = last(responses);
  if (quiet(lastResponse) && isSuccess(lastResponse) && state.connection !== 'online')
    say(`says ${state.connection}, though the platform's last answer was a success`);
  return violations;
}
