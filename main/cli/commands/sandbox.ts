// `tillsync sandbox`: run the platform emulator, mint keys for it, print its catalog. A data
// folder has one sandbox, the file the app's embedded sandbox uses (<data>/sandbox/
// sandbox.db): every subcommand finds it there unless given --db.
import { existsSync, readFileSync } from 'node:fs';
import type { Command } from 'commander';
import type { Translator } from '../../../domain/i18n/messages.js';
import { z } from 'zod';
import {
  catalogOfFile,
  KNOWN_SCOPES,
  mintKeyForFile,
  parseFaultSpec,
  parseTtl,
  startSandbox,
} from '../../../sandbox/index.js';
import { resolveDataDir } from '../../config/data-dir.js';
import { sandboxDatabaseFile } from '../../config/till-store.js';
import { pidExists } from '../../sync/sender-identity.js';
import { EXIT } from '../exit-codes.js';
import { CliError, parseOptions, printJson } from '../io.js';
import { messageOf } from '../../../domain/errors.js';
import { terminalWords } from '../words.js';

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);
export const FULL_SCOPE = 'sales:write sales:read webhooks:write';

const scopeText = z
  .string()
  .trim()
  .refine(
    (text) =>
      text.split(/\s+/).every((scope) => (KNOWN_SCOPES as readonly string[]).includes(scope)),
    `must list known scopes: ${KNOWN_SCOPES.join(', ')}`,
  );

const runOptions = z.object({
  port: z.coerce.number().int().min(0).max(65_535),
  host: z.string().min(1),
  faults: z.string().optional(),
  rateLimit: z.boolean(),
});

const keyOptions = z.object({
  scope: scopeText,
  shop: z.array(z.string().min(1)).default([]),
  ttl: z.string().transform((text, context) => {
    const seconds = parseTtl(text);
    if (seconds === undefined) {
      context.addIssue({
        code: 'custom',
        message: 'must be a duration like 30d, 12h, 15m or 3600',
      });
      return z.NEVER;
    }
    return seconds;
  }),
  subject: z.string().min(1).optional(),
});

interface RunningSandbox {
  url: string;
  adminUrl: string;
  adminToken: string;
  pid?: number;
}

// `--db` is read with the parent's options merged in: `sandbox --db F key` and
// `sandbox key --db F` must mean the same file (Commander gives it to the parent).
function sandboxFile(command: Command): string {
  const { db, dataDir } = command.optsWithGlobals<{ db?: string; dataDir?: string }>();
  return db ?? sandboxDatabaseFile(resolveDataDir(dataDir));
}

/**
 * The sandbox running on a file (the one `tillsync sandbox` runs, or the app's own in
 * sandbox mode), from the admin file it writes beside its database; none when its
 * process has gone.
 */
function sandboxRunningOn(file: string): RunningSandbox | undefined {
  const adminFile = `${file}.admin.json`;
  if (!existsSync(adminFile)) return undefined;
  const running = JSON.parse(readFileSync(adminFile, 'utf8')) as RunningSandbox;
  return running.pid === undefined || pidExists(running.pid) ? running : undefined;
}

function runningSandbox(command: Command): RunningSandbox {
  const file = sandboxFile(command);
  const running = sandboxRunningOn(file);
  if (running) return running;
  throw new CliError(terminalWords().t('cli.sandbox.noneRunning', { file }));
}

