// What the till says of its sync, read as `tillsync status` and every screen read it
// (readSyncStatus), checked against what its processes heard, each time one has just taken
// an answer in (the turn after it heard it):
// - every time it names (the last contact, success and error) is one at which a process
//   heard that from the platform: a request that hung or was cut is no contact;
// - a process alone that heard from the platform says so at once: the last contact at most
//   a second old (written once a second), and online (or the key refused);
// - its first success after an error is written as it comes, so a screen can tell that the
//   error is past; and an error it heard is the last error at once, code and time.
// The exact ones only while nothing keeps the process from its disk, and no other process
// runs (it may have written since).
import type { Store } from '../../db/store.js';
import type { AgentConfig } from '../../main/config/agent-config.js';
import type { Answer } from '../../main/sync/classify.js';
import { oneRead } from '../../db/one-read.js';
import { createQueueFigures } from '../../db/queue-figures.js';
import { createSyncState } from '../../db/sync-state.js';
import { readSyncStatus, type SyncStatus } from '../../main/sync/status.js';
import type { AnswerRecord } from './answer-record.js';
import { isKeyCheck, KEY_REFUSED_STATUSES } from './request-kinds.js';
import type { SimTill } from './sim-till.js';
import { errorCodeOf } from './state-checks.js';
import type { World } from './world.js';
import { createLinkTruth } from './link-truth.js';

export interface StatusWatchOptions {
  store: Store;
  till: SimTill;
  answers: AnswerRecord;
  /** Whether something keeps a process from its disk now, and until when it did or does. */
  disturbed: () => boolean;
  busyUntil: () => number;
  flag: (problem: string) => void;
}

/** What a process heard (no answer: its probe was answered), at its wall time then. */
interface HeardNow {
  wall: number;
  key: string;
  apiKey: string;
  answer?: Answer;
  firstAfterError: boolean;
}

const isSuccess = (answer: Answer) =>
  answer.kind === 'response' && answer.status >= 200 && answer.status < 300;

/**
 * The status as `tillsync status` reads it (readStoreStatus: readSyncStatus on the file),
 * at a wall time; its queries prepared once, not at every read.
 */
export function statusReader(store: Store, config: () => AgentConfig) {
  const outbox = createQueueFigures(store.database);
  const syncState = createSyncState(store.database);
  const inOneRead = oneRead(store.database);
  return (now: number): SyncStatus =>
    inOneRead(() =>
      readSyncStatus({
        counts: store.countByState(),
        outbox,
        syncState,
        config: config(),
        now,
        shift: store.shifts.current(),
      }),
    );
}

