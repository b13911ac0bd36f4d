// Receipts with everything a receipt can show (discounts by percent and by amount, on lines
// and on the sale, returns so far; a void; a refund with a manager's approval), at fixed
// times, for the golden files and for the paper as Chromium prints it.
import type { RefundReceipt } from '../../domain/returns.js';
import type { ReceiptView } from '../../domain/sale.js';

/** Nairobi (UTC+3, no daylight saving) and a fixed locale: the goldens' time and money. */
export const FORMAT = { timeZone: 'Africa/Nairobi', locale: 'en-US' };
/** 2026-11-25 09:30 in Nairobi (UTC+3). */
export const AT = Date.UTC(2026, 10, 25, 6, 30);

/** Two discounted lines (by percent and by amount), one not, and a discount on the sale. */
export const discounted: ReceiptView = {
  shopName: 'Corner Grocer',
  tillName: 'Front till',
  saleId: 'sale_1',
  receiptNumber: 42,
  createdAt: AT,
  currency: 'USD',
  lines: [
    {
      name: 'Sourdough loaf',
      quantity: 2,
      unitPriceMinor: 450,
      lineTotalMinor: 900,
      discount: { basisPoints: 1000, amountMinor: 90, reason: 'staff' },
      chargedTotalMinor: 810,
    },
    {
      name: 'Café ☕ latte',
      quantity: 3,
      unitPriceMinor: 320,
      lineTotalMinor: 960,
      discount: { basisPoints: null, amountMinor: 150, reason: 'damaged box' },
      chargedTotalMinor: 810,
    },
    {
      name: 'Unga wa mahindi, 2 kg "premium" (the big bag)',
      quantity: 1.5,
      unitPriceMinor: 280,
      lineTotalMinor: 420,
      discount: null,
      chargedTotalMinor: 420,
    },
  ],
  subtotalMinor: 2040,
  discount: { basisPoints: 500, amountMinor: 102, reason: 'loyal customer' },
  totalMinor: 1938,
  barcode: 'TSR42',
  returnNumbers: [1, 2],
  paymentMethod: 'CASH',
  tenderedMinor: 2000,
  changeMinor: 62,
  customerName: "Zoë O'Brien",
  cashierName: 'Wanjiru',
  state: 'synced',
};

export const voided: ReceiptView = {
  ...discounted,
  saleId: 'sale_2',
  receiptNumber: 43,
  createdAt: AT + 5 * 60_000,
  lines: [discounted.lines[2]!],
  subtotalMinor: 420,
  discount: null,
  totalMinor: 420,
  barcode: 'TSR43',
  returnNumbers: [],
  paymentMethod: 'MOBILE_MONEY',
  tenderedMinor: null,
  changeMinor: null,
  customerName: null,
  state: 'voided',
};

export const refund: RefundReceipt = {
  returnId: 'ret_1',
  returnNumber: 3,
  createdAt: AT + 2 * 86_400_000,
  currency: 'USD',
  saleId: 'sale_1',
  saleReceiptNumber: 42,
  saleCreatedAt: AT,
  refundPaymentMethod: 'CASH',
  totalMinor: 1215,
  reason: 'the loaves were stale',
  lines: [
    {
      lineNumber: 1,
      saleLineNumber: 1,
      productId: 'prod_loaf',
      name: 'Sourdough loaf',
      quantity: 1,
      refundMinor: 385,
    },
    {
      lineNumber: 2,
      saleLineNumber: 2,
      productId: 'prod_latte',
      name: 'Café ☕ latte',
      quantity: 3,
      refundMinor: 830,
    },
  ],
  cashierName: 'Wanjiru',
  approvedByName: 'Amina',
  delivery: 'not_sent',
  deliveryNote: "not sent: the platform's v1 has no refund operation",
  shopName: 'Corner Grocer',
  tillName: 'Front till',
};
