// A discounted sale as the platform sees it: the till sends unit prices only, a line split
// in two items where one price cannot carry the discount. The sandbox validates the body
// and keeps its own total: 10 % off 3 × 3.33 (9.99 less 1.00 = 8.99, sent as 1 × 2.99 and
// 2 × 3.00) is accepted, and the total it stores is the till's, to the minor unit.
import { describe, expect, it } from 'vitest';
import { serviceAgainstSandbox } from '../helpers/sandbox-service.js';
import { waitUntil } from '../sync/helpers.js';

const agent = serviceAgainstSandbox();

describe('a discounted sale at the sandbox', () => {
  it('is accepted, and the total the platform stores is the total the till charged', async () => {
    const catalog = agent.sandbox.catalog();
    const productId = catalog.products[0]!.id;
    await agent.service.call('updateSettings', { shopId: catalog.shopId });
    const recorded = await agent.service.call('recordSale', {
      items: [
        {
          productId,
          quantity: 3,
          unitPriceMinor: 333,
          discount: { percent: 10, reason: 'dented tins' },
        },
      ],
      paymentMethod: 'CASH',
    });
    if (!recorded.ok) throw new Error(recorded.error.message);
    const { saleId, totalMinor } = recorded.value as { saleId: string; totalMinor: number };
    expect(totalMinor).toBe(899);
    await agent.service.call('resyncNow', {});
    await waitUntil(
      () => agent.runtime.store.getSale(saleId)?.outbox.state === 'synced',
      10_000,
      'the sale synced',
    );
    const platformId = agent.runtime.store.getSale(saleId)!.outbox.platformId!;
    const response = await fetch(`${agent.sandbox.url}/v1/sales/${platformId}`, {
      headers: { authorization: `Bearer ${agent.key}` },
    });
    expect(response.status).toBe(200);
    const stored = (await response.json()) as {
      items: Array<{ productId: string; quantity: number; price: number }>;
      total: number;
      currency: string;
    };
    expect(stored.items).toEqual([
      { productId, quantity: 1, price: 2.99 },
      { productId, quantity: 2, price: 3 },
    ]);
    expect(stored).toMatchObject({ total: 8.99, currency: 'USD' });
  });
});
