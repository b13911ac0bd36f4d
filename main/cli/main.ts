// The tillsync command line: every command, and how failures become exit codes.
import { Command, CommanderError } from 'commander';
import { registerArchive } from './commands/archive.js';
import { registerBackup } from './commands/backup.js';
import { registerConflicts } from './commands/conflicts.js';
import { registerDaemon } from './commands/daemon.js';
import { registerDay } from './commands/day.js';
import { registerDoctor } from './commands/doctor.js';
import { registerExport } from './commands/export.js';
import { registerLogs } from './commands/logs.js';
import { registerRecord } from './commands/record.js';
import { registerSales } from './commands/sales.js';
import { registerSandbox } from './commands/sandbox.js';
import { registerService } from './commands/service.js';
import { registerSettings } from './commands/settings.js';
import { registerStatus } from './commands/status.js';
import { registerSync } from './commands/sync.js';
import { EXIT } from './exit-codes.js';
import { CliError } from './io.js';
import { appVersion } from '../config/package-info.js';

export function buildProgram(): Command {
  const program = new Command('tillsync')
    .description('Tillsync: records every sale on this till and delivers it to the platform once.')
    .version(appVersion)
    .option(
      '--data-dir <dir>',
      'data folder (default: TILLSYNC_DATA_DIR, else the per-user app folder)',
    )
    .exitOverride();
  registerRecord(program);
  registerStatus(program);
  registerSales(program);
  registerDay(program);
  registerSettings(program);
  registerSandbox(program);
  registerDaemon(program);
  registerSync(program);
  registerConflicts(program);
  registerLogs(program);
  registerService(program);
  registerBackup(program);
  registerArchive(program);
  registerExport(program);
  registerDoctor(program);

  return program;
}

export async function runCli(argv: string[]): Promise<number> {
  try {
    await buildProgram().parseAsync(argv, { from: 'user' });
    // A command that finished but has news to report (sales still pending, say) sets it.
    return typeof process.exitCode === 'number' ? process.exitCode : EXIT.ok;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Commander has already printed its message (or the help/version text).
      return error.exitCode === 0 ? EXIT.ok : EXIT.invalidInput;
    }
    if (error instanceof CliError) {
      if (error.message) process.stderr.write(error.message + '\n');
      return error.exitCode;
    }
    process.stderr.write(`tillsync failed: ${(error as Error).stack ?? String(error)}\n`);
    return EXIT.failure;
  }
}
