// Amounts typed on the command line the way the shop writes numbers: the till's locale
// setting, else the terminal's (LC_ALL, LC_NUMERIC, LANG). A real child process on a real
// data folder; an ambiguous amount is refused with both readings and nothing written.
import { describe, expect, it } from 'vitest';
import type { ShiftSummary } from '../../domain/shift.js';
import { runCli } from '../helpers/cli.js';
import { jsonAnswer as json } from '../helpers/cli-answers.js';
import { configurePlatform } from '../helpers/platform-till.js';
import { tempDir } from '../helpers/temp-dir.js';

async function aTill(lang: string) {
  const dataDir = tempDir();
  await configurePlatform(dataDir);
  return (args: string[]) =>
    runCli(args, { env: { TILLSYNC_DATA_DIR: dataDir, LANG: lang, LC_ALL: '', LC_NUMERIC: '' } });
}

describe('amounts on the command line in the shop locale', () => {
  it("reads German amounts in a German terminal, and the till's setting before the terminal", async () => {
    const tillsync = await aTill('de_DE.UTF-8');
    const opened = json<ShiftSummary>(
      await tillsync(['shift', 'open', '--float', '1.234,50', '--json']),
    );
    expect(opened.floatMinor).toBe(123_450);
    const entry = json<{ amountMinor: number }>(
      await tillsync(['shift', 'cash-in', '2,50 $', '--reason', 'Change', '--json']),
    );
    expect(entry.amountMinor).toBe(250);

    // The till says en-US: "1.005" is now a dollar with three decimals, refused.
    const set = await tillsync(['settings', 'set', '--locale', 'en-us']);
    expect(set.code).toBe(0);
    expect(set.stdout).toMatch(/locale\s+en-US/);
    const refused = await tillsync(['shift', 'cash-in', '1.005', '--reason', 'x']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/^AMOUNT has 3 decimals \(1\.005\), but USD has 2/);
    const wrong = await tillsync(['settings', 'set', '--locale', 'xx_YY']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/locale.*must be a language and region this till knows/);
  });

  it('refuses an amount two readings fit, naming both in German, and writes nothing', async () => {
    const tillsync = await aTill('de_DE.UTF-8');
    expect((await tillsync(['settings', 'set', '--currency', 'KWD'])).code).toBe(0);
    const refused = await tillsync(['shift', 'open', '--float', '1.234']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(
      /^--float ist mehrdeutig: 1\.234 kann 1\.234,000\u00a0KWD oder 1,234\u00a0KWD sein\. Geben Sie 1234 oder 1,234 ein\./,
    );
    const status = json<{ sync: { shift: unknown } }>(await tillsync(['status', '--json']));
    expect(status.sync.shift).toBeNull();
  });
});
