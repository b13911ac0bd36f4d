// `tillsync doctor`: checks everything a till needs to deliver its sales and says what to
// do about each problem. Exit 0 when nothing failed (warnings allowed), 8 otherwise.
import type { Command } from 'commander';
import type { Check } from '../../doctor/check.js';
import { runDoctor } from '../../doctor/run-doctor.js';
import { progressBar } from '../progress.js';
import { addPlatformFlags } from '../config-access.js';
import { EXIT } from '../exit-codes.js';
import { printJson } from '../io.js';
import { findTill, tillFields, tillLine } from '../store-access.js';
import { plural } from '../../../domain/words.js';

const MARK = { ok: '[ok]  ', warn: '[warn]', fail: '[FAIL]' } as const;

function formatCheck(check: Check): string {
  const indent = ' '.repeat(24);
  const [first, ...rest] = check.detail.split('\n');
  const lines = [`${MARK[check.status]} ${check.area.padEnd(16)} ${first}`];
  lines.push(...rest.map((line) => indent + line));
  if (check.fix) lines.push(`${indent}-> ${check.fix}`);
  return lines.join('\n');
}

export function registerDoctor(program: Command): void {
  addPlatformFlags(
    program
      .command('doctor')
      .description(
        'Check the configuration, the platform and the key, the database, the queue and the backups; say what to do',
      )
      .option('--json', 'print JSON instead of text'),
  ).action(async (options: { json?: boolean }, command: Command) => {
    // A configuration that cannot be read is a finding (bad flags are not: they stop here).
    const found = findTill(command, { lenient: true });
    const { dataDir, till, configError } = found;
    const loaded = configError ? { error: configError } : { config: found.config };
    // Reading a large database takes a while: a terminal sees it table by table.
    let bar: ReturnType<typeof progressBar> | undefined;
    const checks = await runDoctor(dataDir, till, loaded, ({ done, total }) => {
      bar ??= progressBar(total, 'Checking the whole database');
      bar.set(done + 1);
    });
    bar?.finish();
    const failures = checks.filter((c) => c.status === 'fail').length;
    const warnings = checks.filter((c) => c.status === 'warn').length;
    if (options.json) printJson({ dataDir, till: tillFields(found), failures, warnings, checks });
    else {
      const summary =
        failures + warnings === 0
          ? 'All good.'
          : `${plural(failures, 'problem')}, ${plural(warnings, 'warning')}: see "->" for what to do.`;
      process.stdout.write(
        [`Tillsync doctor: ${dataDir}`, tillLine(found), ...checks.map(formatCheck), summary].join(
          '\n',
        ) + '\n',
      );
    }
    if (failures > 0) process.exitCode = EXIT.problemsFound;
  });
}
