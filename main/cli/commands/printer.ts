// `tillsync print RECEIPT`, `tillsync drawer open --reason TEXT`, `tillsync printer test`
// and `tillsync printer status`: the receipt printer and its cash drawer from the command
// line, spoken to directly (main/cli/printer-access.ts). Each says whether the printer took
// it; exit 13 when there is no printer or it did not.
import type { Command } from 'commander';
import { english, type Translator } from '../../../domain/i18n/messages.js';
import { said } from '../../../domain/i18n/said.js';
import { paperFormat } from '../../printing/paper-format.js';
import type { PrintLayout } from '../../printing/escpos-document.js';
import { printerStatusWords, type PrinterStatus } from '../../../domain/printer-status.js';
import { receiptBlocks, refundBlocks } from '../../../domain/views/receipt-document.js';
import { documentBytes, drawerPulseBytes, testPageBytes } from '../../printing/escpos-document.js';
import { printerProfile } from '../../../domain/printer-profiles.js';
import { addActingOptions, type ActingOptions } from '../acting-cashier.js';
import { tillTimeZone } from '../../../db/till-time-zone.js';
import { cliLocale } from '../amount-option.js';
import { EXIT } from '../exit-codes.js';
import { CliError, printJson } from '../io.js';
import { cliPrinter } from '../printer-access.js';
import { accepted } from '../refusal.js';
import { fail, ok, type Result } from '../../../domain/result.js';
import type { PaperBlock } from '../../../domain/views/receipt-document.js';
import { withStore } from '../store-access.js';
import { withTradingTill } from '../trading-till.js';
import { tillWords } from '../words.js';
import type { Store } from '../../../db/store.js';

const printerOption = (help: Translator) =>
  ['--printer <address>', help.t('cli.help.printer.address')] as const;

const statusWords = (status: PrinterStatus | null, words: Translator) =>
  status ? printerStatusWords(status) : words.t('cli.printer.queueTook');

const missing = (made: ReturnType<typeof said>) => fail({ code: 'not_found', ...made });

interface Paper {
  refund: boolean;
  number: number;
  blocks: PaperBlock[];
}

/** "Receipt #12", "Refund R3": in English for JSON, in the till's words for text. */
const paperLabel = ({ refund, number }: Paper, words: Translator) =>
  words.t('cli.printer.paperLabel', { refund: String(refund), number: String(number) });

/** Paper in the till's language and numbers (its locale setting, else LANG) and time zone. */
function tillPaper(store: Store, currency: string, layout: PrintLayout) {
  const settings = store.settings.read();
  const format = paperFormat(currency, layout, cliLocale(settings.locale));
  return { ...format, timeZone: tillTimeZone(settings) };
}

/** The sale's receipt (by receipt number, scanned code or id) or a return's refund receipt. */
function paperOf(
  store: Store,
  receipt: string,
  refund: boolean,
  layout: PrintLayout,
): Result<Paper> {
  if (refund) {
    const found = store.getRefundReceipt(receipt);
    if (!found) return missing(said('cli.printer.noReturn', { receipt }));
    return ok({
      refund,
      number: found.returnNumber,
      blocks: refundBlocks(found, tillPaper(store, found.currency, layout)),
    });
  }
  const sale = store.getReceipt(receipt) ?? lookUp(store, receipt);
  if (!sale) return missing(said('cli.printer.noSale', { receipt }));
  return ok({
    refund,
    number: sale.receiptNumber,
    blocks: receiptBlocks(sale, tillPaper(store, sale.currency, layout)),
  });
}

function lookUp(store: Store, receipt: string) {
  const found = store.findSaleForReturn(receipt);
  return found.ok ? store.getReceipt(found.value.saleId) : undefined;
}

