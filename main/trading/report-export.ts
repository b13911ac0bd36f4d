// A shift report as a file to print or download: the till roll's lines as text, CSV, or a
// PDF of those lines. Made from the report alone (and the till's time zone and language), so a
// Z report exported again, a year later and after its sales were archived, is the same file.
// The CSV is data: English, whatever the till's language.
import { CSV_BOM } from '../../domain/csv.js';
import type { ReceiptWidth } from '../../domain/sale-states.js';
import type { ShiftReport } from '../../domain/shift.js';
import {
  reportClock,
  reportCsv,
  reportLines,
  reportTitle,
  type ReportLayout,
} from '../../domain/views/shift-report-view.js';
import { paperWords } from '../../domain/views/receipt-document.js';
import { ROLL_COLUMNS } from '../../domain/views/till-roll.js';
import { printsInPdf, textPdf } from './report-pdf.js';

export type ReportFormat = 'text' | 'csv' | 'pdf';

const EXTENSIONS: Record<ReportFormat, string> = { text: 'txt', csv: 'csv', pdf: 'pdf' };
const MIME_TYPES: Record<ReportFormat, string> = {
  text: 'text/plain;charset=utf-8',
  csv: 'text/csv;charset=utf-8',
  pdf: 'application/pdf',
};

/** "z-report-12", or "x-report-2026-11-25" for the day an X report was made on. */
export function reportFileStem(report: ShiftReport, timeZone?: string): string {
  if (report.kind === 'Z') return `z-report-${report.number}`;
  return `x-report-${reportClock(timeZone).dateTime(report.madeAt).slice(0, 10)}`;
}

export function exportShiftReport(
  report: ShiftReport,
  format: ReportFormat,
  width: ReceiptWidth,
  options: Pick<ReportLayout, 'timeZone' | 'locale'> = {},
) {
  const columns = ROLL_COLUMNS[width];
  const file = {
    fileName: `${reportFileStem(report, options.timeZone)}.${EXTENSIONS[format]}`,
    mimeType: MIME_TYPES[format],
  };
  if (format === 'csv')
    return { ...file, content: CSV_BOM + reportCsv(report, options), encoding: 'utf8' as const };
  const lines = reportLines(report, columns, options);
  if (format === 'text')
    return {
      ...file,
      content: lines.map((line) => `${line}\n`).join(''),
      encoding: 'utf8' as const,
    };
  // Courier shows Latin text only: a currency symbol it lacks (₦, ₹) is spelled as its code.
  const printable = printsInPdf(lines)
    ? lines
    : reportLines(report, columns, { ...options, currencyDisplay: 'code' });
  const pdf = textPdf(printable, reportTitle(report, paperWords(options.locale)));
  return { ...file, content: pdf.toString('base64'), encoding: 'base64' as const };
}
