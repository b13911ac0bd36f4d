// Receipts and day totals on paper, in Chromium against a real sandbox: printed to PDF by
// Chromium at the roll's width and read back with pdftotext (Debian's poppler-utils).
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_PRODUCTS } from '../../sandbox/seed-data.js';
import { axeViolations, chromiumAvailable, requireChromiumInCi } from '../helpers/browser.js';
import { artifactsFolder } from '../helpers/artifacts.js';
import { fitsTheRoll as fitsRoll, printedText } from '../helpers/paper.js';
import { MIN_QUIET_ZONES, printedBarcode } from '../helpers/printed-barcode.js';
import { startTillInBrowser, type TillInBrowser } from '../helpers/till-in-browser.js';

const ARTIFACTS = artifactsFolder('receipts');
requireChromiumInCi();

let till: TillInBrowser | undefined;
let page: TillInBrowser['page'];
const tab = (name: string) => page.getByRole('tab', { name: new RegExp(`^${name}`) });
const [loaf, croissant, yogurt] = [SEED_PRODUCTS[0]!, SEED_PRODUCTS[1]!, SEED_PRODUCTS[5]!];

async function shot(name: string): Promise<void> {
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
  expect(await axeViolations(page), `accessibility of ${name}`).toEqual([]);
}

const printed = (name: string, width: '80mm' | '58mm') => printedText(page, ARTIFACTS, name, width);
const fitsTheRoll = () => fitsRoll(page);

/** The receipt's barcode on paper says `code`, whole, with its quiet zones, on the roll. */
async function expectBarcode(code: string): Promise<void> {
  expect(await printedBarcode(page)).toEqual({
    label: `Receipt barcode ${code}`,
    crisp: true,
    text: code,
    quietZones: MIN_QUIET_ZONES,
    withinPrintable: true,
  });
}

async function scan(...codes: string[]): Promise<void> {
  for (const code of codes) await page.keyboard.type(`${code}\n`);
}

describe.skipIf(!chromiumAvailable)(
  'receipts and day totals on paper (Chromium, pdftotext)',
  () => {
    beforeAll(async () => {
      till = await startTillInBrowser('receipts', { pollIntervalMs: 200, debounceMs: 50 });
      page = till.page;
      till.runtime.store.settings.update({ shopName: 'Corner Grocer', tillName: 'Front till' });
      // A browser's print opens the system dialog, which headless Chromium cannot show: the
      // page's calls are counted instead; what would print is checked with page.pdf().
      await page.addInitScript(
        'window.print = () => { window.printed = (window.printed ?? 0) + 1; }',
      );
      await page.reload();
      await page.locator('#product-search').waitFor();
    }, 60_000);

    afterAll(() => till?.close());

    it('prints a cash sale on an 80 mm roll: shop, till, receipt, lines, totals, change, state', async () => {
      await till!.sandbox.faults.set('outage=refuse'); // offline: the sale waits on the till
      await scan(loaf.barcode, loaf.barcode, croissant.barcode); // 2 x 4.50 + 1.75 = 10.75
      await page.locator('.cart tr[data-product]').nth(1).waitFor();
      await page.keyboard.press('F9');
      await page.keyboard.type('20');
      await page.keyboard.press('Enter');
      const number = (await page.getByTestId('receipt-number').textContent())!;
      const text = await printed('receipt-80mm', '80mm');
      for (const expected of [
        'Corner Grocer',
        'Front till',
        `Receipt ${number}`,
        'Sourdough loaf',
        '2 × $4.50',
        '$9.00',
        'Croissant',
        '$10.75',
        'Paid by cash',
        '$20.00',
        'Change',
        '$9.25',
        'not yet on the platform',
        `TSR${number.slice(1)}`, // the barcode's text, under its bars
      ])
        expect(text).toContain(expected);
      expect(await fitsTheRoll()).toBe(true);
      await expectBarcode(`TSR${number.slice(1)}`);
      await page.keyboard.press('Control+P');
      await expect.poll(() => page.evaluate('window.printed')).toBe(1);
    });

    it('prints on a 58 mm roll once the setting says so, and reprints from the Sync screen', async () => {
      await till!.sandbox.faults.set({});
      await tab('Settings').click();
      await page.getByLabel('Receipt paper').selectOption('58mm');
      await page.getByLabel('Print the receipt after every sale').check();
      await page.getByRole('button', { name: 'Save receipt and counter settings' }).click();
      await page.getByText('Receipt and counter settings saved.').waitFor();
      await shot('settings-counter');
      await tab('Sync').click();
      const row = page.locator('table.sales tr[data-receipt="1"]');
      await row.filter({ hasText: /synced/ }).waitFor({ timeout: 15_000 });
      await row.getByRole('button', { name: /Reprint/ }).click();
      await page.getByRole('region', { name: 'Receipt #1 to reprint' }).waitFor();
      await shot('reprint');
      await page.getByRole('button', { name: 'Print receipt #1', exact: true }).click();
      await expect.poll(() => page.evaluate('window.printed')).toBe(2);
      const text = await printed('receipt-58mm', '58mm');
      for (const expected of ['Corner Grocer', 'Receipt #1', 'Sourdough loaf', '$10.75', 'Change'])
        expect(text).toContain(expected);
      expect(text).toContain('Recorded on the platform'); // synced by now
      expect(text).toContain('TSR1');
      expect(await fitsTheRoll()).toBe(true);
      await expectBarcode('TSR1');
    });

    it("shows the day's totals, equal to the day's sales, and prints them", async () => {
      await tab('Till').click();
      await scan(yogurt.barcode);
      await page.locator('.cart tr[data-product]').first().waitFor();
      await page.getByRole('radio', { name: /mobile money/i }).check();
      await page.getByRole('button', { name: /^Charge/ }).click();
      await page.getByTestId('receipt-number').waitFor();
      // Printed by itself, as the setting asks (the desktop app prints silently).
      await expect.poll(() => page.evaluate('window.printed')).toBe(3);
      await tab('Today').click();
      const rows = page.locator('.today .day-rows');
      await expect.poll(() => rows.textContent()).toMatch(/Sales\s*2\s*\$14\.24/);
      const text = (await rows.textContent())!;
      expect(text).toMatch(/paid by cash\s*1\s*\$10\.75/);
      expect(text).toMatch(/paid by mobile money\s*1\s*\$3\.49/);
      expect(text).toMatch(/Cash expected in the drawer\s*\$10\.75/);
      await shot('today');
      const paper = await printed('day-58mm', '58mm');
      expect(paper).toContain('Day totals');
      expect(paper).toContain('Cash expected in the drawer $10.75');
      expect(await fitsTheRoll()).toBe(true);
    });
  },
);
