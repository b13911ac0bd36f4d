// `tillsync cashiers` and who acts from the command line: with cashiers set up, `shift`
// commands take --cashier (and --manager) with PINs from the environment or standard input,
// under the same rules as at the till. Real child processes on a real data folder.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { CashierView } from '../../domain/cashier.js';
import type { ShiftReport, ShiftSummary } from '../../domain/shift.js';
import { runCli } from '../helpers/cli.js';
import { jsonAnswer as json, refusedAnswer as refused } from '../helpers/cli-answers.js';
import { configurePlatform } from '../helpers/platform-till.js';
import { tempDir } from '../helpers/temp-dir.js';

async function aTill() {
  const dataDir = tempDir();
  const file = await configurePlatform(dataDir);
  const tillsync = (args: string[], options: { input?: string; env?: NodeJS.ProcessEnv } = {}) =>
    runCli(args, { input: options.input, env: { TILLSYNC_DATA_DIR: dataDir, ...options.env } });
  const count = (table: 'shifts' | 'drawer_entries' | 'cashiers', where = '1') => {
    const db = new Database(file, { readonly: true });
    try {
      return (
        db.prepare(`select count(*) as n from ${table} where ${where}`).get() as { n: number }
      ).n;
    } finally {
      db.close();
    }
  };
  return { tillsync, count };
}

/** A till with Mia (manager, PIN 1234) and Bob (cashier, PIN 5678). */
async function aTillWithCashiers() {
  const till = await aTill();
  const first = await till.tillsync(['cashiers', 'add', 'Bob', '--role', 'cashier'], {
    input: '5678\n',
  });
  refused(first, 2, /--role the first cashier must be a manager/);
  expect(till.count('cashiers')).toBe(0);

  const mia = json<CashierView>(
    await till.tillsync(['cashiers', 'add', 'Mia', '--role', 'manager', '--json'], {
      input: '1234\n',
    }),
  );
  expect(mia).toMatchObject({ name: 'Mia', role: 'manager' });
  // From now on adding is a manager's: Bob alone may not.
  refused(
    await till.tillsync(['cashiers', 'add', 'Bob'], { input: '5678\n' }),
    9,
    /A manager must add or remove cashiers/,
  );
  // Mia signs in (PIN from the environment); Bob's PIN is the line on standard input.
  const bob = json<CashierView>(
    await till.tillsync(['cashiers', 'add', 'Bob', '--cashier', 'mia', '--json'], {
      input: '5678\n',
      env: { TILLSYNC_PIN: '1234' },
    }),
  );
  expect(bob).toMatchObject({ name: 'Bob', role: 'cashier' });
  return till;
}

