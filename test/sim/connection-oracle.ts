// What the till's file says of its link just after a process alone heard an answer that
// settles it, against what the platform did: a refusal of the key in use is "key_rejected"
// with the pause kept for that key; a platform out of reach is "offline"; and the connection
// is always one a screen can show. Checked once the process has taken the answer in (the
// turn after), unless something keeps it from its disk, or another process runs and may
// have written since.
import type Database from 'better-sqlite3';
import type { Answer } from '../../main/sync/classify.js';
import { keyFingerprint } from '../../main/config/api-key-info.js';
import { CONNECTION_STATES } from '../../domain/link.js';
import { isUnreachable } from './offline-watch.js';
import { KEY_REFUSED_STATUSES } from './request-kinds.js';
import type { World } from './world.js';

const CONNECTIONS: readonly string[] = CONNECTION_STATES;

export interface ConnectionOracleOptions {
  checker: Database.Database;
  /** Whether something keeps a process from its disk now, or will before the check. */
  disturbed: () => boolean;
  /** The API key the till's settings hold now. */
  keyInUse: () => string | undefined;
  flag: (problem: string) => void;
}

export function createConnectionOracle(world: World, options: ConnectionOracleOptions) {
  const read = options.checker.prepare(
    `select connection, paused_reason as reason, paused_key_hash as keyHash from sync_state`,
  );
  return (pid: number, apiKey: string, answer: Answer): void => {
    const refused = answer.kind === 'response' && KEY_REFUSED_STATUSES.includes(answer.status);
    const expected = refused ? 'key_rejected' : isUnreachable(answer) ? 'offline' : null;
    const alone = () => world.live().length === 1 && world.live()[0]!.pid === pid;
    const settled = () =>
      alone() && !options.disturbed() && world.processes.get(pid)!.stalledUntil <= world.time;
    // An answer for a key no longer in use says nothing of the link this one has.
    if (!settled() || options.keyInUse() !== apiKey) return;
    const heardAt = world.time;
    setImmediate(() => {
      if (!settled() || world.time !== heardAt) return;
      const state = read.get() as { connection: string; reason: string | null; keyHash: string };
      const at = `(as process ${pid} heard ${answer.kind === 'response' ? answer.status : answer.kind})`;
      if (!CONNECTIONS.includes(state.connection))
        options.flag(`the sync state says the link is "${state.connection}" ${at}`);
      else if (expected && state.connection !== expected)
        options.flag(`the sync state says ${state.connection}, not ${expected} ${at}`);
      if (refused && (state.reason === null || state.keyHash !== keyFingerprint(apiKey)))
        options.flag(`the queue is not kept paused for the key the platform refused ${at}`);
    });
  };
}
