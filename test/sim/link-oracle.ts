// The till's view of its link, checked against what the platform and the people did:
// - no sale request with a key the platform refused, from a process that heard the refusal
//   (or started while the file kept the queue paused for that key), until the key changes,
//   a check of the key is accepted, or a person presses Resync after that pass began;
// - a Resync pressed with the disk writable is written at once, at the presser's wall time
//   (a millisecond on when a request of that very time is there), and ends the platform's
//   wait for the whole queue, so the till's other processes follow it.
import type Database from 'better-sqlite3';
import type { Answer } from '../../main/sync/classify.js';
import type { SyncEngine } from '../../main/sync/engine.js';
import { keyFingerprint } from '../../main/config/api-key-info.js';
import { isKeyCheck, KEY_REFUSED_STATUSES } from './request-kinds.js';
import type { World } from './world.js';

interface Bar {
  apiKey: string;
  /** A press at or after this virtual time lifts the bar (the refused pass began after). */
  since: number;
  why: string;
}

export interface LinkOracleOptions {
  checker: Database.Database;
  /** Whether something keeps a process from its disk now (a lock, a full or read-only disk). */
  disturbed: () => boolean;
  flag: (problem: string) => void;
}

export function createLinkOracle(world: World, options: LinkOracleOptions) {
  const { checker, flag } = options;
  const bars = new Map<number, Bar>();
  /** Virtual time each process's last pass ended (a lower bound on its current one's start). */
  const passEnded = new Map<number, number>();
  const presses: number[] = [];
  /** When each key check left (a refusal answers the presses before it). */
  const checkSentAt = new Map<string, number>();
  const readPause = checker.prepare(
    `select paused_reason as reason, paused_key_hash as keyHash from sync_state where id = 1`,
  );
  const readRequest = checker
    .prepare(`select resync_requested_at as asked, throttled_until as until from sync_state`)
    .bind();

  // Which press a process follows is its own (the latest when it ticks): any press after
  // the refused pass began may lift the pause once.
  const pressedSince = (bar: Bar) => presses.some((at) => at >= bar.since);
  const bar = (pid: number, apiKey: string, since: number, why: string) =>
    bars.set(pid, { apiKey, since, why });

  return {
    /** A process starts with this key: it keeps a pause the file holds for it. */
    starting(pid: number, apiKey: string): void {
      passEnded.set(pid, world.time);
      const pause = readPause.get() as { reason: string | null; keyHash: string | null };
      if (pause.reason !== null && pause.keyHash === keyFingerprint(apiKey))
        bar(pid, apiKey, world.time, 'the file kept the queue paused for it');
    },
    started(pid: number, engine: SyncEngine): void {
      engine.events.on('pass', () => passEnded.set(pid, world.time));
    },
    /** A request left process `pid` with this API key. */
    sent(pid: number, apiKey: string, key: string): void {
      if (isKeyCheck(key)) {
        checkSentAt.set(key, world.time); // a person's question, asked whatever the link
        return;
      }
      const barred = bars.get(pid);
      if (!barred || barred.apiKey !== apiKey) return;
      if (pressedSince(barred)) {
        bars.delete(pid);
        return;
      }
      flag(`process ${pid} sent a sale with a key the platform refused (${barred.why}), unasked`);
    },
    /** What process `pid` heard for a request with this API key. */
    heard(pid: number, apiKey: string, key: string, answer: Answer): void {
      if (answer.kind !== 'response') return;
      const refused = KEY_REFUSED_STATUSES.includes(answer.status);
      if (isKeyCheck(key)) {
        // A check the platform took (the empty sale refused as invalid) ends the pause.
        if ([400, 422].includes(answer.status) && bars.get(pid)?.apiKey === apiKey)
          bars.delete(pid);
        const sentAt = checkSentAt.get(key) ?? world.time;
        if (refused) bar(pid, apiKey, sentAt, `its key check refused ${answer.status}`);
        return;
      }
      if (!refused) return;
      bar(pid, apiKey, passEnded.get(pid) ?? 0, `refused ${answer.status} at ${world.time} ms`);
    },
    /**
     * A person pressed Resync on process `pid` (its wall clock `wall`), now, just before the
     * engine takes it: what it writes is checked once the press has run. Its wall time as it
     * is, a second press within the millisecond too: dated a millisecond on, it lifted in a
     * follower the wait of a send begun after it (seed 4383, main/sync/resync-requests.ts).
     */
    pressed(wall: number): void {
      presses.push(world.time);
      const expected = wall;
      queueMicrotask(() => {
        if (options.disturbed()) return;
        const after = readRequest.get() as { asked: number; until: number | null };
        if (after.asked !== expected)
          flag(`a Resync pressed at ${wall} (wall) was written as ${after.asked}, not ${expected}`);
        if (after.until !== null) flag(`a Resync left the platform's wait of the queue in place`);
      });
    },
  };
}

export type LinkOracle = ReturnType<typeof createLinkOracle>;
