// `tillsync doctor`: checks everything a till needs to deliver its sales and says what to
// do about each problem. Exit 0 when nothing failed (warnings allowed), 8 otherwise.
import type { Command } from 'commander';
import type { Check } from '../../doctor/check.js';
import { runDoctor } from '../../doctor/run-doctor.js';
import type { Translator } from '../../../domain/i18n/messages.js';
import { progressBar } from '../progress.js';
import { addPlatformFlags } from '../config-access.js';
import { EXIT } from '../exit-codes.js';
import { printJson } from '../io.js';
import { findTill, tillFields, tillLine } from '../store-access.js';
import { terminalWords, wordsOfDatabase } from '../words.js';

/** Each check in the till's words: its mark, its area, its detail and what to do. */
function formatCheck(check: Check, words: Translator): string {
  const marks = (['ok', 'warn', 'fail'] as const).map((status) =>
    words.t('cli.doctor.mark', { status }),
  );
  const mark = words.t('cli.doctor.mark', { status: check.status });
  const width = Math.max(...marks.map((m) => m.length));
  const area = words.t('cli.doctor.area', { area: check.area.replace(/ /g, '_') });
  const indent = ' '.repeat(width + Math.max(16, area.length) + 2);
  const detail = words.say({ message: check.detail, say: check.say?.detail });
  const [first, ...rest] = detail.split('\n');
  const lines = [`${mark.padEnd(width)} ${area.padEnd(16)} ${first}`];
  lines.push(...rest.map((line) => indent + line));
  if (check.fix)
    lines.push(`${indent}-> ${words.say({ message: check.fix, say: check.say?.fix })}`);
  return lines.join('\n');
}

export function registerDoctor(program: Command, help: Translator): void {
  addPlatformFlags(
    program
      .command('doctor')
      .description(help.t('cli.help.doctor.description'))
      .option('--json', help.t('cli.help.common.jsonInsteadOfText')),
    help,
  ).action(async (options: { json?: boolean }, command: Command) => {
    // A configuration that cannot be read is a finding (bad flags are not: they stop here).
    const found = findTill(command, { lenient: true });
    const { dataDir, till, configError } = found;
    const loaded = configError ? { error: configError } : { config: found.config };
    // Reading a large database takes a while: a terminal sees it table by table.
    let bar: ReturnType<typeof progressBar> | undefined;
    const words = options.json ? terminalWords() : wordsOfDatabase(till.databaseFile);
    const checks = await runDoctor(dataDir, till, loaded, ({ done, total }) => {
      bar ??= progressBar(total, words.t('cli.doctor.checkingDatabase'));
      bar.set(done + 1);
    });
    bar?.finish();
    const failures = checks.filter((c) => c.status === 'fail').length;
    const warnings = checks.filter((c) => c.status === 'warn').length;
    if (options.json) printJson({ dataDir, till: tillFields(found), failures, warnings, checks });
    else {
      const lines = [
        words.t('cli.doctor.heading', { dataDir }),
        tillLine(found, words),
        ...checks.map((check) => formatCheck(check, words)),
        words.t('cli.doctor.summary', { failures, warnings }),
      ];
      process.stdout.write(lines.join('\n') + '\n');
    }
    if (failures > 0) process.exitCode = EXIT.problemsFound;
  });
}
