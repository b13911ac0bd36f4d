// The receipt printer and the cash drawer from the screens, in Chromium against a real agent
// and sandbox, with a fake ESC/POS printer on a real TCP port: set up in Settings, a cash
// sale printed and the drawer opened without the print dialog, a printer that refuses never
// holding up Charge, the waiting receipt shown on the Till screen and printed once on Retry.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_PRODUCTS } from '../../sandbox/seed-data.js';
import { artifactsFolder } from '../helpers/artifacts.js';
import { axeViolations, chromiumAvailable, requireChromiumInCi } from '../helpers/browser.js';
import { decodeEscPos } from '../helpers/escpos-decode.js';
import { printerBackAtRetry } from '../helpers/printer-retry.js';
import { fakePrinter, type FakePrinter } from '../helpers/fake-printer.js';
import { startTillInBrowser, type TillInBrowser } from '../helpers/till-in-browser.js';

const ARTIFACTS = artifactsFolder('printer');
requireChromiumInCi();

let till: TillInBrowser | undefined;
let page: TillInBrowser['page'];
const tab = (name: string) => page.getByRole('tab', { name: new RegExp(`^${name}`) });
const button = (name: string | RegExp) => page.getByRole('button', { name, exact: true });
const loaf = SEED_PRODUCTS[0]!; // Sourdough loaf, 4.50

async function shot(name: string): Promise<void> {
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
  expect(await axeViolations(page), `accessibility of ${name}`).toEqual([]);
}

/** What the fake printer printed since `from` bytes, as a printer would print it. */
function printedSince(printer: FakePrinter, from: number) {
  const decoded = decodeEscPos(printer.printed().subarray(from), 'epson-tm-t20iii');
  expect(decoded.unknown).toEqual([]);
  return decoded;
}

/** A loaf paid in cash with `tendered` typed after F9; the receipt number shown. */
async function cashSale(tendered: string): Promise<string> {
  await tab('Till').click();
  await page.locator('#product-search').focus();
  await page.keyboard.type(`${loaf.barcode}\n`);
  await page.locator('.cart tr[data-product]').first().waitFor();
  await page.keyboard.press('F9');
  await page.keyboard.type(tendered);
  await page.keyboard.press('Enter');
  // The scan took the last sale's receipt off the screen: the one shown is this sale's.
  const receipt = page.getByTestId('receipt-number');
  await receipt.waitFor();
  return (await receipt.textContent())!.replace('#', '');
}

const dialogs = () => page.evaluate<number>('window.printed ?? 0');
const notice = () => page.getByTestId('printer-notice');
/** Long enough for a slow, shared machine. */
const poll = <T>(read: () => T) => expect.poll(read, { timeout: 10_000 });

