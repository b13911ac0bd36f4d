// What a receipt and a refund receipt say, block by block, in the customer's words: the one
// place for their wording, order and money format. The HTML paper (renderer/src/components/
// paper.tsx) and the till roll's text (receipt-roll.ts) both draw these blocks, so what the
// printer prints and what Chromium prints cannot disagree. The words are the catalog's
// (paper area) in the format's locale: a till set to de-DE prints a German receipt.
import { english, translator, type MessageKey, type Translator } from '../i18n/messages.js';
import type { RefundReceipt } from '../returns.js';
import { returnLabel } from '../returns.js';
import type { GivenDiscount, ReceiptView } from '../sale.js';
import { formatMoney, methodLabel } from './money-format.js';
import { paperClock } from './paper-clock.js';

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
  /** The paper's language and number format; the runtime's numbers and English words when not given. */
  locale?: string;
}

const PLATFORM_NOTES = {
  synced: 'paper.platform.synced',
  pending: 'paper.platform.pending',
  sending: 'paper.platform.pending',
  refused: 'paper.platform.refused',
  discarded: 'paper.platform.discarded',
  voided: 'paper.platform.voided',
} as const satisfies Record<ReceiptView['state'], MessageKey>;

/** Whether the sale has reached the platform, in words for the customer. */
export const platformNote = (state: ReceiptView['state'], words: Translator = english): string =>
  words.t(PLATFORM_NOTES[state]);

/** What a discount was: "10 % off: staff" or "$1.50 off: damaged box". */
export function discountLabel(
  discount: GivenDiscount,
  money: (minor: number) => string,
  words: Translator = english,
): string {
  const size =
    discount.basisPoints === null
      ? money(discount.amountMinor)
      : words.t('paper.receipt.percent', { percent: discount.basisPoints / 100 });
  return words.t('paper.receipt.discount', { size, reason: discount.reason });
}

/** The words of a paper in `locale`: English when none is given. */
export const paperWords = (locale: string | undefined): Translator =>
  locale === undefined ? english : translator(locale);

/** Words, money and times as this paper writes them. */
function writer(currency: string, format: PaperFormat) {
  const clock = paperClock(format.timeZone, format.locale);
  const words = paperWords(format.locale);
  return {
    words,
    t: words.t,
    money: (minor: number) =>
      formatMoney(minor, currency, format.decimals, format.currencyDisplay, format.locale),
    dateTime: clock.dateTime,
  };
}

/** A sale's receipt: as charged, with its discounts, its returns so far and its barcode. */
export function receiptBlocks(receipt: ReceiptView, format: PaperFormat): PaperBlock[] {
  const { words, t, money, dateTime } = writer(receipt.currency, format);
  const voided = receipt.state === 'voided';
  const voidMark: PaperBlock = { kind: 'title', text: t('paper.receipt.void'), alarm: true };
  const blocks: PaperBlock[] = [{ kind: 'title', text: receipt.shopName }];
  if (voided) blocks.push(voidMark);
  blocks.push(
    { kind: 'text', text: receipt.tillName, centre: true },
    {
      kind: 'row',
      label: t('paper.receipt.number', { number: receipt.receiptNumber }),
      value: dateTime(receipt.createdAt),
    },
    { kind: 'rule' },
  );
  for (const line of receipt.lines) {
    blocks.push(
      { kind: 'item', name: line.name },
      {
        kind: 'row',
        label: t('paper.receipt.line', {
          quantity: line.quantity,
          price: money(line.unitPriceMinor),
        }),
        value: money(line.lineTotalMinor),
        sub: true,
      },
    );
    if (line.discount)
      blocks.push(
        {
          kind: 'row',
          label: discountLabel(line.discount, money, words),
          value: money(-line.discount.amountMinor),
          sub: true,
        },
        {
          kind: 'row',
          label: t('paper.receipt.pricePaid'),
          value: money(line.chargedTotalMinor),
          sub: true,
        },
      );
  }
  blocks.push({ kind: 'rule' });
  if (receipt.discount)
    blocks.push(
      { kind: 'row', label: t('paper.receipt.subtotal'), value: money(receipt.subtotalMinor) },
      {
        kind: 'row',
        label: discountLabel(receipt.discount, money, words),
        value: money(-receipt.discount.amountMinor),
      },
    );
  blocks.push(
    { kind: 'row', label: t('paper.receipt.total'), value: money(receipt.totalMinor), total: true },
    {
      kind: 'row',
      label: t('paper.receipt.paidBy', {
        method: receipt.paymentMethod,
        name: methodLabel(receipt.paymentMethod),
      }),
      value: receipt.tenderedMinor === null ? '' : money(receipt.tenderedMinor),
    },
  );
  if (receipt.changeMinor !== null)
    blocks.push({
      kind: 'row',
      label: t('paper.receipt.change'),
      value: money(receipt.changeMinor),
    });
  if (receipt.customerName)
    blocks.push({
      kind: 'text',
      text: t('paper.receipt.customer', { name: receipt.customerName }),
    });
  if (receipt.cashierName)
    blocks.push({ kind: 'text', text: t('paper.receipt.servedBy', { name: receipt.cashierName }) });
  if (receipt.returnNumbers.length > 0)
    blocks.push({
      kind: 'text',
      text: t('paper.receipt.returned', {
        returns: receipt.returnNumbers.map(returnLabel).join(', '),
      }),
    });
  blocks.push(
    { kind: 'note', text: platformNote(receipt.state, words) },
    { kind: 'barcode', code: receipt.barcode },
  );
  if (voided) blocks.push(voidMark);
  return blocks;
}

/** A return's refund receipt: its own number, the receipt it returns against, the money back. */
export function refundBlocks(refund: RefundReceipt, format: PaperFormat): PaperBlock[] {
  const { t, money, dateTime } = writer(refund.currency, format);
  const blocks: PaperBlock[] = [
    { kind: 'title', text: refund.shopName },
    { kind: 'title', text: t('paper.refund.mark'), alarm: true },
    { kind: 'text', text: refund.tillName, centre: true },
    {
      kind: 'row',
      label: t('paper.refund.return', { label: returnLabel(refund.returnNumber) }),
      value: dateTime(refund.createdAt),
    },
    {
      kind: 'row',
      label: t('paper.refund.forReceipt', { number: refund.saleReceiptNumber }),
      value: dateTime(refund.saleCreatedAt),
    },
    { kind: 'rule' },
  ];
  for (const line of refund.lines)
    blocks.push(
      { kind: 'item', name: line.name },
      {
        kind: 'row',
        label: t('paper.refund.line', { quantity: line.quantity }),
        value: money(-line.refundMinor),
        sub: true,
      },
    );
  blocks.push(
    { kind: 'rule' },
    { kind: 'row', label: t('paper.refund.total'), value: money(-refund.totalMinor), total: true },
    {
      kind: 'row',
      label: t('paper.refund.by', {
        method: refund.refundPaymentMethod,
        name: methodLabel(refund.refundPaymentMethod),
      }),
      value: '',
    },
    { kind: 'text', text: t('paper.refund.reason', { reason: refund.reason }) },
  );
  if (refund.cashierName)
    blocks.push({ kind: 'text', text: t('paper.receipt.servedBy', { name: refund.cashierName }) });
  if (refund.approvedByName)
    blocks.push({
      kind: 'text',
      text: t('paper.refund.approvedBy', { name: refund.approvedByName }),
    });
  if (refund.deliveryNote) blocks.push({ kind: 'note', text: refund.deliveryNote });
  return blocks;
}
