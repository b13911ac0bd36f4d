// `tillsync archive`: moves synced sales older than the setting (archiveAfterMonths) to
// yearly archive files in <data>/archive; `--dry-run` shows what would move. Safe while
// Tillsync runs, and safe to cut: a sale is removed here only once its archive holds it.
import type { Command } from 'commander';
import { archiveSales, compactForArchive, keepFrom, planArchive } from '../../../db/archive.js';
import type { TillDatabase } from '../../../db/open.js';
import { EXIT } from '../exit-codes.js';
import { CliError, printJson } from '../io.js';
import { progressBar } from '../progress.js';
import { tillFields, tillLine, withStore } from '../store-access.js';
import { plural } from '../../../domain/words.js';

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Compacts a database made before archiving existed, once, saying so (db/archive.ts). */
function compactOnce(database: TillDatabase, quiet?: boolean): 'done' | 'busy' | null {
  const result = compactForArchive(database, () => {
    if (!quiet)
      process.stderr.write('Compacting the database once, so it can shrink from now on…\n');
  });
  if (result === 'busy' && !quiet)
    process.stderr.write(
      'Not compacted now: Tillsync is using the database. Run `tillsync archive` again while the till is closed.\n',
    );
  return result;
}

export function registerArchive(program: Command): void {
  program
    .command('archive')
    .description(
      'Move synced sales older than the archive setting to yearly archive files (pending, refused and uncertain sales never move)',
    )
    .option('--dry-run', 'show what would move, and move nothing')
    .option('--months <n>', 'keep this many months instead of the setting')
    .option('--batch <n>', 'sales moved per step (smaller steps hold the database more briefly)')
    .option('--json', 'print JSON instead of text')
    .action(
      async (
        options: { dryRun?: boolean; months?: string; batch?: string; json?: boolean },
        command: Command,
      ) => {
        await withStore(command, async (store, found) => {
          const months =
            options.months === undefined
              ? store.settings.read().archiveAfterMonths
              : Number(options.months);
          if (!Number.isInteger(months) || months < 1 || months > 120)
            throw new CliError(
              options.months === undefined
                ? 'Archiving is off (archive after 0 months): pass --months <n> or change the setting.'
                : '--months must be a whole number from 1 to 120.',
              EXIT.invalidInput,
            );
          const before = keepFrom(Date.now(), months);
          const plan = planArchive(store.database, before);
          if (options.dryRun) {
            if (options.json) return printJson({ dryRun: true, ...plan, till: tillFields(found) });
            const lines = [
              `Sales synced before ${day(before)} (${months} months kept): ${plan.total} would move.`,
              ...plan.years.map(
                (year) => `  ${year.year}  ${plural(year.sales, 'sale')} -> ${year.file}`,
              ),
              tillLine(found),
            ];
            process.stdout.write(lines.join('\n') + '\n');
            return;
          }
          const bar = options.json ? undefined : progressBar(plan.total, 'Archiving sales');
          const batch = options.batch === undefined ? undefined : Number(options.batch);
          if (batch !== undefined && (!Number.isInteger(batch) || batch < 1 || batch > 100_000))
            throw new CliError(
              '--batch must be a whole number from 1 to 100000.',
              EXIT.invalidInput,
            );
          const moved = await archiveSales(store.database, before, {
            batch,
            onProgress: (progress) => bar?.set(progress.moved),
          });
          bar?.finish();
          const compacted = moved > 0 ? compactOnce(store.database, options.json) : null;
          if (options.json)
            return printJson({ moved, compacted, ...plan, till: tillFields(found) });
          process.stdout.write(
            `Moved ${plural(moved, 'sale')} synced before ${day(before)} to ${plural(plan.years.length, 'archive file')}; exports and sale lists still include them.\n${tillLine(found)}\n`,
          );
        });
      },
    );
}
