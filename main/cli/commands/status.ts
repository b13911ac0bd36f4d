// `tillsync status`: how many sales are in each state.
import type { Command } from 'commander';
import { OUTBOX_STATES } from '../../../db/schema.js';
import { printJson } from '../io.js';
import { withStore, type DataDirOption } from '../store-access.js';

export function registerStatus(program: Command): void {
  program
    .command('status')
    .description('Show how many sales are pending, synced, in conflict or discarded')
    .option('--json', 'print JSON instead of text')
    .action(async (options: { json?: boolean }, command: Command) => {
      await withStore(command.optsWithGlobals<DataDirOption>(), (store) => {
        const counts = store.countByState();
        if (options.json) {
          printJson({ database: store.file, counts });
          return;
        }
        const lines = [
          'Tillsync till status',
          `  database   ${store.file}`,
          ...OUTBOX_STATES.map((state) => `  ${state.padEnd(10)} ${counts[state]}`),
        ];
        process.stdout.write(lines.join('\n') + '\n');
      });
    });
}
