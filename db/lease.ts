// The sending lease: one sender per database file. The lease has an epoch that grows each
// time it changes hands; claims and outcomes carry the epoch, and the database refuses an
// outcome from an older one (fencing). A lease is taken from another sender only when that
// sender is known dead, or, for a sender whose liveness cannot be checked (another host),
// when it has expired. Taking it hands the old sender's rows back to the queue in the same
// transaction; a row that had a request on the wire is marked "may already be on the
// platform".
import { prepareAttemptLog } from './attempt-log.js';
import { and, eq, isNotNull, sql, type SQL } from './drizzle.js';
import type { TillDatabase } from './open.js';
import { PARKED_UNCERTAIN } from '../domain/outcomes.js';
import { placeholdersOf } from './placeholders.js';
import type { OutboxState } from '../domain/sale-states.js';
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

type LeaseParams = { owner: string; epoch: number; expiresAt: number };

/** The lease's own writes: renewed and dropped only by its holder at its epoch. */
function leaseStatements({ db }: TillDatabase) {
  const at = placeholdersOf<LeaseParams>();
  const theLeaseRow = eq(syncState.id, 1);
  const heldByOwner = and(
    theLeaseRow,
    eq(syncState.leaseOwner, at('owner')),
    eq(syncState.leaseEpoch, at('epoch')),
  );
  return {
    renew: db
      .update(syncState)
      .set({ leaseExpiresAt: at('expiresAt') })
      .where(heldByOwner)
      .prepare(),
    take: db
      .update(syncState)
      .set({
        leaseOwner: at('owner'),
        leaseExpiresAt: at('expiresAt'),
        leaseEpoch: sql`${syncState.leaseEpoch} + 1`,
      })
      .where(theLeaseRow)
      .returning({ epoch: syncState.leaseEpoch })
      .prepare(),
    drop: db
      .update(syncState)
      .set({ leaseOwner: null, leaseExpiresAt: 0 })
      .where(heldByOwner)
      .prepare(),
  };
}

/** A state as a value inside a statement's expression: typed, written as SQLite's literal. */
const stateValue = (state: OutboxState): SQL => sql`${state}`.inlineParams();

/**
 * A taken lease takes back every claimed row. One with a request on the wire may be on the
 * platform: it is uncertain, and parked for a person when there is a reason to park it.
 */
function reclaimStatement({ db }: TillDatabase) {
  const at = placeholdersOf<{ now: number; parkReason: string | null }>();
  const onTheWire = isNotNull(outbox.inFlightAt);
  const parked = and(onTheWire, isNotNull(at('parkReason')));
  return db
    .update(outbox)
    .set({
      state: sql`case when ${parked} then ${stateValue('refused')} else ${stateValue('pending')} end`,
      lastErrorCode: sql`case when ${parked} then ${PARKED_UNCERTAIN} else ${outbox.lastErrorCode} end`,
      lastErrorReason: sql`case when ${parked} then ${at('parkReason')} else ${outbox.lastErrorReason} end`,
      unansweredAttempts: sql`${outbox.unansweredAttempts} + (${onTheWire})`,
      uncertain: sql`case when ${onTheWire} then 1 else ${outbox.uncertain} end`,
      inFlightAt: null,
      claimOwner: null,
      claimEpoch: null,
      updatedAt: at('now'),
    })
    .where(sql.raw(SENDING_ROWS))
    .prepare();
}

export function createLease(database: TillDatabase) {
  const { sqlite } = database;
  const read = typedQuery(
    sqlite,
    leaseColumns,
    (list) => `select ${list} from sync_state where id = 1`,
  );
  const orphans = typedQuery(
    sqlite,
    orphanColumns,
    (list) => `select ${list} from outbox where ${SENDING_ROWS} and in_flight_at is not null`,
  );
  const logAttempt = prepareAttemptLog(database);
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
  const { renew, take, drop } = leaseStatements(database);
  const reclaim = reclaimStatement(database);

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
    const epoch = take.get({ owner: terms.owner, expiresAt }).epoch;
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