export function registerSandbox(program: Command, help: Translator): void {
  const sandbox = program
    .command('sandbox')
    .description(help.t('cli.help.sandbox.description'))
    .option('--port <port>', help.t('cli.help.sandbox.port'), '4010')
    .option('--host <host>', help.t('cli.help.sandbox.host'), '127.0.0.1')
    .option('--db <file>', help.t('cli.help.sandbox.db'))
    .option('--faults <spec>', help.t('cli.help.sandbox.faultsOption'))
    .option('--no-rate-limit', help.t('cli.help.sandbox.noRateLimit'))
    .action(async (raw: Record<string, unknown>, command: Command) => {
      const options = parseOptions(runOptions, raw);
      const { t } = terminalWords();
      const dbFile = sandboxFile(command);
      // Two servers on one file would share it and overwrite each other's admin file.
      const already = sandboxRunningOn(dbFile);
      if (already) throw new CliError(t('cli.sandbox.already', { file: dbFile, url: already.url }));
      let running;
      try {
        running = await startSandbox({
          port: options.port,
          host: options.host,
          dbFile,
          faults: options.faults ?? process.env.TILLSYNC_SANDBOX_FAULTS,
          adminToken: process.env.TILLSYNC_SANDBOX_ADMIN_TOKEN,
          ...(options.rateLimit ? {} : { rateLimit: false }),
        });
      } catch (error) {
        throw new CliError(
          t('cli.sandbox.cannotStart', { reason: messageOf(error) }),
          EXIT.invalidInput,
        );
      }
      const key = await running.mintKey({ scope: FULL_SCOPE, subject: 'till_sandbox' });
      const row = (label: string, value: string) => `  ${label.padEnd(12)} ${value}`;
      const faults = options.faults ?? process.env.TILLSYNC_SANDBOX_FAULTS;
      const lines = [
        t('cli.sandbox.running', { url: running.url }),
        row(t('cli.sandbox.docs'), running.docsUrl),
        row(t('cli.sandbox.key'), key),
        row('', t('cli.sandbox.scopes', { scopes: FULL_SCOPE })),
        row(
          t('cli.sandbox.admin'),
          t('cli.sandbox.adminValue', { url: running.adminUrl, token: running.adminToken }),
        ),
        row(t('cli.sandbox.database'), running.dbFile),
        row(t('cli.sandbox.faults'), faults ?? t('cli.sandbox.noFaults')),
        `  ${t('cli.sandbox.stopWith')}`,
      ];
      if (!LOOPBACK.has(options.host)) {
        lines.push(`  ${t('cli.sandbox.exposed', { host: options.host })}`);
      }
      process.stdout.write(lines.join('\n') + '\n');
      await new Promise<void>((resolve) => {
        process.once('SIGINT', resolve);
        process.once('SIGTERM', resolve);
      });
      await running.close();
      process.stdout.write(`${t('cli.sandbox.stopped')}\n`);
    });

  sandbox
    .command('key')
    .description(help.t('cli.help.sandbox.key.description'))
    .option('--scope <scopes>', help.t('cli.help.sandbox.key.scope'), 'sales:write sales:read')
    .option('--shop <id>', help.t('cli.help.sandbox.key.shop'), (v: string, all: string[] = []) => [
      ...all,
      v,
    ])
    .option('--ttl <duration>', help.t('cli.help.sandbox.key.ttl'), '30d')
    .option('--subject <sub>', help.t('cli.help.sandbox.key.subject'))
    .option('--db <file>', help.t('cli.help.sandbox.key.db'))
    .action(async (raw: Record<string, unknown>, command: Command) => {
      const options = parseOptions(keyOptions, raw);
      const key = await mintKeyForFile(sandboxFile(command), {
        scope: options.scope,
        shops: options.shop,
        ttlSeconds: options.ttl,
        subject: options.subject,
      });
      process.stdout.write(key + '\n');
    });

  sandbox
    .command('faults [spec]')
    .description(help.t('cli.help.sandbox.faults.description'))
    .option('--db <file>', help.t('cli.help.sandbox.faults.db'))
    .action(async (spec: string | undefined, raw: unknown, command: Command) => {
      const running = runningSandbox(command);
      let body: unknown;
      if (spec !== undefined) {
        const parsed = parseFaultSpec(spec === 'off' ? '' : spec);
        if (!parsed.success)
          throw new CliError(
            terminalWords().t('cli.sandbox.badFaults', {
              problems: parsed.error.issues
                .map((i) => `${i.path.join('.') || 'spec'}: ${i.message}`)
                .join('; '),
            }),
            EXIT.invalidInput,
          );
        body = parsed.data;
      }
      let answer: Response;
      try {
        answer = await fetch(`${running.adminUrl}/admin/faults`, {
          method: body === undefined ? 'GET' : 'PUT',
          headers: {
            authorization: `Bearer ${running.adminToken}`,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      } catch (error) {
        throw new CliError(
          terminalWords().t('cli.sandbox.noAnswer', {
            url: running.adminUrl,
            reason: messageOf(error),
          }),
        );
      }
      const text = await answer.text();
      if (!answer.ok)
        throw new CliError(terminalWords().t('cli.sandbox.refused', { text }), EXIT.invalidInput);
      process.stdout.write(
        `${terminalWords().t('cli.sandbox.faultsOf', { url: running.url })}\n${text}\n`,
      );
    });

  sandbox
    .command('catalog')
    .description(help.t('cli.help.sandbox.catalog.description'))
    .option('--shop <id>', help.t('cli.help.sandbox.catalog.shop'))
    .option('--db <file>', help.t('cli.help.sandbox.key.db'))
    .action((raw: { shop?: string }, command: Command) => {
      const file = sandboxFile(command);
      try {
        printJson(catalogOfFile(file, raw.shop));
      } catch (error) {
        throw new CliError(messageOf(error), EXIT.invalidInput);
      }
      // Standard output is the catalog to import: the file it came from goes to stderr.
      process.stderr.write(`${terminalWords().t('cli.sandbox.catalogOf', { file })}\n`);
    });
}
