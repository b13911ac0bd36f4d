// `tillsync --help` speaks the terminal's language (LANG), as help comes before any till is
// opened: real processes in German and French print the catalog's descriptions, commander's
// titles and its help option in those words, flags and examples untouched; in English (LANG=C)
// the help is byte for byte what it was before the help went into the catalog.
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp-dir.js';

/** `tillsync ARGS --help` in a terminal speaking `LANG` (LC_ALL and LC_NUMERIC would win: cleared). */
const help = async (args: string[], LANG: string) => {
  const run = await runCli([...args, '--help'], {
    env: { TILLSYNC_DATA_DIR: tempDir(), LANG, LC_ALL: '', LC_NUMERIC: '' },
  });
  expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
  return run.stdout;
};

// The English help as it was printed before its words came from the catalog.
const PROGRAM = `Usage: tillsync [options] [command]

Tillsync: records every sale on this till and delivers it to the platform once.

Options:
  -V, --version              output the version number
  --data-dir <dir>           data folder (default: TILLSYNC_DATA_DIR, else the
                             per-user app folder)
  -h, --help                 display help for command

Commands:
  record [options]           Record one sale, given as JSON on standard input or
                             with --file
  status [options]           Show sales per state, the state of sync and the
                             open shift
  sales                      Read the sales recorded on this till
  day [options] [day]        Show a day's totals: sales, payment methods, cash
                             in the drawer, refused
  shift                      The trading day: open, the cash drawer, the X
                             report, close with the Z report
  cashiers                   Who can sign in at this till with a PIN; none: one
                             anonymous cashier
  settings                   Show or change the till's settings
  sandbox [options]          Run the platform sandbox: an emulator of the sales
                             API, for development and demos
  daemon [options]           Sync in the background until stopped
                             (SIGINT/SIGTERM); JSON logs on stdout
  start [options]            Start the till app; where it cannot run here, the
                             agent with its console. Uses the sandbox until
                             configured.
  sync [options]             Send the sales that are due now, then stop (exit
                             codes in the README)
  resync [options]           Try every waiting sale now: clears backoff and a
                             paused queue
  refused                    Sales the platform refused, and what to do with
                             them
  logs [options]             Print the agent's log (the daemon's and the app's),
                             newest last
  service                    Run Tillsync as a service that starts with the
                             machine
  backup [options] <file>    Copy the till's database to FILE (or a dated file
                             in a folder); safe while Tillsync runs
  restore [options] <file>   Put a backup back as the till's database; Tillsync
                             must not be running
  archive [options]          Move synced sales older than the archive setting to
                             yearly archive files (pending, refused and
                             uncertain sales never move)
  export [options]           Write the sales of a period, with their lines,
                             totals and sync state
  print [options] <receipt>  Print a sale's receipt (or with --refund a
                             return's) on the receipt printer
  drawer                     The cash drawer on the receipt printer
  printer                    The receipt printer: a test page, its status
  doctor [options]           Check the configuration, the platform and the key,
                             the database, the queue and the backups; say what
                             to do
  help [command]             display help for command
`;

const SHIFT = `Usage: tillsync shift [options] [command]

The trading day: open, the cash drawer, the X report, close with the Z report

Options:
  -h, --help                    display help for command

Commands:
  open [options]                Open a shift with the float counted in the
                                drawer
  cash-in [options] <amount>    Put cash into the drawer (paid-in), with the
                                reason
  cash-out [options] <amount>   Take cash out of the drawer (paid-out), with the
                                reason; above the limit in Settings a manager
                                approves
  safe-drop [options] <amount>  Move cash from the drawer to the safe, with the
                                reason; above the limit a manager approves
  no-sale [options]             Record opening the drawer without a sale, with
                                the reason (a manager approves)
  close [options]               Close the shift with the cash counted: makes and
                                keeps its Z report (a manager closes)
  x [options]                   The X report: the open shift's figures now,
                                without closing it
  reports [options]             The Z reports of past shifts, newest first, as
                                they were made at the close
  help [command]                display help for command
`;

const SALES_VOID = `Usage: tillsync sales void [options] <receipt>

Void a sale not yet sent to the platform, with the reason

Options:
  --reason <text>   why (required): it stays on record and on the reports
  --json            print the voided sale as JSON
  --cashier <name>  when the till has cashiers: who does this (PIN from
                    TILLSYNC_PIN, else typed at the prompt, else a line on
                    standard input)
  --manager <name>  when it needs a manager: the manager approving it (PIN from
                    TILLSYNC_MANAGER_PIN, else the prompt, else the next line on
                    standard input)
  -h, --help        display help for command

<receipt>: the receipt number (12 or #12) or the sale id.
Only a sale the till has not tried to send yet can be voided: it is never sent, stays on
record as voided, and counts in the day's and the shift's voids, not in their sales; its
cash leaves the drawer's expected figure. A sale already on the platform, being sent, refused
or in doubt cannot be voided: make a return instead.

With cashiers set up, a manager voids (--cashier a manager), or approves (--manager NAME).
PINs are never arguments: TILLSYNC_PIN and TILLSYNC_MANAGER_PIN, else typed at the prompt.
`;

