// `tillsync cashiers`: who can sign in at this till. With nobody set up the till works with
// one anonymous cashier; the first one added must be a manager, and from then on adding or
// removing cashiers is a manager's to do (main/trading/desk.ts, as at the till).
import type { Command } from 'commander';
import { shownTime } from '../../../domain/views/local-time.js';
import { tillTimeZone } from '../../../db/till-time-zone.js';
import { CASHIER_ROLES, newCashierInput, type CashierView } from '../../../domain/cashier.js';
import { fieldErrorsFrom } from '../../../db/field-errors.js';
import type { Translator } from '../../../domain/i18n/messages.js';
import { eitherOf } from '../help-words.js';
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

const print = (lines: string[]) => void process.stdout.write(lines.join('\n') + '\n');
const describe = (cashier: CashierView, words: Translator) =>
  words.t('cli.cashiers.named', { name: cashier.name, role: cashier.role });

export function registerCashiers(program: Command, help: Translator): void {
  const managerHelp = help.t('cli.help.cashiers.managers');
  const cashiers = program.command('cashiers').description(help.t('cli.help.cashiers.description'));

  addActingOptions(
    cashiers
      .command('add <name>')
      .description(help.t('cli.help.cashiers.add.description'))
      .option('--role <role>', eitherOf(help, CASHIER_ROLES), 'cashier')
      .option('--json', help.t('cli.help.cashiers.add.json')),
    help,
  )
    .addHelpText('after', help.t('cli.help.cashiers.add.after') + managerHelp)
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
    .description(help.t('cli.help.cashiers.list.description'))
    .option('--json', help.t('cli.help.cashiers.list.json'))
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
      .description(help.t('cli.help.cashiers.remove.description'))
      .option('--json', help.t('cli.help.cashiers.remove.json')),
    help,
  )
    .addHelpText('after', managerHelp)
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
