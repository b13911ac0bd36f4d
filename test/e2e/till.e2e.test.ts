import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyBackup } from '../../db/backup.js';
import { latestBackup } from '../../main/housekeeping/daily-backups.js';
import { axeViolations, chromiumAvailable, requireChromiumInCi } from '../helpers/browser.js';
import { artifactsFolder } from '../helpers/artifacts.js';
import {
  sell as sellOn,
  startTillInBrowser,
  type TillInBrowser,
} from '../helpers/till-in-browser.js';

const SCREENSHOTS = artifactsFolder('screenshots');
const available = chromiumAvailable;
requireChromiumInCi();

let till: TillInBrowser | undefined;
let dataDir: TillInBrowser['dataDir'];
let sandbox: TillInBrowser['sandbox'];
let key: string;
let runtime: TillInBrowser['runtime'];
let page: TillInBrowser['page'];

const banner = () => page.locator('.banner');
const tab = (name: string) => page.getByRole('tab', { name: new RegExp(`^${name}`) });
const saleRow = (receipt: string) => page.locator(`table.sales tr[data-receipt="${receipt}"]`);
// Run in the page (a string: the browser's DOM is not this Node program's).
const UNLABELLED_CONTROLS = `[...document.querySelectorAll('input, select, textarea')]
  .filter((el) => !el.labels?.length && !el.getAttribute('aria-label'))
  .map((el) => el.outerHTML)`;
/** A screenshot of a screen in a state, which must also pass axe-core with no violation. */
async function shot(name: string): Promise<void> {
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
  expect(await axeViolations(page), `accessibility of ${name}`).toEqual([]);
}

const sell = (productName: string) => sellOn(page, productName);

async function waitForText(
  locator: ReturnType<Page['locator']>,
  pattern: RegExp,
  timeout = 15_000,
): Promise<void> {
  await locator.filter({ hasText: pattern }).first().waitFor({ timeout });
}

