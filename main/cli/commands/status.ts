// `tillsync status`: sales per state, the state of sync and the shift the till is in, read
// from the database, so it shows the same whether the app, the daemon or nothing is running.
import type { Command } from 'commander';

import { OUTBOX_STATES } from '../../../domain/sale-states.js';

import { relativeTime, viewStatus } from '../../../domain/views/status-view.js';
import { readStoreStatus, type SyncStatus } from '../../sync/status.js';
import { sentence } from '../../../domain/words.js';
import type { MessageKey, Translator } from '../../../domain/i18n/messages.js';
import { printJson } from '../io.js';
import type { Store } from '../../../db/store.js';
import { tillTimeZone } from '../../../db/till-time-zone.js';
import { describeTill, tillFields, withStore, type CliTill } from '../store-access.js';
import { tillWords } from '../words.js';

/** A labelled line of the status: its label and its value, laid out in columns at the end. */
type Row = readonly [label: string, value: string];
const row = (words: Translator, label: MessageKey, value: string): Row => [words.t(label), value];

/** The rows in two columns, the labels as wide as the longest (10 in English, as `tillLine`). */
function columns(rows: readonly Row[]): string[] {
  const width = Math.max(10, ...rows.map(([label]) => label.length));
  return rows.map(([label, value]) => `  ${label.padEnd(width)} ${value}`);
}

/** Where sales go; what is missing, in the same terms as the key line below it. */
function platformLine(sync: SyncStatus, words: Translator): string {
  const address = sync.baseUrl ?? '';
  if (sync.mode === 'sandbox') return words.t('cli.status.platformSandbox', { address });
  if (sync.mode === 'platform') return address;
  if (sync.baseUrl)
    return words.t('cli.status.platformUnused', { address, keySet: String(sync.apiKey.set) });
  return words.t('cli.status.platformNotConfigured', { keySet: String(sync.apiKey.set) });
}

function keyLine(sync: SyncStatus, refused: boolean, words: Translator): string {
  const key = sync.apiKey;
  if (!key.set) return words.t('cli.status.keyNotSet');
  const details = [
    key.elsewhere && words.t('cli.status.keyElsewhere', { where: key.elsewhere }),
    key.expiresAt &&
      words.t('cli.status.keyExpires', { at: new Date(key.expiresAt).toISOString() }),
    refused && words.t('cli.status.keyRefused'),
  ].filter(Boolean);
  return [words.t('cli.status.keySet'), ...details].join(', ');
}

/** The status in lines, read through the same status view as the banner and the tray. */
function describe(sync: SyncStatus, now: number, timeZone: string, words: Translator): Row[] {
  const view = viewStatus(sync, now, timeZone, words);
  const refused = view.link === 'key_rejected';
  const lines: Row[] = [
    row(words, 'cli.status.platform', platformLine(sync, words)),
    row(words, 'cli.status.apiKey', keyLine(sync, refused, words)),
    row(words, 'cli.status.link', words.t('cli.status.linkState', { link: view.link })),
    row(words, 'cli.status.sync', view.headline),
  ];
  if (refused) {
    // The platform's own reason, quoted; else ours.
    const reason = sync.paused?.reason ?? words.t('cli.status.keyRefusedReason');
    lines.push(
      row(words, 'cli.status.paused', `${sentence(reason)} ${words.t('cli.status.pausedFix')}`),
    );
  }
  for (const warning of view.warnings) lines.push(row(words, 'cli.status.warning', warning));
  if (view.uncertain > 0)
    lines.push(row(words, 'cli.status.uncertain', words.t('cli.status.uncertainSee')));
  lines.push(
    row(words, 'cli.status.lastSent', view.lastSuccess),
    row(words, 'cli.status.nextTry', view.nextAttempt),
  );
  if (view.lastError) {
    const { when, past, message } = view.lastError;
    const text = words.t('cli.status.lastErrorValue', { when, past: String(past), message });
    lines.push(row(words, 'cli.status.lastError', text));
  }
  lines.push(row(words, 'cli.status.shift', view.shift));
  if (sync.sender !== 'none') {
    const sender = sync.sender === 'this process' ? 'this' : 'other';
    lines.push(row(words, 'cli.status.sending', words.t('cli.status.sender', { sender })));
  }
  return lines;
}

export function registerStatus(program: Command, help: Translator): void {
  program
    .command('status')
    .description(help.t('cli.help.status.description'))
    .option('--json', help.t('cli.help.common.jsonInsteadOfText'))
    .action(async (options: { json?: boolean }, command: Command) => {
      // The configuration as every command loads it (the saved key included); one that
      // cannot be read is shown, not fatal.
      const read = (store: Store, found: CliTill) => {
        const now = Date.now();
        const sync = readStoreStatus(store, found.config, { now, dataDir: found.dataDir });
        const { counts } = sync;
        // Sales put aside at the counter: not sales yet, but money a person will come back for.
        const held = store.heldCount();
        const { configError } = found;
        if (options.json) {
          printJson({
            database: store.file,
            till: tillFields(found),
            counts,
            held,
            sync,
            ...(configError ? { configError } : {}),
          });
          return;
        }
        const words = tillWords(store);
        const number = new Intl.NumberFormat(words.locale);
        const rows: Row[] = [
          row(words, 'cli.till.label', describeTill(found, words)),
          ...OUTBOX_STATES.map((state): Row => [
            words.t('cli.sale.state', { state }),
            number.format(counts[state]),
          ]),
          ...(held.count > 0
            ? [
                row(
                  words,
                  'cli.status.held',
                  words.t('cli.status.heldValue', {
                    count: held.count,
                    since: relativeTime(Math.min(held.oldestAt!, now), now, words),
                  }),
                ),
              ]
            : []),
          ...describe(sync, now, tillTimeZone(store.settings.read()), words),
        ];
        if (configError) rows.push(row(words, 'cli.status.config', configError));
        const lines = [words.t('cli.status.heading'), ...columns(rows)];
        process.stdout.write(lines.join('\n') + '\n');
      };
      await withStore(command, read, { lenient: true });
    });
}