describe.skipIf(!chromiumAvailable)(
  'the receipt printer and the drawer (Chromium, fake printer)',
  () => {
    beforeAll(async () => {
      till = await startTillInBrowser('printer', { pollIntervalMs: 200, debounceMs: 50 });
      page = till.page;
      // The print dialog cannot show in headless Chromium: its calls are counted instead.
      await page.addInitScript(
        'window.print = () => { window.printed = (window.printed ?? 0) + 1; }',
      );
      await page.reload();
      await page.locator('#product-search').waitFor();
      page.setDefaultTimeout(10_000);
    }, 60_000);

    afterAll(() => till?.close());

    it('prints cash sales and opens the drawer on the printer, and a refusing printer never holds up a sale', async () => {
      const printer = await fakePrinter();
      const store = () => till!.runtime.store;

      // Settings: a bad address is refused at its field, nothing saved; then the fake printer.
      await tab('Settings').click();
      await poll(() => page.getByTestId('printer-state').textContent()).toContain('print dialog');
      await page.getByLabel('Printer address').fill('printer-on-the-left');
      await button('Save printer settings').click();
      await poll(() => page.locator('#printer-address-error').textContent()).toMatch(
        /"printer-on-the-left" is not one of tcp:\/\/HOST:9100/,
      );
      expect(store().settings.read().printerAddress).toBeNull();
      await page.getByLabel('Printer address').fill(printer.text);
      await page.getByLabel('Printer model').selectOption({ label: 'Epson TM-T20III' });
      await page.getByLabel('A cash drawer is plugged into the printer').check();
      expect(await page.getByLabel('Open the drawer after a sale paid in cash').isChecked()).toBe(
        true,
      );
      await button('Save printer settings').click();
      await page.getByText('Printer settings saved.').waitFor();
      await page.getByLabel('Print the receipt after every sale').check();
      await button('Save receipt and counter settings').click();
      await page.getByText('Receipt and counter settings saved.').waitFor();
      expect(store().settings.read()).toMatchObject({
        printerAddress: printer.text,
        printerProfile: 'epson-tm-t20iii',
        cashDrawer: true,
        openDrawerAfterCash: true,
        printAfterSale: true,
      });
      // The test page's answer held until the page printed and the agent's event said so on
      // screen: an answer that comes after the event (a busy machine) must not take the
      // screen back to "Not tried yet" (it did, and nothing came after to correct it).
      const ready = `${printer.text}: Ready`;
      await page.route(
        '**/api/printTestPage',
        async (route) => {
          const answer = await route.fetch();
          await poll(() => page.getByTestId('printer-state').textContent()).toBe(ready);
          await route.fulfill({ response: answer });
        },
        { times: 1 },
      );
      await button('Print test page').click();
      await page.getByText('Test page sent to the printer.').waitFor();
      expect(await page.getByTestId('printer-state').textContent()).toBe(ready);
      expect(printedSince(printer, 0).cuts).toBe(1);
      await shot('settings-printer');

      // A cash sale: the receipt on the printer with its total and change, the drawer pulsed on
      // both pins, and no print dialog.
      let from = printer.printed().length;
      const first = await cashSale('20');
      await poll(() => printedSince(printer, from).cuts).toBe(1);
      const sale = printedSince(printer, from);
      const text = sale.lines.join('\n');
      expect(text).toContain(`Receipt #${first}`);
      expect(text).toMatch(/Total +\$4\.50/);
      expect(text).toMatch(/Paid by cash +\$20\.00\nChange +\$15\.50/);
      expect(sale.barcodes).toEqual([`TSR${first}`]);
      expect(new Set(sale.pulses.map((pulse) => pulse.pin))).toEqual(new Set([0, 1]));
      expect(await dialogs()).toBe(0);
      await poll(() => notice().count()).toBe(0);

      // The printer goes off: Charge answers at once, the next sale can be rung up, and the
      // Till screen says what waits and why.
      await printer.behave('refuse');
      from = printer.printed().length;
      const started = Date.now();
      const second = await cashSale('5');
      expect(Date.now() - started).toBeLessThan(3000);
      await page.keyboard.type(`${loaf.barcode}\n`);
      await poll(() => page.locator('.cart tr[data-product]').count()).toBe(1);
      await poll(() => notice().textContent()).toContain(
        'Printer not printing: 1 print job waiting.',
      );
      await poll(() => notice().textContent()).toMatch(/Trying again in \d+ s\./);
      expect(await notice().textContent()).toMatch(
        new RegExp(`The printer at ${printer.text.replace(/[.:/]/g, '\\$&')}`),
      );
      await expect(
        notice().getByRole('list', { name: 'Waiting to print' }).textContent(),
      ).resolves.toContain(`Receipt #${second}`);
      expect(store().waitingPrintJobs()).toHaveLength(1);
      await shot('till-printer-waiting');

      // Back on: Retry now prints the waiting receipt once, and the notice goes.
      await printerBackAtRetry(page, printer);
      await button('Retry now').click();
      await poll(() => notice().count()).toBe(0);
      await poll(() => printedSince(printer, from).cuts).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 1500)); // a second copy would be here by now
      const retried = printedSince(printer, from);
      expect(retried.cuts).toBe(1);
      expect(retried.barcodes).toEqual([`TSR${second}`]);
      expect(retried.lines.join('\n')).toMatch(/Change +\$0\.50/);
      expect(store().waitingPrintJobs()).toEqual([]);

      // Off again: a waiting receipt printed through the dialog instead leaves the queue, so
      // the printer does not print it too when it comes back.
      await printer.behave('refuse');
      from = printer.printed().length;
      const third = await cashSale('20');
      await button(`Print with the dialog instead: Receipt #${third}`).click();
      await poll(() => dialogs()).toBe(1);
      await poll(() => notice().count()).toBe(0);
      expect(store().waitingPrintJobs()).toEqual([]);
      await printer.behave('normal');

      // "No sale" beside the till: its reason is required, then the drawer pulses alone.
      from = printer.printed().length;
      await button('No sale: open the drawer').click();
      await button('Save no sale').click();
      await poll(() => page.locator('#drawer-reason-error').textContent()).toContain('Reason');
      await page.getByLabel('Reason').fill('change for a customer');
      await button('Save no sale').click();
      await page.getByText('No sale saved: change for a customer.').waitFor();
      await poll(() => printedSince(printer, from).pulses.length).toBe(2);
      expect(new Set(printedSince(printer, from).pulses.map((pulse) => pulse.pin))).toEqual(
        new Set([0, 1]),
      );
      expect(printedSince(printer, from).cuts).toBe(0);

      // A reprint from the Sync screen is a job for the printer too, not the dialog.
      from = printer.printed().length;
      await tab('Sync').click();
      await page
        .locator(`table.sales tr[data-receipt="${first}"]`)
        .getByRole('button', { name: /Reprint/ })
        .click();
      await button(`Print receipt #${first}`).click();
      await page.getByText(`Receipt #${first} sent to the printer.`).waitFor();
      await poll(() => printedSince(printer, from).barcodes).toEqual([`TSR${first}`]);
      expect(await dialogs()).toBe(1); // the one above, by a person's choice

      // The X report goes to the printer too, its figures as they are now.
      from = printer.printed().length;
      await tab('Today').click();
      await button('X report').click();
      await button('Print the X report').click();
      await poll(() => printedSince(printer, from).cuts).toBe(1);
      expect(printedSince(printer, from).lines.join('\n')).toMatch(/X REPORT \(shift still open\)/);
      expect(await dialogs()).toBe(1);
    }, 90_000);

    it('shows an address set by TILLSYNC_PRINTER read-only, with where it is set, and prints there', async () => {
      const printer = await fakePrinter();
      const envFile = join(till!.dataDir, 'tillsync.env');
      writeFileSync(envFile, `TILLSYNC_PRINTER=${printer.text}\n`);
      try {
        await page.reload();
        await tab('Settings').click();
        const field = page.getByLabel('Printer address');
        await poll(() => field.inputValue()).toBe(printer.text);
        expect(await field.isDisabled()).toBe(true);
        expect(await page.locator('#printer-address-hint').textContent()).toBe(
          'Set by TILLSYNC_PRINTER in tillsync.env: change it there.',
        );
        // The other printer settings still save; the address stays the environment's.
        await page.getByLabel('Printer model').selectOption({ label: 'Epson TM-T88VI' });
        await button('Save printer settings').click();
        await page.getByText('Printer settings saved.').waitFor();
        expect(till!.runtime.store.settings.read().printerProfile).toBe('epson-tm-t88vi');
        await button('Print test page').click();
        await poll(() => decodeEscPos(printer.printed(), 'epson-tm-t88vi').cuts).toBe(1);
        await shot('settings-printer-locked');
      } finally {
        rmSync(envFile, { force: true });
      }
    }, 60_000);
  },
);
