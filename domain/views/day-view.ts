// A day's totals as rows a person reads: the Today screen, its printout, its CSV and
// `tillsync day` all show these rows, so they can never disagree. Labels come from the
// catalog in the reader's language; English by default (the screens and the CSV, for now).
import type { z } from 'zod';
import { methodLabel } from './money-format.js';
import { english, type Translator } from '../i18n/messages.js';
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

export function dayRows(day: DayTotals, words: Translator = english): DayRow[] {
  const { t } = words;
  return [
    { label: t('today.row.sales'), count: day.sales.count, amountMinor: day.sales.totalMinor },
    ...day.byPaymentMethod.map((method) => ({
      label: `  ${t('today.row.paidBy', { method: method.paymentMethod, name: methodLabel(method.paymentMethod) })}`,
      count: method.count,
      amountMinor: method.totalMinor,
    })),
    { label: t('today.row.cashExpected'), count: null, amountMinor: day.cashExpectedMinor },
    {
      label: t('today.row.waiting'),
      count: day.waiting.count,
      amountMinor: day.waiting.totalMinor,
    },
    {
      label: t('today.row.refused'),
      count: day.refused.count,
      amountMinor: day.refused.totalMinor,
      warn: day.refused.count > 0,
    },
    {
      label: t('today.row.discarded'),
      count: day.discarded.count,
      amountMinor: day.discarded.totalMinor,
    },
    { label: t('today.row.voided'), count: day.voids.count, amountMinor: day.voids.totalMinor },
    {
      label: t('today.row.returns'),
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
