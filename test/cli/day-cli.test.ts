import { describe, expect, it } from 'vitest';
import { localDay } from '../helpers/days.js';
import { openStore } from '../../db/store.js';
import { runCli } from '../helpers/cli.js';
import type { NewSaleInput } from '../../domain/new-sale.js';
import { checked, validSale } from '../helpers/sales.js';
import { tempDir } from '../helpers/temp-dir.js';
import { configurePlatform } from '../helpers/platform-till.js';

/** A till on a platform with three sales on 2026-11-21 (one refused) and one the day after. */
async function tillWithADay() {
  const dataDir = tempDir();
  const file = await configurePlatform(dataDir);
  const store = openStore(file);
  const noon = localDay('2026-11-21')!.from + 12 * 3_600_000;
  const record = (input: NewSaleInput, now: number) => {
    const result = store.recordSale(checked(input), { now });
    if (!result.ok) throw new Error(result.error.message);
    return result.value.saleId;
  };
  record(validSale(), noon); // 4.50 cash
  record(validSale({ paymentMethod: 'MOBILE_MONEY' }), noon + 1);
  const refused = record(validSale(), noon + 2);
  record(validSale(), localDay('2026-11-22')!.from);
  store.database.sqlite
    .prepare(`update outbox set state = 'refused' where sale_id = ?`)
    .run(refused);
  store.close();
  return { dataDir, file };
}

describe('tillsync day', () => {
  it("prints a day's totals as text, JSON and CSV", async () => {
    const { dataDir, file } = await tillWithADay();
    const env = { TILLSYNC_DATA_DIR: dataDir };
    const text = await runCli(['day', '--date', '2026-11-21'], { env });
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/My shop, Till 1: 2026-11-21/);
    expect(text.stdout).toMatch(/Sales\s+3\s+\$13\.50/);
    expect(text.stdout).toMatch(/paid by cash\s+2\s+\$9\.00/);
    expect(text.stdout).toMatch(/paid by mobile money\s+1\s+\$4\.50/);
    expect(text.stdout).toMatch(/Cash expected in the drawer\s+\$9\.00/);
    expect(text.stdout).toMatch(/Waiting to reach the platform\s+2\s+\$9\.00/);
    expect(text.stdout).toMatch(/Refused by the platform\s+1\s+\$4\.50/);
    expect(text.stdout).toContain('tillsync refused');
    expect(text.stdout).toContain(`till       platform mode (http://127.0.0.1:9), ${file}`);

    const json = await runCli(['day', '--date', '2026-11-21', '--json'], { env });
    expect(JSON.parse(json.stdout)).toMatchObject({
      date: '2026-11-21',
      sales: { count: 3, totalMinor: 1350 },
      cashExpectedMinor: 900,
      refused: { count: 1, totalMinor: 450 },
      till: { mode: 'platform', database: file },
    });

    const csv = await runCli(['day', '--date', '2026-11-22', '--csv'], { env });
    expect(csv.stderr).toBe(`Till: platform mode (http://127.0.0.1:9), ${file}.\n`);
    expect(csv.stdout.split('\r\n').slice(0, 3)).toEqual([
      'day,currency,what,sales,amount',
      '2026-11-22,USD,Sales,1,4.50',
      '2026-11-22,USD,paid by cash,1,4.50',
    ]);
  });

  it('refuses a day that is not one, and exits 2', async () => {
    const run = await runCli(['day', '--date', '2026-13-01'], {
      env: { TILLSYNC_DATA_DIR: tempDir() },
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--date 2026-13-01 is not a day');
  });
});
