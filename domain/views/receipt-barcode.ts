// The receipt's barcode as it sits on a till roll: modules a whole number of printer dots
// wide (thermal printers print 8 dots a millimetre, 203 dpi), as wide as a scanner likes
// (3 dots) while the symbol and its quiet zones still fit the printable width.
import { code128, code128Bars, type Code128Symbol } from '../code128.js';
import type { ReceiptWidth } from '../sale-states.js';

/** What the printer can print on each roll (576 and 384 dots); print.css pads to it. */
export const PRINTABLE_MM = { '80mm': 72, '58mm': 48 } as const satisfies Record<
  ReceiptWidth,
  number
>;
export const DOTS_PER_MM = 8;
const MAX_MODULE_DOTS = 3;
/** The bars' height: long enough for a hand scanner held at an angle. */
export const BARCODE_HEIGHT_MM = 12;

export interface BarcodeOnRoll {
  symbol: Code128Symbol;
  /** In modules from the left quiet zone's edge. */
  bars: Array<{ x: number; width: number }>;
  moduleMm: number;
  /** Quiet zones included. */
  widthMm: number;
  heightMm: number;
}

export function barcodeOnRoll(text: string, width: ReceiptWidth): BarcodeOnRoll {
  const symbol = code128(text);
  const dots = Math.min(
    MAX_MODULE_DOTS,
    Math.floor((PRINTABLE_MM[width] * DOTS_PER_MM) / symbol.totalModules),
  );
  if (dots < 1) throw new Error(`"${text}" is too long for a barcode on a ${width} roll.`);
  const moduleMm = dots / DOTS_PER_MM;
  return {
    symbol,
    bars: code128Bars(symbol),
    moduleMm,
    widthMm: symbol.totalModules * moduleMm,
    heightMm: BARCODE_HEIGHT_MM,
  };
}
