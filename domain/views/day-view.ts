// A day's totals as rows a person reads: the Today screen, its printout, its CSV and
// `tillsync day` all show these rows, so they can never disagree.
import type { z } from 'zod';
import { methodLabel } from './money-format.js';
import type { dayTotals } from '../sale.js';

type DayTotals = z.output<typeof dayTotals>;

export interface DayRow {
  label: string;
  /** Minor units, or null for a row that is only a count. */
  amountMinor: number | null;
  count: number | null;
  /** A row that needs attention (refused sales). */
  warn?: boolean;
}

export function dayRows(day: DayTotals): DayRow[] {
  return [
    { label: 'Sales', count: day.sales.count, amountMinor: day.sales.totalMinor },
    ...day.byPaymentMethod.map((method) => ({
      label: `  paid by ${methodLabel(method.paymentMethod)}`,
      count: method.count,
      amountMinor: method.totalMinor,
    })),
    { label: 'Cash expected in the drawer', count: null, amountMinor: day.cashExpectedMinor },
    {
      label: 'Waiting to reach the platform',
      count: day.waiting.count,
      amountMinor: day.waiting.totalMinor,
    },
    {
      label: 'Refused by the platform',
      count: day.refused.count,
      amountMinor: day.refused.totalMinor,
      warn: day.refused.count > 0,
    },
    {
      label: 'Discarded (not counted)',
      count: day.discarded.count,
      amountMinor: day.discarded.totalMinor,
    },
    { label: 'Voided (not counted)', count: day.voids.count, amountMinor: day.voids.totalMinor },
    {
      label: 'Returns (refunded)',
      count: day.returns.count,
      amountMinor: day.returns.totalMinor,
    },
  ];
}

/** The rows as CSV (RFC 4180), amounts in the currency's major units. */
export function dayCsv(day: DayTotals, decimals: number): string {
  const quote = (text: string) => (/[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
  const lines = dayRows(day).map((row) =>
    [
      day.date,
      day.currency,
      quote(row.label.trim()),
      row.count ?? '',
      row.amountMinor === null ? '' : (row.amountMinor / 10 ** decimals).toFixed(decimals),
    ].join(','),
  );
  return ['day,currency,what,sales,amount', ...lines].join('\r\n') + '\r\n';
}
