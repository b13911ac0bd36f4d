// `tillsync archive`: moves synced sales older than the setting (archiveAfterMonths) to
// yearly archive files in <data>/archive; `--dry-run` shows what would move. Safe while
// Tillsync runs, and safe to cut: a sale is removed here only once its archive holds it.
import type { Command } from 'commander';
import { archiveSales, compactForArchive, keepFrom, planArchive } from '../../../db/archive.js';
import type { TillDatabase } from '../../../db/open.js';
import type { Translator } from '../../../domain/i18n/messages.js';
import { EXIT } from '../exit-codes.js';
import { CliError, printJson } from '../io.js';
import { progressBar } from '../progress.js';
import { tillFields, tillLine, withStore } from '../store-access.js';
import { tillWords } from '../words.js';

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Compacts a database made before archiving existed, once, saying so (db/archive.ts). */
function compactOnce(
  database: TillDatabase,
  words: Translator,
  quiet?: boolean,
): 'done' | 'busy' | null {
  const result = compactForArchive(database, () => {
    if (!quiet) process.stderr.write(`${words.t('cli.archive.compacting')}\n`);
  });
  if (result === 'busy' && !quiet) process.stderr.write(`${words.t('cli.archive.notCompacted')}\n`);
  return result;
}

export function registerArchive(program: Command, help: Translator): void {
  program
    .command('archive')
    .description(help.t('cli.help.archive.description'))
    .option('--dry-run', help.t('cli.help.archive.dryRun'))
    .option('--months <n>', help.t('cli.help.archive.months'))
    .option('--batch <n>', help.t('cli.help.archive.batch'))
    .option('--json', help.t('cli.help.common.jsonInsteadOfText'))
    .action(
      async (
        options: { dryRun?: boolean; months?: string; batch?: string; json?: boolean },
        command: Command,
      ) => {
        await withStore(command, async (store, found) => {
          const words = tillWords(store);
          const months =
            options.months === undefined
              ? store.settings.read().archiveAfterMonths
              : Number(options.months);
          if (!Number.isInteger(months) || months < 1 || months > 120)
            throw new CliError(
              words.t('cli.archive.badMonths', { off: String(options.months === undefined) }),
              EXIT.invalidInput,
            );
          const before = keepFrom(Date.now(), months);
          const plan = planArchive(store.database, before);
          if (options.dryRun) {
            if (options.json) return printJson({ dryRun: true, ...plan, till: tillFields(found) });
            const lines = [
              words.t('cli.archive.plan', { before: day(before), months, total: plan.total }),
              ...plan.years.map(
                (year) =>
                  `  ${year.year}  ${words.t('cli.archive.sales', { count: year.sales })} -> ${year.file}`,
              ),
              tillLine(found, words),
            ];
            process.stdout.write(lines.join('\n') + '\n');
            return;
          }
          const bar = options.json
            ? undefined
            : progressBar(plan.total, words.t('cli.archive.progress'));
          const batch = options.batch === undefined ? undefined : Number(options.batch);
          if (batch !== undefined && (!Number.isInteger(batch) || batch < 1 || batch > 100_000))
            throw new CliError(words.t('cli.archive.badBatch'), EXIT.invalidInput);
          const moved = await archiveSales(store.database, before, {
            batch,
            onProgress: (progress) => bar?.set(progress.moved),
          });
          bar?.finish();
          const compacted = moved > 0 ? compactOnce(store.database, words, options.json) : null;
          if (options.json)
            return printJson({ moved, compacted, ...plan, till: tillFields(found) });
          const done = words.t('cli.archive.moved', {
            count: moved,
            before: day(before),
            files: plan.years.length,
          });
          process.stdout.write(`${done}\n${tillLine(found, words)}\n`);
        });
      },
    );
}
