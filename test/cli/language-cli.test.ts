// The command line speaks the till's language: real `tillsync` processes with LANG set to a
// German or French terminal print the catalog's words and Intl's figures for that locale in
// status, sales, shift, doctor and their refusals; --json stays the same English bytes.
import { describe, expect, it } from 'vitest';
import { openStore } from '../../db/store.js';
import { runCli } from '../helpers/cli.js';
import { configurePlatform } from '../helpers/platform-till.js';
import { checked, validSale } from '../helpers/sales.js';
import { tempDir } from '../helpers/temp-dir.js';

const GERMAN = 'de_DE.UTF-8';
const FRENCH = 'fr_FR.UTF-8';

/** A till in platform mode (nothing answers) with a 1,234.50 cash sale and a 4.50 card one. */
async function aTill() {
  const dataDir = tempDir();
  const store = openStore(await configurePlatform(dataDir));
  const sales = [
    validSale({ items: [{ productId: 'prod_8Hq2x', quantity: 1, unitPriceMinor: 123450 }] }),
    validSale({ paymentMethod: 'MOBILE_MONEY' }),
  ];
  for (const sale of sales) {
    const recorded = store.recordSale(checked(sale));
    if (!recorded.ok) throw new Error(recorded.error.message);
  }
  store.close();
  // LC_ALL and LC_NUMERIC would win over LANG: cleared, as a shop's terminal has them.
  return (args: string[], LANG: string, input?: string) =>
    runCli(args, { input, env: { TILLSYNC_DATA_DIR: dataDir, LANG, LC_ALL: '', LC_NUMERIC: '' } });
}

