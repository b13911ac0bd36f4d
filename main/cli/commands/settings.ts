// `tillsync settings`: show the till's settings, or change some of them. They belong to the
// till's store: sandbox mode has its own (its currency and shop come from the sandbox).
import type { Command } from 'commander';
import type { Settings } from '../../../db/settings.js';
import { systemTimeZone } from '../../../db/till-time-zone.js';
import type { Translator } from '../../../domain/i18n/messages.js';
import { cliLocale } from '../amount-option.js';
import { EXIT } from '../exit-codes.js';
import { CliError, printError, printJson } from '../io.js';
import { describeTill, tillFields, withStore, type CliTill } from '../store-access.js';
import { tillWords } from '../words.js';

interface SetOptions {
  currency?: string;
  locale?: string;
  paymentMethods?: string;
  shopId?: string;
  tillName?: string;
  backupsKept?: string;
  archiveAfterMonths?: string;
  printerAddress?: string;
  printerProfile?: string;
  cashDrawer?: string;
  timeZone?: string;
}

/** on/off, yes/no, true/false; anything else is passed on for the settings to refuse in words. */
const switchOf = (text: string | undefined): unknown => {
  if (text === undefined) return undefined;
  const word = text.trim().toLowerCase();
  if (['on', 'yes', 'true'].includes(word)) return true;
  if (['off', 'no', 'false'].includes(word)) return false;
  return text;
};

function printSettings(settings: Settings, found: CliTill, words: Translator, json?: boolean) {
  if (json) return void printJson({ ...settings, till: tillFields(found) });
  const t = words.t;
  const rows: Array<[string, string]> = [
    [t('cli.settings.till'), describeTill(found, words)],
    [t('cli.settings.currency'), settings.currency],
    [
      t('cli.settings.locale'),
      settings.locale ?? t('cli.settings.systemLocale', { locale: cliLocale(null) }),
    ],
    [t('cli.settings.paymentMethods'), settings.paymentMethods.join(', ')],
    [t('cli.settings.shopId'), settings.shopId ?? t('cli.settings.none')],
    [t('cli.settings.tillName'), settings.tillName],
    [
      t('cli.settings.timeZone'),
      settings.timeZone ?? t('cli.settings.systemTimeZone', { zone: systemTimeZone() }),
    ],
    [
      t('cli.settings.backupsKept'),
      t('cli.settings.backupsKeptValue', { count: settings.backupsKept }),
    ],
    [
      t('cli.settings.archiveAfter'),
      t('cli.settings.archiveAfterValue', { months: settings.archiveAfterMonths }),
    ],
    [t('cli.settings.printer'), settings.printerAddress ?? t('cli.settings.noPrinter')],
    [t('cli.settings.printerProfile'), settings.printerProfile],
    [
      t('cli.settings.cashDrawer'),
      t('cli.settings.cashDrawerValue', {
        drawer: !settings.cashDrawer ? 'none' : settings.openDrawerAfterCash ? 'opens' : 'printer',
      }),
    ],
  ];
  // The labels' column fits the longest label of the language (17 in English).
  const width = Math.max(17, ...rows.map(([label]) => label.length + 1));
  const lines = rows.map(([label, value]) => `${label.padEnd(width)} ${value}`);
  process.stdout.write(lines.join('\n') + '\n');
}

export function registerSettings(program: Command, help: Translator): void {
  const settings = program.command('settings').description(help.t('cli.help.settings.description'));
  settings
    .command('show', { isDefault: true })
    .description(help.t('cli.help.settings.show.description'))
    .option('--json', help.t('cli.help.common.jsonInsteadOfText'))
    .action(async (options: { json?: boolean }, command: Command) => {
      await withStore(command, (store, found) =>
        printSettings(store.settings.read(), found, tillWords(store), options.json),
      );
    });
  settings
    .command('set')
    .description(help.t('cli.help.settings.set.description'))
    .option('--currency <code>', help.t('cli.help.settings.set.currency'))
    .option('--locale <tag>', help.t('cli.help.settings.set.locale'))
    .option('--payment-methods <list>', help.t('cli.help.settings.set.paymentMethods'))
    .option('--shop-id <id>', help.t('cli.help.settings.set.shopId'))
    .option('--till-name <name>', help.t('cli.help.settings.set.tillName'))
    .option('--backups-kept <n>', help.t('cli.help.settings.set.backupsKept'))
    .option('--archive-after-months <n>', help.t('cli.help.settings.set.archiveAfterMonths'))
    .option('--printer-address <address>', help.t('cli.help.settings.set.printerAddress'))
    .option('--printer-profile <id>', help.t('cli.help.settings.set.printerProfile'))
    .option('--cash-drawer <on|off>', help.t('cli.help.settings.set.cashDrawer'))
    .option('--time-zone <zone>', help.t('cli.help.settings.set.timeZone'))
    .option('--json', help.t('cli.help.common.jsonInsteadOfText'))
    .action(async (options: SetOptions & { json?: boolean }, command: Command) => {
      const patch = {
        currency: options.currency,
        locale: options.locale === undefined ? undefined : options.locale.trim() || null,
        paymentMethods: options.paymentMethods?.split(',').map((method) => method.trim()),
        shopId: options.shopId === undefined ? undefined : options.shopId.trim() || null,
        tillName: options.tillName,
        backupsKept: options.backupsKept === undefined ? undefined : Number(options.backupsKept),
        archiveAfterMonths:
          options.archiveAfterMonths === undefined ? undefined : Number(options.archiveAfterMonths),
        printerAddress:
          options.printerAddress === undefined ? undefined : options.printerAddress.trim() || null,
        printerProfile: options.printerProfile,
        cashDrawer: switchOf(options.cashDrawer),
        timeZone: options.timeZone === undefined ? undefined : options.timeZone.trim() || null,
      };
      await withStore(command, (store, found) => {
        const result = store.settings.update(patch);
        if (!result.ok) {
          printError(result.error, tillWords(store));
          throw new CliError('', EXIT.invalidInput);
        }
        // Said in the language just set, when the locale was the change.
        printSettings(result.value, found, tillWords(store), options.json);
      });
    });
}
