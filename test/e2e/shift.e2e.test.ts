// The trading day in Chromium against a real agent and sandbox: cashiers signing in with the
// PIN pad (keyboard and clicks), a manager's PIN asked on the spot, the counting form at the
// close and the blind close. What the screens show is checked against the till's store.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_PRODUCTS } from '../../sandbox/seed-data.js';
import { artifactsFolder } from '../helpers/artifacts.js';
import { tempDir } from '../helpers/temp-dir.js';
import { axeViolations, chromiumAvailable, requireChromiumInCi } from '../helpers/browser.js';
import { sell, startTillInBrowser, type TillInBrowser } from '../helpers/till-in-browser.js';

const ARTIFACTS = artifactsFolder('shift');
requireChromiumInCi();

let till: TillInBrowser | undefined;
let page: TillInBrowser['page'];
const store = () => till!.runtime.store;
const tab = (name: string) => page.getByRole('tab', { name: new RegExp(`^${name}`) });
const button = (name: string | RegExp) => page.getByRole('button', { name, exact: true });
const product = SEED_PRODUCTS[0]!; // Sourdough loaf, 4.50

async function shot(name: string): Promise<void> {
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
  expect(await axeViolations(page), `accessibility of ${name}`).toEqual([]);
}

function xReport() {
  const report = store().shifts.xReport(Date.now());
  if (!report.ok) throw new Error(report.error.message);
  return report.value;
}

function zReport(number: number) {
  const report = store().shifts.zReport(number);
  if (!report.ok) throw new Error(report.error.message);
  return report.value;
}

