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

export function registerSettings(program: Command): void {
  const settings = program.command('settings').description("Show or change the till's settings");
  settings
    .command('show', { isDefault: true })
    .description('Show the settings')
    .option('--json', 'print JSON instead of text')
    .action(async (options: { json?: boolean }, command: Command) => {
      await withStore(command, (store, found) =>
        printSettings(store.settings.read(), found, tillWords(store), options.json),
      );
    });
  settings
    .command('set')
    .description('Change one or more settings; nothing changes if any value is invalid')
    .option('--currency <code>', 'ISO 4217 currency of the shop, like USD or KES')
    .option('--locale <tag>', "how amounts are typed and shown, like de-DE (empty: the system's)")
    .option('--payment-methods <list>', 'comma-separated, like CASH,MOBILE_MONEY')
    .option('--shop-id <id>', 'the shop this till sells for (empty to clear)')
    .option('--till-name <name>', 'a name for this till')
    .option('--backups-kept <n>', 'how many daily backups to keep (0 turns them off)')
    .option(
      '--archive-after-months <n>',
      'move synced sales older than this to yearly archive files (0: never)',
    )
    .option(
      '--printer-address <address>',
      'the receipt printer: tcp://HOST:9100, serial:///dev/ttyUSB0?baud=9600 or system://QUEUE (empty: the print dialog)',
    )
    .option('--printer-profile <id>', 'the printer model, like epson-tm-t20iii (see the README)')
    .option('--cash-drawer <on|off>', 'a cash drawer is plugged into the printer')
    .option(
      '--time-zone <zone>',
      "the shop's time zone, like Europe/Berlin: its days and times (empty: the computer's)",
    )
    .option('--json', 'print JSON instead of text')
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
