// The writes of a person's actions on a refused sale (db/refused.ts), prepared once and
// built from the schema's columns: a renamed column or state fails to compile.
import { eq, sql } from './drizzle.js';
import type { TillDatabase } from './open.js';
import { placeholdersOf } from './placeholders.js';
import { outbox, saleItems, sales } from './schema.js';

type OfSale = { saleId: string };
type Retry = OfSale & { now: number };
type Discard = Retry & { reason: string };
type NewRevision = Retry & { key: string };
type SaleFields = OfSale & {
  shopId: string | null;
  customerId: string | null;
  paymentMethod: string;
};

export function prepareRefusedWrites({ db }: TillDatabase) {
  const retry = placeholdersOf<Retry>();
  const makePending = db
    .update(outbox)
    .set({
      state: 'pending',
      attempts: 0,
      unexpectedAttempts: 0,
      nextAttemptAt: retry('now'),
      updatedAt: retry('now'),
    })
    .where(eq(outbox.saleId, retry('saleId')))
    .prepare();

  const discard = placeholdersOf<Discard>();
  const markDiscarded = db
    .update(outbox)
    .set({
      state: 'discarded',
      discardReason: discard('reason'),
      nextAttemptAt: null,
      updatedAt: discard('now'),
    })
    .where(eq(outbox.saleId, discard('saleId')))
    .prepare();

  const ofSale = placeholdersOf<OfSale>();
  const deleteItems = db
    .delete(saleItems)
    .where(eq(saleItems.saleId, ofSale('saleId')))
    .prepare();

  // The total and the currency are what was paid: an edit never writes them.
  const edited = placeholdersOf<SaleFields>();
  const updateSale = db
    .update(sales)
    .set({
      shopId: edited('shopId'),
      customerId: edited('customerId'),
      paymentMethod: edited('paymentMethod'),
    })
    .where(eq(sales.id, edited('saleId')))
    .prepare();

  // A new revision starts afresh: its own key, no attempts, no doubt, no frozen body.
  const revised = placeholdersOf<NewRevision>();
  const newRevision = db
    .update(outbox)
    .set({
      revision: sql`${outbox.revision} + 1`,
      idempotencyKey: revised('key'),
      state: 'pending',
      attempts: 0,
      unexpectedAttempts: 0,
      unansweredAttempts: 0,
      uncertain: false,
      requestBody: null,
      nextAttemptAt: revised('now'),
      lastHttpStatus: null,
      lastErrorCode: null,
      lastErrorReason: null,
      updatedAt: revised('now'),
    })
    .where(eq(outbox.saleId, revised('saleId')))
    .prepare();

  return {
    makePending: (params: Retry): void => void makePending.run(params),
    markDiscarded: (params: Discard): void => void markDiscarded.run(params),
    deleteItems: (params: OfSale): void => void deleteItems.run(params),
    updateSale: (params: SaleFields): void => void updateSale.run(params),
    newRevision: (params: NewRevision): void => void newRevision.run(params),
  };
}