describe('tillsync cashiers, and who acts from the command line', () => {
  it('adds, lists and removes cashiers; a PIN is never stored in clear', async () => {
    const { tillsync, count } = await aTillWithCashiers();
    const list = json<CashierView[]>(await tillsync(['cashiers', 'list', '--json']));
    expect(list.map((cashier) => [cashier.name, cashier.role])).toEqual([
      ['Bob', 'cashier'],
      ['Mia', 'manager'],
    ]);
    expect(count('cashiers', `pin_hash like '%1234%' or pin_hash like '%5678%'`)).toBe(0);
    refused(
      await tillsync(['cashiers', 'add', 'Ann', '--cashier', 'Mia'], {
        input: '12\n',
        env: { TILLSYNC_PIN: '1234' },
      }),
      2,
      /the PIN must be 4 to 8 digits/,
    );
    refused(
      await tillsync(['cashiers', 'add', 'Ann', '--role', 'boss']),
      2,
      /--role must be cashier or manager/,
    );
    refused(await tillsync(['cashiers', 'remove', 'Zed']), 2, /no cashier named Zed/);
    const removed = await tillsync(['cashiers', 'remove', 'Bob', '--manager', 'Mia'], {
      env: { TILLSYNC_MANAGER_PIN: '1234' },
    });
    expect(removed.stdout).toMatch(/^Bob \(cashier\) is removed/);
    expect((await tillsync(['cashiers', 'list'])).stdout).not.toContain('Bob');
  });

  it('a shift needs a cashier signed in, and a manager for a no sale and the close', async () => {
    const { tillsync, count } = await aTillWithCashiers();
    refused(
      await tillsync(['shift', 'open', '--float', '100']),
      9,
      /^This till has cashiers: say who you are with --cashier NAME/,
    );
    refused(
      await tillsync(['shift', 'open', '--float', '100', '--cashier', 'Bob'], {
        env: { TILLSYNC_PIN: '0000' },
      }),
      9,
      /^Wrong PIN for Bob: 4 tries left/,
    );
    refused(
      await tillsync(['shift', 'open', '--float', '100', '--cashier', 'Bob']),
      2,
      /^PIN for Bob is needed: set TILLSYNC_PIN/,
    );
    expect(count('shifts')).toBe(0);

    const asBob = { env: { TILLSYNC_PIN: '5678' } };
    const opened = json<ShiftSummary>(
      await tillsync(['shift', 'open', '--float', '100', '--cashier', 'Bob', '--json'], asBob),
    );
    expect(opened.openedBy).toBe('Bob');
    json(
      await tillsync(
        ['shift', 'cash-out', '50', '--reason', 'Stamps', '--cashier', 'Bob', '--json'],
        asBob,
      ),
    );

    // Above the 50.00 limit, and a no sale: a manager approves, or nothing is written.
    refused(
      await tillsync(['shift', 'cash-out', '50.01', '--reason', 'Rent', '--cashier', 'Bob'], asBob),
      9,
      /A manager must take cash out above the limit[^]*--manager NAME[^]*Nothing was written\.\n$/,
    );
    refused(
      await tillsync(
        ['shift', 'no-sale', '--reason', 'Change', '--cashier', 'Bob', '--manager', 'Bob'],
        {
          input: '5678\n',
          env: { TILLSYNC_PIN: '5678' },
        },
      ),
      9,
      /Bob is not a manager/,
    );
    expect(count('drawer_entries')).toBe(1);
    // Both PINs piped, the cashier's line first, then the manager's.
    const noSale = json<{ kind: string }>(
      await tillsync(
        [
          'shift',
          'no-sale',
          '--reason',
          'Change',
          '--cashier',
          'Bob',
          '--manager',
          'Mia',
          '--json',
        ],
        {
          input: '5678\n1234\n',
        },
      ),
    );
    expect(noSale.kind).toBe('no_sale');

    refused(
      await tillsync(['shift', 'close', '--counted', '50', '--cashier', 'Bob'], asBob),
      9,
      /A manager must close the shift/,
    );
    const z = json<ShiftReport>(
      await tillsync(
        ['shift', 'close', '--counted', '50', '--cashier', 'Bob', '--manager', 'Mia', '--json'],
        {
          env: { TILLSYNC_PIN: '5678', TILLSYNC_MANAGER_PIN: '1234' },
        },
      ),
    );
    expect(z).toMatchObject({ number: 1, openedBy: 'Bob', closedBy: 'Bob', expectedMinor: 5000 });
    expect(z.drawerEntries.map((entry) => [entry.kind, entry.cashier])).toEqual([
      ['cash_out', 'Bob'],
      ['no_sale', 'Bob'],
    ]);
  });

  it('five wrong PINs lock a cashier: the right one is refused for the minute', async () => {
    const { tillsync, count } = await aTillWithCashiers();
    for (let attempt = 1; attempt <= 5; attempt++)
      expect(
        (await tillsync(['shift', 'open', '--float', '1', '--cashier', 'Bob'], { input: '9999\n' }))
          .code,
      ).toBe(9);
    refused(
      await tillsync(['shift', 'open', '--float', '1', '--cashier', 'Bob'], { input: '5678\n' }),
      9,
      /^Bob is locked after 5 wrong PINs: try again in \d+ s\./,
    );
    expect(count('shifts')).toBe(0);
  });

  it('with no cashiers set up, nobody signs in, and naming one is refused', async () => {
    const { tillsync, count } = await aTill();
    expect((await tillsync(['cashiers', 'list'])).stdout).toMatch(
      /^No cashiers: the till works with one anonymous cashier/,
    );
    refused(
      await tillsync(['shift', 'open', '--float', '10', '--cashier', 'Bob'], { input: '5678\n' }),
      2,
      /^No cashiers are set up on this till/,
    );
    expect(count('shifts')).toBe(0);
    json(await tillsync(['shift', 'no-sale', '--reason', 'Change', '--json']));
  });
});