const RECORD = `Usage: tillsync record [options]

Record one sale, given as JSON on standard input or with --file

Options:
  --file <path>     read the sale from this JSON file instead of standard input
  --json            the answer is JSON (always: accepted for every command
                    alike)
  --cashier <name>  when the till has cashiers: who does this (PIN from
                    TILLSYNC_PIN, else typed at the prompt, else a line on
                    standard input)
  --manager <name>  when it needs a manager: the manager approving it (PIN from
                    TILLSYNC_MANAGER_PIN, else the prompt, else the next line on
                    standard input)
  -h, --help        display help for command

A line or the whole sale may carry a discount, with its reason:
  "discount": {"percent": 10, "reason": "damaged box"}
  "discount": {"amount": 1.50, "reason": "loyal customer"}   (in the till's currency)
Above the limit (settings: managerDiscountAbovePercent, 20 % by default) a till with cashiers
needs a manager: --manager NAME (PIN from TILLSYNC_MANAGER_PIN, else the prompt).
`;

describe('tillsync --help in the terminal language', () => {
  it('is the same English bytes as before with LANG=C', async () => {
    const [program, shift, salesVoid, record] = await Promise.all([
      help([], 'C'),
      help(['shift'], 'C'),
      help(['sales', 'void'], 'C'),
      help(['record'], 'C'),
    ]);
    expect(program).toBe(PROGRAM);
    expect(shift).toBe(SHIFT);
    expect(salesVoid).toBe(SALES_VOID);
    expect(record).toBe(RECORD);
  });

  it('speaks German with LANG=de_DE.UTF-8, flags and examples as they are', async () => {
    const [program, shift, salesVoid, addCashier] = await Promise.all([
      help([], 'de_DE.UTF-8'),
      help(['shift'], 'de_DE.UTF-8'),
      help(['sales', 'void'], 'de_DE.UTF-8'),
      help(['cashiers', 'add'], 'de_DE.UTF-8'),
    ]);
    expect(program).toContain('Aufruf: tillsync [options] [command]');
    expect(program).toMatch(/^Optionen:$/m);
    expect(program).toMatch(/^Befehle:$/m);
    expect(program).toContain('-h, --help                 Hilfe zum Befehl anzeigen');
    expect(program).toContain('-V, --version              die Versionsnummer ausgeben');
    expect(program).toContain('help [command]             Hilfe zum Befehl anzeigen');
    expect(program).toMatch(/settings\s+Die Einstellungen der Kasse zeigen oder ändern/);
    expect(shift).toMatch(/Der Geschäftstag: öffnen, die Kassenlade, der X-Bericht, schließen mit/);
    expect(shift).toMatch(/open \[options\]\s+Eine Schicht mit dem in der Kassenlade gezählten/);
    expect(salesVoid).toContain(
      'Einen noch nicht an die Plattform gesendeten Verkauf stornieren, mit Grund',
    );
    expect(salesVoid).toMatch(/--reason <text>\s+warum \(Pflicht\): bleibt gespeichert/);
    expect(salesVoid).toContain(
      '<receipt>: die Belegnummer (12 oder #12) oder die ID des Verkaufs.',
    );
    expect(salesVoid).toContain('PINs sind nie Argumente: TILLSYNC_PIN und TILLSYNC_MANAGER_PIN');
    // The values a flag takes stay codes; commander's note on the default is in German.
    expect(addCashier).toMatch(/--role <role>\s+cashier oder manager \(Standard: "cashier"\)/);
    for (const text of [program, shift, salesVoid, addCashier])
      expect(text).not.toMatch(/Usage:|Options:|Commands:|display help|print JSON/);
  });

  it('speaks French with LANG=fr_FR.UTF-8', async () => {
    const [program, shift, salesVoid, cashIn] = await Promise.all([
      help([], 'fr_FR.UTF-8'),
      help(['shift'], 'fr_FR.UTF-8'),
      help(['sales', 'void'], 'fr_FR.UTF-8'),
      help(['shift', 'cash-in'], 'fr_FR.UTF-8'),
    ]);
    expect(program).toContain('Utilisation : tillsync [options] [command]');
    expect(program).toContain("-h, --help                 afficher l'aide de la commande");
    expect(program).toMatch(/day \[options\] \[day\]\s+Afficher les totaux d'un jour : ventes/);
    expect(shift).toMatch(/La journée de vente : ouvrir, le tiroir-caisse, le rapport X, clôturer/);
    expect(shift).toMatch(/^Commandes :$/m);
    expect(salesVoid).toContain(
      'Annuler une vente pas encore envoyée à la plateforme, avec le motif',
    );
    expect(salesVoid).toMatch(/--json\s+afficher la vente annulée en JSON/);
    expect(salesVoid).toContain("<receipt>: le numéro de ticket (12 ou #12) ou l'identifiant");
    // The amount's help keeps both ways of typing it, as examples.
    expect(cashIn).toContain('<amount>: le montant dans la devise, tel que saisi sur une caisse');
    expect(cashIn).toContain('52.50 ou 52,50.');
    for (const text of [program, shift, salesVoid, cashIn])
      expect(text).not.toMatch(/Usage:|Options:|Commands:|display help|print JSON/);
  });
});
