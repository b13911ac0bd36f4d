// A return at the Till screen, in Chromium through the console, against a real agent: a sale
// rung up, its receipt's barcode typed into the product field as a scanner types it, one of
// two loaves brought back for cash, and the return read back from the store, the day's
// figures and the refund receipt on screen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayOf } from '../../domain/views/day-view.js';
import { chromiumAvailable, requireChromiumInCi } from '../helpers/browser.js';
import { startTillInBrowser, type TillInBrowser } from '../helpers/till-in-browser.js';

requireChromiumInCi();

describe.skipIf(!chromiumAvailable)('a return against a scanned receipt (Chromium)', () => {
  let till: TillInBrowser | undefined;
  const page = () => till!.page;
  const store = () => till!.runtime.store;

  beforeAll(async () => {
    till = await startTillInBrowser('returns', { pollIntervalMs: 600_000, debounceMs: 10_000 });
  }, 120_000);
  afterAll(() => till?.close());

  it('scans the receipt, returns one of two loaves in cash, and prints the refund receipt', async () => {
    const loaf = store()
      .searchProducts('Sourdough loaf')
      .find((product) => product.name === 'Sourdough loaf')!;
    await page().getByRole('tab', { name: /^Till/ }).click();
    const add = page().getByRole('button', { name: /^Add Sourdough loaf/ });
    await add.click();
    await add.click();
    await page()
      .getByRole('button', { name: /^Charge/ })
      .click();
    const shown = page().getByTestId('receipt-number');
    await shown.waitFor();
    const receiptNumber = Number((await shown.textContent())!.replace('#', ''));
    const sale = store().listSales({ limit: 1 });
    if (!sale.ok) throw new Error(sale.error.message);
    const saleId = sale.value.sales[0]!.saleId;
    // The code the receipt's barcode carries, from the receipt as it reprints.
    const barcode = store().getReceipt(saleId)!.barcode;
    expect(barcode).toBe(`TSR${receiptNumber}`);

    // Scanned: the whole code in a burst, then Enter, into the product field.
    await page().locator('#product-search').focus();
    await page().keyboard.type(`${barcode}\n`, { delay: 2 });
    const panel = page().getByRole('region', { name: `Return from receipt #${receiptNumber}` });
    await panel.waitFor();
    // Not taken for a product: nothing went into the cart, no "unknown code".
    expect(await page().getByTestId('cart-total').textContent()).toBe('$0.00');
    expect(await page().getByText(barcode).count()).toBe(0);
    const line = panel.locator('tr[data-line="1"]');
    expect(await line.textContent()).toMatch(/Sourdough loaf\s*2\s*0\s*2/);

    const quantity = panel.getByLabel('Quantity of Sourdough loaf to return');
    await quantity.fill('3');
    await expect.poll(() => line.locator('[role="alert"]').textContent()).toMatch(/at most 2/);
    expect(await panel.getByRole('button', { name: 'Confirm return' }).isDisabled()).toBe(true);
    await quantity.fill('1');
    await panel.getByLabel('Why is it returned?').fill('Stale crust');
    await panel.getByRole('radio', { name: 'In cash' }).check();
    const price = loaf.priceMinor;
    expect(await panel.getByTestId('refund-total').textContent()).toBe(
      `Give back $${(price / 100).toFixed(2)} in cash`,
    );
    await panel.getByRole('button', { name: 'Confirm return' }).click();

    const paper = page().locator('.return-panel article[aria-label="Refund R1"]');
    await paper.waitFor();
    const text = await paper.textContent();
    expect(text).toMatch(/REFUND/);
    expect(text).toMatch(/R1/);
    expect(text).toMatch(new RegExp(`receipt #${receiptNumber}`));

    const [made] = store().listReturns();
    expect(made).toMatchObject({
      returnNumber: 1,
      saleReceiptNumber: receiptNumber,
      refundPaymentMethod: 'CASH',
      totalMinor: price,
      reason: 'Stale crust',
      lines: [{ saleLineNumber: 1, quantity: 1, refundMinor: price }],
      delivery: 'not_sent',
    });
    const day = store().dayTotals(dayOf(made!.createdAt))!;
    expect(day).toMatchObject({
      sales: { count: 1, totalMinor: 2 * price },
      returns: { count: 1, totalMinor: price },
      cashExpectedMinor: 2 * price - price,
    });

    await page().getByRole('button', { name: 'Done' }).click();
    await page().getByRole('button', { name: 'Return a sale' }).waitFor();
  });
});
