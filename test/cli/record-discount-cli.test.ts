// `tillsync record` with discounts, run as a shop's scripts run it: a real child process on a
// real data folder. A discount's amount comes in the till's currency and is converted
// exactly; an over-precise or too large one is refused naming the field, and nothing is
// written. With cashiers, a discount above the limit needs a manager's PIN, and the sale
// records who approved it.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { jsonAnswer as json, refusedAnswer as refused } from '../helpers/cli-answers.js';
import { configurePlatform } from '../helpers/platform-till.js';
import { tempDir } from '../helpers/temp-dir.js';

async function aTill() {
  const dataDir = tempDir();
  const file = await configurePlatform(dataDir);
  const tillsync = (args: string[], options: { input?: string; env?: NodeJS.ProcessEnv } = {}) =>
    runCli(args, { input: options.input, env: { TILLSYNC_DATA_DIR: dataDir, ...options.env } });
  const sql = <T>(statement: string): T[] => {
    const db = new Database(file, { readonly: true });
    try {
      return db.prepare(statement).all() as T[];
    } finally {
      db.close();
    }
  };
  const sales = () =>
    sql<Record<string, unknown>>(
      'select total_minor, discount_basis_points, discount_amount_minor, discount_reason, discount_minor, discount_approved_by from sales order by receipt_number',
    );
  return { tillsync, sql, sales };
}

/** 3 × 3.33 (9.99) and 2 × 5.00, with the discounts given. */
const sale = (lineDiscount?: unknown, saleDiscount?: unknown) =>
  JSON.stringify({
    items: [
      {
        productId: 'prod_tea',
        quantity: 3,
        unitPriceMinor: 333,
        ...(lineDiscount ? { discount: lineDiscount } : {}),
      },
      { productId: 'prod_jam', quantity: 2, unitPriceMinor: 500 },
    ],
    paymentMethod: 'CASH',
    ...(saleDiscount ? { discount: saleDiscount } : {}),
  });

interface Recorded {
  receiptNumber: number;
  subtotalMinor: number;
  totalMinor: number;
  discount: { basisPoints: number | null; amountMinor: number; reason: string } | null;
  discountApprovedBy: string | null;
  lines: Array<{ discount: unknown; chargedTotalMinor: number }>;
}

describe('tillsync record with a discount', () => {
  it('takes a percent on a line and an amount in the currency on the sale; refuses bad ones naming the field', async () => {
    const { tillsync, sales } = await aTill();
    const recorded = json<Recorded>(
      await tillsync(['record', '--json'], {
        input: sale(
          { percent: 10, reason: 'dented tins' },
          { amount: 1.5, reason: 'loyal customer' },
        ),
      }),
    );
    // 9.99 less 1.00 = 8.99, with 10.00: 18.99, less 1.50 = 17.49.
    expect(recorded).toMatchObject({
      subtotalMinor: 1899,
      totalMinor: 1749,
      discount: { basisPoints: null, amountMinor: 150, reason: 'loyal customer' },
      discountApprovedBy: null,
    });
    expect(recorded.lines[0]).toMatchObject({
      discount: { basisPoints: 1000, amountMinor: 100, reason: 'dented tins' },
      chargedTotalMinor: 899,
    });
    expect(sales()).toEqual([
      {
        total_minor: 1749,
        discount_basis_points: null,
        discount_amount_minor: 150,
        discount_reason: 'loyal customer',
        discount_minor: 150,
        discount_approved_by: null,
      },
    ]);

    const before = sales();
    const overPrecise = await tillsync(['record'], {
      input: sale(undefined, { amount: 1.505, reason: 'typo' }),
    });
    expect(overPrecise.code).toBe(2);
    expect(overPrecise.stderr).toContain('/discount/amount: must have at most 2 decimal places');
    const tooMuch = await tillsync(['record'], {
      input: sale({ amount: 10, reason: 'too much' }),
    });
    expect(tooMuch.code).toBe(2);
    expect(tooMuch.stderr).toContain(
      "/items/0/discount/amount: must not be more than the line's total (9.99)",
    );
    const negative = await tillsync(['record'], {
      input: sale({ amount: -1, reason: 'backwards' }),
    });
    expect(negative.code).toBe(2);
    expect(negative.stderr).toContain('/items/0/discount/amount: must be more than 0');
    const overHundred = await tillsync(['record'], {
      input: sale({ percent: 120, reason: 'too much' }),
    });
    expect(overHundred.stderr).toContain('/items/0/discount/percent: must be at most 100 %');
    const noReason = await tillsync(['record'], { input: sale(undefined, { percent: 5 }) });
    expect(noReason.stderr).toContain('/discount/reason: is required');
    expect(sales()).toEqual(before);
  });

  it('with cashiers, a discount above the limit needs a manager, who is recorded as approving it', async () => {
    const { tillsync, sql, sales } = await aTill();
    json(
      await tillsync(['cashiers', 'add', 'Mia', '--role', 'manager', '--json'], {
        input: '1234\n',
      }),
    );
    json(
      await tillsync(['cashiers', 'add', 'Bob', '--cashier', 'Mia', '--json'], {
        input: '5678\n',
        env: { TILLSYNC_PIN: '1234' },
      }),
    );
    const [mia] = sql<{ id: string }>("select id from cashiers where name = 'Mia'");
    const quarterOff = sale(undefined, { percent: 25, reason: 'end of season' });

    refused(
      await tillsync(['record', '--cashier', 'Bob'], {
        input: quarterOff,
        env: { TILLSYNC_PIN: '5678' },
      }),
      9,
      /A manager must give a discount above the limit/,
    );
    refused(
      await tillsync(['record', '--cashier', 'Bob', '--manager', 'Mia'], {
        input: quarterOff,
        env: { TILLSYNC_PIN: '5678', TILLSYNC_MANAGER_PIN: '9999' },
      }),
      9,
      /PIN/,
    );
    expect(sales()).toEqual([]);

    // At the limit, nobody is asked: 20 % of 19.99 is 4.00 (3.998, half up).
    const atLimit = json<Recorded>(
      await tillsync(['record', '--cashier', 'Bob'], {
        input: sale(undefined, { percent: 20, reason: 'staff' }),
        env: { TILLSYNC_PIN: '5678' },
      }),
    );
    expect(atLimit).toMatchObject({ totalMinor: 1599, discountApprovedBy: null });

    const approved = json<Recorded>(
      await tillsync(['record', '--cashier', 'Bob', '--manager', 'Mia'], {
        input: quarterOff,
        env: { TILLSYNC_PIN: '5678', TILLSYNC_MANAGER_PIN: '1234' },
      }),
    );
    // 25 % of 19.99 = 4.9975, half up 5.00: 14.99 charged.
    expect(approved).toMatchObject({ totalMinor: 1499, discountApprovedBy: mia!.id });
    expect(sales().map((row) => [row.total_minor, row.discount_approved_by])).toEqual([
      [1599, null],
      [1499, mia!.id],
    ]);
  });
});
