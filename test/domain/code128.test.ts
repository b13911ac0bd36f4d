// The receipt's Code 128, checked against an independent encoder (bwip-js, a port of
// Barcode Writer in Pure PostScript), against values worked out by hand from the
// standard's table, and read back by a decoder as a scanner would.
import bwipjs from 'bwip-js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CODE128_PATTERNS,
  QUIET_ZONE_MODULES,
  code128,
  code128Bars,
} from '../../domain/code128.js';
import { receiptCode } from '../../domain/receipt-code.js';
import { barcodeOnRoll, PRINTABLE_MM } from '../../domain/views/receipt-barcode.js';
import { decodeCode128 } from '../helpers/code128-decode.js';

/** bwip-js's bar and space widths for `text`, start to stop. */
function reference(text: string): number[] {
  const [symbol] = bwipjs.raw({ bcid: 'code128', text }) as Array<{ sbs: number[] }>;
  return symbol!.sbs;
}

const PRINTABLE = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('');
const EVERY_PAIR = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0')).join('');

describe('Code 128', () => {
  it('has the standard table: 103 data characters, 3 starts and a stop, all distinct', () => {
    expect(CODE128_PATTERNS).toHaveLength(107);
    expect(new Set(CODE128_PATTERNS).size).toBe(107);
    CODE128_PATTERNS.forEach((pattern, value) => {
      const widths = [...pattern].map(Number);
      const bars = widths.filter((_, i) => i % 2 === 0);
      expect(
        widths.reduce((a, b) => a + b),
        `value ${value}`,
      ).toBe(value === 106 ? 13 : 11);
      // Every character's bars take an even number of modules (the symbology's parity).
      expect(bars.reduce((a, b) => a + b) % 2, `value ${value}`).toBe(0);
      expect(Math.max(...widths)).toBeLessThanOrEqual(4);
    });
  });

  it('encodes worked examples: code sets, switches and the mod 103 check character', () => {
    // TSR1042: Start B (104), T S R in B (ASCII - 32: 52 51 50), Code C (99), 10, 42.
    // Check: 104 + 52×1 + 51×2 + 50×3 + 99×4 + 10×5 + 42×6 = 1106; 1106 mod 103 = 76.
    expect(code128('TSR1042').values).toEqual([104, 52, 51, 50, 99, 10, 42, 76, 106]);
    // TSR1: three digits fewer, all in B: 104 + 52 + 102 + 150 + 17×4 = 476; mod 103 = 64.
    expect(code128('TSR1').values).toEqual([104, 52, 51, 50, 17, 64, 106]);
    // Two digits alone: Start C, one character: (105 + 12) mod 103 = 14.
    expect(code128('12').values).toEqual([105, 12, 14, 106]);
    // An odd run ends the text: its first digit in B, then pairs in C.
    expect(code128('TSR12345').values.slice(0, -2)).toEqual([104, 52, 51, 50, 17, 99, 23, 45]);
    // Four digits between letters: as short either way, C as GS1's rules say.
    expect(code128('A1234B').values.slice(0, -2)).toEqual([104, 33, 99, 12, 34, 100, 34]);
    // The table's own rows for these characters (ISO/IEC 15417, table 1).
    expect(code128('TSR1042').widths.join('')).toBe(
      [
        '211214',
        '213311',
        '213113',
        '231131',
        '113141',
        '221312',
        '112133',
        '221114',
        '2331112',
      ].join(''),
    );
  });

  it('draws exactly the bars bwip-js draws, for receipt codes and mixed text', () => {
    const texts = [
      ...[1, 42, 1042, 12345, 123456789, 999999999999999].map(receiptCode),
      'TSR100000000000000',
      PRINTABLE,
      `TSR${EVERY_PAIR}`,
      EVERY_PAIR,
      '1',
      '12345',
      'A1234B',
      'ab12cd3456ef78901',
      'Hello, World! ~',
    ];
    const seen = new Set<number>();
    for (const text of texts) {
      const symbol = code128(text);
      expect(symbol.widths, text).toEqual(reference(text));
      for (const value of symbol.values) seen.add(value);
    }
    // Every character this encoder can write was among those compared.
    for (let value = 0; value <= 100; value += 1) expect(seen, `value ${value}`).toContain(value);
    for (const value of [104, 105, 106]) expect(seen).toContain(value);
  });

  it('agrees with bwip-js on random text, and reads back as the same text', () => {
    const char = fc.oneof(
      fc.constantFrom(...'0123456789'),
      fc.integer({ min: 32, max: 126 }).map((code) => String.fromCharCode(code)),
    );
    fc.assert(
      fc.property(fc.array(char, { minLength: 1, maxLength: 24 }), (chars) => {
        const text = chars.join('');
        const symbol = code128(text);
        expect(symbol.widths).toEqual(reference(text));
        expect(decodeCode128(symbol.widths)).toBe(text);
      }),
      { numRuns: 400 },
    );
  });

  it('leaves ten modules of quiet zone each side of the bars', () => {
    const symbol = code128('TSR42');
    const bars = code128Bars(symbol);
    expect(bars[0]!.x).toBe(QUIET_ZONE_MODULES);
    const last = bars.at(-1)!;
    expect(symbol.totalModules - (last.x + last.width)).toBe(QUIET_ZONE_MODULES);
    expect(symbol.totalModules).toBe(symbol.widths.reduce((a, b) => a + b) + 20);
  });

  it('refuses what it cannot carry, by name', () => {
    expect(() => code128('')).toThrow('at least one character');
    expect(() => code128('café')).toThrow('printable ASCII only, not "é"');
    expect(() => code128('a\tb')).toThrow('printable ASCII');
  });

  it('fits the longest receipt code on both rolls, in whole printer dots', () => {
    for (const width of ['80mm', '58mm'] as const) {
      for (const code of [receiptCode(1), receiptCode(999_999_999_999_999)]) {
        const layout = barcodeOnRoll(code, width);
        expect(layout.widthMm, `${code} on ${width}`).toBeLessThanOrEqual(PRINTABLE_MM[width]);
        expect(layout.moduleMm * 8, 'whole dots at 203 dpi').toSatisfy(Number.isInteger);
        expect(layout.moduleMm, 'wide enough for a hand scanner').toBeGreaterThanOrEqual(0.25);
      }
    }
    expect(barcodeOnRoll(receiptCode(42), '80mm').moduleMm).toBe(0.375);
  });
});
