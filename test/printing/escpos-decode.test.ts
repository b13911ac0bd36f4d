// The test decoder itself, on byte streams written by hand from the ESC/POS manual: what it
// reads must be what a printer does, or the receipt tests would prove nothing.
import { describe, expect, it } from 'vitest';
import { decodeEscPos } from '../helpers/escpos-decode.js';

const ESC = 0x1b;
const GS = 0x1d;
const DLE = 0x10;
const text = (value: string) => [...Buffer.from(value, 'latin1')];
const decode = (...bytes: number[]) => decodeEscPos(Uint8Array.from(bytes), 'epson-tm-t20iii');

describe('the ESC/POS test decoder', () => {
  it("reads text in the code page ESC t selects, by the encoder's numbers", () => {
    // Epson: 0 is CP437 (0x82 é), 19 is CP858 (0xD5 €), 14 is CP737 (0x98 α).
    // prettier-ignore
    const decoded = decode(
      ESC, 0x40, ...text('Caf'), 0x82, 0x0a,
      ESC, 0x74, 19, 0xd5, 0x0a,
      ESC, 0x74, 14, 0x98, 0x0a,
    );
    expect(decoded.lines).toEqual(['Café', '€', 'α']);
    expect(decoded.unknown).toEqual([]);
  });

  it('skips styling, keeps how each line looks, centres by ESC a', () => {
    // prettier-ignore
    const decoded = decode(
      ESC, 0x45, 1, GS, 0x21, 0x11, ...text('BIG'), GS, 0x21, 0, ESC, 0x45, 0, 0x0a, 0x0d,
      ESC, 0x61, 1, GS, 0x42, 1, ESC, 0x2d, 1, ...text('mid'), GS, 0x42, 0, 0x0a, ESC, 0x61, 0,
      ESC, 0x21, 0x08, ...text('x'), 0x0a,
    );
    expect(decoded.lines).toEqual(['BIG', `${' '.repeat(22)}mid`, 'x']);
    expect(decoded.looks).toEqual([
      { bold: true, invert: false, width: 2, height: 2 },
      { bold: false, invert: true, width: 1, height: 1 },
      { bold: true, invert: false, width: 1, height: 1 },
    ]);
  });

  it('reads cuts, Code 128 in code sets B and C with its text under it, and other symbologies', () => {
    // prettier-ignore
    const decoded = decode(
      ESC, 0x61, 1, GS, 0x48, 2, GS, 0x6b, 73, 9, ...text('{BTSR{C'), 10, 42,
      GS, 0x48, 0, GS, 0x6b, 4, ...text('ABC'), 0, ESC, 0x61, 0,
      GS, 0x56, 0, GS, 0x56, 66, 3,
    );
    expect(decoded.barcodes).toEqual(['TSR1042', 'ABC']);
    expect(decoded.lines).toEqual([`${' '.repeat(20)}TSR1042`]);
    expect(decoded.cuts).toBe(2);
    expect(decoded.unknown).toEqual([]);
  });

  it('reads drawer pulses (ESC p, DLE DC4) and real-time status queries (DLE EOT)', () => {
    const decoded = decode(
      ESC,
      0x70,
      0,
      50,
      100,
      ESC,
      0x70,
      49,
      25,
      25,
      DLE,
      0x14,
      1,
      0,
      2,
      DLE,
      0x04,
      1,
      DLE,
      0x04,
      4,
    );
    expect(decoded.pulses).toEqual([
      { pin: 0, onMs: 100, offMs: 200 },
      { pin: 1, onMs: 50, offMs: 50 },
      { pin: 0, onMs: 200, offMs: 200 },
    ]);
    expect(decoded.statusQueries).toEqual([1, 4]);
    expect(decoded.lines).toEqual([]);
  });

  it('skips QR codes and raster images by their lengths, so their data is never text', () => {
    const qr = [GS, 0x28, 0x6b, 7, 0, 49, 80, 48, ...text('ABCD')];
    const raster = [GS, 0x76, 0x30, 0, 2, 0, 2, 0, 0x41, 0x42, 0x43, 0x44];
    const decoded = decode(...qr, ...raster, ...text('after'), 0x0a);
    expect(decoded.lines).toEqual(['after']);
    expect(decoded.unknown).toEqual([]);
  });

  it('lists what it does not know: commands, control bytes, code pages, text never fed', () => {
    const decoded = decode(ESC, 0x4b, 0x07, ESC, 0x74, 250, ...text('left over'));
    expect(decoded.unknown).toEqual([
      'ESC 0x4b',
      'byte 0x07',
      'ESC t 250 (no such code page on epson-tm-t20iii)',
      // In a code page the printer does not have, the text reads as nothing known.
      `text without a line feed: "${'\uFFFD'.repeat(9)}"`,
    ]);
  });

  it('reads a 58 mm roll in an 80 mm printer at 32 columns, and refuses StarPRNT', () => {
    const centred = [ESC, 0x61, 1, ...text('mid'), 0x0a];
    expect(decodeEscPos(Uint8Array.from(centred), 'epson-tm-t20iii', '58mm').lines).toEqual([
      `${' '.repeat(14)}mid`,
    ]);
    expect(() => decodeEscPos(Uint8Array.from(centred), 'star-tsp100iv')).toThrow(/star-prnt/);
  });
});
