// The sync engine's writes to the outbox, prepared once per connection and built from the
// schema's columns, so a renamed column or state fails to compile. Each write of a claimed
// row checks, in its own WHERE, that the row is still the sender's at its epoch (fencing);
// the claim also checks the lease itself. Rows of a state are named by the schema's
// conditions (SENDING_ROWS...), written into the statement as they are: SQLite uses a
// partial index for a query that states its condition, constants and all (not a bound value).
import { and, eq, exists, gt, isNull, lt, max, or, sql, type SQL } from './drizzle.js';
import type { TillDatabase } from './open.js';
import type { Fence, OutcomeWrite } from './outbox-types.js';
import { placeholdersOf } from './placeholders.js';
import { PARKED_UNCERTAIN } from '../domain/outcomes.js';
import {
  REFUSED_ROWS,
  outbox,
  PENDING_ROWS,
  SENDING_ROWS,
  syncAttempts,
  syncState,
} from './schema.js';

const rowsOf = (condition: string): SQL => sql.raw(condition);

/** The fence as bound values (a type, not an interface: drizzle takes a plain record). */
type FenceValues = Pick<Fence, keyof Fence>;
type SaleFence = FenceValues & { saleId: string; revision: number; now: number };
type ClaimParams = SaleFence & { body: string };
/** An outcome as bound: flags as 0 or 1, and what the state implies for the claim. */
type FinishParams = FenceValues &
  Omit<OutcomeWrite, 'countsAttempt' | 'unexpected' | 'unanswered' | 'uncertain'> & {
    countsAttempt: 0 | 1;
    unexpected: 0 | 1;
    unanswered: 0 | 1;
    uncertain: 0 | 1;
    /** 1 while the sender keeps the sale to retry it in place (state `sending`). */
    keepsClaim: 0 | 1;
    /** 1 for a sale now on the platform (state `synced`): its time is `now`. */
    synced: 0 | 1;
    platformId: string | null;
    platformAnswer: string | null;
    now: number;
  };
type ReleaseAllParams = FenceValues & { now: number };
type DueParams = { now: number; askedAt: number | null };

function claimStatement({ db }: TillDatabase) {
  const at = placeholdersOf<ClaimParams>();
  const leaseHeld = db
    .select({ held: sql`1` })
    .from(syncState)
    .where(
      and(
        eq(syncState.id, 1),
        eq(syncState.leaseOwner, at('owner')),
        eq(syncState.leaseEpoch, at('epoch')),
      ),
    );
  return db
    .update(outbox)
    .set({
      state: 'sending',
      claimOwner: at('owner'),
      claimEpoch: at('epoch'),
      requestBody: sql`coalesce(${outbox.requestBody}, ${at('body')})`,
      inFlightAt: at('now'),
      updatedAt: at('now'),
    })
    .where(
      and(
        eq(outbox.saleId, at('saleId')),
        eq(outbox.revision, at('revision')),
        or(
          and(rowsOf(PENDING_ROWS), isNull(outbox.claimOwner)),
          and(
            rowsOf(SENDING_ROWS),
            eq(outbox.claimOwner, at('owner')),
            eq(outbox.claimEpoch, at('epoch')),
          ),
        ),
        exists(leaseHeld),
      ),
    )
    .returning({ requestBody: outbox.requestBody })
    .prepare();
}

function finishStatement({ db }: TillDatabase) {
  const at = placeholdersOf<FinishParams>();
  return db
    .update(outbox)
    .set({
      state: at('state'),
      attempts: sql`${outbox.attempts} + ${at('countsAttempt')}`,
      unexpectedAttempts: sql`${outbox.unexpectedAttempts} + ${at('unexpected')}`,
      unansweredAttempts: sql`${outbox.unansweredAttempts} + ${at('unanswered')}`,
      uncertain: at('uncertain'),
      inFlightAt: null,
      claimOwner: sql`case when ${at('keepsClaim')} then ${outbox.claimOwner} end`,
      claimEpoch: sql`case when ${at('keepsClaim')} then ${outbox.claimEpoch} end`,
      nextAttemptAt: at('nextAttemptAt'),
      lastHttpStatus: at('httpStatus'),
      lastErrorCode: at('errorCode'),
      lastErrorReason: at('reason'),
      platformId: sql`coalesce(${at('platformId')}, ${outbox.platformId})`,
      platformAnswer: sql`coalesce(${at('platformAnswer')}, ${outbox.platformAnswer})`,
      syncedAt: sql`case when ${at('synced')} then ${at('now')} else ${outbox.syncedAt} end`,
      updatedAt: at('now'),
    })
    .where(
      and(
        eq(outbox.saleId, at('saleId')),
        eq(outbox.revision, at('revision')),
        rowsOf(SENDING_ROWS),
        eq(outbox.claimOwner, at('owner')),
        eq(outbox.claimEpoch, at('epoch')),
      ),
    )
    .prepare();
}

