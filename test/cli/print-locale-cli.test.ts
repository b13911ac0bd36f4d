// `tillsync print` and `tillsync printer test` in the till's language: the till set to fr-FR
// (or LANG=de_DE.UTF-8 with no locale set) prints a French (German) receipt and test page on
// a fake ESC/POS printer; the accents arrive as themselves, not "?".
import { describe, expect, it } from 'vitest';
import { decodeEscPos } from '../helpers/escpos-decode.js';
import { fakePrinter } from '../helpers/fake-printer.js';
import { cliTill } from '../helpers/platform-till.js';
import { validSale } from '../helpers/sales.js';

const said = (bytes: Uint8Array) =>
  decodeEscPos(bytes, 'epson-tm-t20iii')
    .lines.join('\n')
    .replace(/[\u00a0\u202f]/g, ' ');

describe("the command line's paper in the till's language", () => {
  it('prints a French receipt for a till set to fr-FR, a German test page under LANG=de_DE', async () => {
    const printer = await fakePrinter();
    const { tillsync } = await cliTill();
    const env = { TILLSYNC_PRINTER: printer.text, LC_ALL: '', LC_NUMERIC: '' };
    expect((await tillsync(['record'], { input: JSON.stringify(validSale()) })).code).toBe(0);
    expect((await tillsync(['settings', 'set', '--locale', 'fr-FR'])).code).toBe(0);
    const run = await tillsync(['print', '#1'], { env });
    expect(run.code, run.stderr).toBe(0);
    const receipt = said(printer.printed());
    expect(receipt).toMatch(/^Ticket n° 1 +\d\d\/\d\d\/20\d\d \d\d:\d\d$/m);
    expect(receipt).toMatch(/^Total +4,50 \$US$/m);
    expect(receipt).not.toContain('?');

    expect((await tillsync(['settings', 'set', '--locale', ''])).code).toBe(0);
    const from = printer.printed().length;
    const test = await tillsync(['printer', 'test'], { env: { ...env, LANG: 'de_DE.UTF-8' } });
    expect(test.code, test.stderr).toBe(0);
    expect(said(printer.printed().subarray(from))).toContain('48 Spalten, Papier 80mm, esc-pos');
  }, 120_000);
});