export function createStatusWatch(world: World, options: StatusWatchOptions) {
  const { till, answers, flag } = options;
  /** The wall times the platform was heard from, its successes, and its errors by code. */
  const contacts = new Set<number>();
  const successes = new Set<number>();
  const errors = new Set<string>();
  let seenAnswers = 0;
  let seenContacts = 0;
  /** Processes that heard a sale's error since their last success. */
  const errorSince = new Set<number>();
  const truth = createLinkTruth(world, { ...options, database: options.store.database });

  function learn(): void {
    const all = answers.all();
    for (; seenAnswers < all.length; seenAnswers++) {
      const heard = all[seenAnswers]!;
      if (heard.answer.kind === 'response') contacts.add(heard.heardWall);
      if (isSuccess(heard.answer) && !isKeyCheck(heard.key)) successes.add(heard.heardWall);
      const code = errorCodeOf(heard);
      if (code) errors.add(`${code} ${heard.heardWall}`);
    }
    const probes = answers.contacts();
    for (; seenContacts < probes.length; seenContacts++) contacts.add(probes[seenContacts]!);
  }

  const readAt = statusReader(options.store, () => till.config);
  function read(pid: number): SyncStatus | undefined {
    try {
      return readAt(world.processes.get(pid)!.clock.now());
    } catch {
      return undefined; // a file that cannot be read now: nothing to compare
    }
  }

  /** What any status names: times at which the platform was heard. */
  function named(status: SyncStatus, at: string): void {
    const say = (problem: string) => flag(`the status ${problem} ${at}`);
    if (status.lastContactAt !== null && !contacts.has(status.lastContactAt))
      say(`names a last contact at ${status.lastContactAt}, when nothing was heard`);
    if (status.lastSuccessAt !== null && !successes.has(status.lastSuccessAt))
      say(`names a last success at ${status.lastSuccessAt}, when none was heard`);
    const error = status.lastError;
    if (error && !errors.has(`${error.code} ${error.at}`))
      say(`names the error ${error.code} at ${error.at}, which no answer gave then`);
  }

  /** Every process alive reads one wall clock, which has not stepped in the last second. */
  const oneWall = () =>
    !till.clocksMoved || (till.machineClock !== null && world.time - till.lastStepAt > 1000);

  /** A process alone that just heard from the platform (`answer`, or a probe's if none). */
  function told(status: SyncStatus, at: string, heard: HeardNow): void {
    const say = (problem: string) => flag(`the status ${problem} ${at}`);
    const { wall, answer } = heard;
    const contact = answer === undefined || answer.kind === 'response';
    if (contact && oneWall()) {
      if (status.lastContactAt === null || status.lastContactAt < wall - 1000)
        say(`keeps the last contact ${status.lastContactAt}, the platform answered at ${wall}`);
      // An answer to a sale says the platform is there, unless it refused the key.
      const refused = answer?.kind === 'response' && KEY_REFUSED_STATUSES.includes(answer.status);
      const expected = status.paused ? 'key_rejected' : 'online';
      if (!isKeyCheck(heard.key) && !refused && status.link !== expected)
        say(`says ${status.link}, not ${expected}, though the platform answered`);
    }
    if (!answer) return;
    if (heard.firstAfterError && status.lastSuccessAt !== wall)
      say(`keeps the last success ${status.lastSuccessAt}, not the first after an error (${wall})`);
    const code = errorCodeOf({ key: heard.key, answer });
    const current = !isKeyCheck(heard.key) || heard.apiKey === till.config.apiKey;
    if (code && current && (status.lastError?.code !== code || status.lastError.at !== wall))
      say(
        `keeps the error ${status.lastError?.code} at ${status.lastError?.at}, not ${code} at ${wall}`,
      );
  }

  /** Checks once process `pid` has taken in what it heard now (in the turn after). */
  function afterTakenIn(pid: number, what: string, heard: HeardNow): void {
    const at = world.time;
    const settled = () =>
      world.time === at &&
      till.running.has(pid) &&
      world.processes.get(pid)!.stalledUntil <= world.time;
    setImmediate(() => {
      if (!settled()) return;
      learn();
      const status = read(pid);
      if (!status) return;
      const label = `(as process ${pid} heard ${what} at ${at} ms)`;
      named(status, label);
      const alone = world.live().length === 1;
      if (alone && !options.disturbed()) told(status, label, heard);
    });
  }

  return {
    /** Process `pid` heard this answer to a request with this API key. */
    heard(pid: number, apiKey: string, key: string, answer: Answer): void {
      truth.heard(pid, apiKey, key, answer);
      if (answer.kind === 'aborted') return; // the till learns nothing from a cut request
      let firstAfterError = false;
      if (!isKeyCheck(key)) {
        if (isSuccess(answer)) firstAfterError = errorSince.delete(pid);
        else errorSince.add(pid);
      }
      const what = answer.kind === 'response' ? String(answer.status) : answer.kind;
      const wall = world.processes.get(pid)!.clock.now();
      afterTakenIn(pid, what, { wall, key, apiKey, answer, firstAfterError });
    },
    /** Process `pid`'s question whether the platform answers at all was answered. */
    contact(pid: number): void {
      truth.contact();
      const wall = world.processes.get(pid)!.clock.now();
      afterTakenIn(pid, 'a probe answered', { wall, key: '', apiKey: '', firstAfterError: false });
    },
    /** A process is gone: what it heard goes with it. */
    gone(pid: number): void {
      errorSince.delete(pid);
      truth.gone(pid);
    },
  };
}

export type StatusWatch = ReturnType<typeof createStatusWatch>;
