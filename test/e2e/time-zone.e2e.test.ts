// The shop's time zone on the screens, in Chromium through the console: chosen in Settings,
// it moves the Today screen's day and the times shown to the agent's zone, whatever the
// browser's own zone says.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayOf } from '../../domain/time-zone.js';
import { SEED_PRODUCTS } from '../../sandbox/seed-data.js';
import { axeViolations, chromiumAvailable, requireChromiumInCi } from '../helpers/browser.js';
import { sell, startTillInBrowser, type TillInBrowser } from '../helpers/till-in-browser.js';

requireChromiumInCi();

const product = SEED_PRODUCTS[0]!;

describe.skipIf(!chromiumAvailable)("the shop's time zone on screen (Chromium)", () => {
  let till: TillInBrowser | undefined;
  const page = () => till!.page;
  const tab = (name: string) => page().getByRole('tab', { name: new RegExp(`^${name}`) });

  beforeAll(async () => {
    till = await startTillInBrowser('zone', { pollIntervalMs: 600_000, debounceMs: 10_000 });
  }, 120_000);
  afterAll(() => till?.close());

  it("shows today's date and the shift's time in the zone set, not the browser's", async () => {
    await sell(page(), product.name); // opens the shift by itself
    const browserZone = await page().evaluate(
      () => Intl.DateTimeFormat().resolvedOptions().timeZone,
    );
    // +14 h or -11 h: whichever is on another date than the browser now.
    const now = Date.now();
    const zone = ['Pacific/Kiritimati', 'Pacific/Pago_Pago'].find(
      (one) => dayOf(now, one) !== dayOf(now, browserZone),
    )!;

    await tab('Settings').click();
    await page().getByLabel("The shop's time zone").selectOption(zone);
    await page().getByRole('button', { name: 'Save time zone' }).click();
    await expect
      .poll(() => page().locator('form[aria-labelledby="time-zone-title"]').textContent())
      .toContain(`Time zone saved: days and times now follow ${zone}.`);
    expect(till!.runtime.store.settings.read().timeZone).toBe(zone);
    expect(await axeViolations(page()), 'accessibility of Settings').toEqual([]);

    await tab('Today').click();
    const today = dayOf(Date.now(), zone);
    await expect.poll(() => page().getByLabel('Day', { exact: true }).inputValue()).toBe(today);
    const openedAt = till!.runtime.store.shifts.current()!.openedAt;
    const [inZone, inBrowser] = await page().evaluate(
      ([ms, shop]) => [
        new Date(ms).toLocaleString(undefined, { timeZone: shop }),
        new Date(ms).toLocaleString(),
      ],
      [openedAt, zone] as const,
    );
    expect(inZone).not.toBe(inBrowser);
    await expect
      .poll(() => page().getByTestId('shift-summary').textContent())
      .toContain(`since ${inZone}`);
    // The day's totals are that date's, in that zone: the sale just made is in them.
    await expect
      .poll(() => page().locator('.today').textContent())
      .toMatch(new RegExp(`Sales\\s*1\\s*\\$${(product.priceMinor / 100).toFixed(2)}`));
  });
});
