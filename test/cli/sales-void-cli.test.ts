// `tillsync sales void`, run as a shop's scripts run it: a real child process on a real data
// folder, sales recorded by `tillsync record` on a till whose platform never answers (so
// nothing is sent), every figure read back from --json and from the file. Refusals name the
// option, exit as the README's table says, and write nothing.
import { describe, expect, it } from 'vitest';
import type { DayTotals } from '../../domain/sale.js';
import type { VoidedSale } from '../../domain/void.js';
import { localDayOf as dayOf } from '../helpers/days.js';
import { jsonAnswer as json, refusedAnswer as refused } from '../helpers/cli-answers.js';
import { cliTill } from '../helpers/platform-till.js';
import { validSale } from '../helpers/sales.js';

async function aTill() {
  const { tillsync, sql } = await cliTill();
  const outbox = () => sql('select * from outbox order by sale_id');
  return { tillsync, sql, outbox };
}

describe('tillsync sales void', () => {
  it('voids a sale never sent: --json, the day counts it apart, and refusals write nothing', async () => {
    const { tillsync, sql, outbox } = await aTill();
    for (const sale of [
      validSale({ tenderedMinor: 1000 }),
      validSale({ paymentMethod: 'MOBILE_MONEY' }),
    ])
      expect((await tillsync(['record'], { input: JSON.stringify(sale) })).code).toBe(0);

    const before = outbox();
    refused(await tillsync(['sales', 'void', '1']), 2, /--reason must say why the sale is voided/);
    refused(
      await tillsync(['sales', 'void', '99', '--reason', 'mistake']),
      2,
      /There is no sale 99 on this till/,
    );
    expect(outbox()).toEqual(before);

    const voided = json<VoidedSale & { till: unknown }>(
      await tillsync(['sales', 'void', '#1', '--reason', 'Rung up twice', '--json']),
    );
    expect(voided).toMatchObject({
      receiptNumber: 1,
      state: 'voided',
      currency: 'USD',
      totalMinor: 450,
      cashMinor: 450,
      reason: 'Rung up twice',
      voidedBy: null,
      corrected: false,
    });
    expect(sql('select state, void_reason from outbox where sale_id = ?', voided.saleId)).toEqual([
      { state: 'voided', void_reason: 'Rung up twice' },
    ]);

    const day = json<DayTotals>(
      await tillsync(['day', '--date', dayOf(voided.voidedAt), '--json']),
    );
    expect(day).toMatchObject({
      sales: { count: 1, totalMinor: 450 },
      voids: { count: 1, totalMinor: 450 },
      cashExpectedMinor: 0,
    });

    const after = outbox();
    refused(
      await tillsync(['sales', 'void', '1', '--reason', 'again']),
      11,
      /Sale #1 is already voided/,
    );
    // Sale #2 is on the platform (as the engine would leave it): a return, not a void.
    sql(`update outbox set state = 'synced', attempts = 1 where sale_id <> ?`, voided.saleId);
    const synced = outbox();
    const text = await tillsync(['sales', 'void', '2', '--reason', 'wrong price']);
    refused(text, 11, /Sale #2 is already on the platform: make a return instead\./);
    expect(outbox()).toEqual(synced);
    expect(after).not.toEqual(synced);

    const listed = json<{ sales: Array<{ receiptNumber: number; state: string }> }>(
      await tillsync(['sales', 'list', '--state', 'voided', '--json']),
    );
    expect(listed.sales.map((sale) => [sale.receiptNumber, sale.state])).toEqual([[1, 'voided']]);
  });

  it('with cashiers, a manager voids or approves: a cashier alone is refused (exit 9)', async () => {
    const { tillsync, sql } = await aTill();
    expect((await tillsync(['record'], { input: JSON.stringify(validSale()) })).code).toBe(0);
    json(
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
    refused(
      await tillsync(['sales', 'void', '1', '--reason', 'mistake', '--cashier', 'Bob'], {
        env: { TILLSYNC_PIN: '5678' },
      }),
      9,
      /A manager must void a sale/,
    );
    refused(
      await tillsync(
        ['sales', 'void', '1', '--reason', 'mistake', '--cashier', 'Bob', '--manager', 'Mia'],
        { env: { TILLSYNC_PIN: '5678', TILLSYNC_MANAGER_PIN: '9999' } },
      ),
      9,
      /PIN/,
    );
    expect(sql('select state from outbox')).toEqual([{ state: 'pending' }]);
    const voided = json<VoidedSale>(
      await tillsync(
        [
          'sales',
          'void',
          '1',
          '--reason',
          'mistake',
          '--cashier',
          'Bob',
          '--manager',
          'Mia',
          '--json',
        ],
        { env: { TILLSYNC_PIN: '5678', TILLSYNC_MANAGER_PIN: '1234' } },
      ),
    );
    expect(voided).toMatchObject({ state: 'voided', voidedBy: 'Bob' });
    expect(sql('select voided_by from outbox')).toEqual([{ voided_by: bob.id }]);
  });
});
