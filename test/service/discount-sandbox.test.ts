// A discounted sale as the platform sees it: the till sends unit prices only, a line split
// in two items where one price cannot carry the discount. The sandbox validates the body
// and keeps its own total: 10 % off 3 × 3.33 (9.99 less 1.00 = 8.99, sent as 1 × 2.99 and
// 2 × 3.00) is accepted, and the total it stores is the till's, to the minor unit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../main/agent/runtime.js';
import { createService, type Service } from '../../main/agent/service.js';
import { startSandbox, type Sandbox } from '../../sandbox/index.js';
import { consoleRuntime } from '../helpers/runtime.js';
import { tempDir } from '../helpers/temp-dir.js';
import { waitUntil } from '../sync/helpers.js';

let sandbox: Sandbox;
let runtime: Runtime;
let service: Service;
let key: string;
beforeAll(async () => {
  sandbox = await startSandbox({ rateLimit: false });
  key = await sandbox.mintKey({ scope: 'sales:write sales:read' });
  runtime = await consoleRuntime(tempDir(), {
    baseUrl: sandbox.url,
    key,
    sync: { pollIntervalMs: 50, debounceMs: 10 },
  });
  service = createService(runtime);
}, 30_000);
afterAll(async () => {
  await runtime.close();
  await sandbox.close();
});

describe('a discounted sale at the sandbox', () => {
  it('is accepted, and the total the platform stores is the total the till charged', async () => {
    const catalog = sandbox.catalog();
    const productId = catalog.products[0]!.id;
    await service.call('updateSettings', { shopId: catalog.shopId });
    const recorded = await service.call('recordSale', {
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
    await service.call('resyncNow', {});
    await waitUntil(
      () => runtime.store.getSale(saleId)?.outbox.state === 'synced',
      10_000,
      'the sale synced',
    );
    const platformId = runtime.store.getSale(saleId)!.outbox.platformId!;
    const response = await fetch(`${sandbox.url}/v1/sales/${platformId}`, {
      headers: { authorization: `Bearer ${key}` },
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
