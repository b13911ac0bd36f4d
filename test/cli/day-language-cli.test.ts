// `tillsync day` speaks the till's language: a real CLI process with LANG set prints the
// catalog's labels and Intl's figures for that locale; --json is the same bytes in any locale.
import { describe, expect, it } from 'vitest';
import { localDay } from '../helpers/days.js';
import { openStore } from '../../db/store.js';
import { runCli } from '../helpers/cli.js';
import { checked, validSale } from '../helpers/sales.js';
import { tempDir } from '../helpers/temp-dir.js';
import { configurePlatform } from '../helpers/platform-till.js';

/** A till with 1,234.50 by cash, 4.50 by mobile money and one refused 4.50 on 2026-11-21. */
async function tillWithABigDay() {
  const dataDir = tempDir();
  const file = await configurePlatform(dataDir);
  const store = openStore(file);
  const noon = localDay('2026-11-21')!.from + 12 * 3_600_000;
  const big = validSale({
    items: [{ productId: 'prod_8Hq2x', quantity: 1, unitPriceMinor: 123450 }],
  });
  const saleIds = [big, validSale({ paymentMethod: 'MOBILE_MONEY' }), validSale()].map(
    (input, index) => {
      const result = store.recordSale(checked(input), { now: noon + index });
      if (!result.ok) throw new Error(result.error.message);
      return result.value.saleId;
    },
  );
  store.database.sqlite
    .prepare(`update outbox set state = 'refused' where sale_id = ?`)
    .run(saleIds[2]);
  store.close();
  return { TILLSYNC_DATA_DIR: dataDir, LC_ALL: '', LC_NUMERIC: '' };
}

const day = (env: Record<string, string>, ...more: string[]) =>
  runCli(['day', '--date', '2026-11-21', ...more], { env });

describe('tillsync day in the till language', () => {
  it('prints German labels and German figures under LANG=de_DE.UTF-8', async () => {
    const env = await tillWithABigDay();
    const { code, stdout } = await day({ ...env, LANG: 'de_DE.UTF-8' });
    expect(code).toBe(0);
    expect(stdout).toMatch(/Verkäufe\s+3\s+1\.243,50\s\$/);
    expect(stdout).toMatch(/bezahlt mit Bargeld\s+2\s+1\.239,00\s\$/);
    expect(stdout).toMatch(/bezahlt mit Mobile Money\s+1\s+4,50\s\$/);
    expect(stdout).toMatch(/Erwartetes Bargeld in der Kasse\s+1\.239,00\s\$/);
    expect(stdout).toMatch(/Von der Plattform abgelehnt\s+1\s+4,50\s\$/);
    expect(stdout).toContain('1 abgelehnter Verkauf wartet auf eine Person');
    expect(stdout).toMatch(/\n {2}Kasse {6}Plattform-Modus \(http:\/\/127\.0\.0\.1:9\), \//);
    expect(stdout).not.toMatch(/Sales|paid by|Refused|platform mode/);

    const wrong = await runCli(['day', '--date', '2026-13-01'], {
      env: { ...env, LANG: 'de_DE.UTF-8' },
    });
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('--date 2026-13-01 ist kein Tag');
  });

  it('prints French under LANG=fr_FR.UTF-8 and English under C', async () => {
    const env = await tillWithABigDay();
    const french = await day({ ...env, LANG: 'fr_FR.UTF-8' });
    // French groups thousands with a narrow no-break space.
    expect(french.stdout).toMatch(/Ventes\s+3\s+1\u202f243,50\s\$US/);
    expect(french.stdout).toMatch(/payé par espèces\s+2\s+1\u202f239,00\s\$US/);
    expect(french.stdout).toContain('1 vente refusée attend une personne');

    const english = await day({ ...env, LANG: 'C.UTF-8' });
    expect(english.stdout).toMatch(/Sales\s+3\s+\$1,243\.50/);
    expect(english.stdout).toContain('1 refused sale waits for a person');
  });

  it("follows the till's locale setting before LANG", async () => {
    const env = await tillWithABigDay();
    const german = { ...env, LANG: 'de_DE.UTF-8' };
    const set = await runCli(['settings', 'set', '--locale', 'es-ES'], { env: german });
    expect(set.code).toBe(0);
    const spanish = await day(german);
    expect(spanish.stdout).toMatch(/Ventas\s+3\s+1243,50\sUS\$/);
    expect(spanish.stdout).toContain('1 venta rechazada espera a una persona');
  });

  it('prints the same --json bytes whatever LANG says', async () => {
    const env = await tillWithABigDay();
    const outputs = await Promise.all(
      ['C.UTF-8', 'de_DE.UTF-8', 'fr_FR.UTF-8', 'es_ES.UTF-8'].map((LANG) =>
        day({ ...env, LANG }, '--json'),
      ),
    );
    expect(JSON.parse(outputs[0]!.stdout)).toMatchObject({ sales: { totalMinor: 124350 } });
    for (const output of outputs) expect(output.stdout).toBe(outputs[0]!.stdout);
  });
});