describe('the command line in the till language', () => {
  it('status and sales list in German and in French, figures in the locale', async () => {
    const tillsync = await aTill();
    const [status, sales, frStatus, frSales] = await Promise.all([
      tillsync(['status'], GERMAN),
      tillsync(['sales', 'list'], GERMAN),
      tillsync(['status'], FRENCH),
      tillsync(['sales', 'list'], FRENCH),
    ]);
    expect(status.code).toBe(0);
    expect(status.stdout).toMatch(/^Tillsync: Status der Kasse\n {2}Kasse +Plattform-Modus/);
    expect(status.stdout).toMatch(/^ {2}wartet +2$/m);
    expect(status.stdout).toMatch(/^ {2}übertragen +0$/m);
    expect(status.stdout).toMatch(/^ {2}API-Schlüssel +gesetzt$/m);
    expect(status.stdout).toMatch(/^ {2}Plattform +http:\/\/127\.0\.0\.1:9$/m);
    expect(status.stdout).not.toMatch(/^ {2}(pending|synced|api key|platform) /m);

    expect(sales.stdout).toMatch(/^#2 .* 4,50 USD {2}Mobile Money +wartet$/m);
    expect(sales.stdout).toMatch(/^#1 .* 1\.234,50 USD {2}Bargeld +wartet$/m);
    expect(sales.stdout).toMatch(/^ {2}Kasse {6}Plattform-Modus/m);

    expect(frStatus.stdout).toMatch(/^Tillsync : état de la caisse$/m);
    expect(frStatus.stdout).toMatch(/^ {2}en attente +2$/m);
    expect(frStatus.stdout).toMatch(/^ {2}clé API +définie$/m);
    // French groups thousands with a narrow no-break space.
    expect(frSales.stdout).toMatch(/^#1 .* 1\u202f234,50 USD {2}espèces +en attente$/m);
  });

  it('a shift opened, topped up and refused in German and French', async () => {
    const tillsync = await aTill();
    // The sales recorded opened a shift by themselves: its float is counted now.
    const opened = await tillsync(['shift', 'open', '--float', '1.050,5'], GERMAN);
    expect(opened.stderr).toBe('');
    expect(opened.stdout).toMatch(/^Das Wechselgeld der offenen Schicht ist gezählt\.$/m);
    expect(opened.stdout).toMatch(/^ {2}Wechselgeld 1\.050,50\s\$$/m);

    const topUp = await tillsync(['shift', 'cash-in', '5', '--reason', 'Münzen'], FRENCH);
    expect(topUp.stdout).toMatch(/^Apport de 5,00\s\$US enregistré \(Münzen\)\.$/m);
    // The float, the cash sale and the cash put in.
    expect(topUp.stdout).toMatch(/^ {2}attendu {4}2\u202f290,00\s\$US dans le tiroir-caisse$/m);

    const again = await tillsync(['shift', 'open', '--float', '10'], GERMAN);
    expect(again.code).toBe(10);
    expect(again.stderr).toMatch(/BETRAG`\.\nEs wurde nichts gespeichert\.\n$/);

    const noReason = await tillsync(['shift', 'cash-out', '2,5'], FRENCH);
    expect(noReason.code).toBe(2);
    expect(noReason.stderr).toMatch(/Rien n'a été enregistré\.\n$/);
    expect(noReason.stderr).not.toContain('Nothing was written');

    const badAmount = await tillsync(['shift', 'cash-in', 'zehn', '--reason', 'x'], GERMAN);
    expect(badAmount.code).toBe(2);
    const badOption = await tillsync(['sales', 'list', '--limit', '0'], GERMAN);
    expect(badOption.code).toBe(2);
    expect(badOption.stderr).toMatch(/^Die Optionen sind ungültig:\n {2}\/limit: /);
  });

  it("settings, a void and the till's own locale setting over LANG", async () => {
    const tillsync = await aTill();
    const settings = await tillsync(['settings'], GERMAN);
    expect(settings.stdout).toMatch(/^Währung +USD$/m);
    expect(settings.stdout).toMatch(/^Sicherungen behalten +\d+$/m);
    expect(settings.stdout).toMatch(/^Kassenlade +keine$/m);

    const voided = await tillsync(['sales', 'void', '2', '--reason', 'Doublon'], FRENCH);
    expect(voided.stdout).toMatch(/^La vente n° 2 est annulée \(Doublon\) : elle ne sera pas/m);
    expect(voided.stdout).toMatch(/^ {2}total {6}4,50\s\$US, plus dans les ventes du jour$/m);

    // Set to Spanish, the till speaks Spanish whatever the terminal says.
    const set = await tillsync(['settings', 'set', '--locale', 'es-ES'], GERMAN);
    expect(set.stdout).toMatch(/^moneda +USD$/m);
    const sales = await tillsync(['sales', 'list'], GERMAN);
    expect(sales.stdout).toMatch(/^#2 .* 4,50 USD {2}dinero móvil +anulada$/m);
  });

  it('doctor in German and French: marks, areas, details and the summary', async () => {
    const tillsync = await aTill();
    const [german, french] = await Promise.all([
      tillsync(['doctor'], GERMAN),
      tillsync(['doctor'], FRENCH),
    ]);
    expect(german.code).toBe(8); // nothing answers at the platform's address
    expect(german.stdout).toMatch(/^Tillsync-Diagnose: /);
    expect(german.stdout).toMatch(/^\[ok\] +Warteschlange +2 wartend, 0 übertragen, 0 abgelehnt/m);
    expect(german.stdout).toMatch(
      /^\[Warnung\] läuft +Kein Tillsync-Prozess läuft, und 2 Verkäufe warten/m,
    );
    expect(german.stdout).toMatch(/^ +-> Starten Sie die App/m);
    expect(german.stdout).toMatch(/^1 Problem, \d+ Warnungen: siehe "->"/m);
    expect(german.stdout).not.toMatch(/waiting|problem,|see "->"/);

    expect(french.stdout).toMatch(/^Diagnostic Tillsync : /);
    expect(french.stdout).toMatch(/^\[ok\] +base de données +.*: intact, schéma \d+/m);
    expect(french.stdout).toMatch(/^1 problème, \d+ alertes : voir « -> »/m);
  });

  it('prints the same --json bytes in English, German and French', async () => {
    const tillsync = await aTill();
    const commands = [
      ['sales', 'list', '--json'],
      ['settings', 'show', '--json'],
      ['refused', '--json'],
      ['cashiers', 'list', '--json'],
      ['shift', 'reports', '--json'],
    ];
    for (const args of commands) {
      const [english, german, french] = await Promise.all([
        tillsync(args, 'C.UTF-8'),
        tillsync(args, GERMAN),
        tillsync(args, FRENCH),
      ]);
      expect({ args, stdout: german.stdout, stderr: german.stderr }).toEqual({
        args,
        stdout: english.stdout,
        stderr: english.stderr,
      });
      expect(french.stdout).toBe(english.stdout);
    }
    // The doctor's JSON keeps its English details, and no catalog keys.
    const doctor = JSON.parse((await tillsync(['doctor', '--json'], GERMAN)).stdout) as {
      checks: Array<Record<string, unknown>>;
    };
    const queue = doctor.checks.find((check) => check.area === 'queue');
    expect(queue).toEqual({
      area: 'queue',
      status: 'ok',
      detail: '2 waiting, 0 synced, 0 refused, 0 discarded.',
    });
    for (const check of doctor.checks) expect(Object.keys(check)).not.toContain('say');
  });
});
