// What the sync engine and the outbox exchange: a claimed sale, an outcome to write, the
// fence that makes a write conditional on still holding the sale.
import type { AttemptLogOutcome } from '../domain/outcomes.js';
import type { OutboxState } from '../domain/sale-states.js';

/** A sale as the engine sends it: the outbox row, the sale and its items. */
export interface ClaimedSale {
  saleId: string;
  idempotencyKey: string;
  revision: number;
  attempts: number;
  unexpectedAttempts: number;
  unansweredAttempts: number;
  uncertain: boolean;
  createdAt: number;
  shopId: string | null;
  customerId: string | null;
  paymentMethod: string;
  currency: string;
  /** Each line with what was charged for it, after every discount. */
  items: Array<{
    productId: string;
    quantityMilli: number;
    unitPriceMinor: number;
    chargedLineTotalMinor: number;
  }>;
  /** The frozen body: set before the first send, never changed for this key. */
  requestBody: string | null;
}

/** What an attempt changes: the row's next state and the attempt-log line. */
export interface OutcomeWrite {
  saleId: string;
  revision: number;
  idempotencyKey: string;
  startedAt: number;
  durationMs: number;
  /** The attempt log's word for it. */
  outcome: AttemptLogOutcome;
  /** `sending` while the sender keeps the sale to retry it in place. */
  state: Extract<OutboxState, 'pending' | 'sending' | 'synced' | 'refused'>;
  countsAttempt: boolean;
  unexpected: boolean;
  unanswered: boolean;
  uncertain: boolean;
  nextAttemptAt: number | null;
  httpStatus: number | null;
  errorCode: string | null;
  reason: string | null;
  platformId?: string | null;
  platformAnswer?: string | null;
}

export interface Fence {
  owner: string;
  epoch: number;
}

/** What a send needs of a claimed sale: its key and the body frozen under it. */
export type SaleOnTheWire = Pick<ClaimedSale, 'saleId' | 'revision' | 'idempotencyKey'> & {
  requestBody: string;
};

export type ClaimAnswer =
  { kind: 'claimed'; sale: SaleOnTheWire } | { kind: 'gone' } | { kind: 'lease_lost' };
