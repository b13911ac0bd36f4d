// Nothing at the counter is lost or misstated, in Chromium against a real sandbox and a real
// agent: the cart across screens and reloads, held sales, receipts that tell the sale's state
// as it is now (Ctrl+P from every state of the Till screen), and a scanner that always
// reaches the cart, whatever field has the focus.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_PRODUCTS } from '../../sandbox/seed-data.js';
import { artifactsFolder } from '../helpers/artifacts.js';
import { axeViolations, chromiumAvailable, requireChromiumInCi } from '../helpers/browser.js';
import { printedText } from '../helpers/paper.js';
import { scanKeys } from '../helpers/scanner.js';
import { startTillInBrowser, type TillInBrowser } from '../helpers/till-in-browser.js';

const ARTIFACTS = artifactsFolder('counter-kept');
requireChromiumInCi();

let till: TillInBrowser | undefined;
let page: TillInBrowser['page'];
const [loaf, croissant, bread, muffin, milk] = SEED_PRODUCTS;
const butter = SEED_PRODUCTS.find((product) => product.name === 'Butter 250 g')!;

const tab = (name: string) => page.getByRole('tab', { name: new RegExp(`^${name}`) });
const cartRow = (productId: string) => page.locator(`.cart tr[data-product="${productId}"]`);
const quantityOf = (product: { name: string }) => page.getByLabel(`Quantity of ${product.name}`);
const printCount = () => page.evaluate<number>('window.printed ?? 0');

async function shot(name: string): Promise<void> {
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
  expect(await axeViolations(page), `accessibility of ${name}`).toEqual([]);
}

/** The cart as {product id: quantity typed}. */
async function cartQuantities(): Promise<Record<string, string>> {
  return page.evaluate(`Object.fromEntries([...document.querySelectorAll('.cart tr[data-product]')]
    .map((row) => [row.dataset.product, row.querySelector('input.quantity').value]))`);
}

/** A barcode scanner: the whole code and Enter, at full speed. */
const scan = (code: string) => scanKeys(page, `${code}\n`);

async function emptyCart(): Promise<void> {
  await tab('Till').click();
  if ((await page.locator('.cart tr[data-product]').count()) > 0) {
    await page.keyboard.press('F8');
    await page.getByRole('button', { name: 'Clear the cart' }).click();
    await page.locator('.cart tr[data-product]').first().waitFor({ state: 'detached' });
  }
  await page.locator('#product-search').focus();
}

/** The agent's own copy of the open cart: what a crash or a reload would bring back. */
async function savedCart() {
  return till!.runtime.store.readCounter().cart;
}

