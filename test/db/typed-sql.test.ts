import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { prepareAttemptLog, recentAttempts } from '../../db/attempt-log.js';
import { outbox, products, saleItems, sales } from '../../db/schema.js';
import { openStore, type Store } from '../../db/store.js';
import { computed, leftJoined, selectList, typedQuery } from '../../db/typed-sql.js';
import { checked } from '../helpers/sales.js';
import { tempDir } from '../helpers/temp-dir.js';

let store: Store;
let saleId: string;
beforeEach(() => {
  store = openStore(join(tempDir(), 'tillsync.db'));
  const recorded = store.recordSale(checked(), { now: Date.UTC(2026, 10, 2) });
  if (!recorded.ok) throw new Error(recorded.error.message);
  saleId = recorded.value.saleId;
});
afterEach(() => store.close());

describe('raw SQL typed by the schema', () => {
  it('names each column as the schema does and aliases it by its key', () => {
    expect(
      selectList(
        { id: sales.id, platformId: outbox.platformId, due: computed<number>('count(*)') },
        { sales: 's' },
      ),
    ).toBe('s.id as id, outbox.platform_id as platformId, count(*) as due');
  });

  it('reads rows with the keys and the types of the columns, booleans included', () => {
    store.database.sqlite.prepare('update outbox set uncertain = 1').run();
    const rows = typedQuery(
      store.database.sqlite,
      {
        saleId: outbox.saleId,
        uncertain: outbox.uncertain,
        attempts: outbox.attempts,
        product: leftJoined(products.name),
        line: saleItems.lineNumber,
      },
      (list) => `select ${list} from outbox
        join sale_items on sale_items.sale_id = outbox.sale_id
        left join products on products.id = 'prod_none'
        order by sale_items.line_number`,
    ).all();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]).toEqual({ saleId, uncertain: true, attempts: 0, product: null, line: 1 });
  });

  it('takes named parameters, and gives undefined for no row', () => {
    const find = typedQuery<{ id: typeof sales.id }, { id: string }>(
      store.database.sqlite,
      { id: sales.id },
      (list) => `select ${list} from sales where id = @id`,
    );
    expect(find.get({ id: saleId })).toEqual({ id: saleId });
    expect(find.get({ id: 'nope' })).toBeUndefined();
  });
});

describe('the attempt log', () => {
  it('writes one line with the optional fields left empty', () => {
    const log = prepareAttemptLog(store.database);
    log({
      saleId,
      revision: 1,
      idempotencyKey: 'key-1',
      startedAt: 5,
      durationMs: 2,
      outcome: 'retried',
      reason: 'by a person',
    });
    const rows = store.database.sqlite
      .prepare('select outcome, reason, http_status, detail from sync_attempts')
      .all();
    expect(rows).toEqual([
      { outcome: 'retried', reason: 'by a person', http_status: null, detail: null },
    ]);
  });

  it('reads back the newest lines of the outcomes asked for, newest first, with receipts', () => {
    const log = prepareAttemptLog(store.database);
    const line = { saleId, revision: 1, idempotencyKey: 'key-1', durationMs: 2 };
    log({ ...line, startedAt: 1, outcome: 'retry', reason: 'first' });
    log({ ...line, startedAt: 2, outcome: 'synced' });
    log({ ...line, startedAt: 3, outcome: 'unanswered', reason: 'second' });
    const receipt = store.getSale(saleId)!.receiptNumber;
    expect(recentAttempts(store.database, ['retry', 'unanswered'], 5)).toEqual([
      { receipt, at: 3, reason: 'second', outcome: 'unanswered' },
      { receipt, at: 1, reason: 'first', outcome: 'retry' },
    ]);
    expect(recentAttempts(store.database, ['retry', 'unanswered'], 1)).toHaveLength(1);
    expect(recentAttempts(store.database, [], 5)).toEqual([]);
  });
});
