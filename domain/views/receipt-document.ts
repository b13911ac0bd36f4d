// What a receipt and a refund receipt say, block by block, in the customer's words: the one
// place for their wording, order and money format. The HTML paper (renderer/src/components/
// paper.tsx) and the till roll's text (receipt-roll.ts) both draw these blocks, so what the
// printer prints and what Chromium prints cannot disagree.
import type { RefundReceipt } from '../returns.js';
import { returnLabel } from '../returns.js';
import type { GivenDiscount, ReceiptView } from '../sale.js';
import { formatMoney, methodLabel } from './money-format.js';
import { reportClock } from './shift-report-view.js';

export type PaperBlock =
  /** Large, centred: the shop's name, REFUND, VOID (`alarm`: printed to be seen). */
  | { kind: 'title'; text: string; alarm?: boolean }
  /** `centre`: in the heading, under the shop's name. */
  | { kind: 'text'; text: string; centre?: boolean }
  /** A label on the left, its figure on the right; `sub` under an item, `total` in bold. */
  | { kind: 'row'; label: string; value: string; sub?: boolean; total?: boolean }
  /** A sale's or a return's line: its name; its figures follow as `sub` rows. */
  | { kind: 'item'; name: string }
  | { kind: 'rule' }
  /** Small print about the record, like whether the platform has the sale. */
  | { kind: 'note'; text: string }
  /** The receipt's barcode (Code 128) and its text under it. */
  | { kind: 'barcode'; code: string };

export interface PaperFormat {
  /** The currency's minor digits. */
  decimals: number;
  /** "USD 10.00" rather than "$10.00", for a printer without the currency's symbol. */
  currencyDisplay?: 'symbol' | 'code';
  /** The till's time zone (IANA name); the runtime's when not given. */
  timeZone?: string;
  /** The runtime's when not given; golden files fix it. */
  locale?: string;
}

/** Whether the sale has reached the platform, in words for the customer. */
export function platformNote(state: ReceiptView['state']): string {
  switch (state) {
    case 'synced':
      return 'Recorded on the platform.';
    case 'pending':
    case 'sending':
      return 'Saved on this till; not yet on the platform.';
    case 'refused':
      return 'Saved on this till; the platform has not accepted it yet.';
    case 'discarded':
      return 'Not sent to the platform (set aside).';
    case 'voided':
      return 'VOID: taken back at the till; never sent to the platform.';
  }
}

export const VOID_MARK = 'VOID';
export const REFUND_MARK = 'REFUND';

/** "12.5 %" from 1250 basis points. */
const percent = (basisPoints: number) => `${basisPoints / 100} %`;

/** What a discount was: "10 % off: staff" or "$1.50 off: damaged box". */
export function discountLabel(discount: GivenDiscount, money: (minor: number) => string): string {
  const size =
    discount.basisPoints === null ? money(discount.amountMinor) : percent(discount.basisPoints);
  return `${size} off: ${discount.reason}`;
}

/** Money and times as this paper writes them. */
function writer(currency: string, format: PaperFormat) {
  const clock = reportClock(format.timeZone);
  return {
    money: (minor: number) =>
      formatMoney(minor, currency, format.decimals, format.currencyDisplay, format.locale),
    dateTime: clock.dateTime,
  };
}

