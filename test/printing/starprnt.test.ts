// StarPRNT and Star Line printers take the same documents through the encoder's Star
// language. There is no Star decoder here: the bytes are checked for the reset, every
// plain line of the roll's text, the barcode (ESC b), the cut (ESC d) and the drawer.
import { describe, expect, it } from 'vitest';
import { PRINTER_PROFILES, profileColumns } from '../../domain/printer-profiles.js';
import { RECEIPT_WIDTHS } from '../../domain/sale-states.js';
import { receiptBlocks } from '../../domain/views/receipt-document.js';
import { receiptRollLines } from '../../domain/views/receipt-roll.js';
import { reportLines } from '../../domain/views/shift-report-view.js';
import {
  documentBytes,
  drawerPulseBytes,
  linesBytes,
  testPageBytes,
  type PrintLayout,
} from '../../main/printing/escpos-document.js';
import { BARCODE_HEIGHT_DOTS } from '../../main/printing/printer-barcode.js';
import { discounted, FORMAT } from '../helpers/receipt-fixtures.js';
import { zReport } from '../helpers/shift-report.js';

const STAR = PRINTER_PROFILES.filter((profile) => profile.language !== 'esc-pos');
const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');
const RESET = '\x1b@\x18';
const CUT = '\x1bd\x00';

describe('receipts on Star printers', () => {
  for (const profile of STAR)
    for (const width of RECEIPT_WIDTHS)
      it(`writes a receipt's lines, barcode, cut and drawer pulse (${profile.id}, ${width})`, () => {
        const layout: PrintLayout = { profile: profile.id, width };
        const bytes = documentBytes(receiptBlocks(discounted, { ...FORMAT, decimals: 2 }), layout, {
          openDrawer: true,
        });
        const text = latin1(bytes);
        expect(text.startsWith(RESET)).toBe(true);
        const roll = receiptRollLines(discounted, profileColumns(profile.id, width), FORMAT);
        // Lines of plain ASCII go out as they are (the others switch code page within).
        const plain = roll.filter((line) => /^[ -~]+$/.test(line) && line.trim() !== 'TSR42');
        expect(plain.length).toBeGreaterThan(10);
        for (const line of plain) expect(text).toContain(line.trim());
        // ESC b: Code 128 (6), text under the bars (2), module width, height, data, RS.
        expect(text).toMatch(
          new RegExp(
            `\x1bb\x06\x02[\x01-\x03]${String.fromCharCode(BARCODE_HEIGHT_DOTS)}TSR42\x1e`,
          ),
        );
        expect(text.indexOf(CUT)).toBeGreaterThan(text.indexOf('TSR42'));
        expect(text.endsWith(latin1(drawerPulseBytes(layout)))).toBe(true);
      });

  it('writes reports and the test page, each cut at the end', () => {
    const layout: PrintLayout = { profile: 'star-mc-print2', width: '58mm' };
    const report = latin1(linesBytes(reportLines(zReport(), 32, { timeZone: 'UTC' }), layout));
    expect(report).toContain('Z REPORT 12');
    expect(report.endsWith(CUT)).toBe(true);
    const page = latin1(testPageBytes(layout, ['serial:///dev/ttyUSB0']));
    expect(page).toContain('Star mC-Print2');
    expect(page).toContain('en (star/standard): The quick');
    expect(page.endsWith(CUT)).toBe(true);
  });
});
