// The receipt's Code 128 barcode as the printer draws it: the very symbol the HTML paper
// draws (domain/code128.ts picks code sets B and C), handed to ESC/POS in its own notation
// ("{B" and "{C" choose the set; in C each byte is a pair of digits), with modules as wide
// as barcodeOnRoll says while the symbol fits the profile's printable dots.
import { CODE128 } from '../../domain/code128.js';
import {
  barcodeOnRoll,
  BARCODE_HEIGHT_MM,
  DOTS_PER_MM,
} from '../../domain/views/receipt-barcode.js';
import type { ReceiptWidth } from '../../domain/sale-states.js';

/** Bars this many dots high: 12 mm on a printer of 8 dots a millimetre. */
export const BARCODE_HEIGHT_DOTS = BARCODE_HEIGHT_MM * DOTS_PER_MM;
/** The encoder's narrowest module (its width option 1 sends GS w 2). */
const MIN_MODULE_DOTS = 2;

export interface PrinterBarcode {
  /** What GS k carries for Code 128 (ESC/POS notation: code set prefixes, "{{" for "{"). */
  escPosData: string;
  /** Module width in dots, 2 or 3. */
  moduleDots: number;
}

/** The symbol's values (start and data, no check or stop) in ESC/POS's Code 128 notation. */
function escPosNotation(values: readonly number[]): string {
  let set: 'B' | 'C' = 'B';
  let data = '';
  for (const value of values) {
    if (value === CODE128.startB || (set === 'C' && value === CODE128.codeB)) {
      set = 'B';
      data += '{B';
    } else if (value === CODE128.startC || (set === 'B' && value === CODE128.codeC)) {
      set = 'C';
      data += '{C';
    } else if (set === 'C') data += String.fromCharCode(value);
    else {
      const char = String.fromCharCode(value + 32);
      data += char === '{' ? '{{' : char;
    }
  }
  return data;
}

/**
 * The barcode for `code` on this roll, or null when it cannot be printed as bars (too long
 * for the paper, or not printable ASCII): the roll then carries its text alone.
 */
export function printerBarcode(
  code: string,
  width: ReceiptWidth,
  printableDots: number,
): PrinterBarcode | null {
  let onRoll;
  try {
    onRoll = barcodeOnRoll(code, width);
  } catch {
    return null;
  }
  const { symbol } = onRoll;
  const moduleDots = Math.min(
    Math.round(onRoll.moduleMm * DOTS_PER_MM),
    Math.floor(printableDots / symbol.totalModules),
  );
  if (moduleDots < MIN_MODULE_DOTS) return null;
  // The check character and the stop are the printer's to add.
  const escPosData = escPosNotation(symbol.values.slice(0, -2));
  return { escPosData, moduleDots };
}
