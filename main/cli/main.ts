// The tillsync command line: every command, and how failures become exit codes.
import { Command, CommanderError } from 'commander';
import { EXIT } from './exit-codes.js';
import { CliError } from './io.js';
import { terminalWords } from './words.js';
import type { Translator } from '../../domain/i18n/messages.js';
import { commanderInWords } from './help-words.js';
import { appVersion } from '../config/package-info.js';

/** Registers a command, its help in `help`: the terminal's words (no till is open yet). */
type Register = (program: Command, help: Translator) => void;

/**
 * Every command, in the order help lists them, with the module that declares it. A run
 * loads only the module of the command it names (a module loads the sandbox, the engine
 * or the exporters it needs: `tillsync status` started in 0.37 s with all of them, 0.18 s
 * alone); a bare `--version` loads none; help and an unknown name load them all.
 */
const COMMANDS: ReadonlyArray<{ names: readonly string[]; load: () => Promise<Register> }> = [
  { names: ['record'], load: async () => (await import('./commands/record.js')).registerRecord },
  { names: ['status'], load: async () => (await import('./commands/status.js')).registerStatus },
  { names: ['sales'], load: async () => (await import('./commands/sales.js')).registerSales },
  { names: ['day'], load: async () => (await import('./commands/day.js')).registerDay },
  { names: ['shift'], load: async () => (await import('./commands/shift.js')).registerShift },
  {
    names: ['cashiers'],
    load: async () => (await import('./commands/cashiers.js')).registerCashiers,
  },
  {
    names: ['settings'],
    load: async () => (await import('./commands/settings.js')).registerSettings,
  },
  { names: ['sandbox'], load: async () => (await import('./commands/sandbox.js')).registerSandbox },
  {
    names: ['daemon', 'start'],
    load: async () => (await import('./commands/daemon.js')).registerDaemon,
  },
  {
    names: ['sync', 'resync'],
    load: async () => (await import('./commands/sync.js')).registerSync,
  },
  {
    names: ['refused'],
    load: async () => (await import('./commands/refused.js')).registerRefused,
  },
  { names: ['logs'], load: async () => (await import('./commands/logs.js')).registerLogs },
  { names: ['service'], load: async () => (await import('./commands/service.js')).registerService },
  {
    names: ['backup', 'restore'],
    load: async () => (await import('./commands/backup.js')).registerBackup,
  },
  { names: ['archive'], load: async () => (await import('./commands/archive.js')).registerArchive },
  { names: ['export'], load: async () => (await import('./commands/export.js')).registerExport },
  {
    names: ['print', 'drawer', 'printer'],
    load: async () => (await import('./commands/printer.js')).registerPrinting,
  },
  { names: ['doctor'], load: async () => (await import('./commands/doctor.js')).registerDoctor },
];

export const COMMAND_NAMES = COMMANDS.flatMap((command) => command.names);

/** Commands that were renamed: a script using the old name is told the new one, not run. */
const RENAMED: Readonly<Record<string, string>> = { conflicts: 'refused' };

/** The one option before a command that takes a value. */
const DATA_DIR_OPTION = '--data-dir';
/** The options that print the version: named once, for commander and for loading no command. */
const VERSION_FLAGS = ['-V', '--version'];

/** The command a command line names: its first word that is neither an option nor its value. */
function namedCommand(argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!;
    if (word === DATA_DIR_OPTION) i++;
    else if (!word.startsWith('-')) return word;
  }
  return undefined;
}

/** The program with the command `argv` names, or with every command (all when `argv` is absent). */
export async function buildProgram(argv?: readonly string[]): Promise<Command> {
  const help = terminalWords();
  // Commander's own words first: the commands registered below inherit them.
  const program = commanderInWords(new Command('tillsync'), help)
    .description(help.t('cli.help.program.description'))
    .version(appVersion, VERSION_FLAGS.join(', '), help.t('cli.help.version'))
    .option(`${DATA_DIR_OPTION} <dir>`, help.t('cli.help.program.dataDir'))
    .exitOverride();
  (await commandsToLoad(argv)).forEach((register) => register(program, help));
  return program;
}

/** The named command's module; none for a bare version request; all for help or a name not known. */
async function commandsToLoad(argv: readonly string[] | undefined): Promise<Register[]> {
  const name = argv && namedCommand(argv);
  if (argv && !name && argv.some((word) => VERSION_FLAGS.includes(word))) return [];
  const named = COMMANDS.filter((command) => name && command.names.includes(name));
  return Promise.all((named.length > 0 ? named : COMMANDS).map((command) => command.load()));
}

export async function runCli(argv: string[]): Promise<number> {
  const renamed = RENAMED[namedCommand(argv) ?? ''];
  if (renamed) {
    const old = namedCommand(argv) ?? '';
    process.stderr.write(`${terminalWords().t('cli.main.renamed', { old, renamed })}\n`);
    return EXIT.invalidInput;
  }
  try {
    await (await buildProgram(argv)).parseAsync(argv, { from: 'user' });
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
    const detail = (error as Error).stack ?? String(error);
    process.stderr.write(`${terminalWords().t('cli.main.failed', { detail })}\n`);
    return EXIT.failure;
  }
}
