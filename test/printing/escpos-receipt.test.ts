// Receipts in ESC/POS, read back by a decoder of the command stream: the printer prints the
// till roll's own lines (receipt-roll.ts) at the profile's columns, the shop's name double,
// VOID and REFUND white on black, the total bold, the receipt code as Code 128 bars with
// its text under them, then the cut; the drawer's pulse on both pins after it when asked.
import { describe, expect, it } from 'vitest';
import {
  PRINTER_PROFILES,
  profileColumns,
  type PrinterProfileId,
} from '../../domain/printer-profiles.js';
import { RECEIPT_WIDTHS, type ReceiptWidth } from '../../domain/sale-states.js';
import {
  receiptBlocks,
  refundBlocks,
  type PaperBlock,
} from '../../domain/views/receipt-document.js';
import { receiptRollLines, refundRollLines } from '../../domain/views/receipt-roll.js';
import {
  documentBytes,
  drawerPulseBytes,
  type PrintLayout,
} from '../../main/printing/escpos-document.js';
import { feedLinesBeforeCut } from '../../main/printing/roll-printer.js';
import { decodeEscPos, rollText, type DecodedPrint } from '../helpers/escpos-decode.js';
import { discounted, FORMAT, refund, voided } from '../helpers/receipt-fixtures.js';

const PAPER = { ...FORMAT, decimals: 2 };
/** The fixtures' one character no printer has (a coffee cup), as every printer prints it. */
const asPrinted = (line: string) => line.replace('☕', '?');

function printed(blocks: PaperBlock[], layout: PrintLayout, openDrawer = false): DecodedPrint {
  const decoded = decodeEscPos(
    documentBytes(blocks, layout, { openDrawer }),
    layout.profile,
    layout.width,
  );
  expect(decoded.unknown).toEqual([]);
  expect(decoded.cuts).toBe(1);
  return decoded;
}

/**
 * The roll's lines exactly, then the feed to the cutter. A double-size line (`doubled`) is
 * centred by its printed width: half as many characters fit, so it has fewer spaces before.
 */
function expectRoll(decoded: DecodedPrint, roll: string[], layout: PrintLayout, doubled: number[]) {
  const columns = profileColumns(layout.profile, layout.width);
  const expected = roll.map((line, i) => {
    if (!doubled.includes(i)) return asPrinted(line);
    const title = line.trim();
    return ' '.repeat((columns - 2 * title.length) >> 1) + title;
  });
  const feed = Array<string>(feedLinesBeforeCut(layout.profile)).fill('');
  expect(decoded.lines).toEqual([...expected, ...feed]);
  const double = decoded.looks.flatMap((look, i) => (look.width === 2 ? [i] : []));
  expect(double).toEqual(doubled);
}

/** Every ESC/POS profile on both rolls (58 mm paper in an 80 mm printer is 32 columns). */
const layouts: PrintLayout[] = PRINTER_PROFILES.filter(
  (profile) => profile.language === 'esc-pos',
).flatMap((profile) => RECEIPT_WIDTHS.map((width) => ({ profile: profile.id, width })));

describe('a sale receipt in ESC/POS', () => {
  for (const layout of layouts)
    it(`prints the roll's lines on ${layout.profile} at ${layout.width}, the code as a barcode`, () => {
      const columns = profileColumns(layout.profile, layout.width);
      const roll = receiptRollLines(discounted, columns, FORMAT);
      const decoded = printed(receiptBlocks(discounted, PAPER), layout);
      expectRoll(decoded, roll, layout, [0]);
      expect(rollText(decoded, feedLinesBeforeCut(layout.profile))).toEqual(roll.map(asPrinted));
      expect(decoded.barcodes).toEqual(['TSR42']);
      expect(decoded.pulses).toEqual([]);
      // The bars' own line is the code's text, centred under them, between blank lines.
      const code = decoded.lines.findIndex((line) => line.trim() === 'TSR42');
      expect([decoded.lines[code - 1], decoded.lines[code + 1]]).toEqual(['', '']);
      // Discounts, tendered and change, the customer: the roll's lines, here on paper.
      const text = decoded.lines.join('\n');
      expect(text).toMatch(/ {2}10 % off: staff +-\$0\.90/);
      expect(text).toMatch(/Paid by cash +\$20\.00\nChange +\$0\.62/);
      expect(text).toContain("Customer: Zoë O'Brien");
      expect(text).toContain('Café ? latte');
      const total = decoded.lines.findIndex((line) => line.startsWith('Total '));
      expect(decoded.looks[total]).toEqual({ bold: true, invert: false, width: 1, height: 2 });
      expect(decoded.looks.filter((look) => look.bold)).toHaveLength(2); // the name, the total
    });

  it('opens the drawer after the cut, on both pins, when asked', () => {
    const layout: PrintLayout = { profile: 'epson-tm-t20iii', width: '80mm' };
    const blocks = receiptBlocks(discounted, PAPER);
    const withDrawer = documentBytes(blocks, layout, { openDrawer: true });
    expect([...withDrawer]).toEqual([
      ...documentBytes(blocks, layout),
      ...drawerPulseBytes(layout),
    ]);
    expect(printed(blocks, layout, true).pulses).toEqual([
      { pin: 0, onMs: 100, offMs: 200 },
      { pin: 1, onMs: 100, offMs: 200 },
    ]);
  });

  it('prints the symbol the paper draws: code set C for the digits of a long number', () => {
    const layout: PrintLayout = { profile: 'epson-tm-t20iii', width: '58mm' };
    const receipt = { ...discounted, receiptNumber: 1042, barcode: 'TSR1042' };
    const bytes = documentBytes(receiptBlocks(receipt, PAPER), layout);
    // GS k 73 (Code 128), 9 bytes: "{BTSR" then "{C" and the pairs 10 and 42 as bytes.
    const data = [0x1d, 0x6b, 73, 9, ...Buffer.from('{BTSR{C'), 10, 42];
    const at = Buffer.from(bytes).indexOf(Buffer.from(data));
    expect(at).toBeGreaterThan(0);
    // 3-dot modules (GS w 3), as barcodeOnRoll gives this symbol on 58 mm; 96 dots high.
    expect([...bytes.slice(at - 9, at)]).toEqual([0x1d, 0x68, 96, 0x1d, 0x77, 3, 0x1d, 0x48, 2]);
    expect(decodeEscPos(bytes, layout.profile, layout.width).barcodes).toEqual(['TSR1042']);
  });
});

