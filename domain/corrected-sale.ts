// A refused sale as a person corrects it: the Sync screen's Edit (the contract's
// editRefused) and `tillsync refused edit --file`. The same fields as a new sale
// (domain/new-sale.ts), money in integer minor units, checked and priced in one pass where
// it comes in; the store takes what this gives. No cash handed over: an edit never changes
// what was paid (domain/sale-edit.ts), so the amount tendered and the change stay as kept.
import { z } from 'zod';
import { saleFields, type PricedLine } from './new-sale.js';
import { said } from './i18n/said.js';
import type { FieldError } from './result.js';

type FieldWords = Omit<FieldError, 'path'>;

/** A corrected sale checked and priced: what the store writes as the sale's new revision. */
export interface CorrectedSale {
  shopId?: string;
  customerId?: string;
  paymentMethod: string;
  lines: PricedLine[];
  totalMinor: number;
}

export const correctedSale = z
  .strictObject(saleFields)
  .transform(({ items, ...sale }): CorrectedSale => ({ ...sale, ...items }));

/** A corrected sale as a person (the UI, a file) sends it. */
export type CorrectedSaleInput = z.input<typeof correctedSale>;

/** A line's discount columns as written: what was given, and what it took off. */
export interface LineDiscountColumns {
  discountBasisPoints: number | null;
  discountAmountMinor: number | null;
  discountReason: string | null;
  lineDiscountMinor: number;
  saleDiscountShareMinor: number;
}

export const NO_LINE_DISCOUNT: LineDiscountColumns = {
  discountBasisPoints: null,
  discountAmountMinor: null,
  discountReason: null,
  lineDiscountMinor: 0,
  saleDiscountShareMinor: 0,
};

type KeptLine = PricedLine & LineDiscountColumns;

/**
 * A correction keeps the money charged. A sale given no discount is corrected as before. A
 * discounted one keeps each line's discount figures, so its lines must keep their number,
 * quantities and unit prices (only a product, the customer, the shop or the payment is
 * fixed): anything else is refused, naming the line. The total to compare with what was
 * paid is then the corrected lines' total less the discounts kept.
 */
export function keepDiscounts(
  old: ReadonlyArray<PricedLine & LineDiscountColumns>,
  corrected: CorrectedSale,
):
  { ok: true; lines: KeptLine[]; totalMinor: number } | ({ ok: false; path: string } & FieldWords) {
  const discounted = old.some((line) => line.lineDiscountMinor + line.saleDiscountShareMinor > 0);
  if (!discounted)
    return {
      ok: true,
      lines: corrected.lines.map((line) => ({ ...line, ...NO_LINE_DISCOUNT })),
      totalMinor: corrected.totalMinor,
    };
  const why = said('field.sale.keepsDiscountedLines');
  if (corrected.lines.length !== old.length) return { ok: false, path: '/items', ...why };
  const lines: KeptLine[] = [];
  for (const [index, line] of corrected.lines.entries()) {
    const was = old[index]!;
    if (line.quantityMilli !== was.quantityMilli || line.unitPriceMinor !== was.unitPriceMinor)
      return { ok: false, path: `/items/${index}`, ...why };
    lines.push({
      ...line,
      discountBasisPoints: was.discountBasisPoints,
      discountAmountMinor: was.discountAmountMinor,
      discountReason: was.discountReason,
      lineDiscountMinor: was.lineDiscountMinor,
      saleDiscountShareMinor: was.saleDiscountShareMinor,
    });
  }
  const off = lines.reduce((sum, l) => sum + l.lineDiscountMinor + l.saleDiscountShareMinor, 0);
  return { ok: true, lines, totalMinor: corrected.totalMinor - off };
}
