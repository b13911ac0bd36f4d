// A pass lets go of its lease only once its own requests are answered and their outcomes
// written: an answer is recorded as fenced ("answered after this sender lost the sale to
// another") only when another sender took the lease while the request was on the wire.
// A sender that handed its claims or its lease back under its own pass (a hand-back retry
// firing mid-pass, a release at the wrong moment) would leave its answers fenced with no
// one else holding the sale: the sale sent again, and on a platform that ignores keys,
// stored twice. Checked after every step of the world, against the requests the platform
// saw (which process sent each, and when).
import type Database from 'better-sqlite3';
import type { FileVersion } from './file-version.js';
import type { SimPlatform } from './sim-platform.js';
import type { World } from './world.js';

interface Fenced {
  id: number;
  key: string;
  startedAt: number;
}

export function createLetGoWatch(
  checker: Database.Database,
  version: FileVersion,
  world: World,
  platform: Pick<SimPlatform, 'requestUnder'>,
) {
  const leaseOf = checker.prepare(
    'select lease_owner as owner, lease_epoch as epoch from sync_state where id = 1',
  );
  const fencedSince = checker.prepare(
    `select id, idempotency_key as key, started_at as startedAt from sync_attempts
     where outcome = 'fenced' and id > ? order by id`,
  );
  /** When the lease was taken, and by whom (null: not known, so not counted as the sender). */
  const takes: Array<{ at: number; owner: string | null }> = [];
  let last = leaseOf.get() as { owner: string | null; epoch: number };
  let seen = 0;
  /** The file's version when every fenced answer in it had been checked. */
  let checkedAt: number | undefined;
  /** `pid`: the process whose event the world's last step ran (null: a world event). */
  return function check(pid: number | null): string | undefined {
    // An unchanged file holds the same lease, and no fenced answer not checked already.
    if (version.current === checkedAt) return undefined;
    const lease = leaseOf.get() as { owner: string | null; epoch: number };
    // A lease taken and given back within one step (a short pass with nothing to send, as
    // after a clock step made a live sender's lease look run out) reads free at a new epoch:
    // its taker is the process whose event ran the step, as only its code ran; after a world
    // event, which may wake every process, it is not known. (Seed 1698: process 2 took the
    // lease from process 1, parked the sale on the wire and let go, all in one step.)
    if (lease.epoch !== last.epoch)
      takes.push({ at: world.time, owner: lease.owner ?? (pid === null ? null : `sim#${pid}`) });
    last = lease;
    for (const row of fencedSince.all(seen) as Fenced[]) {
      seen = row.id;
      const request = platform.requestUnder(row.key, row.startedAt);
      if (!request) continue; // not a request the platform saw leave (a key check's)
      const sender = `sim#${request.pid}`;
      if (!takes.some((take) => take.at >= request.at && take.owner !== sender))
        return `process ${request.pid}'s answer (sent at ${request.at} ms) was fenced, though no other sender took the lease since: it let go of its lease with the request on the wire`;
    }
    checkedAt = version.current;
    return undefined;
  };
}
