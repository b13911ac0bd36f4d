// `tillsync print RECEIPT`, `tillsync drawer open --reason TEXT`, `tillsync printer test`
// and `tillsync printer status`: the receipt printer and its cash drawer from the command
// line, spoken to directly (main/cli/printer-access.ts). Each says whether the printer took
// it; exit 13 when there is no printer or it did not.
import type { Command } from 'commander';
import { paperFormat } from '../../printing/paper-format.js';
import type { PrintLayout } from '../../printing/escpos-document.js';
import { printerStatusWords, type PrinterStatus } from '../../../domain/printer-status.js';
import { receiptBlocks, refundBlocks } from '../../../domain/views/receipt-document.js';
import { documentBytes, drawerPulseBytes, testPageBytes } from '../../printing/escpos-document.js';
import { printerProfile } from '../../../domain/printer-profiles.js';
import { addActingOptions, type ActingOptions } from '../acting-cashier.js';
import { EXIT } from '../exit-codes.js';
import { CliError, printJson } from '../io.js';
import { cliPrinter, printed } from '../printer-access.js';
import { accepted } from '../refusal.js';
import { fail, ok, type Result } from '../../../domain/result.js';
import type { PaperBlock } from '../../../domain/views/receipt-document.js';
import { withStore } from '../store-access.js';
import { withTradingTill } from '../trading-till.js';
import { tillWords } from '../words.js';
import type { Store } from '../../../db/store.js';

const PRINTER_OPTION = [
  '--printer <address>',
  'this printer instead of the one set (tcp://, serial://, system://)',
] as const;

const statusWords = (status: PrinterStatus | null) =>
  status ? printerStatusWords(status) : 'Taken by the print queue (it cannot report the status)';

const missing = (message: string) => fail({ code: 'not_found', message });

/** The sale's receipt (by receipt number, scanned code or id) or a return's refund receipt. */
function paperOf(
  store: Store,
  receipt: string,
  refund: boolean,
  layout: PrintLayout,
): Result<{ label: string; blocks: PaperBlock[] }> {
  if (refund) {
    const found = store.getRefundReceipt(receipt);
    if (!found)
      return missing(`There is no return ${receipt} on this till: check its number (R1, R2...).`);
    return ok({
      label: `Refund R${found.returnNumber}`,
      blocks: refundBlocks(found, paperFormat(found.currency, layout)),
    });
  }
  const sale = store.getReceipt(receipt) ?? lookUp(store, receipt);
  if (!sale) return missing(`There is no sale ${receipt} on this till: check the receipt number.`);
  return ok({
    label: `Receipt #${sale.receiptNumber}`,
    blocks: receiptBlocks(sale, paperFormat(sale.currency, layout)),
  });
}

function lookUp(store: Store, receipt: string) {
  const found = store.findSaleForReturn(receipt);
  return found.ok ? store.getReceipt(found.value.saleId) : undefined;
}

export function registerPrinting(program: Command): void {
  program
    .command('print <receipt>')
    .description("Print a sale's receipt (or with --refund a return's) on the receipt printer")
    .option('--refund', '<receipt> is a return: R1, R2...')
    .option(...PRINTER_OPTION)
    .option('--json', 'print the result as JSON')
    .addHelpText(
      'after',
      '\n<receipt>: the receipt number (12 or #12), its scanned code (TSR12) or the sale id.',
    )
    .action(
      (
        receipt: string,
        options: { refund?: boolean; printer?: string; json?: boolean },
        command: Command,
      ) =>
        withStore(command, async (store, found) => {
          const printer = cliPrinter(store, found.dataDir, options.printer);
          const paper = accepted(
            paperOf(store, receipt, options.refund ?? false, printer.layout),
            tillWords(store),
            {},
            false,
          );
          const status = printed(await printer.send(documentBytes(paper.blocks, printer.layout)));
          if (options.json)
            return void printJson({ printed: paper.label, printer: printer.text, status });
          process.stdout.write(
            `${paper.label} printed on ${printer.text}: ${statusWords(status)}.\n`,
          );
        }),
    );

  const drawer = program.command('drawer').description('The cash drawer on the receipt printer');
  addActingOptions(
    drawer
      .command('open')
      .description('Open the cash drawer ("no sale"), with the reason: recorded in the shift')
      .option('--reason <text>', 'why (required): it stays on record and on the reports')
      .option(...PRINTER_OPTION),
  ).action((options: ActingOptions & { reason?: string; printer?: string }, command: Command) =>
    withTradingTill(command, async (till) => {
      const printer = cliPrinter(till.store, till.found.dataDir, options.printer);
      const actor = await till.actor(options);
      const input = { kind: 'no_sale', amountMinor: 0, reason: options.reason ?? '' };
      accepted(till.desk.addDrawerEntry(input, actor), till.words, { '/reason': '--reason' });
      const opened = await printer.send(drawerPulseBytes(printer.layout));
      if (!opened.ok)
        throw new CliError(
          `The no sale is recorded, but the drawer did not open: ${opened.error.message}`,
          EXIT.printerProblem,
        );
      process.stdout.write(`Drawer opened (no sale: ${input.reason}), recorded in the shift.\n`);
    }),
  );

  const printerCommand = program
    .command('printer')
    .description('The receipt printer: a test page, its status');
  printerCommand
    .command('test')
    .description('Print a test page with every character the printer profile supports')
    .option(...PRINTER_OPTION)
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
        const status = printed(await printer.send(testPageBytes(printer.layout, heading)));
        process.stdout.write(`Test page printed on ${printer.text}: ${statusWords(status)}.\n`);
      }),
    );
  printerCommand
    .command('status')
    .description("The printer's status and the receipts waiting for it")
    .option(...PRINTER_OPTION)
    .option('--json', 'print JSON instead of text')
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
          const lines = [
            `printer    ${printer.text} (${printerProfile(printer.layout.profile).name})`,
          ];
          lines.push(`status     ${read.ok ? statusWords(read.value) : read.error.message}`);
          lines.push(
            `waiting    ${waiting.length === 0 ? 'nothing' : waiting.map((job) => `${job.label}${job.lastProblem ? ` (tried ${job.attempts}×)` : ''}`).join(', ')}`,
          );
          process.stdout.write(lines.join('\n') + '\n');
        }
        printed(read);
      }),
    );
}
