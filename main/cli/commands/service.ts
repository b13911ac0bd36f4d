// `tillsync service print systemd|launchd|windows`: the service definition shipped in
// packaging/, filled in with this machine's paths, to install Tillsync as a background
// service that starts with the machine (instructions in each file and the README).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import type { Translator } from '../../../domain/i18n/messages.js';
import { resolveDataDir } from '../../config/data-dir.js';
import { packageRoot } from '../../config/package-info.js';
import { EXIT } from '../exit-codes.js';
import { CliError } from '../io.js';
import { terminalWords } from '../words.js';

export const SERVICE_TEMPLATES = {
  systemd: 'packaging/systemd/tillsync.service',
  launchd: 'packaging/macos/com.tillsync.agent.plist',
  windows: 'packaging/windows/tillsync-task.xml',
} as const;

export type ServiceKind = keyof typeof SERVICE_TEMPLATES;

export function renderService(
  kind: ServiceKind,
  paths: { node: string; tillsync: string; dataDir: string; envFile: string },
): string {
  return readFileSync(join(packageRoot, SERVICE_TEMPLATES[kind]), 'utf8')
    .replaceAll('{{NODE}}', paths.node)
    .replaceAll('{{TILLSYNC}}', paths.tillsync)
    .replaceAll('{{DATA_DIR}}', paths.dataDir)
    .replaceAll('{{ENV_FILE}}', paths.envFile);
}

export function registerService(program: Command, help: Translator): void {
  const service = program.command('service').description(help.t('cli.help.service.description'));
  service
    .command('print <kind>')
    .description(help.t('cli.help.service.print.description'))
    .action((kind: string, _options: unknown, command: Command) => {
      if (!(kind in SERVICE_TEMPLATES)) {
        throw new CliError(terminalWords().t('cli.service.choose', { kind }), EXIT.invalidInput);
      }
      const dataDir = resolveDataDir(command.optsWithGlobals<{ dataDir?: string }>().dataDir);
      process.stdout.write(
        renderService(kind as ServiceKind, {
          node: process.execPath,
          tillsync: join(packageRoot, 'bin', 'tillsync.js'),
          dataDir,
          envFile: join(dataDir, 'tillsync.env'),
        }),
      );
    });
}
