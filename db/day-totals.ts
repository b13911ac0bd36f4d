// One day's takings on this till: how many sales, their totals by payment method, the cash
// that should be in the drawer (the cash handed over minus the change, for every sale not
// discarded nor voided, minus the cash refunded by returns), the returns, and what has not reached the platform (refused, waiting).
// Summed in SQL over the till's file and its archives, in exact minor units.
import { CASH_METHOD } from '../domain/payment-methods.js';
import type { Amount, DayTotals } from '../domain/sale.js';
import { dayRange } from '../domain/time-zone.js';
import type { History } from './history.js';
import { tillTimeZone } from './till-time-zone.js';
import type { TillDatabase } from './open.js';
import { outbox, sales } from './schema.js';
import { computed, typedQuery, type RowOf } from './typed-sql.js';
import type { SettingsStore } from './settings.js';
import { createReturnFigures } from './return-figures.js';

export type { Amount, DayTotals };

/**
 * The cash handed over minus the change given, for a sale `s` (and summed over the sales);
 * a cash sale from before the till kept the amount tendered took exactly its total.
 */
export const CASH_TAKEN = `case when s.tendered_minor is not null then s.tendered_minor - s.change_minor
    when s.payment_method = '${CASH_METHOD}' then s.total_minor else 0 end`;
export const cashTakenMinor = computed<number>(`sum(${CASH_TAKEN})`);

const groupColumns = {
  paymentMethod: sales.paymentMethod,
  state: outbox.state,
  count: computed<number>('count(*)'),
  totalMinor: computed<number>('sum(s.total_minor)'),
  cashMinor: cashTakenMinor,
};
/** The sales of one payment method in one state, counted and summed. */
export type DayGroup = RowOf<typeof groupColumns>;

/** The day's figures from its sales grouped by payment method and state. */
export function sumDay(
  groups: DayGroup[],
): Pick<
  DayTotals,
  'sales' | 'byPaymentMethod' | 'cashExpectedMinor' | 'refused' | 'waiting' | 'discarded' | 'voids'
> {
  const zero = (): Amount => ({ count: 0, totalMinor: 0 });
  const add = (into: Amount, group: Amount) => {
    into.count += group.count;
    into.totalMinor += group.totalMinor;
  };
  const totals = {
    sales: zero(),
    refused: zero(),
    waiting: zero(),
    discarded: zero(),
    voids: zero(),
  };
  const byMethod = new Map<string, Amount>();
  let cashExpectedMinor = 0;
  for (const group of groups) {
    // Taken back: neither in the sales nor in the drawer's cash.
    if (group.state === 'discarded' || group.state === 'voided') {
      add(group.state === 'voided' ? totals.voids : totals.discarded, group);
      continue;
    }
    add(totals.sales, group);
    cashExpectedMinor += group.cashMinor;
    if (group.state === 'refused') add(totals.refused, group);
    if (group.state === 'pending' || group.state === 'sending') add(totals.waiting, group);
    if (!byMethod.has(group.paymentMethod)) byMethod.set(group.paymentMethod, zero());
    add(byMethod.get(group.paymentMethod)!, group);
  }
  const byPaymentMethod = [...byMethod]
    .map(([paymentMethod, amount]) => ({ paymentMethod, ...amount }))
    .sort((a, b) => a.paymentMethod.localeCompare(b.paymentMethod));
  return {
    ...totals,
    byPaymentMethod,
    cashExpectedMinor,
  };
}

export function createDayTotals(
  database: TillDatabase,
  settingsStore: SettingsStore,
  history?: History,
) {
  const { sqlite } = database;
  const { returnsBetween } = createReturnFigures(database);
  const groupsIn = (schema: string) =>
    typedQuery<typeof groupColumns, { from: number; to: number }>(
      sqlite,
      groupColumns,
      (list) => `
      select ${list}
        from ${schema}.sales s indexed by sales_created_at_idx
        join ${schema}.outbox o on o.sale_id = s.id
       where s.created_at >= @from and s.created_at < @to
         ${schema === 'main' || !history ? '' : `and ${history.notInMain('s')}`}
       group by s.payment_method, o.state`,
      { sales: 's', outbox: 'o' },
    );

  return {
    /**
     * The totals of a day (YYYY-MM-DD) in the till's time zone, 23 or 25 hours long when
     * clocks change; undefined when the date is not a real day.
     */
    dayTotals(date: string): DayTotals | undefined {
      const settings = settingsStore.read();
      const timeZone = tillTimeZone(settings);
      const range = dayRange(date, timeZone);
      if (!range) return undefined;
      const schemas = [...(history?.archiveSchemas() ?? []), 'main'];
      const groups = schemas.flatMap((schema) => groupsIn(schema).all(range));
      const day = sumDay(groups);
      const { cashMinor, ...returns } = returnsBetween(range.from, range.to);
      // A cash refund is paid out of the drawer: it leaves the cash expected there.
      const cashExpectedMinor = day.cashExpectedMinor - cashMinor;
      const currency = settings.currency;
      return { date, timeZone, ...range, currency, ...day, cashExpectedMinor, returns };
    },
  };
}
