// A return at the Till screen, in Chromium through the console, against a real agent: a sale
// rung up, its receipt's barcode typed into the product field as a scanner types it, one of
// two loaves brought back for cash, and the return read back from the store, the day's
// figures and the refund receipt on screen.
import { printedBarcode } from '../helpers/printed-barcode.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDayOf as dayOf } from '../helpers/days.js';
import { chromiumAvailable, requireChromiumInCi } from '../helpers/browser.js';
import { checked, validSale } from '../helpers/sales.js';
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
    // The code read back from the bars drawn on the printed receipt, as a scanner reads it.
    const barcode = (await printedBarcode(page())).text;
    expect(barcode).toBe(store().getReceipt(saleId)!.barcode);
    expect(barcode).toBe(`TSR${receiptNumber}`);

    // Scanned: the whole code in a burst, then Enter, into the product field.
    await page().locator('#product-search').focus();
    await page().keyboard.type(`${barcode}\n`, { delay: 2 });
    const panel = page().getByRole('region', { name: `Return from receipt #${receiptNumber}` });
    await panel.waitFor();
    // Not taken for a product: nothing went into the cart, no "unknown code".
    expect(await page().getByTestId('cart-total').textContent()).toBe('$0.00');
    expect(await page().locator('.unknown-codes').count()).toBe(0);
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

  it("finds a sale by its amount, and asks a manager's PIN when a plain cashier returns it", async () => {
    const now = Date.now();
    expect(store().cashiers.add({ name: 'Ada', pin: '1234', role: 'manager' }, now).ok).toBe(true);
    expect(store().cashiers.add({ name: 'Bob', pin: '5678', role: 'cashier' }, now).ok).toBe(true);
    const sale = store().recordSale(
      checked(
        validSale({
          paymentMethod: 'MOBILE_MONEY',
          items: [{ productId: 'p-jam', quantity: 3, unitPriceMinor: 333 }],
        }),
      ),
    );
    if (!sale.ok) throw new Error(sale.error.message);
    await page().getByRole('tab', { name: /^Sync/ }).click();
    await page().getByRole('tab', { name: /^Till/ }).click();
    await page().getByRole('button', { name: 'Bob' }).click();
    await page().locator('#sign-in-pin').waitFor();
    await page().keyboard.type('5678');
    await page().keyboard.press('Enter');
    await expect.poll(() => page().getByTestId('signed-in').textContent()).toMatch(/Bob/);

    await page().getByRole('button', { name: 'Return a sale' }).click();
    await page().getByLabel('Amount paid').fill('9.99');
    await page().getByRole('button', { name: 'Search' }).click();
    await page()
      .getByRole('button', { name: `Return from #${sale.value.receiptNumber}` })
      .click();
    const panel = page().getByRole('region', {
      name: `Return from receipt #${sale.value.receiptNumber}`,
    });
    await panel.getByLabel('Quantity of p-jam to return').fill('2');
    await panel.getByLabel('Why is it returned?').fill('Wrong flavour');
    // By the sale's own method: 2 of 3 at 9.99 charged is 6.66.
    expect(await panel.getByTestId('refund-total').textContent()).toBe(
      'Refund $6.66 by mobile money',
    );
    await panel.getByRole('button', { name: 'Confirm return' }).click();
    const prompt = page().locator('.manager-prompt');
    await prompt.waitFor();
    expect(await prompt.textContent()).toMatch(/A manager must make a return/);
    expect(store().listReturns()).toHaveLength(1);
    await page().locator('#manager-pin').waitFor();
    await page().keyboard.type('1234');
    await page().keyboard.press('Enter');
    await page().locator('.return-panel article[aria-label="Refund R2"]').waitFor();
    expect(store().getReturn(2)).toMatchObject({
      saleReceiptNumber: sale.value.receiptNumber,
      refundPaymentMethod: 'MOBILE_MONEY',
      totalMinor: 666,
      cashierName: 'Bob',
      approvedByName: 'Ada',
    });
  });
});
