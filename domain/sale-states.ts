// Where a recorded sale stands in its journey to the platform. The database's check, the
// contract, the status and every screen take the list from here.
import type { MessageKey } from './i18n/messages.js';

export const OUTBOX_STATES = [
  'pending',
  'sending',
  'synced',
  'refused',
  'discarded',
  'voided',
] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];

/**
 * Each state in the words the screens show a person, as catalog keys (domain/i18n): the code
 * stays the state's name everywhere else (the database, the contract, JSON output).
 */
export const STATE_KEYS = {
  pending: 'sync.state.pending',
  sending: 'sync.state.sending',
  synced: 'sync.state.synced',
  refused: 'sync.state.refused',
  discarded: 'sync.state.discarded',
  voided: 'sync.state.voided',
} as const satisfies Record<OutboxState, MessageKey>;

/** Receipt paper widths the till lays receipts out for. */
export const RECEIPT_WIDTHS = ['80mm', '58mm'] as const;
export type ReceiptWidth = (typeof RECEIPT_WIDTHS)[number];

/** A count for every state (a new state makes this fail to compile until it is counted). */
export const countPerState = (
  count: (state: OutboxState) => number,
): Record<OutboxState, number> => ({
  pending: count('pending'),
  sending: count('sending'),
  synced: count('synced'),
  refused: count('refused'),
  discarded: count('discarded'),
  voided: count('voided'),
});
