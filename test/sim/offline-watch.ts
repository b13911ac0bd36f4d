// A till that cannot reach the platform probes, and does not hammer it: once a process was
// told the platform cannot be reached at all (the connection refused, the name not found),
// it sends no sale until it has heard from the platform again (a probe or any answer), or a
// person pressed Resync. A key check is a person's question, asked whatever the link.
import type { Answer } from '../../main/sync/classify.js';
import type { World } from './world.js';

/**
 * Failures that say the platform cannot be reached at all (not a lost answer). Written out
 * here on purpose, beside main/sync/classify.ts's own list: the simulation's oracle must not
 * follow the code it judges, or a code dropped from the engine's list would go unnoticed.
 */
export const UNREACHABLE_CODES = [
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'ENETDOWN',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'UND_ERR_CONNECT_TIMEOUT',
];

export const isUnreachable = (answer: Answer) =>
  answer.kind === 'network' && !answer.sent && UNREACHABLE_CODES.includes(answer.code);

export function createOfflineWatch(
  world: World,
  /** The longest a process goes between ticks: the others follow a Resync by then. */
  tickWithinMs: number,
  flag: (problem: string) => void,
) {
  /** Processes told the platform is unreachable, and what told them. */
  const offline = new Map<number, string>();
  /** Until then, a process may still be following a Resync, which says "try now". */
  let followedBy = -1;
  return {
    sent(pid: number, sale: number | null): void {
      const why = offline.get(pid);
      if (sale !== null && why && world.time >= followedBy)
        flag(`process ${pid} sent sale #${sale} while offline (${why}), without asking first`);
    },
    heard(pid: number, answer: Answer): void {
      if (isUnreachable(answer) && answer.kind === 'network') offline.set(pid, answer.code);
      else if (answer.kind === 'response') offline.delete(pid);
    },
    /** A probe of the process was answered. */
    contact(pid: number): void {
      offline.delete(pid);
    },
    /** A person pressed Resync: every process tries at once, when it follows it. */
    resynced(): void {
      offline.clear();
      const resumed = Math.max(world.time, ...world.live().map((p) => p.stalledUntil));
      followedBy = resumed + tickWithinMs;
    },
  };
}

export type OfflineWatch = ReturnType<typeof createOfflineWatch>;
