// The till at a busy counter, in Chromium at 1024x768 against a real sandbox: a barcode
// scanner at full speed, a keyboard-only sale, the guards, cash and change, customers.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_PRODUCTS } from '../../sandbox/seed-data.js';
import { axeViolations, chromiumAvailable, requireChromiumInCi } from '../helpers/browser.js';
import { artifactsFolder } from '../helpers/artifacts.js';
import { scanKeys } from '../helpers/scanner.js';
import { startTillInBrowser, type TillInBrowser } from '../helpers/till-in-browser.js';

const ARTIFACTS = artifactsFolder('counter');
requireChromiumInCi();

let till: TillInBrowser | undefined;
let page: TillInBrowser['page'];

const search = () => page.locator('#product-search');
const cartRow = (productId: string) => page.locator(`.cart tr[data-product="${productId}"]`);
const charge = () => page.getByRole('button', { name: /^Charge/ });
const tab = (name: string) => page.getByRole('tab', { name: new RegExp(`^${name}`) });

async function shot(name: string): Promise<void> {
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
  expect(await axeViolations(page), `accessibility of ${name}`).toEqual([]);
}

/** The cart as {product id: quantity typed}. */
async function cartQuantities(): Promise<Record<string, string>> {
  return page.evaluate(`Object.fromEntries([...document.querySelectorAll('.cart tr[data-product]')]
    .map((row) => [row.dataset.product, row.querySelector('input.quantity').value]))`);
}

async function emptyCart(): Promise<void> {
  await tab('Till').click();
  if ((await page.locator('.cart tr[data-product]').count()) === 0) return;
  await page.keyboard.press('F8');
  await page.getByRole('button', { name: 'Clear the cart' }).click();
  await page.locator('.cart tr[data-product]').first().waitFor({ state: 'detached' });
}

