// `tillsync logs`: the agent's log, readable; `--tail` keeps following it.
import { existsSync } from 'node:fs';
import type { Command } from 'commander';
import type { Translator } from '../../../domain/i18n/messages.js';
import { z } from 'zod';
import { resolveDataDir } from '../../config/data-dir.js';
import { formatLogLine } from '../../log/format.js';
import { logFile } from '../../log/logger.js';
import { followLines, readLastLines } from '../../log/read-logs.js';
import { EXIT } from '../exit-codes.js';
import { CliError, parseOptions } from '../io.js';
import { terminalWords } from '../words.js';

const options = z.object({
  lines: z.coerce.number().int().min(0).max(100_000),
  tail: z.boolean().optional(),
  json: z.boolean().optional(),
});

export function registerLogs(program: Command, help: Translator): void {
  program
    .command('logs')
    .description(help.t('cli.help.logs.description'))
    .option('-n, --lines <n>', help.t('cli.help.logs.lines'), '50')
    .option('--tail', help.t('cli.help.logs.tail'))
    .option('--json', help.t('cli.help.logs.json'))
    .action(async (raw: Record<string, unknown>, command: Command) => {
      const chosen = parseOptions(options, raw);
      const file = logFile(resolveDataDir(command.optsWithGlobals<{ dataDir?: string }>().dataDir));
      if (!existsSync(file) && !chosen.tail) {
        throw new CliError(terminalWords().t('cli.logs.none', { file }), EXIT.failure);
      }
      const show = (line: string) =>
        process.stdout.write((chosen.json ? line : formatLogLine(line)) + '\n');
      const { lines, end } = readLastLines(file, chosen.lines);
      for (const line of lines) show(line);
      if (!chosen.tail) return;
      const stop = followLines(file, show, undefined, end);
      await new Promise<void>((resolve) => {
        process.once('SIGINT', resolve);
        process.once('SIGTERM', resolve);
      });
      stop();
    });
}
