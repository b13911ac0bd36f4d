// `tillsync sales return`, run as a shop's scripts run it: a real child process on a real data
// folder, sales recorded by `tillsync record` (the platform never answers: nothing is sent),
// every figure read back from --json and from the file. Refusals name the option, exit as the
// README's table says, and write nothing.
import { describe, expect, it } from 'vitest';
import type { DayTotals } from '../../domain/sale.js';
import type { ReturnView } from '../../domain/returns.js';
import { localDayOf as dayOf } from '../helpers/days.js';
import { jsonAnswer as json, refusedAnswer as refused } from '../helpers/cli-answers.js';
import { cliTill } from '../helpers/platform-till.js';
import { validSale } from '../helpers/sales.js';

async function aTill() {
  const { tillsync, sql } = await cliTill();
  const written = () => ({
    returns: sql('select * from returns'),
    items: sql('select * from return_items'),
  });
  return { tillsync, sql, written };
}

describe('tillsync sales return', () => {
  it('returns part of a sale in cash, then the rest; the day counts it; refusals write nothing', async () => {
    const { tillsync, sql, written } = await aTill();
    // 2 × 1.25 and 0.5 × 3.99 (2.00 after rounding), paid by mobile money.
    const sale = validSale({ paymentMethod: 'MOBILE_MONEY' });
    expect((await tillsync(['record'], { input: JSON.stringify(sale) })).code).toBe(0);

    const none = written();
    refused(await tillsync(['sales', 'return', '1']), 2, /--reason must say why/);
    refused(
      await tillsync(['sales', 'return', '99', '--reason', 'x']),
      2,
      /There is no sale 99 on this till/,
    );
    refused(
      await tillsync(['sales', 'return', '1', '--reason', 'x', '--line', '3', '--quantity', '1']),
      2,
      /--line 3 is not a line of sale #1/,
    );
    refused(
      await tillsync(['sales', 'return', '1', '--reason', 'x', '--line', '1', '--quantity', '3']),
      2,
      /--quantity 3 \(line 1\) is more than can still be returned of line 1: at most 2/,
    );
    refused(
      await tillsync(['sales', 'return', '1', '--reason', 'x', '--line', '1']),
      2,
      /Give one --quantity for each --line/,
    );
    refused(
      await tillsync(['sales', 'return', '1', '--reason', 'x', '--refund', 'card']),
      2,
      /--refund must be original or cash/,
    );
    expect(written()).toEqual(none);

    const first = json<ReturnView>(
      await tillsync([
        'sales',
        'return',
        'TSR1',
        '--reason',
        'Dented can',
        '--line',
        '1',
        '--quantity',
        '1',
        '--refund',
        'cash',
        '--json',
      ]),
    );
    expect(first).toMatchObject({
      returnNumber: 1,
      saleReceiptNumber: 1,
      refundPaymentMethod: 'CASH',
      totalMinor: 125,
      lines: [{ saleLineNumber: 1, quantity: 1, refundMinor: 125 }],
      delivery: 'not_sent',
      deliveryNote: "not sent: the platform's v1 has no refund operation",
    });
    const text = await tillsync(['sales', 'return', '#1', '--reason', 'All of it']);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/R2 recorded against sale #1 \(All of it\)/);
    expect(text.stdout).toMatch(/not sent: the platform's v1 has no refund operation/);
    expect(sql('select return_number, total_minor, refund_payment_method from returns')).toEqual([
      { return_number: 1, total_minor: 125, refund_payment_method: 'CASH' },
      { return_number: 2, total_minor: 125 + 200, refund_payment_method: 'MOBILE_MONEY' },
    ]);
    const done = written();
    refused(
      await tillsync(['sales', 'return', '1', '--reason', 'again']),
      12,
      /Everything on sale #1 has already been returned/,
    );
    expect(written()).toEqual(done);

    const day = json<DayTotals>(
      await tillsync(['day', '--date', dayOf(first.createdAt), '--json']),
    );
    expect(day).toMatchObject({
      sales: { count: 1, totalMinor: 450 },
      returns: { count: 2, totalMinor: 450 },
      cashExpectedMinor: -125,
    });
    const listed = json<{ returns: ReturnView[] }>(await tillsync(['sales', 'returns', '--json']));
    expect(listed.returns.map((ret) => ret.returnNumber)).toEqual([2, 1]);
  });

  it('with cashiers, a manager makes or approves a return: a cashier alone is refused (exit 9)', async () => {
    const { tillsync, sql } = await aTill();
    expect((await tillsync(['record'], { input: JSON.stringify(validSale()) })).code).toBe(0);
    const mia = json<{ id: string }>(
      await tillsync(['cashiers', 'add', 'Mia', '--role', 'manager', '--json'], {
        input: '1234\n',
      }),
    );
    const bob = json<{ id: string }>(
      await tillsync(['cashiers', 'add', 'Bob', '--cashier', 'Mia', '--json'], {
        input: '5678\n',
        env: { TILLSYNC_PIN: '1234' },
      }),
    );
    const args = ['sales', 'return', '1', '--reason', 'Faulty', '--cashier', 'Bob'];
    refused(
      await tillsync(args, { env: { TILLSYNC_PIN: '5678' } }),
      9,
      /A manager must make a return/,
    );
    expect(sql('select count(*) as n from returns')).toEqual([{ n: 0 }]);
    const ret = json<ReturnView>(
      await tillsync([...args, '--manager', 'Mia', '--json'], {
        env: { TILLSYNC_PIN: '5678', TILLSYNC_MANAGER_PIN: '1234' },
      }),
    );
    expect(ret).toMatchObject({ cashierName: 'Bob', approvedByName: 'Mia', totalMinor: 450 });
    expect(sql('select cashier_id, approved_by from returns')).toEqual([
      { cashier_id: bob.id, approved_by: mia.id },
    ]);
  });
});
