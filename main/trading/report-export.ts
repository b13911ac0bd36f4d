// A shift report as a file to print or download: text laid out like a receipt, CSV, PDF.
import type { ShiftReport } from '../../domain/shift.js';

export type ReportFormat = 'text' | 'csv' | 'pdf';

/** FIRST VERSION: JSON text only, replaced by the receipt layout, CSV and PDF. */
export function exportShiftReport(report: ShiftReport, format: ReportFormat, _width: string) {
  const name = report.kind === 'Z' ? `z-report-${report.number}` : 'x-report';
  return {
    fileName: `${name}.${format === 'text' ? 'txt' : format}`,
    mimeType: 'text/plain',
    content: JSON.stringify(report, null, 2),
    encoding: 'utf8' as const,
  };
}
