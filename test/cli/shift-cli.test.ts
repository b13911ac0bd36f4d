// `tillsync shift`, run as a shop's scripts run it: a real child process on a real data
// folder, sales recorded by `tillsync record`, every figure read back from --json. A whole
// day to the minor unit; bad amounts and bad states refused with nothing written.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { ShiftReport, ShiftSummary } from '../../domain/shift.js';
import type { SyncStatus } from '../../domain/sync-status.js';
import { runCli } from '../helpers/cli.js';
import { jsonAnswer as json } from '../helpers/cli-answers.js';
import { configurePlatform } from '../helpers/platform-till.js';
import { validSale } from '../helpers/sales.js';
import { tempDir } from '../helpers/temp-dir.js';

/** A till on a platform that never answers: every sale stays waiting. */
async function aTill() {
  const dataDir = tempDir();
  const file = await configurePlatform(dataDir);
  const tillsync = (args: string[], input?: string) =>
    runCli(args, { input, env: { TILLSYNC_DATA_DIR: dataDir } });
  /** How many rows a table has, read straight from the file. */
  const rows = (table: 'shifts' | 'drawer_entries' | 'cashiers') => {
    const db = new Database(file, { readonly: true });
    try {
      return (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
    } finally {
      db.close();
    }
  };
  return { dataDir, file, tillsync, rows };
}

describe('tillsync shift', () => {
  it('a whole day by --json: open, sales, cash in and out, X, close; the Z report exact and kept', async () => {
    const { tillsync } = await aTill();
    const opened = json<ShiftSummary>(
      await tillsync(['shift', 'open', '--float', '100.00', '--json']),
    );
    expect(opened).toMatchObject({
      state: 'open',
      floatMinor: 10000,
      floatCounted: true,
      openedBy: null,
    });

    // 4.50 cash paid with 10.00 (5.50 change), 4.50 by mobile money, 4.50 cash exact.
    for (const sale of [
      validSale({ tenderedMinor: 1000 }),
      validSale({ paymentMethod: 'MOBILE_MONEY' }),
      validSale(),
    ])
      expect((await tillsync(['record'], JSON.stringify(sale))).code).toBe(0);

    const entry = json<{ kind: string; amountMinor: number; reason: string; shift: ShiftSummary }>(
      await tillsync(['shift', 'cash-in', '20,00', '--reason', 'Change from the bank', '--json']),
    );
    expect(entry).toMatchObject({
      kind: 'cash_in',
      amountMinor: 2000,
      reason: 'Change from the bank',
    });
    expect(entry.shift.id).toBe(opened.id);
    json(await tillsync(['shift', 'cash-out', '5.25', '--reason', 'Window cleaner', '--json']));
    json(await tillsync(['shift', 'safe-drop', '50', '--reason', 'Midday drop', '--json']));
    json(await tillsync(['shift', 'no-sale', '--reason', 'Customer wanted change', '--json']));

    // Expected: 100.00 float + 9.00 cash (14.50 taken − 5.50 change) + 20.00 in − 55.25 out.
    const figures = {
      floatMinor: 10000,
      cashSalesMinor: 900,
      cashInMinor: 2000,
      cashOutMinor: 5525,
      expectedMinor: 7375,
      noSales: 1,
      sales: { count: 3, totalMinor: 1350 },
      waiting: { count: 3, totalMinor: 1350 },
    };
    const x = json<ShiftReport>(await tillsync(['shift', 'x', '--json']));
    expect(x).toMatchObject({ kind: 'X', number: null, shiftId: opened.id, ...figures });
    expect(x.drawerEntries.map((each) => [each.kind, each.amountMinor, each.reason])).toEqual([
      ['cash_in', 2000, 'Change from the bank'],
      ['cash_out', -525, 'Window cleaner'],
      ['safe_drop', -5000, 'Midday drop'],
      ['no_sale', 0, 'Customer wanted change'],
    ]);

    const closing = await tillsync(['shift', 'close', '--counted', '73.65', '--json']);
    const z = json<ShiftReport>(closing);
    expect(z).toMatchObject({
      kind: 'Z',
      number: 1,
      openedAt: opened.openedAt,
      ...figures,
      countedMinor: 7365,
      differenceMinor: -10,
    });
    const byMethod = [...z.byPaymentMethod].sort((a, b) =>
      a.paymentMethod.localeCompare(b.paymentMethod),
    );
    expect(byMethod).toEqual([
      { paymentMethod: 'CASH', count: 2, totalMinor: 900 },
      { paymentMethod: 'MOBILE_MONEY', count: 1, totalMinor: 450 },
    ]);
    expect(z.closedAt).toBeGreaterThanOrEqual(opened.openedAt);
    expect(z.firstReceipt).toBe(1);
    expect(z.lastReceipt).toBe(3);

    // Shown again, the Z report is the one made at the close, byte for byte.
    const again = await tillsync(['shift', 'reports', '--number', '1', '--json']);
    expect(again.stdout).toBe(closing.stdout);
    expect(json<ShiftReport[]>(await tillsync(['shift', 'reports', '--json']))).toEqual([z]);
    const text = await tillsync(['shift', 'reports', '--number', 'Z1']);
    expect(text.stdout).toMatch(/^ +Z REPORT 1$/m);
    expect(text.stdout).toMatch(/^= Expected in the drawer\s+\$73\.75$/m);
    expect(text.stdout).toMatch(/^Short\s+\$0\.10$/m);
    expect(text.stdout).toMatch(/paid by mobile money\s+1\s+\$4\.50/);

    const status = json<{ sync: SyncStatus }>(await tillsync(['status', '--json']));
    expect(status.sync.shift).toBeNull();
    expect((await tillsync(['status'])).stdout).toMatch(/^ {2}shift {6}No shift open\.$/m);
    // The next day's float is offered from the count; the next Z is numbered 2.
    json(await tillsync(['shift', 'open', '--float', '73.65', '--json']));
    expect(
      json<ShiftReport>(await tillsync(['shift', 'close', '--counted', '73.65', '--json'])).number,
    ).toBe(2);
  });

  it('refuses bad amounts, naming the option, and writes nothing', async () => {
    const { tillsync, rows } = await aTill();
    const refusals: Array<[string[], RegExp]> = [
      [['shift', 'open', '--float', '-1'], /^--float must not be negative/],
      [['shift', 'open', '--float', 'ten'], /^--float is not an amount \(you typed "ten"\)/],
      [['shift', 'open', '--float', '1.234'], /^--float has 3 decimals \(1\.234\), but USD has 2/],
      [['shift', 'open'], /^--float is missing/],
      [['shift', 'cash-in', '1.005', '--reason', 'x'], /^AMOUNT has 3 decimals/],
      [['shift', 'cash-in', '0', '--reason', 'x'], /AMOUNT must be more than 0/],
      [['shift', 'cash-out', '-5', '--reason', 'x'], /^AMOUNT must not be negative/],
      [['shift', 'cash-out', '5'], /--reason must say why/],
      [['shift', 'no-sale', '--reason', '  '], /--reason must say why/],
      [['shift', 'close', '--counted', '12.5.0'], /^--counted is not an amount/],
    ];
    for (const [args, message] of refusals) {
      const run = await tillsync(args);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr, args.join(' ')).toMatch(message);
      expect(run.stdout).toBe('');
    }
    // Not even a shift opened by itself: an entry refused is not the start of a day.
    expect([rows('shifts'), rows('drawer_entries')]).toEqual([0, 0]);
  });

  it('refuses what the shift is not in the state for, and writes nothing', async () => {
    const { tillsync, rows } = await aTill();
    for (const args of [
      ['shift', 'close', '--counted', '10'],
      ['shift', 'x'],
    ]) {
      const run = await tillsync(args);
      expect(run.code).toBe(10);
      expect(run.stderr).toMatch(/^No shift is open on this till/);
    }
    expect(rows('shifts')).toBe(0);

    json(await tillsync(['shift', 'open', '--float', '100', '--json']));
    const second = await tillsync(['shift', 'open', '--float', '50']);
    expect(second.code).toBe(10);
    expect(second.stderr).toMatch(/^A shift is already open on this till/);
    expect(second.stderr).toMatch(/Nothing was written\.\n$/);
    expect(json<ShiftReport>(await tillsync(['shift', 'x', '--json'])).floatMinor).toBe(10000);

    // Short by 10.00, above the 5.00 limit: a note is needed, and the shift stays open.
    const unexplained = await tillsync(['shift', 'close', '--counted', '90']);
    expect(unexplained.code).toBe(2);
    expect(unexplained.stderr).toMatch(/--note must say why the cash is over or short/);
    const status = json<{ sync: SyncStatus }>(await tillsync(['status', '--json']));
    expect(status.sync.shift).toMatchObject({ state: 'open', floatMinor: 10000 });
    expect(json<ShiftReport[]>(await tillsync(['shift', 'reports', '--json']))).toEqual([]);

    const noted = await tillsync([
      'shift',
      'close',
      '--counted',
      '90',
      '--note',
      'Paid the milkman',
      '--json',
    ]);
    expect(json<ShiftReport>(noted)).toMatchObject({
      differenceMinor: -1000,
      note: 'Paid the milkman',
    });
    expect(rows('shifts')).toBe(1);

    const missing = await tillsync(['shift', 'reports', '--number', '7']);
    expect([missing.code, missing.stderr]).toEqual([2, 'There is no Z report 7 on this till.\n']);
    const notANumber = await tillsync(['shift', 'reports', '--number', 'last']);
    expect(notANumber.code).toBe(2);
    expect(notANumber.stderr).toMatch(/^--number must be a Z report's number/);
  });

  it('a cash entry with no shift open opens one, its float not counted; opening counts it', async () => {
    const { tillsync } = await aTill();
    const entry = await tillsync(['shift', 'cash-in', '5', '--reason', 'Float top-up']);
    expect(entry.code).toBe(0);
    expect(entry.stdout).toMatch(/^Cash in of \$5\.00 recorded \(Float top-up\)\.$/m);
    expect(entry.stdout).toContain('one was opened with its float not counted');
    expect((await tillsync(['status'])).stdout).toMatch(
      /^ {2}shift {6}Open since .*; float not counted \(the shift opened by itself\)\.$/m,
    );
    const counted = await tillsync(['shift', 'open', '--float', '40']);
    expect(counted.stdout).toMatch(/^The float of the open shift is counted\.$/m);
    expect(json<ShiftReport>(await tillsync(['shift', 'x', '--json']))).toMatchObject({
      floatMinor: 4000,
      floatCounted: true,
      expectedMinor: 4500,
    });
  });
});
