// `tillsync shift x` in the till's language: with LANG=de_DE.UTF-8 (no locale set) the X
// report's lines are German, with German numbers; `--json` is the same report in English
// codes whatever the language.
import { describe, expect, it } from 'vitest';
import type { ShiftReport } from '../../domain/shift.js';
import { runCli } from '../helpers/cli.js';
import { jsonAnswer as json } from '../helpers/cli-answers.js';
import { configurePlatform } from '../helpers/platform-till.js';
import { tempDir } from '../helpers/temp-dir.js';

describe('tillsync shift x in German', () => {
  it('prints the X report with German labels and numbers; --json unchanged', async () => {
    const dataDir = tempDir();
    await configurePlatform(dataDir);
    const german = { TILLSYNC_DATA_DIR: dataDir, LANG: 'de_DE.UTF-8', LC_ALL: '', LC_NUMERIC: '' };
    const english = { TILLSYNC_DATA_DIR: dataDir, LANG: 'en_US.UTF-8', LC_ALL: '', LC_NUMERIC: '' };
    const opened = await runCli(['shift', 'open', '--float', '1234,50'], { env: german });
    expect(opened.code, opened.stderr).toBe(0);

    const text = await runCli(['shift', 'x'], { env: german });
    expect(text.code, text.stderr).toBe(0);
    const said = text.stdout.replace(/[\u00a0\u202f]/g, ' ');
    expect(said).toContain('X-BERICHT (Schicht noch offen)');
    expect(said).toMatch(/^KASSENLADE$/m);
    expect(said).toMatch(/^Wechselgeld +1\.234,50 \$$/m);
    expect(said).toMatch(/^= Erwartet in der Kassenlade +1\.234,50 \$$/m);
    expect(said).not.toMatch(/X REPORT|Float|Expected in the drawer/);

    const inGerman = json<ShiftReport>(await runCli(['shift', 'x', '--json'], { env: german }));
    const inEnglish = json<ShiftReport>(await runCli(['shift', 'x', '--json'], { env: english }));
    expect({ ...inGerman, madeAt: 0 }).toEqual({ ...inEnglish, madeAt: 0 });
    expect(inGerman.floatMinor).toBe(123450);
  }, 120_000);
});
