// `tillsync cashiers`: who can sign in at this till. With nobody set up the till works with
// one anonymous cashier; the first one added must be a manager, and from then on adding or
// removing cashiers is a manager's to do (main/trading/desk.ts, as at the till).
import type { Command } from 'commander';
import { shownTime } from '../../../domain/views/local-time.js';
import { tillTimeZone } from '../../../db/till-time-zone.js';
import { CASHIER_ROLES, newCashierInput, type CashierView } from '../../../domain/cashier.js';
import { fieldErrorsFrom } from '../../../db/field-errors.js';
import type { Translator } from '../../../domain/i18n/messages.js';
import { said } from '../../../domain/i18n/said.js';
import { invalidFields } from '../../../domain/result.js';
import { addActingOptions, cashierNamed, type ActingOptions } from '../acting-cashier.js';
import { printJson } from '../io.js';
import { readNewPin } from '../pin-input.js';
import { accepted, refusal } from '../refusal.js';
import { noteTill, tillFields, tillLine } from '../store-access.js';
import { withTradingTill } from '../trading-till.js';

type Options = ActingOptions & { json?: boolean };

const FIELDS = { '/name': 'NAME', '/role': '--role', '/pin': 'the PIN' };

const MANAGER_HELP = `
Once the till has cashiers, only a manager adds or removes them: act as one with --cashier,
or bring one with --manager. PINs are never arguments: TILLSYNC_PIN and TILLSYNC_MANAGER_PIN,
else typed at the prompt (not shown), else lines on standard input.`;

const print = (lines: string[]) => void process.stdout.write(lines.join('\n') + '\n');
const describe = (cashier: CashierView, words: Translator) =>
  words.t('cli.cashiers.named', { name: cashier.name, role: cashier.role });

export function registerCashiers(program: Command): void {
  const cashiers = program
    .command('cashiers')
    .description('Who can sign in at this till with a PIN; none: one anonymous cashier');

  addActingOptions(
    cashiers
      .command('add <name>')
      .description('Add a cashier with a PIN (the first one must be a manager)')
      .option('--role <role>', `${CASHIER_ROLES.join(' or ')}`, 'cashier')
      .option('--json', 'print the cashier as JSON'),
  )
    .addHelpText(
      'after',
      `
The new cashier's PIN (4 to 8 digits) is typed twice at the prompt, not shown, or given as
one line on standard input (after the PINs of --cashier and --manager, when those are asked).${MANAGER_HELP}`,
    )
    .action((name: string, options: Options & { role: string }, command: Command) =>
      withTradingTill(command, async (till) => {
        // Name and role first: a typo is told before anyone types a PIN.
        const checked = newCashierInput.omit({ pin: true }).safeParse({ name, role: options.role });
        if (!checked.success)
          throw refusal(
            invalidFields(said('cli.cashiers.notValid'), fieldErrorsFrom(checked.error)),
            till.words,
            FIELDS,
          );
        const actor = await till.actor(options);
        const pin = await readNewPin(till.readPin, checked.data.name, till.words);
        const added = accepted(
          till.desk.addCashier({ ...checked.data, pin }, actor),
          till.words,
          FIELDS,
        );
        if (options.json) return void printJson({ ...added, till: tillFields(till.found) });
        print([
          till.words.t('cli.cashiers.added', { cashier: describe(added, till.words) }),
          tillLine(till.found, till.words),
        ]);
      }),
    );

  cashiers
    .command('list')
    .description('List the cashiers and their roles')
    .option('--json', 'print the cashiers as JSON')
    .action((options: Options, command: Command) =>
      withTradingTill(command, (till) => {
        const list = till.store.cashiers.list();
        const timeZone = tillTimeZone(till.store.settings.read());
        if (options.json) {
          noteTill(till.found);
          return void printJson(list);
        }
        print([
          ...(list.length === 0
            ? [till.words.t('cli.cashiers.none')]
            : list.map((cashier) => {
                const role = till.words.t('cli.cashiers.role', { role: cashier.role });
                const added = shownTime(cashier.createdAt, timeZone, till.locale);
                return `${cashier.name.padEnd(24)} ${role.padEnd(8)} ${till.words.t('cli.cashiers.addedOn', { added })}`;
              })),
          tillLine(till.found, till.words),
        ]);
      }),
    );

  addActingOptions(
    cashiers
      .command('remove <name>')
      .description('Remove a cashier (past sales and shifts keep their name)')
      .option('--json', 'print the cashier removed as JSON'),
  )
    .addHelpText('after', MANAGER_HELP)
    .action((name: string, options: Options, command: Command) =>
      withTradingTill(command, async (till) => {
        const cashier = cashierNamed(till.store, name, 'NAME', till.words);
        const actor = await till.actor(options);
        const removed = accepted(till.desk.removeCashier(cashier.id, actor), till.words);
        if (options.json) return void printJson({ ...removed, till: tillFields(till.found) });
        print([
          till.words.t('cli.cashiers.removed', { cashier: describe(removed, till.words) }),
          tillLine(till.found, till.words),
        ]);
      }),
    );
}
