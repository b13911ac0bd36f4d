// Void on the Sync screen, in Chromium through the console, against a real agent: a sale not
// yet sent is voided with a reason (with a manager's PIN on the spot when a plain cashier is
// signed in); a sale on the platform offers no void. The engine polls rarely here, so the
// sales recorded straight into the store stay waiting until the test voids them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, requireChromiumInCi } from '../helpers/browser.js';
import { checked, validSale } from '../helpers/sales.js';
import { startTillInBrowser, type TillInBrowser } from '../helpers/till-in-browser.js';

requireChromiumInCi();

describe.skipIf(!chromiumAvailable)('voiding a sale on the Sync screen (Chromium)', () => {
  let till: TillInBrowser | undefined;
  const page = () => till!.page;
  const store = () => till!.runtime.store;
  const tab = (name: string) => page().getByRole('tab', { name: new RegExp(`^${name}`) });
  const row = (receipt: number) => page().locator(`table.sales tr[data-receipt="${receipt}"]`);
  const ring = (tenderedMinor?: number) => {
    const sale = store().recordSale(checked(validSale(tenderedMinor ? { tenderedMinor } : {})));
    if (!sale.ok) throw new Error(sale.error.message);
    return sale.value;
  };
  /** The Sync screen read afresh (the sales were recorded behind the page's back). */
  const openSync = async () => {
    await tab('Till').click();
    await tab('Sync').click();
  };

  beforeAll(async () => {
    till = await startTillInBrowser('void', { pollIntervalMs: 600_000, debounceMs: 10_000 });
  }, 120_000);
  afterAll(() => till?.close());

  it('voids a waiting sale with a reason; a sale on the platform offers no void', async () => {
    const sale = ring(1000); // 4.50 in cash, 5.50 change
    const sent = ring();
    store()
      .database.sqlite.prepare(`update outbox set state = 'synced', attempts = 1 where sale_id = ?`)
      .run(sent.saleId);
    await openSync();
    await row(sale.receiptNumber).waitFor();
    expect(await row(sent.receiptNumber).getByRole('button', { name: /^Void/ }).count()).toBe(0);

    await row(sale.receiptNumber).getByRole('button', { name: /^Void/ }).click();
    await page().getByRole('button', { name: 'Void sale' }).click();
    await expect
      .poll(() => row(sale.receiptNumber).locator('[role="alert"]').first().textContent())
      .toMatch(/must say why the sale is voided/);
    expect(store().getSale(sale.saleId)!.outbox.state).toBe('pending');

    await page().getByLabel(`Why void receipt #${sale.receiptNumber}?`).fill('Rung up twice');
    await page().getByRole('button', { name: 'Void sale' }).click();
    await expect
      .poll(() => page().getByTestId('sync-notice').textContent())
      .toMatch(
        new RegExp(
          `Receipt #${sale.receiptNumber} voided: it will not be sent\\. Give back \\$4\\.50`,
        ),
      );
    await expect.poll(() => row(sale.receiptNumber).locator('.state').textContent()).toBe('voided');
    expect(store().getSale(sale.saleId)!.outbox).toMatchObject({
      state: 'voided',
      voidReason: 'Rung up twice',
    });
  });

  it('offers a return where a void is too late: on a sent sale, and when the void is refused', async () => {
    const sent = ring();
    const tried = ring();
    const sql = store().database.sqlite;
    sql
      .prepare(`update outbox set state = 'synced', attempts = 1 where sale_id = ?`)
      .run(sent.saleId);
    // Still waiting, so the row offers Void, but one attempt was made: the agent refuses.
    sql.prepare(`update outbox set attempts = 1 where sale_id = ?`).run(tried.saleId);
    await openSync();
    const panel = (receipt: number) =>
      page().getByRole('region', { name: `Return from receipt #${receipt}` });

    await row(sent.receiptNumber)
      .getByRole('button', { name: /^Return/ })
      .click();
    await panel(sent.receiptNumber).waitFor();
    await panel(sent.receiptNumber).getByRole('button', { name: 'Cancel' }).click();

    await row(tried.receiptNumber).getByRole('button', { name: /^Void/ }).click();
    await page().getByLabel(`Why void receipt #${tried.receiptNumber}?`).fill('Wrong sale');
    await page().getByRole('button', { name: 'Void sale' }).click();
    await expect
      .poll(() => page().getByTestId('sync-notice').textContent())
      .toMatch(/make a return instead/);
    await panel(tried.receiptNumber).waitFor();
    expect(store().getSale(tried.saleId)!.outbox.state).toBe('pending');
  });

  it("asks a manager's PIN on the spot when a plain cashier is signed in", async () => {
    const now = Date.now();
    expect(store().cashiers.add({ name: 'Ada', pin: '1234', role: 'manager' }, now).ok).toBe(true);
    expect(store().cashiers.add({ name: 'Bob', pin: '5678', role: 'cashier' }, now).ok).toBe(true);
    await tab('Till').click();
    await page().getByRole('button', { name: 'Bob' }).click();
    await page().locator('#sign-in-pin').waitFor();
    await page().keyboard.type('5678');
    await page().keyboard.press('Enter');
    await expect.poll(() => page().getByTestId('signed-in').textContent()).toMatch(/Bob/);

    const sale = ring();
    await openSync();
    await row(sale.receiptNumber).getByRole('button', { name: /^Void/ }).click();
    await page().getByLabel(`Why void receipt #${sale.receiptNumber}?`).fill('Wrong item');
    await page().getByRole('button', { name: 'Void sale' }).click();
    const prompt = page().locator('.manager-prompt');
    await prompt.waitFor();
    expect(await prompt.textContent()).toMatch(/A manager must void a sale/);
    expect(store().getSale(sale.saleId)!.outbox.state).toBe('pending');
    await page().locator('#manager-pin').waitFor();
    await page().keyboard.type('1234');
    await page().keyboard.press('Enter');
    await expect.poll(() => row(sale.receiptNumber).locator('.state').textContent()).toBe('voided');
    expect(await prompt.count()).toBe(0);
  });
});
