// A receipt and a refund receipt as a till roll prints them: lines of at most 48 (80 mm)
// or 32 (58 mm) characters, from the same blocks as the HTML paper (receipt-document.ts).
// A text printer puts the barcode itself where its text line stands.
import type { RefundReceipt } from '../returns.js';
import type { ReceiptView } from '../sale.js';
import { currencyDecimals } from '../money.js';
import {
  receiptBlocks,
  refundBlocks,
  type PaperBlock,
  type PaperFormat,
} from './receipt-document.js';
import { tillRoll } from './till-roll.js';

export type RollFormat = Omit<PaperFormat, 'decimals'>;

/** Sub-rows stand under their item's name, indented this much. */
const SUB_INDENT = 2;

/** Blocks as lines of at most `columns` characters. */
export function rollLines(blocks: PaperBlock[], columns: number): string[] {
  const roll = tillRoll(columns);
  for (const block of blocks) {
    switch (block.kind) {
      case 'title':
        roll.center(block.alarm ? `*** ${block.text} ***` : block.text);
        break;
      case 'text':
        if (block.centre) roll.center(block.text);
        else roll.text(block.text);
        break;
      case 'note':
        roll.text(block.text);
        break;
      case 'item':
        roll.text(block.name);
        break;
      case 'row':
        roll.row(block.label, block.value, block.sub ? SUB_INDENT : 0);
        break;
      case 'rule':
        roll.rule();
        break;
      case 'barcode':
        roll.blank();
        roll.center(block.code);
        roll.blank();
        break;
    }
  }
  return roll.lines();
}

/** A sale's receipt on the roll. */
export function receiptRollLines(
  receipt: ReceiptView,
  columns: number,
  format: RollFormat = {},
): string[] {
  const decimals = currencyDecimals(receipt.currency);
  return rollLines(receiptBlocks(receipt, { ...format, decimals }), columns);
}

/** A return's refund receipt on the roll. */
export function refundRollLines(
  refund: RefundReceipt,
  columns: number,
  format: RollFormat = {},
): string[] {
  const decimals = currencyDecimals(refund.currency);
  return rollLines(refundBlocks(refund, { ...format, decimals }), columns);
}
