// Receipts, refund receipts and reports as the bytes a receipt printer takes (ESC/POS or
// StarPRNT, by the profile): text, not images. The lines are the till roll's own
// (domain/views/receipt-roll.ts lays out each block), so the printer prints what the text
// roll says; here they get their style: the shop's name large, VOID and REFUND white on
// black, the total bold, the receipt's code as a real barcode, then the cut.
import { currencyDecimals } from '../../domain/money.js';
import type { PrinterProfileId } from '../../domain/printer-profiles.js';
import { formatMoney } from '../../domain/views/money-format.js';
import type { PaperBlock } from '../../domain/views/receipt-document.js';
import { rollLines } from '../../domain/views/receipt-roll.js';
import { lengthOf } from '../../domain/views/till-roll.js';
import {
  drawerPulseBytes,
  rollPrinter,
  type PrintLayout,
  type RollPrinter,
} from './roll-printer.js';
import { printsAsIs } from './printer-codepages.js';

export { drawerPulseBytes, type PrintLayout } from './roll-printer.js';
export { testPageBytes } from './escpos-test-page.js';

export interface DocumentOptions {
  /** Pulse the cash drawer (both pins) once the receipt is cut. */
  openDrawer?: boolean;
}

function printBlock(printer: RollPrinter, block: PaperBlock) {
  const lines = rollLines([block], printer.columns);
  switch (block.kind) {
    case 'title': {
      const title = lines.length === 1 ? lines[0]!.trim() : null;
      const style = { bold: true, invert: block.alarm === true };
      // Double size where the title fits half the columns; else the roll's lines, bold.
      if (title !== null && lengthOf(title) * 2 <= printer.columns)
        printer.line(title, { ...style, double: true, centre: true });
      else for (const line of lines) printer.line(line, style);
      break;
    }
    case 'row':
      for (const line of lines) printer.line(line, { bold: block.total, tall: block.total });
      break;
    case 'barcode':
      // The roll has the code's text between blank lines: the bars go there, the text under them.
      for (const line of lines)
        if (line.trim() === block.code) printer.barcode(block.code);
        else printer.line(line);
      break;
    default:
      for (const line of lines) printer.line(line);
  }
}

const joined = (...parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((part) => [...part]));

/** A receipt or refund receipt (its paper blocks), cut; the drawer opened after when asked. */
export function documentBytes(
  blocks: PaperBlock[],
  layout: PrintLayout,
  options: DocumentOptions = {},
): Uint8Array {
  const printer = rollPrinter(layout);
  for (const block of blocks) printBlock(printer, block);
  const bytes = printer.cut();
  return options.openDrawer ? joined(bytes, drawerPulseBytes(layout)) : bytes;
}

/** Lines already laid out for the roll (an X or Z report's `reportLines`), then the cut. */
export function linesBytes(lines: string[], layout: PrintLayout): Uint8Array {
  const printer = rollPrinter(layout);
  for (const line of lines) printer.line(line);
  return printer.cut();
}

/**
 * How money is written on this printer's paper (PaperFormat's `currencyDisplay`): by the
 * currency's symbol when the printer has it ("$", "€", "£"), else by its code ("NGN 10.00"
 * rather than "?10.00").
 */
export function currencyDisplayFor(
  currency: string,
  profile: PrinterProfileId,
  locale?: string,
): 'symbol' | 'code' {
  const sample = formatMoney(1234, currency, currencyDecimals(currency), 'symbol', locale);
  return printsAsIs(sample, profile) ? 'symbol' : 'code';
}
