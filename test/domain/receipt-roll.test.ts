// Receipts as the till roll prints them, compared byte for byte with golden files in
// test/golden/. Times are fixed (Nairobi, no daylight saving) and so is the locale, so the
// files do not depend on the machine. After an intended change of layout or wording:
//   UPDATE_GOLDEN=1 npx vitest run test/domain/receipt-roll.test.ts
// and read the diff of test/golden/receipt-*.txt before committing it.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { receiptBlocks } from '../../domain/views/receipt-document.js';
import { receiptRollLines, refundRollLines } from '../../domain/views/receipt-roll.js';
import { lengthOf, ROLL_COLUMNS } from '../../domain/views/till-roll.js';
import { repoRoot } from '../helpers/cli.js';
import { discounted, FORMAT, refund, voided } from '../helpers/receipt-fixtures.js';

/** What the roll says, read as one run of words (a long text wraps across lines). */
const said = (text: string) => text.replace(/\s+/g, ' ');

/** The lines as the file holds them: one line each, a newline after the last. */
function expectGolden(name: string, lines: string[], columns: number) {
  for (const line of lines) expect(lengthOf(line), `"${line}"`).toBeLessThanOrEqual(columns);
  const text = `${lines.join('\n')}\n`;
  const file = join(repoRoot, 'test', 'golden', name);
  if (process.env.UPDATE_GOLDEN === '1') writeFileSync(file, text);
  expect(text).toBe(readFileSync(file, 'utf8'));
  return text;
}

describe('receipts on the till roll (golden files)', () => {
  it('prints a discounted sale on 80 mm: each discount under its line, then subtotal, discount, total', () => {
    const text = expectGolden(
      'receipt-sale-discount-80mm.txt',
      receiptRollLines(discounted, ROLL_COLUMNS['80mm'], FORMAT),
      48,
    );
    for (const expected of [
      /Receipt #42 +2026-11-25 09:30/,
      /2 × \$4\.50 +\$9\.00\n {2}10 % off: staff +-\$0\.90\n {2}Price paid +\$8\.10/,
      /\$1\.50 off: damaged box +-\$1\.50/,
      /Subtotal +\$20\.40\n5 % off: loyal customer +-\$1\.02\nTotal +\$19\.38/,
      /Change +\$0\.62/,
      /Returned: R1, R2/,
      /^ +TSR42$/m,
    ])
      expect(text).toMatch(expected);
  });

  it('prints the same sale on 58 mm, every line within 32 columns and nothing lost', () => {
    const text = expectGolden(
      'receipt-sale-discount-58mm.txt',
      receiptRollLines(discounted, ROLL_COLUMNS['58mm'], FORMAT),
      32,
    );
    const words = said(text);
    expect(words).toContain('Unga wa mahindi, 2 kg "premium" (the big bag)');
    expect(words).toContain('5 % off: loyal customer -$1.02');
  });

  it('prints VOID at the top and the bottom of a voided sale, and no discount lines', () => {
    const text = expectGolden(
      'receipt-void-80mm.txt',
      receiptRollLines(voided, ROLL_COLUMNS['80mm'], FORMAT),
      48,
    );
    const lines = text.trimEnd().split('\n');
    expect(lines[1]!.trim()).toBe('*** VOID ***');
    expect(lines.at(-1)!.trim()).toBe('*** VOID ***');
    expect(text).not.toMatch(/off:|Subtotal|Returned/);
    expect(said(text)).toContain('VOID: taken back at the till; never sent to the platform.');
  });

  it('prints a refund receipt: its number, the receipt it returns against, lines, money back', () => {
    const text = expectGolden(
      'receipt-refund-80mm.txt',
      refundRollLines(refund, ROLL_COLUMNS['80mm'], FORMAT),
      48,
    );
    for (const expected of [
      /\*\*\* REFUND \*\*\*/,
      /Return R3 +2026-11-27 09:30/,
      /For receipt #42 +2026-11-25 09:30/,
      /Sourdough loaf\n {2}1 returned +-\$3\.85/,
      /Total refunded +-\$12\.15/,
      /Refunded by cash/,
      /Reason: the loaves were stale/,
      /Approved by Amina/,
    ])
      expect(text).toMatch(expected);
    expect(said(text)).toContain("not sent: the platform's v1 has no refund operation");
  });

  it('writes money in the currency given: no minor digits for yen, codes when asked', () => {
    const yen = receiptRollLines({ ...voided, currency: 'JPY', totalMinor: 900 }, 48, {
      ...FORMAT,
      currencyDisplay: 'code',
    }).join('\n');
    expect(yen).toMatch(/Total +JPY\s900$/m);
  });

  it('puts a barcode block on every sale receipt, with the receipt code', () => {
    for (const receipt of [discounted, voided])
      expect(receiptBlocks(receipt, { decimals: 2 })).toContainEqual({
        kind: 'barcode',
        code: receipt.barcode,
      });
  });
});
