// How the status a cashier sees follows news, and its absence, in Chromium through the
// console against a real sandbox: a screen that hears nothing stops saying online by its own
// clock; a refused key turns the banner (and `tillsync status`) to "Key rejected" at once,
// before any sale; a notice about a refused sale lasts only while it is true.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncStatus } from '../../domain/sync-status.js';
import { axeViolations, chromiumAvailable, requireChromiumInCi } from '../helpers/browser.js';
import { runCli } from '../helpers/cli.js';
import {
  sell as sellOn,
  startTillInBrowser,
  waitForPage,
  type TillInBrowser,
} from '../helpers/till-in-browser.js';

requireChromiumInCi();

let till: TillInBrowser | undefined;
let sandbox: TillInBrowser['sandbox'];
let runtime: TillInBrowser['runtime'];
let consoleServer: TillInBrowser['consoleServer'];
let browser: TillInBrowser['browser'];
let page: TillInBrowser['page'];

const banner = () => page.locator('.banner');
const tab = (name: string) => page.getByRole('tab', { name: new RegExp(`^${name}`) });
const text = async (testId: string) => (await page.getByTestId(testId).textContent()) ?? '';
const waitFor = (check: () => Promise<boolean>, what: string, timeoutMs?: number) =>
  waitForPage(page, check, what, timeoutMs);
const sell = (productName: string) => sellOn(page, productName);

describe.skipIf(!chromiumAvailable)('the status as news comes and goes, in Chromium', () => {
  beforeAll(async () => {
    till = await startTillInBrowser('status-news-e2e', {
      backoffBaseMs: 300,
      backoffCapMs: 1000,
      pollIntervalMs: 200,
      probeIntervalMs: 200,
      idleCheckMs: 1000,
      debounceMs: 50,
      // Longer than the 1.5 s latency the Retry test adds: its sale must be refused again,
      // not time out, however busy the machine is.
      requestTimeoutMs: 8000,
    });
    ({ sandbox, runtime, consoleServer, browser, page } = till);
    await page.getByRole('button', { name: /^Add Croissant/ }).waitFor();
  }, 60_000);

  afterAll(() => till?.close());

  it('a screen left without news stops saying online once the last answer is 90 s old', async () => {
    const context = await browser.newContext();
    const visit = await context.newPage();
    try {
      // This page reads the status once and then hears nothing: no events reach it.
      await visit.route('**/api/events', (route) => route.abort());
      await visit.goto(consoleServer.loginUrl);
      const shown = () => visit.locator('.banner');
      await waitForPage(
        visit,
        async () => (await shown().getAttribute('data-link')) === 'online',
        'online',
      );
      // Its own clock moves on 100 s: the status it holds is now old news.
      await visit.clock.install();
      await visit.clock.fastForward(100_000);
      await waitForPage(
        visit,
        async () => (await shown().getAttribute('data-link')) === 'checking',
        'the banner to stop saying online',
      );
      expect(await shown().innerText()).toMatch(/^Checking the platform: no answer for 2 min\./);
      expect(await shown().getAttribute('data-state')).toBe('warning');
    } finally {
      await context.close();
    }
  });

  it('says what Retry did while it is true, and turns the banner to "Key rejected" with a refused key', async () => {
    const receipt = await sell('Local cheese');
    await tab('Sync').click();
    const refusedSale = page.locator(`li.refused[data-receipt="${receipt}"]`);
    await refusedSale.waitFor({ timeout: 15_000 });
    expect(await banner().getAttribute('data-state')).toBe('warning');
    // The retried sale waits, out of the platform's reach, until its notice has been read.
    await sandbox.faults.set({ outage: 'refuse' });
    await refusedSale.getByRole('button', { name: 'Retry' }).click();
    const notice = () => page.getByTestId('sync-notice');
    await waitFor(
      async () =>
        new RegExp(`Receipt #${receipt} queued again`).test((await notice().textContent()) ?? ''),
      'the retry notice',
    );
    await sandbox.faults.set({});
    // Refused again: the notice goes with the state it described, and the sale is back.
    await refusedSale.waitFor({ timeout: 15_000 });
    await waitFor(async () => (await notice().count()) === 0, 'the notice to go');

    await tab('Settings').click();
    await page.getByLabel('New API key').fill('garbage-key');
    await page.getByRole('button', { name: 'Save key' }).click();
    await waitFor(
      async () => /refused the API key/.test(await text('key-feedback')),
      'the key check',
    );
    expect(await text('key-feedback')).toMatch(/^Key saved\. .* refused the API key/);
    // At once, with no sale sent: the banner, the status as read, and `tillsync status`.
    await waitFor(
      async () => (await banner().getAttribute('data-link')) === 'key_rejected',
      'the banner to say the key was rejected',
    );
    expect(await banner().innerText()).toMatch(/^Key rejected: the platform refused the API key/);
    expect(await banner().getAttribute('data-state')).toBe('error');
    expect(runtime.status().link).toBe('key_rejected');
    const env = { TILLSYNC_DATA_DIR: till!.dataDir };
    const json = await runCli(['status', '--json'], { env });
    expect((JSON.parse(json.stdout) as { sync: SyncStatus }).sync).toMatchObject({
      link: 'key_rejected',
      apiKey: { set: true },
    });
    const said = (await runCli(['status'], { env })).stdout;
    expect(said).toMatch(/^ {2}api key {4}set, refused by the platform$/m);
    expect(said).toMatch(/^ {2}sync {7}Key rejected: /m);
    expect(await axeViolations(page)).toEqual([]);
  });
});