describe.skipIf(!chromiumAvailable)('the trading day at the till (Chromium, real agent)', () => {
  let ada = '';
  let bob = '';

  beforeAll(async () => {
    till = await startTillInBrowser('shift', { pollIntervalMs: 200, debounceMs: 50 });
    page = till.page;
    await page.addInitScript(
      'window.print = () => { window.printed = (window.printed ?? 0) + 1; }',
    );
    await page.reload();
    await page.locator('#product-search').waitFor();
    // A step that cannot happen fails in seconds, saying which.
    page.setDefaultTimeout(8000);
  }, 60_000);

  afterAll(() => till?.close());

  it('asks nobody for a PIN when the till has no cashiers, and opens a shift with a typed float', async () => {
    expect(await page.locator('#sign-in-pin').count()).toBe(0);
    await tab('Today').click();
    await page.getByLabel(/^Float/).fill('100.5x');
    await button('Open the shift').click();
    await expect
      .poll(() => page.locator('#shift-float-error').textContent())
      .toMatch(/^Float is not an amount \(you typed "100.5x"\)/);
    expect(store().shifts.current()).toBeNull();
    await page.getByLabel(/^Float/).fill('100.00');
    await button('Open the shift').click();
    await page.getByTestId('shift-summary').waitFor();
    expect(store().shifts.current()).toMatchObject({ floatMinor: 10000, floatCounted: true });
    expect(await page.getByTestId('shift-summary').textContent()).toMatch(/Float \$100\.00/);
  });

  it('signs a cashier in with the PIN pad by clicks, after a wrong PIN typed on the keyboard', async () => {
    const now = Date.now();
    const manager = store().cashiers.add({ name: 'Ada', pin: '1234', role: 'manager' }, now);
    const cashier = store().cashiers.add({ name: 'Bob', pin: '5678', role: 'cashier' }, now);
    if (!manager.ok || !cashier.ok) throw new Error('cashiers not added');
    [ada, bob] = [manager.value.id, cashier.value.id];

    await tab('Till').click();
    await button('Bob').click();
    await page.locator('#sign-in-pin').waitFor();
    expect(await page.evaluate('document.activeElement?.id')).toBe('sign-in-pin');
    await page.keyboard.type('0000');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.locator('.sign-in [role="alert"]').textContent())
      .toMatch(/Wrong PIN for Bob: 4 tries left/);
    expect(await page.locator('#sign-in-pin').inputValue()).toBe('');
    await shot('wrong-pin');

    for (const digit of '5678') await button(digit).click();
    expect(await page.locator('#sign-in-pin').inputValue()).toBe('5678');
    // Every key of the pad is big enough for a finger.
    for (const key of await page.locator('.pin-keys button').all()) {
      const box = await key.boundingBox();
      expect(Math.min(box!.width, box!.height)).toBeGreaterThanOrEqual(44);
    }
    await button('Sign in').click();
    await expect.poll(() => page.getByTestId('signed-in').textContent()).toMatch(/Signed in: Bob/);
  });

  it('records the cashier signed in on the sale', async () => {
    await sell(page, product.name);
    expect(xReport().byCashier).toEqual([
      expect.objectContaining({ cashier: 'Bob', count: 1, totalMinor: product.priceMinor }),
    ]);
    expect(store().cashiers.get(bob)?.name).toBe('Bob');
    // Its receipt names who served (the paper prints "Served by Bob").
    const page1 = store().listSales({ limit: 1 });
    const newest = page1.ok ? page1.value.sales[0]! : undefined;
    expect(newest && store().getReceipt(newest.saleId)?.cashierName).toBe('Bob');
  });

  it("asks a manager's PIN on the spot for No sale when a plain cashier is signed in", async () => {
    await tab('Today').click();
    await button('No sale').click();
    await page.getByLabel('Reason').fill('change for a customer');
    await button('Save no sale').click();
    const prompt = page.locator('.manager-prompt');
    await prompt.waitFor();
    expect(await prompt.textContent()).toMatch(/A manager must open the drawer without a sale/);
    expect(xReport().noSales).toBe(0);
    await shot('manager-prompt');
    // Ada is the only manager: chosen already, her PIN is typed on the keyboard.
    await page.locator('#manager-pin').waitFor();
    await page.keyboard.type('1234');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.locator('.shift [role="status"]').first().textContent())
      .toMatch(/No sale saved: change for a customer/);
    expect(await prompt.count()).toBe(0);
    const report = xReport();
    expect(report.noSales).toBe(1);
    expect(report.drawerEntries).toEqual([
      expect.objectContaining({ kind: 'no_sale', reason: 'change for a customer', cashier: 'Bob' }),
    ]);
  });

  it('signs a manager in with the keyboard only', async () => {
    await tab('Till').click();
    await button('Sign out').click();
    await page.locator('.sign-in').waitFor();
    await button('Ada (manager)').click();
    await page.locator('#sign-in-pin').waitFor();
    await page.keyboard.type('1234');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('signed-in').textContent()).toMatch(/Signed in: Ada/);
    expect(ada).not.toBe('');
  });

  it('adds up the counting form note by note, and the Z report shows counted and difference', async () => {
    store().settings.update({ closeNoteAboveMinor: 1_000_000 });
    await tab('Today').click();
    await button('Close the shift').click();
    await page.getByLabel('$20.00').fill('3');
    await page.getByLabel('$1.00').fill('2');
    await page.getByLabel('$0.25').fill('4');
    await expect.poll(() => page.getByTestId('counted-total').textContent()).toBe('$63.00');
    const expected = 10000 + product.priceMinor; // the float and one cash sale
    await expect.poll(() => page.getByTestId('expected').textContent()).toBe('$104.50');
    await expect
      .poll(() => page.getByTestId('difference').textContent())
      .toBe(`Short by $${((expected - 6300) / 100).toFixed(2)}`);
    await page.getByLabel('$0.25').fill('four');
    await expect.poll(() => page.getByTestId('counted-total').textContent()).toBe('–');
    await button('Close the shift').click();
    await expect.poll(() => page.locator('#count-25-error').textContent()).toMatch(/^\$0\.25: /);
    expect(store().shifts.current()?.state).toBe('closing');
    await page.getByLabel('$0.25').fill('4');
    await shot('counting-form');
    await button('Close the shift').click();

    const figures = page.getByTestId('close-figures');
    await figures.waitFor();
    expect(await figures.getByTestId('counted').textContent()).toBe('$63.00');
    expect(await figures.getByTestId('difference').textContent()).toBe('Short by $41.50');
    const roll = page.getByTestId('shift-report').locator('pre');
    await roll.waitFor();
    // The roll as the printer prints it, and the PDF the back office files, say the same.
    const text = (await roll.textContent()) ?? '';
    expect(text).toMatch(/Z REPORT 1/);
    expect(text).toMatch(/Counted\s+\$63\.00/);
    expect(text).toMatch(/Short\s+\$41\.50/);
    expect(text).toMatch(/3 × \$20\.00 =\s+\$60\.00/);
    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      button('Download (PDF)').click(),
    ]);
    expect(pdf.suggestedFilename()).toBe('z-report-1.pdf');
    const pdfFile = join(tempDir(), 'z-report-1.pdf');
    await pdf.saveAs(pdfFile);
    const pdfText = execFileSync('pdftotext', ['-layout', pdfFile, '-'], { encoding: 'utf8' });
    expect(pdfText).toMatch(/Counted\s+\$63\.00/);
    const z1 = zReport(1);
    expect(z1).toMatchObject({ countedMinor: 6300, differenceMinor: 6300 - expected });
    expect(z1.denominations).toEqual([
      { valueMinor: 2000, count: 3 },
      { valueMinor: 100, count: 2 },
      { valueMinor: 25, count: 4 },
    ]);
    expect(store().shifts.current()).toBeNull();
    await expect.poll(() => page.locator('.z-reports tbody tr').count()).toBe(1);
  });

  it('hides the expected cash in a blind close until the count is entered, then needs a note', async () => {
    store().settings.update({ blindClose: true, closeNoteAboveMinor: 500 });
    await tab('Till').click();
    await tab('Today').click();
    // The last count is offered as the float.
    expect(await page.getByLabel(/^Float/).inputValue()).toBe('63.00');
    await button('Open the shift').click();
    await button('Close the shift').click();
    await page.getByRole('heading', { name: /Close the shift/ }).waitFor();
    expect(await page.getByTestId('expected').count()).toBe(0);
    expect(await page.locator('.close-shift').textContent()).not.toMatch(/\$63\.00/);
    await button('Count one amount instead').click();
    await page.getByLabel('Cash counted').fill('50');
    await shot('blind-count');
    expect(await page.getByTestId('expected').count()).toBe(0);
    await button('Count entered: show the difference').click();
    await expect.poll(() => page.getByTestId('expected').textContent()).toBe('$63.00');
    expect(await page.getByTestId('difference').textContent()).toBe('Short by $13.00');
    expect(await page.getByLabel('Cash counted').isDisabled()).toBe(true);
    await button('Close the shift').click();
    await expect
      .poll(() => page.locator('#close-note-error').textContent())
      .toMatch(/^Note: say why/);
    expect(store().shifts.current()?.state).toBe('closing');
    await page.getByLabel(/^Note \(needed/).fill('paid the baker from the drawer');
    await button('Close the shift').click();
    await page.getByTestId('close-figures').getByTestId('counted').waitFor();
    expect(zReport(2)).toMatchObject({
      countedMinor: 5000,
      differenceMinor: -1300,
      note: 'paid the baker from the drawer',
    });
    await expect.poll(() => page.locator('.z-reports tbody tr').count()).toBe(2);
    await button('Show Z1').click();
    await expect
      .poll(() => page.locator('.z-reports [data-testid="shift-report"] h3').textContent())
      .toBe('Z report 1');
  });
  it('opens a shift by itself at a sale after a close, and counts its float later, once', async () => {
    expect(store().shifts.current()).toBeNull();
    await sell(page, product.name);
    expect(store().shifts.current()).toMatchObject({ floatCounted: false, floatMinor: 0 });
    await tab('Today').click();
    await expect
      .poll(() => page.getByTestId('shift-summary').textContent())
      .toMatch(/not counted/i);
    await button('Count the float').click();
    await page.getByLabel(/^Float/).fill('80');
    await button('Save the float').click();
    await expect
      .poll(() => store().shifts.current())
      .toMatchObject({ floatCounted: true, floatMinor: 8000 });
    await expect.poll(() => button('Count the float').count()).toBe(0);
  });

  it('adds a cashier and saves the close settings typed as money, in minor units', async () => {
    await tab('Settings').click();
    await page.getByLabel('Name', { exact: true }).fill('Cy');
    await page.getByLabel('PIN', { exact: true }).fill('2468');
    await button('Add the cashier').click();
    await expect.poll(() => page.locator('.cashier-list').textContent()).toMatch(/Cy \(cashier\)/);
    expect(
      store()
        .cashiers.list()
        .map((cashier) => cashier.name),
    ).toContain('Cy');

    await page.getByLabel(/needs a manager above/).fill('7.5x');
    await button('Save shift settings').click();
    await expect
      .poll(() => page.locator('#manager-cash-out-above-error').textContent())
      .toMatch(/^Manager needed above is not an amount \(you typed "7.5x"\)/);
    expect(store().settings.read().managerCashOutAboveMinor).toBe(5000);
    await page.getByLabel(/needs a manager above/).fill('7.50');
    await button('Save shift settings').click();
    await expect.poll(() => store().settings.read().managerCashOutAboveMinor).toBe(750);
    expect(store().settings.read().managerDiscountAbovePercent).toBe(20);
    await page.getByLabel(/Discounts above this percent/).fill('15');
    await button('Save shift settings').click();
    await expect.poll(() => store().settings.read().managerDiscountAbovePercent).toBe(15);
    await shot('settings');
  });
});
