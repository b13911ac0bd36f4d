// `tillsync settings`: show the till's settings, or change some of them. They belong to the
// till's store: sandbox mode has its own (its currency and shop come from the sandbox).
import type { Command } from 'commander';
import type { Settings } from '../../../db/settings.js';
import { systemTimeZone } from '../../../db/till-time-zone.js';
import { cliLocale } from '../amount-option.js';
import { EXIT } from '../exit-codes.js';
import { CliError, printError, printJson } from '../io.js';
import { describeTill, tillFields, withStore, type CliTill } from '../store-access.js';

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

function printSettings(settings: Settings, found: CliTill, json?: boolean): void {
  if (json) return void printJson({ ...settings, till: tillFields(found) });
  const lines = [
    `till              ${describeTill(found)}`,
    `currency          ${settings.currency}`,
    `locale            ${settings.locale ?? `(the system's: ${cliLocale(null)})`}`,
    `payment methods   ${settings.paymentMethods.join(', ')}`,
    `shop id           ${settings.shopId ?? '(none)'}`,
    `till name         ${settings.tillName}`,
    `time zone         ${settings.timeZone ?? `${systemTimeZone()} (the computer's)`}`,
    `backups kept      ${settings.backupsKept === 0 ? '0 (daily backups off)' : settings.backupsKept}`,
    `archive after     ${settings.archiveAfterMonths === 0 ? '0 (never: every sale stays in the till database)' : `${settings.archiveAfterMonths} months`}`,
    `printer           ${settings.printerAddress ?? '(none: receipts go through the print dialog)'}`,
    `printer profile   ${settings.printerProfile}`,
    `cash drawer       ${settings.cashDrawer ? `on the printer${settings.openDrawerAfterCash ? ', opens after a cash sale' : ''}` : 'none'}`,
  ];
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
        printSettings(store.settings.read(), found, options.json),
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
          printError(result.error);
          throw new CliError('', EXIT.invalidInput);
        }
        printSettings(result.value, found, options.json);
      });
    });
}