describe.skipIf(!chromiumAvailable)('the counter keeps everything (Chromium, real agent)', () => {
  beforeAll(async () => {
    till = await startTillInBrowser('counter-kept', { pollIntervalMs: 200, debounceMs: 50 });
    page = till.page;
    await page.addInitScript(
      'window.print = () => { window.printed = (window.printed ?? 0) + 1; }',
    );
    await page.reload();
    await page.locator('#product-search').waitFor();
  }, 60_000);

  afterAll(() => till?.close());

  it('keeps the cart, its customer and the cash typed across other screens and a reload', async () => {
    await scan(loaf!.barcode);
    await scan(croissant!.barcode);
    await expect.poll(cartQuantities).toEqual({ [loaf!.id]: '1', [croissant!.id]: '1' });
    await quantityOf(loaf!).fill('2.5');
    await page.getByLabel(/^Customer/).fill('700 000 101');
    await page.getByRole('button', { name: /^Amina Njoroge/ }).click();
    await page.getByLabel('Cash tendered').fill('20');
    const expected = { [loaf!.id]: '2.5', [croissant!.id]: '1' };
    await expect.poll(async () => (await savedCart()).tendered).toBe('20');

    for (const screen of ['Today', 'Sync', 'Settings']) {
      await tab(screen).click();
      await tab('Till').click();
      await expect.poll(cartQuantities).toEqual(expected);
    }
    await page.reload();
    await expect.poll(cartQuantities).toEqual(expected);
    expect(await page.locator('.customer-chosen').textContent()).toContain('Amina Njoroge');
    expect(await page.getByLabel('Cash tendered').inputValue()).toBe('20');
    expect(await page.getByTestId('cart-total').textContent()).toBe('$13.00');
    expect(await page.getByTestId('change-due').textContent()).toBe('$7.00');
    await shot('cart-after-reload');
  });

  it('holds a sale with a note, serves the next customer, and recalls it whole', async () => {
    await page.keyboard.press('F6');
    await page.getByLabel('Note for the held sale (optional)').fill('Amina, went for eggs');
    await page.keyboard.press('Enter');
    await page.locator('.cart tr[data-product]').first().waitFor({ state: 'detached' });
    expect(await page.locator('.held').textContent()).toMatch(
      /Held sales \(1\).*Amina, went for eggs.*2 lines, \$13\.00, Amina Njoroge/,
    );
    // The next customer: a sale of its own, charged while the first is held.
    await scan(bread!.barcode);
    await cartRow(bread!.id).waitFor();
    await page.getByRole('radio', { name: /mobile money/i }).check();
    await page.getByRole('button', { name: /^Charge/ }).click();
    await page.getByTestId('receipt-number').waitFor();
    // Another one held with no note: two at once, the newest last.
    await scan(muffin!.barcode);
    await cartRow(muffin!.id).waitFor();
    await page.getByRole('button', { name: 'Hold', exact: true }).click();
    await page.getByRole('button', { name: 'Hold sale' }).click();
    await expect.poll(() => page.locator('.held li').count()).toBe(2);
    expect(till!.runtime.store.heldCount().count).toBe(2);
    await shot('held-sales');

    await page.reload();
    await page.getByRole('button', { name: 'Recall Amina, went for eggs' }).click();
    await expect.poll(cartQuantities).toEqual({ [loaf!.id]: '2.5', [croissant!.id]: '1' });
    expect(await page.getByLabel('Cash tendered').inputValue()).toBe('20');
    expect(await page.locator('.held li').count()).toBe(1);
    await page.keyboard.press('F9');
    await page.keyboard.press('Enter');
    await page.getByTestId('receipt-number').waitFor();
    expect(await page.locator('.receipt').textContent()).toMatch(/\$13\.00\. Change \$7\.00/);
    expect(await savedCart()).toMatchObject({ lines: [], tendered: '' });
  });

  it('prints the last receipt with Ctrl+P from every state of the Till screen, as the sale is now', async () => {
    await till!.sandbox.faults.set('outage=refuse');
    await emptyCart();
    await scan(milk!.barcode);
    await cartRow(milk!.id).waitFor();
    await page.getByRole('radio', { name: /mobile money/i }).check();
    const newest = () => {
      const sales = till!.runtime.store.listSales({ limit: 1 });
      return sales.ok ? sales.value.sales[0] : undefined;
    };
    const before = newest()?.receiptNumber ?? 0;
    await page.getByRole('button', { name: /^Charge/ }).click();
    // The sale is written by the agent a moment after the click: its number, once it is.
    await expect.poll(() => newest()?.receiptNumber ?? 0).toBeGreaterThan(before);
    const number = `#${newest()!.receiptNumber}`;
    await expect.poll(() => page.getByTestId('receipt-number').textContent()).toBe(number);
    let printed = await printCount();
    await page.keyboard.press('Control+P');
    await expect.poll(printCount).toBe(++printed);
    expect(await printedText(page, ARTIFACTS, 'receipt-waiting')).toContain(
      'Saved on this till; not yet on the platform',
    );

    // The platform is back and takes the sale: the receipt says so, without a new sale.
    await till!.sandbox.faults.set({});
    await till!.runtime.resync();
    await expect.poll(() => newest()?.state, { timeout: 15_000 }).toBe('synced');

    const states: Array<[string, () => Promise<void>]> = [
      ['just after the sale', async () => {}],
      [
        'back from another screen',
        async () => {
          await tab('Sync').click();
          await tab('Till').click();
        },
      ],
      [
        'with lines in the cart and the focus in a quantity',
        async () => {
          await scan(loaf!.barcode);
          await quantityOf(loaf!).focus();
        },
      ],
      [
        'while the hold note is typed',
        async () => {
          await page.keyboard.press('F6');
          await page.getByLabel('Note for the held sale (optional)').focus();
        },
      ],
      [
        'while "are you sure" is asked',
        async () => {
          await page.keyboard.press('Escape');
          await quantityOf(loaf!).fill('500');
          await page.getByRole('button', { name: /^Charge/ }).click();
          await page.getByRole('alertdialog').waitFor();
        },
      ],
      [
        'after a reload',
        async () => {
          await page.reload();
          await page.locator('#product-search').waitFor();
          printed = 0;
        },
      ],
    ];
    for (const [state, reach] of states) {
      await reach();
      await page.keyboard.press('Control+P');
      await expect.poll(printCount, { message: state }).toBe(++printed);
      const text = await printedText(page, ARTIFACTS, 'receipt-synced');
      expect(text, state).toContain(`Receipt ${number}`);
      expect(text, state).toContain('Recorded on the platform');
    }
  });

  it('sends a scan to the cart whatever field has the focus, and leaves the field as it was', async () => {
    await page.keyboard.press('Escape');
    await emptyCart();
    await scan(loaf!.barcode);
    await cartRow(loaf!.id).waitFor();
    // A person types a quantity, then a scan arrives while the quantity has the focus.
    await quantityOf(loaf!).click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('3', { delay: 120 });
    await scan(croissant!.barcode);
    await expect.poll(cartQuantities).toEqual({ [loaf!.id]: '3', [croissant!.id]: '1' });
    // In the cash field: the scan is added, the amount kept, nothing charged.
    await page.getByLabel('Cash tendered').click();
    await page.keyboard.type('20', { delay: 120 });
    const sales = till!.runtime.store.countByState();
    await scan(croissant!.barcode);
    await expect.poll(cartQuantities).toEqual({ [loaf!.id]: '3', [croissant!.id]: '2' });
    expect(await page.getByLabel('Cash tendered').inputValue()).toBe('20');
    expect(till!.runtime.store.countByState()).toEqual(sales);
    // A person typing a quantity is not a scanner: "250" and Enter stay a quantity.
    await quantityOf(croissant!).click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('250\n', { delay: 90 });
    await expect.poll(cartQuantities).toEqual({ [loaf!.id]: '3', [croissant!.id]: '250' });
  });

  it('F2 changes the line last scanned, and says so when there is no line at all', async () => {
    await emptyCart();
    await page.keyboard.press('F2');
    await expect
      .poll(() => page.locator('.catalog .notice').textContent())
      .toBe('No line to change yet: scan or tap a product first.');
    expect(await page.evaluate('document.activeElement?.id')).toBe('product-search');
    expect(await cartQuantities()).toEqual({});

    await scan(loaf!.barcode);
    await scan(croissant!.barcode);
    await scan(loaf!.barcode); // the loaf again: it is the line last touched, not the bottom one
    await expect.poll(cartQuantities).toEqual({ [loaf!.id]: '2', [croissant!.id]: '1' });
    await page.keyboard.press('F2');
    expect(await page.evaluate('document.activeElement?.id')).toBe(`qty-${loaf!.id}`);
    await page.keyboard.type('5', { delay: 80 });
    await page.keyboard.press('Enter');
    await expect.poll(cartQuantities).toEqual({ [loaf!.id]: '5', [croissant!.id]: '1' });
    await shot('current-line');
  });

  it('lists every unknown code of a burst until dismissed or the sale ends', async () => {
    await emptyCart();
    await scanKeys(page, `0000000000017\n${loaf!.barcode}\n0000000000024\n${croissant!.barcode}\n`);
    await expect.poll(cartQuantities).toEqual({ [loaf!.id]: '1', [croissant!.id]: '1' });
    const unknown = page.locator('.unknown-codes li');
    await expect
      .poll(() => unknown.allTextContents())
      .toEqual([
        'Unknown code 0000000000017: no product has this barcode or id.',
        'Unknown code 0000000000024: no product has this barcode or id.',
      ]);
    await scan(butter.barcode); // a good scan later: the list stays
    await cartRow(butter.id).waitFor();
    expect(await unknown.count()).toBe(2);
    await shot('unknown-codes');
    await page.locator('.unknown-codes').getByRole('button', { name: 'Dismiss' }).click();
    expect(await unknown.count()).toBe(0);

    await scan('0000000000031');
    await expect.poll(() => unknown.count()).toBe(1);
    await page.getByRole('radio', { name: /mobile money/i }).check();
    await page.getByRole('button', { name: /^Charge/ }).click();
    await page.getByTestId('receipt-number').waitFor();
    expect(await unknown.count()).toBe(0); // the sale ended
  });

  it('sets a saved cart it cannot read aside, names it, and sells on', async () => {
    await emptyCart();
    await scan(loaf!.barcode);
    await expect.poll(async () => (await savedCart()).lines.length).toBe(1);
    // A save still on its way could write the cart back over the damage: damage it again
    // until it stays damaged for half a second.
    const { sqlite } = till!.runtime.store.database;
    const damaged = '{"lines": [';
    const openContent = () =>
      sqlite.prepare(`select content from carts where state = 'open'`).pluck().get();
    await expect
      .poll(async () => {
        if (openContent() !== damaged)
          sqlite.prepare(`update carts set content = ? where state = 'open'`).run(damaged);
        await page.waitForTimeout(500);
        return openContent();
      })
      .toBe(damaged);
    await page.reload();
    const notice = page.locator('.catalog .notice-error').filter({ hasText: 'could not be read' });
    await notice.waitFor();
    expect(await notice.textContent()).toMatch(
      /The saved open cart could not be read: not valid JSON .*\. It was moved to \S+set-aside\/cart-\S+\.json; selling goes on\./,
    );
    await shot('cart-set-aside');
    await scan(croissant!.barcode);
    await cartRow(croissant!.id).waitFor();
    await page.getByRole('radio', { name: /mobile money/i }).check();
    await page.getByRole('button', { name: /^Charge/ }).click();
    await page.getByTestId('receipt-number').waitFor();
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await notice.waitFor({ state: 'detached' });
  });
});
