// Fixing a refused sale at the contract, called as the Sync screen calls it: the corrected
// sale comes in integer minor units and is checked once there. A bad field is named in a
// cashier's words and nothing is written; a good edit is a new revision whose request body
// carries the exact price.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Runtime } from '../../main/agent/runtime.js';
import { createService, type Service } from '../../main/agent/service.js';
import type { MethodOutput } from '../../main/contract/contract.js';
import { consoleRuntime } from '../helpers/runtime.js';
import { correctedSale, rowCounts, validSale } from '../helpers/sales.js';
import { created, scriptedServer } from '../helpers/scripted-server.js';
import { tempDir } from '../helpers/temp-dir.js';
import { waitUntil } from '../sync/helpers.js';

type Server = Awaited<ReturnType<typeof scriptedServer>>;

let server: Server;
let runtime: Runtime;
let service: Service;
beforeEach(async () => {
  // The platform has no product prod_gone: a sale of it is refused, until a person fixes it.
  server = await scriptedServer((request) =>
    request.body.includes('prod_gone')
      ? { status: 422, body: JSON.stringify({ title: 'Unknown product prod_gone' }) }
      : created(),
  );
  runtime = await consoleRuntime(tempDir(), {
    baseUrl: server.url,
    key: 'k',
    sync: { pollIntervalMs: 50, debounceMs: 10 },
  });
  service = createService(runtime);
});
afterEach(() => runtime.close());

const posts = () => server.requests.filter((request) => request.method === 'POST');

/** A sale priced as correctedSale() (4.50 in cash), of a product the platform refuses. */
async function refusedSale(): Promise<string> {
  const recorded = await service.call(
    'recordSale',
    validSale({ items: [{ productId: 'prod_gone', quantity: 1, unitPriceMinor: 450 }] }),
  );
  if (!recorded.ok) throw new Error(recorded.error.message);
  await service.call('resyncNow', {});
  await waitUntil(() => runtime.store.listRefused().length === 1, 10_000, 'the sale refused');
  return (recorded.value as MethodOutput<'recordSale'>).saleId;
}

/** Everything an edit could change: the rows of every table, and the sale's outbox row. */
const written = (saleId: string) => ({
  rows: rowCounts(runtime.store.database.sqlite),
  sale: runtime.store.getSale(saleId),
});

describe('editRefused at the contract', () => {
  it('refuses a price that is not whole minor units or is negative, naming it, and writes nothing', async () => {
    const saleId = await refusedSale();
    const before = written(saleId);
    const result = await service.call('editRefused', {
      saleId,
      sale: correctedSale({
        items: [
          { productId: 'prod_8Hq2x', quantity: 2, unitPriceMinor: 1.25 },
          {
            productId: '0b6f4f0e-6c4b-4c07-9d3a-2b1f3a7e9a11',
            quantity: 0.5,
            unitPriceMinor: -399,
          },
        ],
      }),
    });
    expect(result).toMatchObject({
      ok: false,
      error: {
        code: 'invalid_input',
        fields: [
          {
            path: '/sale/items/0/unitPriceMinor',
            message: 'must be a whole number of minor units, like 1250 for 12.50',
          },
          { path: '/sale/items/1/unitPriceMinor', message: 'must not be negative' },
        ],
      },
    });
    expect(written(saleId)).toEqual(before);
  });

  it("refuses the platform's shape (price in major units) and cash handed over: an edit keeps what was paid", async () => {
    const saleId = await refusedSale();
    const before = written(saleId);
    const result = await service.call('editRefused', {
      saleId,
      sale: {
        items: [{ productId: 'prod_8Hq2x', quantity: 1, price: 4.5 }],
        paymentMethod: 'CASH',
        tenderedMinor: 500,
      },
    });
    const fields = result.ok ? [] : (result.error.fields ?? []);
    expect([...fields].sort((a, b) => a.path.localeCompare(b.path))).toEqual([
      {
        path: '/sale/items/0/price',
        message: 'is not a known field',
        say: { key: 'field.notAKnownField' },
      },
      {
        path: '/sale/items/0/unitPriceMinor',
        message: 'is required: a whole number of minor units, like 1250 for 12.50',
        say: { key: 'field.sale.requiredMinorUnits' },
      },
      {
        path: '/sale/tenderedMinor',
        message: 'is not a known field',
        say: { key: 'field.notAKnownField' },
      },
    ]);
    expect(written(saleId)).toEqual(before);
  });

  it('refuses an edit that changes the total, in the money the customer paid', async () => {
    const saleId = await refusedSale();
    const before = written(saleId);
    const result = await service.call('editRefused', {
      saleId,
      sale: correctedSale({
        items: [{ productId: 'prod_8Hq2x', quantity: 1, unitPriceMinor: 451 }],
      }),
    });
    expect(result).toMatchObject({
      ok: false,
      error: {
        summary: 'The edit would change money already taken',
        fields: [
          {
            path: '/items',
            message:
              'the total must stay 4.50 USD, what the customer paid (this change makes it 4.51 USD). Fix only what the platform refused',
          },
        ],
      },
    });
    expect(written(saleId)).toEqual(before);
  });

  it('queues a valid edit as a new revision whose body carries the exact price', async () => {
    const saleId = await refusedSale();
    const [refused] = posts();
    const result = await service.call('editRefused', { saleId, sale: correctedSale() });
    expect(result).toMatchObject({ ok: true, value: { state: 'pending', revision: 2 } });
    await waitUntil(
      () => runtime.store.getSale(saleId)?.outbox.state === 'synced',
      10_000,
      'the corrected sale synced',
    );
    const sent = posts().at(-1)!;
    expect(sent.headers['idempotency-key']).not.toBe(refused!.headers['idempotency-key']);
    // 125 and 399 minor units of USD: exactly 1.25 and 3.99 on the wire.
    expect(JSON.parse(sent.body)).toMatchObject({
      items: [
        { productId: 'prod_8Hq2x', quantity: 2, price: 1.25 },
        { productId: '0b6f4f0e-6c4b-4c07-9d3a-2b1f3a7e9a11', quantity: 0.5, price: 3.99 },
      ],
      paymentMethod: 'CASH',
    });
    expect(sent.body).toContain('"price":1.25');
    expect(runtime.store.getSale(saleId)).toMatchObject({
      totalMinor: 450,
      items: [{ unitPriceMinor: 125 }, { unitPriceMinor: 399 }],
      outbox: { revision: 2 },
    });
  });
});
