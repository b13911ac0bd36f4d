// `tillsync day` on a till set to Berlin, run by a process whose own zone is UTC: the day is
// Berlin's, 25 hours long the night clocks go back.
import { describe, expect, it } from 'vitest';
import { openStore } from '../../db/store.js';
import type { ShiftSummary } from '../../domain/shift.js';
import { reportClock } from '../../domain/views/shift-report-view.js';
import { runCli } from '../helpers/cli.js';
import { checked, validSale } from '../helpers/sales.js';
import { tempDir } from '../helpers/temp-dir.js';
import { configurePlatform } from '../helpers/platform-till.js';

const at = (iso: string) => Date.parse(iso);

/** Sales at instants either side of Berlin's 2026-10-25 (22:00 UTC the 24th to 23:00 the 25th). */
async function tillWithSales() {
  const dataDir = tempDir();
  const file = await configurePlatform(dataDir);
  const store = openStore(file);
  const sell = (cents: number, iso: string) => {
    const input = validSale({
      items: [{ productId: 'prod_8Hq2x', quantity: 1, unitPriceMinor: cents }],
    });
    const result = store.recordSale(checked(input), { now: at(iso) });
    if (!result.ok) throw new Error(result.error.message);
  };
  sell(1, '2026-10-24T21:59:59.999Z'); // 23:59 on the 24th in Berlin
  sell(10, '2026-10-24T22:00:00Z'); // 00:00 on the 25th
  sell(20, '2026-10-25T00:30:00Z'); // 02:30 summer time
  sell(40, '2026-10-25T01:30:00Z'); // 02:30 winter time
  sell(80, '2026-10-25T22:59:59.999Z'); // 23:59 on the 25th (the 25th in UTC too)
  sell(1000, '2026-10-25T23:00:00Z'); // 00:00 on the 26th: still the 25th in UTC
  store.close();
  return { TILLSYNC_DATA_DIR: dataDir, TZ: 'UTC' };
}

describe('tillsync day in the till’s time zone', () => {
  it('counts the 25 hours of Berlin’s 2026-10-25 with the process in UTC', async () => {
    const env = await tillWithSales();
    const set = await runCli(['settings', 'set', '--time-zone', 'europe/berlin'], { env });
    expect(set.code).toBe(0);
    expect(set.stdout).toMatch(/time zone\s+Europe\/Berlin/);

    const json = await runCli(['day', '2026-10-25', '--json'], { env });
    expect(json.code).toBe(0);
    const day = JSON.parse(json.stdout) as { from: number; to: number };
    expect(day).toMatchObject({
      date: '2026-10-25',
      timeZone: 'Europe/Berlin',
      from: at('2026-10-24T22:00:00Z'),
      to: at('2026-10-25T23:00:00Z'),
      sales: { count: 4, totalMinor: 150 },
    });

    const text = await runCli(['day', '2026-10-25'], { env });
    expect(text.stdout).toContain('2026-10-25 (Europe/Berlin, 25 hours: the clocks changed)');
    expect(text.stdout).toMatch(/Sales\s+4\s+\$1\.50/);

    // Back to the computer's zone (UTC here): the same date is another 24 hours.
    await runCli(['settings', 'set', '--time-zone', ''], { env });
    const utc = await runCli(['day', '--date', '2026-10-25', '--json'], { env });
    expect(JSON.parse(utc.stdout)).toMatchObject({
      timeZone: 'UTC',
      sales: { count: 4, totalMinor: 1140 },
    });
  });

  it("writes the X report's and the shift's times in the till's zone", async () => {
    const env = { TILLSYNC_DATA_DIR: tempDir(), TZ: 'UTC' };
    expect((await runCli(['settings', 'set', '--time-zone', 'Asia/Kolkata'], { env })).code).toBe(
      0,
    );
    const open = await runCli(['shift', 'open', '--float', '10.00', '--json'], { env });
    const { openedAt } = JSON.parse(open.stdout) as ShiftSummary;
    const kolkata = reportClock('Asia/Kolkata').dateTime(openedAt);
    expect(kolkata).not.toBe(reportClock('UTC').dateTime(openedAt));
    const x = await runCli(['shift', 'x'], { env });
    expect(x.stdout).toMatch(new RegExp(`Opened\\s+${kolkata}`));
    const shown = new Date(openedAt).toLocaleString(undefined, { timeZone: 'Asia/Kolkata' });
    const status = await runCli(['status'], { env });
    expect(status.stdout).toContain(`since ${shown}`);
  });

  it('refuses a zone that is not one, naming the setting, and keeps the one set', async () => {
    const env = { TILLSYNC_DATA_DIR: tempDir(), TZ: 'UTC' };
    const run = await runCli(['settings', 'set', '--time-zone', 'Berlin'], { env });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('timeZone');
    expect(run.stderr).toContain('must be a time zone like Europe/Berlin');
    const shown = await runCli(['settings', 'show'], { env });
    expect(shown.stdout).toMatch(/time zone\s+UTC \(the computer's\)/);
  });
});
