// Every method of the UI contract, called through the service as the UI calls it, gives
// exactly what its output schema says: parsing the answer changes nothing (no field the
// schema does not name, none missing, no type the schema does not allow).
import { describe, expect, it } from 'vitest';
import { METHOD_NAMES, methods, type MethodName } from '../../main/contract/contract.js';
import { waitUntil } from '../sync/helpers.js';
import { serviceAgainstSandbox } from '../helpers/sandbox-service.js';
import { fakePrinter } from '../helpers/fake-printer.js';

const agent = serviceAgainstSandbox();
const checked = new Set<MethodName>();

/** Calls a method, expects success, and checks the answer against the output schema. */
async function call(method: MethodName, input: unknown): Promise<Record<string, unknown>> {
  const result = await agent.service.call(method, input);
  if (!result.ok) throw new Error(`${method}: ${result.error.message}`);
  const parsed = methods[method].output.safeParse(result.value);
  expect(parsed.success, `${method}: ${parsed.error?.message}`).toBe(true);
  expect(parsed.data, `${method} gave fields its schema does not name`).toEqual(result.value);
  checked.add(method);
  return result.value as Record<string, unknown>;
}

describe('the contract', () => {
  it("matches every method's output schema", async () => {
    const catalog = agent.sandbox.catalog();
    await call('updateSettings', { shopId: catalog.shopId, shopName: 'Corner Grocer' });
    await call('importCatalog', { format: 'json', text: JSON.stringify(catalog) });
    await call('getSettings', {});
    await call('searchProducts', { query: 'sour' });
    await call('findProduct', { code: catalog.products[0]!.barcode! });
    await call('searchCustomers', { query: 'a' });
    const sale = await call('recordSale', {
      items: [{ productId: 'prod_8Hq2x', quantity: 1, unitPriceMinor: 450 }],
      paymentMethod: 'CASH',
      tenderedMinor: 1000,
    });
    expect(sale).toMatchObject({ totalMinor: 450, tenderedMinor: 1000, changeMinor: 550 });
    // A product the platform does not know: refused, so there is a refused sale to work on.
    const refused = await call('recordSale', {
      items: [{ productId: 'prod_unknown', quantity: 1, unitPriceMinor: 100 }],
      paymentMethod: 'MOBILE_MONEY',
    });
    await call('resyncNow', {});
    await waitUntil(
      () => agent.runtime.store.listRefused().length === 1,
      10_000,
      'the refused sale to be parked',
    );
    await call('getStatus', {});
    await call('listSales', { limit: 10 });
    await call('getSale', { saleId: String(sale.saleId) });
    await call('getReceipt', { saleId: String(sale.saleId) });
    const product = (await call('findProduct', { code: 'prod_8Hq2x' })) as never;
    const cart = {
      lines: [{ product, quantityText: '2' }],
      paymentMethod: 'CASH',
      customer: null,
      tendered: '',
      currentProductId: 'prod_8Hq2x',
      unknownCodes: [],
    };
    await call('saveCart', { cart });
    const held = await call('holdCart', { cart, note: 'back in a minute' });
    const [heldCart] = held.held as Array<{ id: string }>;
    await call('recallCart', { cartId: heldCart!.id, cart: { ...cart, lines: [] } });
    await call('getCounter', {});
    const charged = await call('chargeCart', { cart });
    expect(charged).toMatchObject({ totalMinor: 900, state: 'pending' });
    await call('getDayTotals', {});
    await call('listRefused', {});
    const saleId = String(refused.saleId);
    await call('retryRefused', { saleId });
    await waitUntil(() => agent.runtime.store.listRefused().length === 1, 10_000, 'refused again');
    // Fixed as an edit may: a product the platform knows, the same money.
    await call('editRefused', {
      saleId,
      sale: {
        items: [{ productId: 'prod_8Hq2x', quantity: 1, unitPriceMinor: 100 }],
        paymentMethod: 'MOBILE_MONEY',
      },
    });
    const monitored = await call('updateMonitoring', { listen: '127.0.0.1:0' });
    expect(monitored.monitoring).toMatchObject({ listen: '127.0.0.1:0', tokenSet: false });
    await call('exportSales', { format: 'json' });
    await call('backupNow', {});
    await call('setApiKey', {
      key: await agent.sandbox.mintKey({ scope: 'sales:write sales:read' }),
    });
    const another = await call('recordSale', {
      items: [{ productId: 'prod_unknown', quantity: 2, unitPriceMinor: 100 }],
      paymentMethod: 'CASH',
    });
    await call('resyncNow', {});
    await waitUntil(() => agent.runtime.store.listRefused().length === 1, 10_000, 'parked');
    await call('discardRefused', { saleId: String(another.saleId), reason: 'A test sale' });
    await call('clearApiKey', {});
    // No key, nothing sent: a sale rung up by mistake is voided.
    const mistake = await call('recordSale', {
      items: [{ productId: 'prod_8Hq2x', quantity: 1, unitPriceMinor: 450 }],
      paymentMethod: 'CASH',
    });
    const voided = await call('voidSale', { saleId: String(mistake.saleId), reason: 'Mistake' });
    expect(voided).toMatchObject({ state: 'voided', totalMinor: 450, cashMinor: 450 });
    // A return against the first sale, found by the code scanned off its receipt.
    const code = `TSR${String(sale.receiptNumber)}`;
    const found = await call('findSaleForReturn', { receipt: code });
    expect(found).toMatchObject({ receiptNumber: sale.receiptNumber, notReturnable: null });
    await call('searchSalesForReturn', { amountMinor: 450 });
    const refund = await call('recordReturn', {
      receipt: code,
      reason: 'Torn bag',
      refund: 'cash',
    });
    expect(refund).toMatchObject({ returnNumber: 1, totalMinor: 450, delivery: 'not_sent' });
    await call('getRefundReceipt', { returnNumber: 1 });
    await call('listReturns', {});

    // The trading day: the sales above opened a shift by themselves.
    const state = (await call('getShift', {})) as { shift: { floatCounted: boolean } };
    expect(state.shift.floatCounted).toBe(false);
    await call('openShift', { floatMinor: 10_000 });
    await call('addDrawerEntry', {
      kind: 'cash_in',
      amountMinor: 500,
      reason: 'Change from the bank',
    });
    await call('getXReport', {});
    await call('beginClose', {});
    await call('cancelClose', {});
    await call('previewClose', { count: { countedMinor: 0 } });
    for (const format of ['text', 'csv', 'pdf'] as const)
      await call('exportShiftReport', { format });
    const manager = (await call('addCashier', { name: 'Amina', pin: '2468', role: 'manager' })) as {
      id: string;
    };
    await call('listCashiers', {});
    await call('signIn', { cashierId: manager.id, pin: '2468' });
    const closed = (await call('closeShift', {
      count: { denominations: [{ valueMinor: 1000, count: 12 }] },
      note: 'Counted twice',
    })) as { number: number };
    await call('listZReports', {});
    await call('exportShiftReport', { number: closed.number, format: 'text' });
    await call('removeCashier', { cashierId: manager.id });
    await call('signOut', {});

    // The receipt printer: a fake one on 127.0.0.1, then off, so a job waits to be cancelled.
    const printer = await fakePrinter();
    await call('updateSettings', { printerAddress: printer.text });
    await call('getPrinter', {});
    await call('printReceipt', { saleId: String(sale.saleId) });
    await call('printRefund', { returnNumber: 1 });
    await call('printShiftReport', { number: closed.number });
    await call('retryPrinting', {});
    await printer.behave('refuse');
    const waiting = (await call('printTestPage', {})) as { waiting: Array<{ id: number }> };
    await call('cancelPrintJob', { jobId: waiting.waiting.at(-1)!.id });
    expect([...checked].sort()).toEqual([...METHOD_NAMES].sort());
  }, 60_000);
});
