// Discounts at the Till screen, in Chromium through the console, against a real agent: a
// cashier rings up goods, gives 10 % off a line and 25 % off the sale (above the 20 % limit),
// the cart shows each price before, what came off and the price paid, and keeps it all
// across a reload; charging asks a manager's PIN, and the recorded sale has the discounts,
// the approving manager and the charged total to the minor unit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, requireChromiumInCi } from '../helpers/browser.js';
import { artifactsFolder } from '../helpers/artifacts.js';
import { printedText } from '../helpers/paper.js';
import { startTillInBrowser, type TillInBrowser } from '../helpers/till-in-browser.js';
import { formatMoney } from '../../domain/views/money-format.js';

requireChromiumInCi();
const ARTIFACTS = artifactsFolder('discount');

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Half up, in integers: what `percent` % of `minor` takes off. */
const percentOff = (minor: number, percent: number) =>
  Math.floor((minor * percent * 2 + 100) / 200);

describe.skipIf(!chromiumAvailable)('a discount at the till (Chromium)', () => {
  let till: TillInBrowser | undefined;
  const page = () => till!.page;
  const store = () => till!.runtime.store;
  const money = (minor: number) => formatMoney(minor, 'USD', 2);

  beforeAll(async () => {
    till = await startTillInBrowser('discount', { pollIntervalMs: 600_000, debounceMs: 10_000 });
  }, 120_000);
  afterAll(() => till?.close());

  it("takes 25 % off the sale with a manager's PIN, and records it to the minor unit", async () => {
    page().setDefaultTimeout(10_000);
    const now = Date.now();
    const ada = store().cashiers.add({ name: 'Ada', pin: '1234', role: 'manager' }, now);
    if (!ada.ok) throw new Error(ada.error.message);
    expect(store().cashiers.add({ name: 'Bob', pin: '5678', role: 'cashier' }, now).ok).toBe(true);
    const [first, second] = store()
      .searchProducts('', 200)
      .filter((product) => product.priceMinor > 0 && product.id !== 'prod_local_only');
    await page().getByRole('tab', { name: /^Till/ }).click();
    await page().getByRole('button', { name: 'Bob' }).click();
    await page().locator('#sign-in-pin').waitFor();
    await page().keyboard.type('5678');
    await page().keyboard.press('Enter');
    await expect.poll(() => page().getByTestId('signed-in').textContent()).toMatch(/Bob/);

    const add = (name: string) =>
      page()
        .getByRole('button', { name: new RegExp(`^Add ${escaped(name)}`) })
        .click();
    await add(second!.name);
    await add(first!.name);
    await add(first!.name);

    // F5: a discount on the line last scanned (the first product's).
    await page().keyboard.press('F5');
    await page().getByLabel('Percent off').fill('10');
    await page().getByLabel('Reason').fill('Dented tin');
    await page().getByRole('button', { name: 'Give discount' }).click();

    await page().getByRole('button', { name: 'Discount', exact: true }).click();
    await page().getByRole('radio', { name: 'the whole sale' }).check();
    await page().getByLabel('Percent off').fill('25');
    await page().getByLabel('Reason').fill('End of season');
    await page().getByRole('button', { name: 'Give discount' }).click();

    const lineTotal = 2 * first!.priceMinor;
    const lineOff = percentOff(lineTotal, 10);
    const subtotal = lineTotal - lineOff + second!.priceMinor;
    const saleOff = percentOff(subtotal, 25);
    const total = subtotal - saleOff;
    const shown = async () => ({
      line: await page().getByTestId('line-discount').innerText(),
      sale: await page().getByTestId('sale-discount').innerText(),
      total: await page().getByTestId('cart-total').innerText(),
    });
    const expected = {
      line: expect.stringMatching(
        new RegExp(
          [
            money(lineTotal),
            `−${money(lineOff)}`,
            '10 % off: Dented tin',
            money(lineTotal - lineOff),
          ]
            .map(escaped)
            .join('[\\s\\S]*'),
        ),
      ) as unknown,
      sale: expect.stringMatching(
        new RegExp(
          [money(subtotal), '25 % off: End of season', `−${money(saleOff)}`]
            .map(escaped)
            .join('[\\s\\S]*'),
        ),
      ) as unknown,
      total: money(total),
    };
    await expect.poll(shown).toEqual(expected);

    // The cart is kept by the agent: a reload shows the same discounts.
    await page().reload();
    await page().getByRole('tab', { name: /^Till/ }).click();
    await expect.poll(shown).toEqual(expected);

    await page()
      .getByRole('button', { name: /^Charge/ })
      .click();
    const prompt = page().locator('.manager-prompt');
    await prompt.waitFor();
    expect(await prompt.textContent()).toMatch(/A manager must give a discount above the limit/);
    expect(store().listSales({ limit: 5 })).toMatchObject({ ok: true, value: { sales: [] } });
    await page().locator('#manager-pin').waitFor();
    await page().keyboard.type('1234');
    await page().keyboard.press('Enter');
    await page().getByTestId('receipt-number').waitFor();

    const listed = store().listSales({ limit: 5 });
    if (!listed.ok) throw new Error(listed.error.message);
    expect(listed.value.sales).toHaveLength(1);
    const sale = store().getSale(listed.value.sales[0]!.saleId)!;
    expect(sale).toMatchObject({
      subtotalMinor: lineTotal + second!.priceMinor,
      totalMinor: total,
      discount: { basisPoints: 2500, amountMinor: saleOff, reason: 'End of season' },
    });
    expect(sale.items.find((item) => item.productId === first!.id)!.discount).toEqual({
      basisPoints: 1000,
      amountMinor: lineOff,
      reason: 'Dented tin',
    });
    const approvedBy = store()
      .database.sqlite.prepare('select discount_approved_by as by from sales where id = ?')
      .get(sale.saleId);
    expect(approvedBy).toEqual({ by: ada.value.id });

    // On paper: each discount under its line, the price before and the price paid, then
    // the subtotal, the sale's discount and the total charged.
    const printed = await printedText(page(), ARTIFACTS, 'receipt-discounted');
    const onPaper = [
      money(lineTotal),
      `10 % off: Dented tin -${money(lineOff)}`,
      `Price paid ${money(lineTotal - lineOff)}`,
      `Subtotal ${money(subtotal)}`,
      `25 % off: End of season -${money(saleOff)}`,
      `Total ${money(total)}`,
    ];
    for (const part of onPaper) expect(printed).toContain(part);
  }, 60_000);
});
