// The sales export, as CSV (one row per sale line, for spreadsheets and pivot tables) or
// JSON (one object per sale with its lines). Written piece by piece through `write`, so
// a large export goes straight to its file.
import { localTimeOptions, localTimeParts } from '../../domain/views/local-time.js';
import { z } from 'zod';
import { currencyDecimals, formatMinor, toScaledInteger } from '../../domain/money.js';
import type { ExportedSale, ExportRange } from '../../db/export-sales.js';
import type { ExportedReturn } from '../../db/export-returns.js';
import { returnLabel } from '../../domain/returns.js';
import { dateBound } from '../config/dates.js';
import { csvRow, CSV_BOM, type Cell } from '../../domain/csv.js';
import { fieldSays } from '../../domain/i18n/said.js';

export const EXPORT_FORMATS = ['csv', 'json'] as const;
export const exportFormat = z.enum(EXPORT_FORMATS);
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** What a person asks for, from the command line or the Sync screen; days in the till's zone. */
export const exportRequestShape = (timeZone: string) => ({
  from: dateBound('from', timeZone).optional(),
  to: dateBound('to', timeZone).optional(),
  format: exportFormat.default('csv'),
});
export const rangeInOrder: [
  (range: { from?: number; to?: number }) => boolean,
  { path: string[]; message: string },
] = [
  (range) => range.from === undefined || range.to === undefined || range.from < range.to,
  { path: ['to'], message: fieldSays('errors.export.toBeforeFrom') },
];

/** A file name that says what is inside: tillsync-sales-2026-11-01-to-2026-11-30.csv. */
export function exportFileName(
  from: string | undefined,
  to: string | undefined,
  format: ExportFormat,
) {
  const part = (text: string | undefined, fallback: string) =>
    text ? text.replace(/[^0-9A-Za-z-]/g, '') : fallback;
  return `tillsync-sales-${part(from, 'start')}-to-${part(to, 'now')}.${format}`;
}

export const EXPORT_MIME_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv;charset=utf-8',
  json: 'application/json',
};

export interface ExportOptions {
  format: ExportFormat;
  range: ExportRange;
  /** For the CSV's local times; the till's own time zone when not given. */
  timeZone?: string;
  now?: number;
  /** The returns made in the range: after the sales, rows of their own (R1...). */
  returns?: Iterable<ExportedReturn>;
}

export const CSV_COLUMNS = [
  'receipt',
  'sale_id',
  'date',
  'shop_id',
  'customer_id',
  'customer_name',
  'payment_method',
  'currency',
  'line',
  'product_id',
  'product_name',
  'quantity',
  'unit_price',
  'line_total',
  'line_discount',
  'line_charged',
  'discount_reason',
  'sale_total',
  'sync_state',
  'synced_at',
  'platform_id',
  'problem',
  'cashier',
  'z_report',
] as const;

/**
 * Local times as "2026-11-21 09:30:05" in the given zone: the form spreadsheets read as a
 * date and time. Swedish dates have exactly that form, so one format() call does it; the
 * formatter is built once per export, as building one costs more than writing a sale.
 */
function localTimes(timeZone?: string) {
  const options = localTimeOptions(timeZone);
  const swedish = new Intl.DateTimeFormat('sv-SE', options);
  const localParts = localTimeParts(timeZone);
  const byParts = (ms: number) => {
    const { date, time } = localParts(ms);
    return `${date} ${time}`;
  };
  // A runtime without Swedish locale data formats otherwise: then it is done by parts.
  const fast = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(swedish.format(0));
  return (ms: number | null): Cell =>
    ms === null ? null : { raw: fast ? swedish.format(ms) : byParts(ms) };
}

/** An amount with the currency's decimals, "3.20" rather than 3.2. */
const amount = (value: number, currency: string): Cell => {
  const decimals = currencyDecimals(currency);
  return { raw: formatMinor(toScaledInteger(value, decimals) ?? 0, decimals) };
};

/** A refund, as money going out: "-0.69" (a spreadsheet's sums net it out of the sales). */
const refundAmount = (value: number, currency: string): Cell => {
  const decimals = currencyDecimals(currency);
  const minor = toScaledInteger(value, decimals) ?? 0;
  return { raw: minor === 0 ? formatMinor(0, decimals) : `-${formatMinor(minor, decimals)}` };
};

const DOUBT = 'may already be on the platform: an attempt got no answer';

/** Why the sale needs a look: discarded, voided, refused, failing, or maybe on the platform twice. */
function problemOf(sale: ExportedSale): string | null {
  const problem = sale.discardReason
    ? `discarded: ${sale.discardReason}`
    : sale.voidReason
      ? `voided: ${sale.voidReason}`
      : sale.lastErrorReason;
  if (!sale.uncertain) return problem;
  return problem ? `${problem}; ${DOUBT}` : DOUBT;
}