export function registerPrinting(program: Command, help: Translator): void {
  program
    .command('print <receipt>')
    .description(help.t('cli.help.print.description'))
    .option('--refund', help.t('cli.help.print.refund'))
    .option(...printerOption(help))
    .option('--json', help.t('cli.help.print.json'))
    .addHelpText('after', `\n<receipt>: ${help.t('cli.help.print.receiptArg')}`)
    .action(
      (
        receipt: string,
        options: { refund?: boolean; printer?: string; json?: boolean },
        command: Command,
      ) =>
        withStore(command, async (store, found) => {
          const printer = cliPrinter(store, found.dataDir, options.printer);
          const words = tillWords(store);
          const paper = accepted(
            paperOf(store, receipt, options.refund ?? false, printer.layout),
            words,
            {},
            false,
          );
          const bytes = documentBytes(paper.blocks, printer.layout);
          const status = printer.printed(await printer.send(bytes));
          if (options.json)
            return void printJson({
              printed: paperLabel(paper, english),
              printer: printer.text,
              status,
            });
          const news = words.t('cli.printer.printed', {
            what: paperLabel(paper, words),
            printer: printer.text,
            status: statusWords(status, words),
          });
          process.stdout.write(`${news}\n`);
        }),
    );

  const drawer = program.command('drawer').description(help.t('cli.help.drawer.description'));
  addActingOptions(
    drawer
      .command('open')
      .description(help.t('cli.help.drawer.open.description'))
      .option('--reason <text>', help.t('cli.help.common.reasonOnReports'))
      .option(...printerOption(help)),
    help,
  ).action((options: ActingOptions & { reason?: string; printer?: string }, command: Command) =>
    withTradingTill(command, async (till) => {
      const printer = cliPrinter(till.store, till.found.dataDir, options.printer);
      const actor = await till.actor(options);
      const input = { kind: 'no_sale', amountMinor: 0, reason: options.reason ?? '' };
      accepted(till.desk.addDrawerEntry(input, actor), till.words, { '/reason': '--reason' });
      const opened = await printer.send(drawerPulseBytes(printer.layout));
      if (!opened.ok)
        throw new CliError(
          till.words.t('cli.printer.drawerDidNotOpen', { problem: till.words.say(opened.error) }),
          EXIT.printerProblem,
        );
      process.stdout.write(
        `${till.words.t('cli.printer.drawerOpened', { reason: input.reason })}\n`,
      );
    }),
  );

  const printerCommand = program
    .command('printer')
    .description(help.t('cli.help.printer.description'));
  printerCommand
    .command('test')
    .description(help.t('cli.help.printer.test.description'))
    .option(...printerOption(help))
    .action((options: { printer?: string }, command: Command) =>
      withStore(command, async (store, found) => {
        const printer = cliPrinter(store, found.dataDir, options.printer);
        const { shopName, tillName } = store.settings.read();
        const heading = [
          shopName,
          tillName,
          printer.text,
          printerProfile(printer.layout.profile).name,
        ];
        const words = tillWords(store);
        const page = testPageBytes(printer.layout, heading, words.locale);
        const status = printer.printed(await printer.send(page));
        const news = words.t('cli.printer.testPrinted', {
          printer: printer.text,
          status: statusWords(status, words),
        });
        process.stdout.write(`${news}\n`);
      }),
    );
  printerCommand
    .command('status')
    .description(help.t('cli.help.printer.status.description'))
    .option(...printerOption(help))
    .option('--json', help.t('cli.help.common.jsonInsteadOfText'))
    .action((options: { printer?: string; json?: boolean }, command: Command) =>
      withStore(command, async (store, found) => {
        const printer = cliPrinter(store, found.dataDir, options.printer);
        const waiting = store.waitingPrintJobs();
        const read = await printer.status();
        if (options.json)
          printJson({
            printer: printer.text,
            status: read.ok ? read.value : null,
            problem: read.ok ? null : { code: read.error.code, message: read.error.message },
            waiting,
          });
        else {
          const words = tillWords(store);
          const row = (label: string, value: string) => `${label.padEnd(10)} ${value}`;
          const jobs = waiting.map((job) =>
            words.t('cli.printer.job', {
              label: job.label,
              tried: String(Boolean(job.lastProblem)),
              attempts: job.attempts,
            }),
          );
          const lines = [
            row(
              words.t('cli.printer.printer'),
              `${printer.text} (${printerProfile(printer.layout.profile).name})`,
            ),
            row(
              words.t('cli.printer.status'),
              read.ok ? statusWords(read.value, words) : words.say(read.error),
            ),
            row(
              words.t('cli.printer.waiting'),
              jobs.length === 0 ? words.t('cli.printer.nothingWaiting') : jobs.join(', '),
            ),
          ];
          process.stdout.write(lines.join('\n') + '\n');
        }
        printer.printed(read);
      }),
    );
}
