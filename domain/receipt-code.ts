// The barcode printed on every receipt (Code 128): the receipt number with a prefix no
// product barcode has, so a scan at the till tells a receipt (start a return) from goods.
export const RECEIPT_CODE_PREFIX = 'TSR';

/** The text the receipt's barcode carries: `TSR` and the receipt number, like TSR1042. */
export const receiptCode = (receiptNumber: number) => `${RECEIPT_CODE_PREFIX}${receiptNumber}`;

/** The receipt number a scanned or typed code carries, or null when it is not a receipt's. */
export function receiptNumberOf(code: string): number | null {
  const match = /^TSR([1-9]\d{0,14})$/i.exec(code.trim());
  return match ? Number(match[1]) : null;
}
