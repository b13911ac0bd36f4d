// The sending lease: one sender per database file. The lease has an epoch that grows each
// time it changes hands; claims and outcomes carry the epoch, and the database refuses an
// outcome from an older one (fencing). A lease is taken from another sender only when that
// sender is known dead, or, for a sender whose liveness cannot be checked (another host),
// when it has expired. Taking it hands the old sender's rows back to the queue in the same
// transaction; a row that had a request on the wire is marked "may already be on the
// platform".
import { prepareAttemptLog } from './attempt-log.js';
import type { TillDatabase } from './open.js';
import { outbox, SENDING_ROWS, syncState } from './schema.js';
import { typedQuery, type RowOf } from './typed-sql.js';

export type OwnerLiveness = 'alive' | 'dead' | 'unknown';

export interface LeaseTerms {
  owner: string;
  now: number;
  ttlMs: number;
  /** Whether a lease's owner still runs. */
  liveness(owner: string): OwnerLiveness;
  /**
   * A sale its stopped sender left on the wire may be on the platform: parked for a person
   * with this reason (the policy for a platform not known to honour keys), or, when null,
   * sent again under its key.
   */
  parkInFlight?: string | null;
}

export type LeaseAnswer =
  | { acquired: true; epoch: number; fresh: boolean; orphans: number; uncertain: number }
  | { acquired: false; holder: string; reason: 'alive' | 'unexpired' };

const leaseColumns = {
  owner: syncState.leaseOwner,
  expiresAt: syncState.leaseExpiresAt,
  epoch: syncState.leaseEpoch,
};
type LeaseRow = RowOf<typeof leaseColumns>;

/** Rows a sender claimed: those with a request on the wire are logged as orphaned. */
const orphanColumns = {
  saleId: outbox.saleId,
  revision: outbox.revision,
  idempotencyKey: outbox.idempotencyKey,
  inFlightAt: outbox.inFlightAt,
};

export function createLease({ sqlite }: TillDatabase) {
  const read = typedQuery(
    sqlite,
    leaseColumns,
    (list) => `select ${list} from sync_state where id = 1`,
  );
  const renew = sqlite.prepare(
    'update sync_state set lease_expires_at = @expiresAt where id = 1 and lease_owner = @owner and lease_epoch = @epoch',
  );
  const take = sqlite
    .prepare(
      'update sync_state set lease_owner = @owner, lease_expires_at = @expiresAt, lease_epoch = lease_epoch + 1 where id = 1 returning lease_epoch',
    )
    .pluck();
  const drop = sqlite.prepare(
    'update sync_state set lease_owner = null, lease_expires_at = 0 where id = 1 and lease_owner = @owner and lease_epoch = @epoch',
  );
  const orphans = typedQuery(
    sqlite,
    orphanColumns,
    (list) => `select ${list} from outbox where ${SENDING_ROWS} and in_flight_at is not null`,
  );
  const logAttempt = prepareAttemptLog(sqlite);
  function logOrphans(now: number): number {
    const rows = orphans.all();
    for (const row of rows) {
      const startedAt = row.inFlightAt ?? now;
      logAttempt({
        ...row,
        startedAt,
        durationMs: now - startedAt,
        outcome: 'orphaned',
        errorCode: 'sender_stopped',
        reason:
          'The sender stopped while this request was on its way: it may already be on the platform',
      });
    }
    return rows.length;
  }
  const parked = `in_flight_at is not null and @parkReason is not null`;
  const reclaim = sqlite.prepare(`
    update outbox set state = case when ${parked} then 'refused' else 'pending' end,
      last_error_code = case when ${parked} then 'uncertain' else last_error_code end,
      last_error_reason = case when ${parked} then @parkReason else last_error_reason end,
      unanswered_attempts = unanswered_attempts + (in_flight_at is not null),
      uncertain = case when in_flight_at is not null then 1 else uncertain end,
      in_flight_at = null, claim_owner = null, claim_epoch = null, updated_at = @now
    where ${SENDING_ROWS}`);

  /** The one row of sync_state always exists (the first migration writes it). */
  const readRow = (): LeaseRow => read.get()!;

  const acquire = sqlite.transaction((terms: LeaseTerms): LeaseAnswer => {
    const row = readRow();
    const expiresAt = terms.now + terms.ttlMs;
    if (row.owner === terms.owner) {
      renew.run({ owner: terms.owner, epoch: row.epoch, expiresAt });
      return { acquired: true, epoch: row.epoch, fresh: false, orphans: 0, uncertain: 0 };
    }
    if (row.owner !== null && row.owner !== terms.owner) {
      const liveness = terms.liveness(row.owner);
      if (liveness === 'alive') return { acquired: false, holder: row.owner, reason: 'alive' };
      // An expiry further ahead than a lease can last was written by a clock now corrected.
      const expired = row.expiresAt < terms.now || row.expiresAt > expiresAt;
      if (liveness === 'unknown' && !expired)
        return { acquired: false, holder: row.owner, reason: 'unexpired' };
    }
    const epoch = Number(take.get({ owner: terms.owner, expiresAt }));
    const uncertain = logOrphans(terms.now);
    const orphans = reclaim.run({ now: terms.now, parkReason: terms.parkInFlight ?? null }).changes;
    return { acquired: true, epoch, fresh: true, orphans, uncertain };
  });

  return {
    /** Takes the lease (or extends it, if already ours) at the start of a pass. */
    acquire: (terms: LeaseTerms): LeaseAnswer => acquire.immediate(terms),
    /** Renews only if the lease is still this owner's, at this epoch. */
    renew(owner: string, epoch: number, now: number, ttlMs: number): boolean {
      return renew.run({ owner, epoch, expiresAt: now + ttlMs }).changes === 1;
    },
    release(owner: string, epoch: number): void {
      drop.run({ owner, epoch });
    },
    read: readRow,
  };
}

export type Lease = ReturnType<typeof createLease>;
