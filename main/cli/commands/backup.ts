// `tillsync backup FILE`: a verified copy of the till's database, safe while Tillsync runs.
// `tillsync restore FILE`: puts a backup back, only while no Tillsync process uses it.
// Both work on the till's store in its current mode (the sandbox's in sandbox mode).
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Command } from 'commander';
import { archiveFolder, yearOfArchive } from '../../../db/archive.js';
import { BackupError, backupDatabase, fileStamp, type BackupCheck } from '../../../db/backup.js';
import { restoreDatabase } from '../../../db/restore.js';
import type { Translator } from '../../../domain/i18n/messages.js';
import { runningProcesses } from '../../agent/running.js';
import { EXIT } from '../exit-codes.js';
import { CliError, printJson } from '../io.js';
import { progressBar } from '../progress.js';
import { findTill, tillFields, tillLine, type CliTill } from '../store-access.js';
import { terminalWords, wordsOfDatabase } from '../words.js';

/** Megabytes with one decimal, in the locale's digits: "1.5 MB", "1,5 MB". */
const megabytes = (bytes: number, words: Translator) =>
  `${new Intl.NumberFormat(words.locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(bytes / 1_048_576)} MB`;

function existingTill(command: Command): CliTill {
  const found = findTill(command);
  const file = found.till.databaseFile;
  if (!existsSync(file))
    throw new CliError(
      terminalWords().t('cli.backup.noDatabase', { file, mode: found.till.mode }),
      EXIT.databaseUnusable,
    );
  return found;
}

/** A folder as the target means a dated file inside it. */
function targetFile(target: string): string {
  const isFolder = existsSync(target) && statSync(target).isDirectory();
  return isFolder ? join(target, `tillsync-${fileStamp(Date.now())}.db`) : target;
}

const summary = (check: BackupCheck, words: Translator) =>
  words.t('cli.backup.summary', {
    count: check.sales,
    size: megabytes(check.bytes, words),
    schema: check.schemaVersion,
  });

async function backup(
  target: string,
  options: { force?: boolean; json?: boolean },
  command: Command,
) {
  const found = existingTill(command);
  const file = found.till.databaseFile;
  const words = wordsOfDatabase(file);
  const to = targetFile(target);
  if (existsSync(to) && !options.force)
    throw new CliError(words.t('cli.file.exists', { file: to }), EXIT.invalidInput);
  const bar = options.json ? undefined : progressBar(100, words.t('cli.backup.progress'));
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
  const done = words.t('cli.backup.done', { file: check.file, summary: summary(check, words) });
  process.stdout.write(`${done}\n${tillLine(found, words)}\n${archivesNote(file, words)}`);
}

/** The yearly archives are files of their own: a backup of the database does not hold them. */
function archivesNote(file: string, words: Translator): string {
  const folder = archiveFolder(file);
  const archives = existsSync(folder)
    ? readdirSync(folder).filter((name) => yearOfArchive(name) !== null)
    : [];
  if (archives.length === 0) return '';
  return `${words.t('cli.backup.archivesNote', { count: archives.length, folder })}\n`;
}

async function restore(from: string, options: { json?: boolean }, command: Command) {
  const found = findTill(command);
  const words = wordsOfDatabase(found.till.databaseFile);
  // The processes mark the data folder itself, whatever their mode.
  const running = runningProcesses(found.dataDir);
  if (running.length > 0) {
    const who = running.map((p) => `${p.kind} (pid ${p.pid})`).join(', ');
    throw new CliError(words.t('cli.backup.inUse', { who }), EXIT.inUse);
  }
  if (!existsSync(from))
    throw new CliError(words.t('cli.backup.noFile', { file: from }), EXIT.invalidInput);
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
  // Said in the language of the till as restored.
  const said = wordsOfDatabase(found.till.databaseFile);
  const lines = [
    said.t('cli.backup.restored', {
      file: restored.file,
      from,
      summary: summary(restored, said),
    }),
    tillLine(found, said),
  ];
  if (restored.keptAs) lines.push(said.t('cli.backup.keptAs', { file: restored.keptAs }));
  lines.push(said.t('cli.backup.afterRestore'));
  process.stdout.write(lines.join('\n') + '\n');
}

export function registerBackup(program: Command, help: Translator): void {
  program
    .command('backup')
    .description(help.t('cli.help.backup.description'))
    .argument('<file>', help.t('cli.help.backup.argFile'))
    .option('--force', help.t('cli.help.backup.force'))
    .option('--json', help.t('cli.help.common.jsonInsteadOfText'))
    .action(backup);
  program
    .command('restore')
    .description(help.t('cli.help.restore.description'))
    .argument('<file>', help.t('cli.help.restore.argFile'))
    .option('--json', help.t('cli.help.common.jsonInsteadOfText'))
    .action(restore);
}