describe('void and refund receipts in ESC/POS', () => {
  for (const width of ['80mm', '58mm'] as ReceiptWidth[]) {
    const layout: PrintLayout = { profile: 'epson-tm-t20iii', width };
    const columns = profileColumns(layout.profile, width);

    it(`prints VOID white on black, double, at the top and the bottom (${width})`, () => {
      const roll = receiptRollLines(voided, columns, FORMAT);
      const decoded = printed(receiptBlocks(voided, PAPER), layout);
      const last = roll.length - 1;
      expectRoll(decoded, roll, layout, [0, 1, last]);
      for (const line of [1, last]) {
        expect(decoded.lines[line]!.trim()).toBe('*** VOID ***');
        expect(decoded.looks[line]).toEqual({ bold: true, invert: true, width: 2, height: 2 });
      }
      expect(decoded.looks.filter((look) => look.invert)).toHaveLength(2);
      expect(decoded.barcodes).toEqual(['TSR43']);
    });

    it(`prints a refund receipt with REFUND white on black and no barcode (${width})`, () => {
      const roll = refundRollLines(refund, columns, FORMAT);
      const decoded = printed(refundBlocks(refund, PAPER), layout);
      expectRoll(decoded, roll, layout, [0, 1]);
      expect(decoded.lines[1]!.trim()).toBe('*** REFUND ***');
      expect(decoded.looks[1]!.invert).toBe(true);
      expect(decoded.barcodes).toEqual([]);
      expect(decoded.lines.join('\n')).toMatch(/Total refunded +-\$12\.15/);
    });
  }

  it('prints a title too long to double on the roll lines, bold', () => {
    const layout: PrintLayout = { profile: 'pos-5890', width: '58mm' };
    const receipt = { ...discounted, shopName: 'The Corner Grocer of the Long Street Market' };
    const roll = receiptRollLines(receipt, 32, FORMAT);
    const decoded = printed(receiptBlocks(receipt, PAPER), layout);
    expectRoll(decoded, roll, layout, []);
    expect(decoded.lines.slice(0, 2)).toEqual(roll.slice(0, 2));
    expect(decoded.looks.slice(0, 2).map((look) => look.bold)).toEqual([true, true]);
  });
});

describe('the drawer alone', () => {
  const profiles: PrinterProfileId[] = ['epson-tm-t20iii', 'pos-5890', 'xprinter-xp-n160ii'];
  for (const profile of profiles)
    it(`pulses both pins and prints nothing (${profile})`, () => {
      const decoded = decodeEscPos(drawerPulseBytes({ profile, width: '80mm' }), profile);
      expect(decoded).toMatchObject({ lines: [], cuts: 0, unknown: [] });
      expect(decoded.pulses.map((pulse) => pulse.pin)).toEqual([0, 1]);
    });

  it('pulses both pins on a StarPRNT printer (ESC BEL n1 n2, then BEL and SUB)', () => {
    const bytes = drawerPulseBytes({ profile: 'star-tsp100iv', width: '80mm' });
    // 100 ms on and 200 ms off, in Star's 10 ms steps; BEL drives drawer 1, SUB drawer 2.
    expect([...bytes]).toEqual([0x1b, 0x07, 10, 20, 0x07, 0x1b, 0x07, 10, 20, 0x1a]);
  });
});