function csvRows(sale: ExportedSale, localTime: (ms: number | null) => Cell): string {
  const saleCells = (line: ExportedSale['lines'][number] | undefined): Cell[] => [
    sale.receiptNumber,
    sale.saleId,
    localTime(sale.createdAt),
    sale.shopId,
    sale.customerId,
    sale.customerName,
    sale.paymentMethod,
    sale.currency,
    line?.line ?? null,
    line?.productId ?? null,
    line?.productName ?? null,
    line ? { raw: String(line.quantity) } : null,
    line ? amount(line.unitPrice, sale.currency) : null,
    line ? amount(line.lineTotal, sale.currency) : null,
    line ? amount(line.discount, sale.currency) : null,
    line ? amount(line.charged, sale.currency) : null,
    line?.discountReason ?? null,
    amount(sale.total, sale.currency),
    sale.state,
    localTime(sale.syncedAt),
    sale.platformId,
    problemOf(sale),
    sale.cashierName,
    sale.zReport,
  ];
  if (sale.lines.length === 0) return csvRow(saleCells(undefined));
  return sale.lines.map((line) => csvRow(saleCells(line))).join('');
}

/**
 * A return's rows: its R number in the receipt column, the sale it is against named in the
 * problem column with its reason and why it was not sent, and its refund as negative
 * amounts, so a spreadsheet's sums net it out of the sales.
 */
function csvReturnRows(ret: ExportedReturn, localTime: (ms: number | null) => Cell): string {
  const note = `return against #${ret.saleReceiptNumber}: ${ret.reason}${ret.deliveryNote ? `; ${ret.deliveryNote}` : ''}`;
  return ret.lines
    .map((line) =>
      csvRow([
        returnLabel(ret.returnNumber),
        ret.saleId,
        localTime(ret.createdAt),
        null,
        null,
        null,
        ret.refundPaymentMethod,
        ret.currency,
        line.saleLine,
        line.productId,
        line.productName,
        { raw: String(-line.quantity) },
        null,
        refundAmount(line.refund, ret.currency),
        null,
        refundAmount(line.refund, ret.currency),
        null,
        refundAmount(ret.total, ret.currency),
        ret.delivery,
        null,
        null,
        note,
        ret.cashierName,
        ret.zReport,
      ]),
    )
    .join('');
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** Version 1 of the file names a sale's last error reason `problem`: kept for its readers. */
const FILE_NAMES: Record<string, string> = {
  lastErrorReason: 'problem',
} satisfies Partial<Record<keyof ExportedSale, string>>;

function jsonSale(sale: ExportedSale) {
  const timed = { ...sale, createdAt: iso(sale.createdAt), syncedAt: iso(sale.syncedAt) };
  return Object.fromEntries(
    Object.entries(timed).map(([key, value]) => [FILE_NAMES[key] ?? key, value]),
  );
}

/** Writes the export; returns how many sales it holds. */
export function writeSalesExport(
  sales: Iterable<ExportedSale>,
  options: ExportOptions,
  write: (chunk: string) => void,
): number {
  let count = 0;
  if (options.format === 'csv') {
    const localTime = localTimes(options.timeZone);
    write(CSV_BOM + csvRow([...CSV_COLUMNS]));
    for (const sale of sales) {
      write(csvRows(sale, localTime));
      count += 1;
    }
    for (const ret of options.returns ?? []) write(csvReturnRows(ret, localTime));
    return count;
  }
  const head = {
    format: 'tillsync-sales-export',
    version: 2, // 2: a refused sale is `refused` (1: `conflict`), its id `saleId` (1: `id`)
    exportedAt: iso(options.now ?? Date.now()),
    from: iso(options.range.from ?? null),
    to: iso(options.range.to ?? null),
  };
  write(JSON.stringify(head, null, 2).replace(/\n}$/, ',\n  "sales": ['));
  for (const sale of sales) {
    write((count === 0 ? '\n    ' : ',\n    ') + JSON.stringify(jsonSale(sale)));
    count += 1;
  }
  write(`${count === 0 ? '' : '\n  '}],\n  "count": ${count},\n  "returns": [`);
  let returns = 0;
  for (const ret of options.returns ?? []) {
    const timed = { ...ret, createdAt: iso(ret.createdAt) };
    write((returns === 0 ? '\n    ' : ',\n    ') + JSON.stringify(timed));
    returns += 1;
  }
  write(`${returns === 0 ? '' : '\n  '}]\n}\n`);
  return count;
}
