// The Settings screen's monitoring section in Chromium, through the console, on a till
// against a real sandbox: what a chain's IT person does to connect a till to Prometheus.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactsFolder } from '../helpers/artifacts.js';
import { axeViolations, chromiumAvailable, requireChromiumInCi } from '../helpers/browser.js';
import { startTillInBrowser, type TillInBrowser } from '../helpers/till-in-browser.js';

requireChromiumInCi();
let till: TillInBrowser;

describe.skipIf(!chromiumAvailable)('monitoring settings in the till UI', () => {
  beforeAll(async () => {
    till = await startTillInBrowser('monitoring', { pollIntervalMs: 200 });
  });
  afterAll(async () => till?.close());

  it("serves the till's metrics once an endpoint is saved, and refuses one others could read", async () => {
    const { page, runtime } = till;
    await page.getByRole('tab', { name: /^Settings/ }).click();
    const form = page.locator('form[aria-labelledby="monitoring-title"]');
    const shows = (pattern: RegExp) =>
      form.filter({ hasText: pattern }).waitFor({ timeout: 15_000 });
    const endpoint = page.getByLabel('Prometheus endpoint (host:port)');
    const save = () => page.getByRole('button', { name: 'Save monitoring settings' }).click();

    await endpoint.fill('0.0.0.0:9464');
    await save();
    await shows(/TILLSYNC_METRICS_TOKEN/);
    expect(runtime.metricsUrl).toBeUndefined();

    await endpoint.fill('127.0.0.1:0');
    await save();
    await shows(/Monitoring settings saved/);
    await shows(/Serving http:\/\/127\.0\.0\.1:\d+\/metrics/);
    expect(await (await fetch(runtime.metricsUrl!)).text()).toMatch(/tillsync_sales_waiting\{/);
    await page.screenshot({
      path: join(artifactsFolder('screenshots'), 'settings-monitoring.png'),
      fullPage: true,
    });
    expect(await axeViolations(page)).toEqual([]);

    await endpoint.fill('');
    await save();
    await shows(/Empty: off/);
    expect(runtime.metricsUrl).toBeUndefined();
  });
});