/** A sale's receipt: as charged, with its discounts, its returns so far and its barcode. */
export function receiptBlocks(receipt: ReceiptView, format: PaperFormat): PaperBlock[] {
  const { money, dateTime } = writer(receipt.currency, format);
  const voided = receipt.state === 'voided';
  const blocks: PaperBlock[] = [{ kind: 'title', text: receipt.shopName }];
  if (voided) blocks.push({ kind: 'title', text: VOID_MARK, alarm: true });
  blocks.push(
    { kind: 'text', text: receipt.tillName, centre: true },
    { kind: 'row', label: `Receipt #${receipt.receiptNumber}`, value: dateTime(receipt.createdAt) },
    { kind: 'rule' },
  );
  for (const line of receipt.lines) {
    blocks.push(
      { kind: 'item', name: line.name },
      {
        kind: 'row',
        label: `${line.quantity} × ${money(line.unitPriceMinor)}`,
        value: money(line.lineTotalMinor),
        sub: true,
      },
    );
    if (line.discount)
      blocks.push(
        {
          kind: 'row',
          label: discountLabel(line.discount, money),
          value: money(-line.discount.amountMinor),
          sub: true,
        },
        { kind: 'row', label: 'Price paid', value: money(line.chargedTotalMinor), sub: true },
      );
  }
  blocks.push({ kind: 'rule' });
  if (receipt.discount)
    blocks.push(
      { kind: 'row', label: 'Subtotal', value: money(receipt.subtotalMinor) },
      {
        kind: 'row',
        label: discountLabel(receipt.discount, money),
        value: money(-receipt.discount.amountMinor),
      },
    );
  blocks.push(
    { kind: 'row', label: 'Total', value: money(receipt.totalMinor), total: true },
    {
      kind: 'row',
      label: `Paid by ${methodLabel(receipt.paymentMethod)}`,
      value: receipt.tenderedMinor === null ? '' : money(receipt.tenderedMinor),
    },
  );
  if (receipt.changeMinor !== null)
    blocks.push({ kind: 'row', label: 'Change', value: money(receipt.changeMinor) });
  if (receipt.customerName)
    blocks.push({ kind: 'text', text: `Customer: ${receipt.customerName}` });
  if (receipt.cashierName) blocks.push({ kind: 'text', text: `Served by ${receipt.cashierName}` });
  if (receipt.returnNumbers.length > 0)
    blocks.push({
      kind: 'text',
      text: `Returned: ${receipt.returnNumbers.map(returnLabel).join(', ')}`,
    });
  blocks.push(
    { kind: 'note', text: platformNote(receipt.state) },
    { kind: 'barcode', code: receipt.barcode },
  );
  if (voided) blocks.push({ kind: 'title', text: VOID_MARK, alarm: true });
  return blocks;
}

/** A return's refund receipt: its own number, the receipt it returns against, the money back. */
export function refundBlocks(refund: RefundReceipt, format: PaperFormat): PaperBlock[] {
  const { money, dateTime } = writer(refund.currency, format);
  const blocks: PaperBlock[] = [
    { kind: 'title', text: refund.shopName },
    { kind: 'title', text: REFUND_MARK, alarm: true },
    { kind: 'text', text: refund.tillName, centre: true },
    {
      kind: 'row',
      label: `Return ${returnLabel(refund.returnNumber)}`,
      value: dateTime(refund.createdAt),
    },
    {
      kind: 'row',
      label: `For receipt #${refund.saleReceiptNumber}`,
      value: dateTime(refund.saleCreatedAt),
    },
    { kind: 'rule' },
  ];
  for (const line of refund.lines)
    blocks.push(
      { kind: 'item', name: line.name },
      {
        kind: 'row',
        label: `${line.quantity} returned`,
        value: money(-line.refundMinor),
        sub: true,
      },
    );
  blocks.push(
    { kind: 'rule' },
    { kind: 'row', label: 'Total refunded', value: money(-refund.totalMinor), total: true },
    { kind: 'row', label: `Refunded by ${methodLabel(refund.refundPaymentMethod)}`, value: '' },
    { kind: 'text', text: `Reason: ${refund.reason}` },
  );
  if (refund.cashierName) blocks.push({ kind: 'text', text: `Served by ${refund.cashierName}` });
  if (refund.approvedByName)
    blocks.push({ kind: 'text', text: `Approved by ${refund.approvedByName}` });
  if (refund.deliveryNote) blocks.push({ kind: 'note', text: refund.deliveryNote });
  return blocks;
}
