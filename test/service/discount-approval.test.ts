// The discount limit at the contract, called as the till's screens call it: with no
// cashiers nobody is asked; with cashiers, a discount above managerDiscountAbovePercent is
// refused until a manager's PIN comes with it, and the sale records who approved it.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Runtime } from '../../main/agent/runtime.js';
import { createService, type Service } from '../../main/agent/service.js';
import { consoleRuntime } from '../helpers/runtime.js';
import { rowCounts } from '../helpers/sales.js';
import { tempDir } from '../helpers/temp-dir.js';

let runtime: Runtime;
let service: Service;
beforeEach(async () => {
  // A platform that is never there: the sales stay on the till.
  runtime = await consoleRuntime(tempDir(), { baseUrl: 'http://127.0.0.1:9', key: 'k' });
  service = createService(runtime);
});
afterEach(() => runtime.close());

/** 2 × 5.00 with `percent` % off the sale. */
const sale = (percent: number, approval?: { cashierId: string; pin: string }) => ({
  items: [{ productId: 'prod_jam', quantity: 2, unitPriceMinor: 500 }],
  paymentMethod: 'CASH',
  discount: { percent, reason: 'end of season' },
  ...(approval ? { approval } : {}),
});

const approvedBy = () =>
  runtime.store.database.sqlite
    .prepare(
      'select total_minor as total, discount_approved_by as by from sales order by receipt_number',
    )
    .all();

describe('the discount limit', () => {
  it('asks nobody on a till without cashiers', async () => {
    const recorded = await service.call('recordSale', sale(50));
    expect(recorded).toMatchObject({ ok: true, value: { totalMinor: 500 } });
    expect(approvedBy()).toEqual([{ total: 500, by: null }]);
  });

  it('needs a manager above the limit where cashiers exist, and records who approved', async () => {
    const now = Date.now();
    const ada = runtime.store.cashiers.add({ name: 'Ada', pin: '1234', role: 'manager' }, now);
    const bob = runtime.store.cashiers.add({ name: 'Bob', pin: '5678', role: 'cashier' }, now);
    if (!ada.ok || !bob.ok) throw new Error('cashiers not added');
    expect((await service.call('signIn', { cashierId: bob.value.id, pin: '5678' })).ok).toBe(true);
    runtime.store.settings.update({ managerDiscountAbovePercent: 30 });

    const before = rowCounts(runtime.store.database.sqlite);
    expect(await service.call('recordSale', sale(35))).toMatchObject({
      ok: false,
      error: {
        code: 'manager_required',
        message: expect.stringMatching(/discount above the limit/) as unknown,
      },
    });
    expect(
      await service.call('recordSale', sale(35, { cashierId: ada.value.id, pin: '0000' })),
    ).toMatchObject({ ok: false, error: { code: 'wrong_pin' } });
    // A cashier's PIN approves nothing.
    expect(
      await service.call('recordSale', sale(35, { cashierId: bob.value.id, pin: '5678' })),
    ).toMatchObject({ ok: false });
    expect(rowCounts(runtime.store.database.sqlite)).toEqual(before);

    expect(await service.call('recordSale', sale(30))).toMatchObject({ ok: true });
    expect(
      await service.call('recordSale', sale(35, { cashierId: ada.value.id, pin: '1234' })),
    ).toMatchObject({ ok: true, value: { totalMinor: 650 } });
    expect(approvedBy()).toEqual([
      { total: 700, by: null },
      { total: 650, by: ada.value.id },
    ]);
  });
});
