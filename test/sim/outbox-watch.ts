// Each sale's outbox row, read from the till's own file after every step that committed
// something, against what it was at the step before: what a claim may take and what it
// must leave, and what no write may change. A revision keeps its key, and its body once
// frozen, byte for byte; a claim changes nothing but the claim (the counts, the doubt and
// the due time stay); a row is claimed ("sending") exactly while it names its claimer, at
// an epoch the lease has reached, and never passes from one claimer to another without
// going back to the queue; synced and discarded are final; counts only grow within a
// revision, but for a person's retry of a refused sale; a refused sale comes back only by
// a person's act or, parked for doubt alone, once the platform is known to honour keys;
// and a doubt is cleared only by a platform that honours keys, or with a new revision.
import type Database from 'better-sqlite3';
import { PARKED_UNCERTAIN } from '../../domain/outcomes.js';
import type { FileVersion } from './file-version.js';

interface Row {
  saleId: string;
  receipt: number;
  revision: number;
  key: string;
  state: string;
  body: string | null;
  attempts: number;
  unexpected: number;
  unanswered: number;
  uncertain: number;
  claimOwner: string | null;
  claimEpoch: number | null;
  inFlightAt: number | null;
  nextAttemptAt: number | null;
  syncedAt: number | null;
  platformId: string | null;
  errorCode: string | null;
}

interface Lease {
  owner: string | null;
  epoch: number;
  keysHonouredAt: number | null;
}

/** What is wrong with a row as it stands, whatever it was before. */
function rowProblem(row: Row, lease: Lease): string | undefined {
  const claimed = row.claimOwner !== null && row.claimEpoch !== null;
  if ((row.state === 'sending') !== claimed)
    return `is ${row.state} with the claim ${row.claimOwner}@${row.claimEpoch}`;
  if (row.inFlightAt !== null && (row.state !== 'sending' || row.body === null))
    return `is on the wire (since ${row.inFlightAt}) while ${row.state}${row.body === null ? ', with no body' : ''}`;
  if ((row.state === 'synced') !== (row.syncedAt !== null))
    return `is ${row.state} with the sync time ${row.syncedAt}`;
  if (row.state === 'synced' && row.body === null) return 'is synced with no body';
  if (claimed && row.claimEpoch! > lease.epoch)
    return `is claimed at epoch ${row.claimEpoch}, the lease is at ${lease.epoch}`;
  if (claimed && row.claimEpoch === lease.epoch && lease.owner !== null)
    if (row.claimOwner !== lease.owner)
      return `is claimed by ${row.claimOwner} at epoch ${row.claimEpoch}, which ${lease.owner} holds`;
  return undefined;
}

/** What is wrong with a row's change since the step before. */
function changeProblem(was: Row, row: Row, lease: Lease, honoursKeys: boolean): string | undefined {
  if (row.revision < was.revision)
    return `went back from revision ${was.revision} to ${row.revision}`;
  if (row.revision > was.revision) {
    if (was.state !== 'refused') return `was revised while ${was.state}`;
    if (row.key === was.key) return 'kept its key in a new revision';
    if (row.body !== null) return 'has a body frozen before its new revision was sent';
    return undefined;
  }
  if (row.key !== was.key) return `changed its key within revision ${row.revision}`;
  if (was.body !== null && row.body !== was.body) return 'changed its frozen body';
  for (const final of ['synced', 'discarded'])
    if (was.state === final && row.state !== final) return `was ${final}, now ${row.state}`;
  if (
    was.state === 'synced' &&
    (row.syncedAt !== was.syncedAt || row.platformId !== was.platformId)
  )
    return 'changed its sync time or platform id once synced';
  if (was.state === 'sending' && row.state === 'sending')
    if (row.claimOwner !== was.claimOwner || row.claimEpoch !== was.claimEpoch)
      return `passed from ${was.claimOwner}@${was.claimEpoch} to ${row.claimOwner}@${row.claimEpoch} without going back to the queue`;
  // A claim, or another send of a sale kept: only the claim and the wire change.
  const claim = was.state !== 'sending' && row.state === 'sending';
  const resend = was.inFlightAt === null && row.inFlightAt !== null && was.state === 'sending';
  if (claim || resend) {
    const kept = ['attempts', 'unexpected', 'unanswered', 'nextAttemptAt'] as const;
    const changed = kept.find((field) => row[field] !== was[field]);
    if (changed)
      return `changed ${changed} from ${was[changed]} to ${row[changed]} as it was claimed`;
    if (row.uncertain > was.uncertain) return 'was flagged uncertain as it was claimed';
    if (claim && was.state !== 'pending') return `was claimed while ${was.state}`;
  }
  const retried = was.state === 'refused' && row.attempts === 0 && row.unexpected === 0;
  if (!retried && (row.attempts < was.attempts || row.unexpected < was.unexpected))
    return `counts fell from ${was.attempts}/${was.unexpected} to ${row.attempts}/${row.unexpected} attempts/unexpected`;
  if (row.unanswered < was.unanswered)
    return `counts fell from ${was.unanswered} to ${row.unanswered} unanswered sends`;
  if (was.state === 'refused' && row.state !== 'refused' && row.state !== 'discarded') {
    const unparked = was.errorCode === PARKED_UNCERTAIN && lease.keysHonouredAt !== null;
    if (!retried && !unparked) return `left the refused sales for ${row.state} with no one's act`;
  }
  // A replay proves a sale is held once (its answer may clear the doubt before the till
  // writes that it knows): only a platform that honours keys gives one.
  if (was.uncertain === 1 && row.uncertain === 0 && !honoursKeys)
    return 'lost its doubt on a platform that ignores keys';
  return undefined;
}

export function createOutboxWatch(
  checker: Database.Database,
  version: FileVersion,
  honoursKeys: boolean,
) {
  const rows = checker.prepare(
    `select o.sale_id as saleId, s.receipt_number as receipt, o.revision,
       o.idempotency_key as key, o.state, o.request_body as body, o.attempts,
       o.unexpected_attempts as unexpected, o.unanswered_attempts as unanswered, o.uncertain,
       o.claim_owner as claimOwner, o.claim_epoch as claimEpoch, o.in_flight_at as inFlightAt,
       o.next_attempt_at as nextAttemptAt, o.synced_at as syncedAt,
       o.platform_id as platformId, o.last_error_code as errorCode
     from outbox o join sales s on s.id = o.sale_id`,
  );
  const leaseOf = checker.prepare(
    `select lease_owner as owner, lease_epoch as epoch, keys_honoured_at as keysHonouredAt
     from sync_state where id = 1`,
  );
  const last = new Map<string, Row>();
  let seen: unknown;
  return (): string | undefined => {
    if (version.current === seen) return undefined;
    seen = version.current;
    const lease = leaseOf.get() as Lease;
    let problem: string | undefined;
    for (const row of rows.all() as Row[]) {
      const was = last.get(row.saleId);
      last.set(row.saleId, row);
      const wrong = rowProblem(row, lease) ?? (was && changeProblem(was, row, lease, honoursKeys));
      if (wrong) problem ??= `sale #${row.receipt} (key ${row.key}) ${wrong}`;
    }
    return problem;
  };
}
