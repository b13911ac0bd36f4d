// `tillsync export`: the sales of a period as CSV or JSON, for an accountant or support.
import { existsSync } from 'node:fs';
import type { Command } from 'commander';
import type { Translator } from '../../../domain/i18n/messages.js';
import { eitherOf } from '../help-words.js';
import { z } from 'zod';

import { fileOutput } from '../../export/file-output.js';
import {
  EXPORT_FORMATS,
  exportRequestShape,
  rangeInOrder,
  writeSalesExport,
} from '../../export/sales-export.js';
import { tillTimeZone } from '../../../db/till-time-zone.js';
import { EXIT } from '../exit-codes.js';
import { CliError, parseOptions } from '../io.js';
import { progressBar } from '../progress.js';
import { describeTill, withStore } from '../store-access.js';
import { codeOf, messageOf } from '../../../domain/errors.js';
import { tillWords } from '../words.js';

const exportOptions = (timeZone: string) =>
  z
    .object({
      ...exportRequestShape(timeZone),
      out: z.string().min(1, 'must name a file').optional(),
      force: z.boolean().optional(),
    })
    .refine(...rangeInOrder);

/** To the --out file (see fileOutput), or to stdout. */
function openOutput(out: string | undefined) {
  if (!out) return { write: (chunk: string) => process.stdout.write(chunk), done() {}, fail() {} };
  return fileOutput(out);
}

export function registerExport(program: Command, help: Translator): void {
  program
    .command('export')
    .description(help.t('cli.help.export.description'))
    .option('--from <date>', help.t('cli.help.export.from'))
    .option('--to <date>', help.t('cli.help.export.to'))
    .option('--format <format>', eitherOf(help, EXPORT_FORMATS), 'csv')
    .option('--out <file>', help.t('cli.help.export.out'))
    .option('--force', help.t('cli.help.export.force'))
    .action(async (raw: Record<string, unknown>, command: Command) => {
      await withStore(command, (store, found) => {
        const timeZone = tillTimeZone(store.settings.read());
        const words = tillWords(store);
        const { from, to, format, out, force } = parseOptions(exportOptions(timeZone), raw, words);
        if (out && existsSync(out) && !force)
          throw new CliError(words.t('cli.file.exists', { file: out }), EXIT.invalidInput);
        const range = { from, to };
        const bar = out
          ? progressBar(store.countExportSales(range), words.t('cli.export.progress'))
          : undefined;
        let output: ReturnType<typeof openOutput> | undefined;
        let count: number;
        try {
          output = openOutput(out);
          const sales = (function* () {
            for (const sale of store.exportSales(range)) {
              yield sale;
              bar?.tick();
            }
          })();
          const returns = store.exportReturns(range);
          count = writeSalesExport(sales, { format, range, returns, timeZone }, output.write);
          output.done();
        } catch (error) {
          output?.fail();
          const code = codeOf(error);
          if (out && code)
            throw new CliError(
              words.t('cli.export.cannotWrite', { file: out, code, reason: messageOf(error) }),
              EXIT.failure,
            );
          throw error;
        } finally {
          bar?.finish();
        }
        const till = describeTill(found, words);
        process.stderr.write(
          `${words.t('cli.export.done', { count, to: out ? 'file' : 'stdout', file: out ?? '', till })}\n`,
        );
      });
    });
}