describe.skipIf(!available)(
  'the till UI in Chromium, through the console, against a real sandbox',
  () => {
    beforeAll(async () => {
      till = await startTillInBrowser('e2e', {
        backoffBaseMs: 50,
        backoffCapMs: 300,
        pollIntervalMs: 200,
        probeIntervalMs: 200,
        debounceMs: 50,
        requestTimeoutMs: 2000,
      });
      ({ dataDir, sandbox, key, runtime, page } = till);
    }, 60_000);

    afterAll(() => till?.close());

    it('logs in with the link and shows the till: catalog, cart, payment, total', async () => {
      await page.getByRole('button', { name: /^Add Sourdough loaf/ }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/'); // the token left the address bar
      await page.getByLabel('Search products').fill('yog');
      await page.getByRole('button', { name: /^Add Greek yogurt/ }).click();
      await page.getByRole('button', { name: /^Add Greek yogurt/ }).click();
      await page.getByLabel('Quantity of Greek yogurt 500 g').fill('3');
      expect(await page.getByTestId('cart-total').textContent()).toBe('$10.47');
      await page.getByLabel('Customer (optional): name or phone').fill('Amina');
      await page.getByRole('button', { name: /^Amina Njoroge/ }).click();
      await page.getByRole('radio', { name: /mobile money/i }).check();
      await shot('till');
      await page.getByRole('button', { name: 'Charge $10.47' }).click();
      expect(await page.getByTestId('receipt-number').textContent()).toBe('#1');
      await page.getByLabel('Search products').fill('');
    });

    it('sells while the platform is down: the sale is waiting and the banner says offline', async () => {
      await sandbox.faults.set('outage=refuse');
      const receipt = await sell('Sourdough loaf');
      await tab('Sync').click();
      await waitForText(banner(), /Offline: the platform cannot be reached/);
      await waitForText(saleRow(receipt), /pending/);
      await shot('sync-offline');
    });

    it('turns the sale synced when the platform is back, without a reload', async () => {
      await sandbox.faults.set({});
      await waitForText(page.locator('table.sales tr[data-receipt]').first(), /synced/);
      await waitForText(banner(), /Online/);
      expect(await page.getByTestId('count-waiting').textContent()).toBe('0');
      expect(sandbox.countSales()).toBe(2);
    });

    it('marks a sale whose answer was lost as uncertain, and clears it once the platform replays it', async () => {
      await sandbox.faults.set({ commitThenDrop: 1 }); // stored, then the connection is cut
      const receipt = await sell('Croissant');
      await tab('Sync').click();
      await waitForText(saleRow(receipt), /may be on the platform/);
      await waitForText(page.getByTestId('count-uncertain'), /^[1-9]/);
      await waitForText(
        page.locator('.sync'),
        /sent without an answer may already be on the platform/,
      );
      await shot('sync-uncertain');
      await sandbox.faults.set({});
      // The resend under the same key is answered as a replay: stored once, no doubt left.
      await waitForText(saleRow(receipt), /synced/);
      await waitForText(page.getByTestId('count-uncertain'), /^0$/);
      expect(await saleRow(receipt).textContent()).not.toMatch(/may be on the platform/);
    });

    it('shows a refused sale with the reason; Edit fixes it and it syncs', async () => {
      const receipt = await sell('Local cheese');
      await tab('Sync').click();
      const refusedSale = page.locator(`li.refused[data-receipt="${receipt}"]`);
      await waitForText(
        refusedSale,
        /HTTP 422: The sale is not valid \(\/items\/0\/productId: no product prod_local_only\)/,
      );
      await waitForText(tab('Sync'), /1 to fix/);
      await waitForText(
        banner(),
        /Online: every other sale has been sent\. 1 refused sale needs you on the Sync screen\./,
      );
      expect(await banner().getAttribute('data-state')).toBe('warning'); // amber, never green
      await shot('sync-refused');
      await refusedSale.getByRole('button', { name: 'Edit' }).click();
      // The price as charged, exact; one that is no amount of the currency is refused here.
      const price = refusedSale.getByLabel('Price');
      await waitForText(refusedSale, /Charged \$5\.00 each/);
      expect(await price.inputValue()).toBe('5.00');
      await price.fill('5.005');
      await refusedSale.getByRole('button', { name: 'Save and send again' }).click();
      await waitForText(refusedSale, /Price has 3 decimals \(5\.005\), but USD has 2/);
      await waitForText(refusedSale, /Nothing was sent: fix the fields marked\./);
      await waitForText(tab('Sync'), /1 to fix/);
      await price.fill('5');
      await refusedSale.getByLabel('Product id').fill('prod_8Hq2x');
      // The notice holds while the sale waits, and goes once it is sent: the platform is
      // kept out of reach until the notice has been read, so it cannot go before it is seen.
      await sandbox.faults.set({ outage: 'refuse' });
      await refusedSale.getByRole('button', { name: 'Save and send again' }).click();
      await refusedSale.waitFor({ state: 'detached', timeout: 15_000 });
      await waitForText(
        page.getByTestId('sync-notice'),
        new RegExp(`Receipt #${receipt} corrected \\(revision 2\\) and queued`),
      );
      await sandbox.faults.set({});
      await waitForText(saleRow(receipt), /synced/);
      await page.getByTestId('sync-notice').waitFor({ state: 'detached', timeout: 15_000 });
    });

    it('asks for a reason before discarding a refused sale', async () => {
      const receipt = await sell('Local cheese');
      await tab('Sync').click();
      const refusedSale = page.locator(`li.refused[data-receipt="${receipt}"]`);
      await waitForText(refusedSale, /no product prod_local_only/);
      await refusedSale.getByRole('button', { name: 'Discard' }).click();
      await refusedSale.getByRole('button', { name: 'Discard sale' }).click();
      await waitForText(refusedSale.getByRole('alert'), /must say why the sale is discarded/);
      await refusedSale.getByLabel(/Why discard this sale/).fill('Cheese was a tasting sample');
      await refusedSale.getByRole('button', { name: 'Discard sale' }).click();
      await refusedSale.waitFor({ state: 'detached', timeout: 15_000 });
      await waitForText(
        page.getByTestId('sync-notice'),
        new RegExp(`Receipt #${receipt} discarded: it stays on record`),
      );
      await waitForText(saleRow(receipt), /discarded/);
    });

    it('says the key was rejected when it is revoked, and resumes with a new key', async () => {
      await sandbox.revokeKey(key);
      const receipt = await sell('Croissant');
      await tab('Sync').click();
      await waitForText(banner(), /Key rejected: the platform refused the API key/);
      await waitForText(saleRow(receipt), /pending/);
      await shot('sync-key-rejected');
      await tab('Settings').click();
      const fresh = await sandbox.mintKey({ scope: 'sales:write sales:read', subject: 'till_e2e' });
      await page.getByLabel('New API key').fill(fresh);
      await page.getByRole('button', { name: 'Save key' }).click();
      await waitForText(page.getByRole('status'), /Key saved/);
      await waitForText(
        page.getByTestId('key-state'),
        /A key is set, valid until .* \(scopes: sales:write, sales:read\), kept in a file only this user can read/,
      );
      await shot('settings');
      await tab('Sync').click();
      await waitForText(saleRow(receipt), /synced/);
      await waitForText(banner(), /Online/);
      expect(await page.content()).not.toContain(fresh);
    });

    it('imports a catalog file, and reports each bad row without importing anything', async () => {
      await tab('Settings').click();
      const file = page.getByLabel('Import products from a file');
      await file.setInputFiles({
        name: 'catalog.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(
          'id,name,price,category\nprod_tea,Green tea,3.20,Drinks\nprod_bad,,1.5,\n"prod two",Odd id,2,\n',
        ),
      });
      await page.getByRole('button', { name: 'Import', exact: true }).click();
      const errors = page.getByTestId('import-errors');
      await waitForText(errors, /\/products\/1\/name: line 3: must not be empty/);
      await waitForText(errors, /\/products\/2\/id: line 4: must not contain spaces/);
      expect(runtime.store.searchProducts('Green tea')).toEqual([]);
      await file.setInputFiles({
        name: 'catalog.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from('id,name,price\nprod_tea,Green tea,3.20\n'),
      });
      await page.getByRole('button', { name: 'Import', exact: true }).click();
      await waitForText(page.getByRole('status'), /Imported 1 product and 0 customers\./);
      await tab('Till').click();
      await page.getByRole('button', { name: /^Add Green tea, \$3\.20/ }).waitFor();
    });

    it('keeps the backup setting, refuses a bad one, and backs up on request', async () => {
      await tab('Settings').click();
      const kept = page.getByLabel('Daily backups to keep');
      await kept.fill('400');
      await page.getByRole('button', { name: 'Save backup settings' }).click();
      // The browser itself refuses the value before anything is sent.
      const overflow = (el: unknown) =>
        (el as { validity: { rangeOverflow: boolean } }).validity.rangeOverflow;
      expect(await kept.evaluate(overflow)).toBe(true);
      expect(runtime.store.settings.read().backupsKept).toBe(7);
      await kept.fill('3');
      await page.getByRole('button', { name: 'Save backup settings' }).click();
      await waitForText(page.getByRole('status'), /Backup settings saved/);
      expect(runtime.store.settings.read().backupsKept).toBe(3);

      await page.getByRole('button', { name: 'Back up now' }).click();
      await waitForText(
        page.getByRole('status'),
        /Backed up \d+ sales? to .*tillsync-\d{8}T\d{6}Z\.db/,
      );
      const state = page.getByTestId('backup-state');
      await waitForText(state, /Last backup .*, in .*backups/);
      const made = verifyBackup(latestBackup(dataDir)!.file);
      const recorded = runtime.store.database.sqlite
        .prepare('select count(*) as n from sales')
        .get() as { n: number };
      expect(recorded.n).toBeGreaterThan(0);
      expect(made.sales).toBe(recorded.n);
    });

    it('exports the sales of a period from the Sync screen as a CSV download', async () => {
      await tab('Sync').click();
      const dayOf = (date: Date) =>
        `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
      const day = dayOf(new Date());
      const yesterday = dayOf(new Date(Date.now() - 86_400_000)); // a run across midnight
      await page.getByLabel('From').fill(day);
      await page.getByLabel('To (included)').fill('2020-01-01');
      await page.getByRole('button', { name: 'Export', exact: true }).click();
      await waitForText(page.locator('form.export'), /must be after the start/);

      await page.getByLabel('From').fill(yesterday);
      await page.getByLabel('To (included)').fill(day);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export', exact: true }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`tillsync-sales-${yesterday}-to-${day}.csv`);
      const file = join(dataDir, 'downloaded.csv');
      await download.saveAs(file);
      const text = readFileSync(file, 'utf8');
      const recorded = runtime.store.database.sqlite
        .prepare('select count(*) as n from sale_items')
        .get() as { n: number };
      expect(text.startsWith('\uFEFFreceipt,sale_id,date,')).toBe(true);
      expect(text.trimEnd().split('\r\n')).toHaveLength(1 + recorded.n);
      await waitForText(page.getByRole('status'), /Exported \d+ sales? to tillsync-sales-/);
    });

    it('Resync now says what it did', async () => {
      await tab('Sync').click();
      await page.getByRole('button', { name: 'Resync now' }).click();
      await waitForText(
        page.getByRole('status'),
        /Resync done: \d+ sent, \d+ refused, \d+ still waiting\./,
      );
      await shot('sync-resync');
    });

    it('labels every control, and works from the keyboard', async () => {
      for (const screen of ['Till', 'Today', 'Sync', 'Settings']) {
        await tab(screen).click();
        const unlabelled = await page.evaluate(UNLABELLED_CONTROLS);
        expect(unlabelled, `unlabelled controls on ${screen}`).toEqual([]);
      }
      await tab('Till').click();
      await page.getByLabel('Search products').fill('croissant');
      await page.getByLabel('Search products').press('Enter');
      await page.locator('.cart tr[data-product]').first().waitFor(); // looked up in turn
      await page.getByRole('button', { name: /^Charge/ }).focus();
      await page.keyboard.press('Enter');
      await page.getByTestId('receipt-number').waitFor();
      // Scanner mode: the search field has the focus again, for the next customer.
      expect(await page.evaluate('document.activeElement?.id')).toBe('product-search');
    });
  },
);
