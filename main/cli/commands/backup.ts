// `tillsync backup FILE`: a verified copy of the till's database, safe while Tillsync runs.
// `tillsync restore FILE`: puts a backup back, only while no Tillsync process uses it.
// Both work on the till's store in its current mode (the sandbox's in sandbox mode).
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Command } from 'commander';
import { archiveFolder, yearOfArchive } from '../../../db/archive.js';
import { BackupError, backupDatabase, fileStamp, type BackupCheck } from '../../../db/backup.js';
import { restoreDatabase } from '../../../db/restore.js';
import { plural } from '../../../domain/words.js';
import { runningProcesses } from '../../agent/running.js';
import { EXIT } from '../exit-codes.js';
import { CliError, printJson } from '../io.js';
import { progressBar } from '../progress.js';
import { findTill, tillFields, tillLine, type CliTill } from '../store-access.js';

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

function existingTill(command: Command): CliTill {
  const found = findTill(command);
  const file = found.till.databaseFile;
  if (!existsSync(file))
    throw new CliError(
      `There is no till database at ${file} (${found.till.mode} mode): check --data-dir or TILLSYNC_DATA_DIR.`,
      EXIT.databaseUnusable,
    );
  return found;
}

/** A folder as the target means a dated file inside it. */
function targetFile(target: string): string {
  const isFolder = existsSync(target) && statSync(target).isDirectory();
  return isFolder ? join(target, `tillsync-${fileStamp(Date.now())}.db`) : target;
}

const summary = (check: BackupCheck) =>
  `${plural(check.sales, 'sale')}, ${megabytes(check.bytes)}, schema ${check.schemaVersion}; integrity checked`;

async function backup(
  target: string,
  options: { force?: boolean; json?: boolean },
  command: Command,
) {
  const found = existingTill(command);
  const file = found.till.databaseFile;
  const to = targetFile(target);
  if (existsSync(to) && !options.force)
    throw new CliError(
      `${to} already exists: choose another name, or add --force to replace it.`,
      EXIT.invalidInput,
    );
  const bar = options.json ? undefined : progressBar(100, 'Backing up');
  let check: BackupCheck;
  try {
    check = await backupDatabase(file, to, (done) => bar?.set(Math.round(done * 100)));
  } catch (error) {
    if (error instanceof BackupError) throw new CliError(error.message, EXIT.failure);
    throw error;
  } finally {
    bar?.finish();
  }
  if (options.json) {
    printJson({ ...check, till: tillFields(found) });
    return;
  }
  process.stdout.write(
    `Backed up to ${check.file} (${summary(check)}).\n${tillLine(found)}\n${archivesNote(file)}`,
  );
}

/** The yearly archives are files of their own: a backup of the database does not hold them. */
function archivesNote(file: string): string {
  const folder = archiveFolder(file);
  const archives = existsSync(folder)
    ? readdirSync(folder).filter((name) => yearOfArchive(name) !== null)
    : [];
  if (archives.length === 0) return '';
  return `Older sales are in ${plural(archives.length, 'archive file')} in ${folder}, not in this backup: copy that folder too (they change at most once a day). A restore keeps them.\n`;
}

async function restore(from: string, options: { json?: boolean }, command: Command) {
  const found = findTill(command);
  // The processes mark the data folder itself, whatever their mode.
  const running = runningProcesses(found.dataDir);
  if (running.length > 0) {
    const who = running.map((p) => `${p.kind} (pid ${p.pid})`).join(', ');
    throw new CliError(
      `Tillsync is using this till's database: ${who}. Close the app or stop the service (for example \`systemctl --user stop tillsync\`), then run restore again.`,
      EXIT.inUse,
    );
  }
  if (!existsSync(from)) throw new CliError(`There is no file ${from}.`, EXIT.invalidInput);
  let restored;
  try {
    // A sandbox-mode till may not have its folder yet (the app never ran in that mode).
    mkdirSync(dirname(found.till.databaseFile), { recursive: true });
    restored = await restoreDatabase(found.till.databaseFile, from);
  } catch (error) {
    if (error instanceof BackupError) throw new CliError(error.message, EXIT.invalidInput);
    throw error;
  }
  if (options.json) {
    printJson({ ...restored, till: tillFields(found) });
    return;
  }
  const lines = [`Restored ${restored.file} from ${from} (${summary(restored)}).`, tillLine(found)];
  if (restored.keptAs)
    lines.push(
      `The database it replaced is kept as ${restored.keptAs}; delete it once the till works as expected.`,
    );
  lines.push(
    'Sales made after this backup are not on the till any more. Pending sales in the backup are sent again; the platform recognises any it already has by their idempotency keys.',
  );
  process.stdout.write(lines.join('\n') + '\n');
}

export function registerBackup(program: Command): void {
  program
    .command('backup')
    .description(
      "Copy the till's database to FILE (or a dated file in a folder); safe while Tillsync runs",
    )
    .argument('<file>', 'where to write the backup: a file name, or a folder')
    .option('--force', 'replace FILE if it exists')
    .option('--json', 'print JSON instead of text')
    .action(backup);
  program
    .command('restore')
    .description("Put a backup back as the till's database; Tillsync must not be running")
    .argument('<file>', 'a backup written by `tillsync backup` or a daily backup')
    .option('--json', 'print JSON instead of text')
    .action(restore);
}