describe.skipIf(!chromiumAvailable)('the till at a busy counter (Chromium, real sandbox)', () => {
  beforeAll(async () => {
    till = await startTillInBrowser('counter', { pollIntervalMs: 200, debounceMs: 50 });
    page = till.page;
    // Printing from a browser opens the system's dialog, which a headless Chromium cannot
    // show: count the calls instead. The printout itself is checked with page.pdf().
    await page.addInitScript(
      'window.print = () => { window.printed = (window.printed ?? 0) + 1; }',
    );
    await page.reload();
    await search().waitFor();
  }, 60_000);

  afterAll(() => till?.close());

  it('has the search field focused when the screen opens', async () => {
    expect(await page.evaluate('document.activeElement?.id')).toBe('product-search');
  });

  it('adds 100 scans typed at 0 ms per character, back to back, with the right quantities', async () => {
    const scans = Array.from({ length: 100 }, (_, i) => SEED_PRODUCTS[(i * 7) % 12]!);
    const expected: Record<string, string> = {};
    for (const product of scans)
      expected[product.id] = String(Number(expected[product.id] ?? 0) + 1);
    // One burst: every code and its Enter, none waiting for the one before.
    await scanKeys(page, scans.map((product) => `${product.barcode}\n`).join(''));
    await expect.poll(cartQuantities, { timeout: 20_000 }).toEqual(expected);
    expect(await search().inputValue()).toBe('');
    await shot('scanned-100');
  });

  it('says an unknown code clearly, and the scan right behind it still lands', async () => {
    await emptyCart();
    const [first, second] = [SEED_PRODUCTS[0]!, SEED_PRODUCTS[1]!];
    await scanKeys(page, `${first.barcode}\n0000000000000\n${second.barcode}\n`);
    await expect.poll(cartQuantities).toEqual({ [first.id]: '1', [second.id]: '1' });
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toMatch(/Unknown code 0000000000000: no product has this barcode or id/);
    await shot('unknown-code');
  });

  it('sells 3 scanned items for cash from the keyboard in 4 keystrokes after the scans', async () => {
    await emptyCart();
    const items = SEED_PRODUCTS.slice(0, 3); // 4.50 + 1.75 + 3.25 = 9.50
    for (const product of items) await page.keyboard.type(`${product.barcode}\n`);
    await expect.poll(async () => Object.keys(await cartQuantities()).length).toBe(3);
    let keystrokes = 0;
    const key = async (name: string) => {
      keystrokes += 1;
      await page.keyboard.press(name);
    };
    await key('F9'); // pay: cash is the default, so the amount tendered is asked
    await key('2');
    await key('0');
    await key('Enter');
    await page.getByTestId('receipt-number').waitFor();
    expect(keystrokes).toBeLessThanOrEqual(8);
    expect(await page.locator('.receipt').textContent()).toMatch(/\$9\.50\. Change \$10\.50/);
    const saleId = till!.runtime.store.listSales({ limit: 1 });
    const latest = saleId.ok ? saleId.value.sales[0]! : undefined;
    expect(till!.runtime.store.getSale(latest!.saleId)).toMatchObject({
      totalMinor: 950,
      tenderedMinor: 2000,
      changeMinor: 1050,
    });
    expect(await page.evaluate('document.activeElement?.id')).toBe('product-search');
    await shot('keyboard-sale');
  });

  it('reaches Charge from the search field without walking the product tiles', async () => {
    await page.keyboard.type(`${SEED_PRODUCTS[0]!.barcode}\n`);
    await cartRow(SEED_PRODUCTS[0]!.id).waitFor();
    let tabs = 0;
    while ((await page.evaluate('document.activeElement?.className')) !== 'primary charge') {
      await page.keyboard.press('Tab');
      if (++tabs > 15) throw new Error('Charge was not reached in 15 Tab presses');
    }
    expect(tabs).toBeLessThanOrEqual(12);
  });

  it('keeps Charge disabled while a quantity is not valid, saying why next to the line', async () => {
    await emptyCart();
    await page.keyboard.type(`${SEED_PRODUCTS[1]!.barcode}\n`);
    const quantity = page.getByLabel(`Quantity of ${SEED_PRODUCTS[1]!.name}`);
    for (const [typed, reason] of [
      ['-2', 'Quantity cannot be negative'],
      ['0', 'Quantity must be more than 0'],
      ['', 'Type a quantity'],
      ['1.23456', 'At most 3 decimal places'],
      ['abc', 'Quantity must be a number'],
      ['2000000', 'At most 1000000 at once'],
    ]) {
      await quantity.fill(typed!);
      expect(await charge().isDisabled(), `Charge with quantity "${typed}"`).toBe(true);
      expect(await cartRow(SEED_PRODUCTS[1]!.id).textContent()).toContain(reason);
    }
    await shot('guard-quantity');
    await quantity.fill('1.5');
    expect(await charge().isEnabled()).toBe(true);
  });

  it('asks before charging a large quantity, and goes back without saving', async () => {
    const before = till!.runtime.store.listSales({ limit: 1 });
    const quantity = page.getByLabel(`Quantity of ${SEED_PRODUCTS[1]!.name}`);
    await quantity.fill('100000'); // $175,000.00
    await charge().click();
    const dialog = page.getByRole('alertdialog');
    expect(await dialog.textContent()).toMatch(/Charge \$175,000\.00\?.*more than \$1,000\.00/);
    await shot('guard-confirm');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(till!.runtime.store.listSales({ limit: 1 })).toEqual(before);
    await quantity.fill('101');
    await charge().click();
    await page.getByRole('button', { name: /^Charge \$176\.75$/ }).click(); // the confirmation
    await page.getByTestId('receipt-number').waitFor();
  });

  it('keeps the total and Charge in view with a long cart, and every target 44 px or more', async () => {
    await emptyCart();
    for (const product of SEED_PRODUCTS.slice(0, 14))
      await page.keyboard.type(`${product.barcode}\n`);
    await expect.poll(async () => Object.keys(await cartQuantities()).length).toBe(14);
    for (const locator of [page.getByTestId('cart-total'), charge()]) {
      const box = (await locator.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(768);
    }
    const small = await page.evaluate(`[...document.querySelectorAll(
        '.till button:not([tabindex="-1"]), .till label.choice, .till input:not([type=radio])')]
      .filter((el) => el.offsetParent && (el.getBoundingClientRect().height < 44 || el.getBoundingClientRect().width < 44))
      .map((el) => el.outerHTML.slice(0, 80))`);
    expect(small).toEqual([]);
    await shot('long-cart');
  });

  it('shows the change due for each amount tendered, and the payment method goes back to cash', async () => {
    await emptyCart();
    await page.keyboard.type(`${SEED_PRODUCTS[5]!.barcode}\n`); // Greek yogurt, 3.49
    await cartRow(SEED_PRODUCTS[5]!.id).waitFor();
    const tendered = page.getByLabel('Cash tendered');
    const change = page.getByTestId('change-due');
    for (const [typed, due] of [
      ['', '$0.00'],
      ['3.49', '$0.00'],
      ['5', '$1.51'],
      ['10.00', '$6.51'],
      ['50', '$46.51'],
    ]) {
      await tendered.fill(typed!);
      expect(await change.textContent(), `change for ${typed}`).toBe(due);
    }
    await tendered.fill('3');
    expect(await charge().isDisabled()).toBe(true);
    expect(await page.locator('.cash').textContent()).toContain('Less than the total ($3.49)');
    await page.getByRole('button', { name: '$5.00', exact: true }).click(); // a quick amount
    expect(await change.textContent()).toBe('$1.51');
    await shot('cash-change');
    await page.getByRole('radio', { name: /mobile money/i }).check();
    expect(await page.locator('.cash').count()).toBe(0);
    await charge().click();
    await page.getByTestId('receipt-number').waitFor();
    expect(await page.getByRole('radio', { name: /^cash/i }).isChecked()).toBe(true);
  });

  it('finds a customer by phone', async () => {
    await page.getByLabel(/^Customer/).fill('700 000 101');
    await page.getByRole('button', { name: /^Amina Njoroge/ }).click();
    expect(await page.locator('.customer-chosen').textContent()).toContain('Amina Njoroge');
    await shot('customer-found');
  });
});