/** Claimed rows not on the wire go back to the queue: one sale, or all of a sender's. */
function releaseStatements({ db }: TillDatabase) {
  const at = placeholdersOf<SaleFence>();
  const back = {
    state: 'pending' as const,
    claimOwner: null,
    claimEpoch: null,
    updatedAt: at('now'),
  };
  const heldUnsent = and(
    rowsOf(SENDING_ROWS),
    isNull(outbox.inFlightAt),
    eq(outbox.claimOwner, at('owner')),
    eq(outbox.claimEpoch, at('epoch')),
  );
  return {
    one: db
      .update(outbox)
      .set(back)
      .where(and(eq(outbox.saleId, at('saleId')), eq(outbox.revision, at('revision')), heldUnsent))
      .prepare(),
    all: db.update(outbox).set(back).where(heldUnsent).prepare(),
  };
}

/** The platform honours keys: no doubt is left, and sales parked for it go back. */
function keysHonouredStatements({ db }: TillDatabase) {
  const at = placeholdersOf<{ now: number }>();
  return {
    unpark: db
      .update(outbox)
      .set({ state: 'pending', nextAttemptAt: at('now'), updatedAt: at('now') })
      .where(and(rowsOf(REFUSED_ROWS), eq(outbox.lastErrorCode, PARKED_UNCERTAIN)))
      .prepare(),
    // Inline, as the in-doubt index states it (a bound 1 would not match it).
    clearDoubts: db
      .update(outbox)
      .set({ uncertain: false })
      .where(eq(outbox.uncertain, true).inlineParams())
      .prepare(),
  };
}

/**
 * Resync: waiting sales are due now. Following another process's request made at
 * `askedAt`, only those whose last send began before it: not those the platform set a wait
 * for in answer to a request sent after it was asked.
 */
function makeDueStatement({ db }: TillDatabase) {
  const at = placeholdersOf<DueParams>();
  const lastSendStarted = db
    .select({ at: max(syncAttempts.startedAt) })
    .from(syncAttempts)
    .where(and(eq(syncAttempts.saleId, outbox.saleId), eq(syncAttempts.revision, outbox.revision)));
  return db
    .update(outbox)
    .set({ nextAttemptAt: at('now'), updatedAt: at('now') })
    .where(
      and(
        rowsOf(PENDING_ROWS),
        gt(outbox.nextAttemptAt, at('now')),
        or(isNull(at('askedAt')), lt(sql`coalesce(${lastSendStarted}, 0)`, at('askedAt'))),
      ),
    )
    .prepare();
}

export function prepareOutboxWrites(database: TillDatabase) {
  const claim = claimStatement(database);
  const finish = finishStatement(database);
  const release = releaseStatements(database);
  const doubts = keysHonouredStatements(database);
  const makeDue = makeDueStatement(database);
  return {
    /** The frozen body of a sale now claimed; undefined when the claim was refused. */
    claim: (params: ClaimParams): string | null | undefined => claim.get(params)?.requestBody,
    /** Whether the row was still the sender's, and took the outcome. */
    finish: (params: FinishParams): boolean => finish.run(params).changes === 1,
    releaseOne: (params: SaleFence): void => void release.one.run(params),
    releaseAll: (params: ReleaseAllParams): number => release.all.run(params).changes,
    /** Sales parked only for the doubt go back to the queue; how many were uncertain. */
    keysHonoured: (now: number): number => {
      doubts.unpark.run({ now });
      return doubts.clearDoubts.run().changes;
    },
    makeDue: (params: DueParams): number => makeDue.run(params).changes,
  };
}
