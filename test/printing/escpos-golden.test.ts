// One receipt's bytes per printer profile, compared with golden files in test/golden/: a
// change of the encoder or of the layout shows here as a byte difference to read. After an
// intended change:
//   UPDATE_GOLDEN=1 npx vitest run test/printing/escpos-golden.test.ts
// and check the decoded receipt (escpos-receipt.test.ts) before committing the new files.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { printerProfile, type PrinterProfileId } from '../../domain/printer-profiles.js';
import { receiptBlocks } from '../../domain/views/receipt-document.js';
import { documentBytes } from '../../main/printing/escpos-document.js';
import { repoRoot } from '../helpers/cli.js';
import { decodeEscPos } from '../helpers/escpos-decode.js';
import { discounted, FORMAT } from '../helpers/receipt-fixtures.js';

const PROFILES: PrinterProfileId[] = [
  'epson-tm-t20iii',
  'epson-tm-t88vi',
  'pos-5890',
  'xprinter-xp-n160ii',
  'star-tsp100iv',
  'star-tsp650ii',
];

function expectGolden(name: string, bytes: Uint8Array) {
  const file = join(repoRoot, 'test', 'golden', name);
  if (process.env.UPDATE_GOLDEN === '1') writeFileSync(file, bytes);
  // Hex, so a difference reads as bytes rather than as one long failing comparison.
  expect(Buffer.from(bytes).toString('hex')).toBe(readFileSync(file).toString('hex'));
}

describe('a receipt in each profile, byte for byte (golden files)', () => {
  for (const profile of PROFILES)
    it(`matches test/golden/escpos-${profile}.bin`, () => {
      const bytes = documentBytes(
        receiptBlocks(discounted, { ...FORMAT, decimals: 2 }),
        { profile, width: '80mm' },
        { openDrawer: true },
      );
      expectGolden(`escpos-${profile}.bin`, bytes);
      const text = Buffer.from(bytes).toString('latin1');
      if (printerProfile(profile).language === 'esc-pos') {
        const decoded = decodeEscPos(bytes, profile);
        expect(decoded).toMatchObject({ cuts: 1, barcodes: ['TSR42'], unknown: [] });
        expect(decoded.pulses).toHaveLength(2);
      } else {
        // StarPRNT: reset (ESC @ CAN), the text, the barcode's data, the cut (ESC d), the drawer.
        expect(text.startsWith('\x1b@\x18')).toBe(true);
        for (const words of ['Corner Grocer', 'Sourdough loaf', 'Total', 'Change', 'TSR42'])
          expect(text).toContain(words);
        expect(text).toContain('\x1bd\x00');
        expect(text.endsWith('\x1b\x07\x0a\x14\x1a')).toBe(true);
      }
    });
});
