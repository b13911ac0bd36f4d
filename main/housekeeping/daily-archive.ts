// Archiving while the agent runs: once a day (and soon after starting), the synced sales
// older than the till's setting move to the yearly archive files (db/archive.ts), on a
// connection of its own, yielding to the till between batches so a sale never waits long.
import { archiveSales, keepFrom } from '../../db/archive.js';
import { openDatabase } from '../../db/open.js';
import type { Clock, TimerHandle, Timers } from '../sync/clock.js';
import type { Logger } from '../log/log-port.js';

const EVERY_MS = 24 * 3_600_000;
const FIRST_AFTER_MS = 60_000;

export function startDailyArchive(options: {
  databaseFile: string;
  /** Months kept on the till (the setting); 0 turns archiving off. */
  keepMonths: () => number;
  clock: Clock;
  timers: Timers;
  logger?: Logger;
  firstAfterMs?: number;
}) {
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let timer: TimerHandle;
  const yieldToTill = () => new Promise<void>((resolve) => options.timers.soon(resolve));

  async function archiveNow(): Promise<void> {
    const months = options.keepMonths();
    if (months <= 0 || stopped) return;
    const database = openDatabase(options.databaseFile);
    try {
      const moved = await archiveSales(database, keepFrom(options.clock.now(), months), {
        afterBatch: async () => {
          if (stopped) throw new Error('stopping');
          await yieldToTill();
        },
      });
      if (moved > 0)
        options.logger?.info({ moved, months }, 'Old synced sales moved to the yearly archives');
    } finally {
      database.close();
    }
  }

  function schedule(ms: number): void {
    timer = options.timers.after(
      ms,
      () => {
        running = archiveNow()
          .catch((error: Error) => {
            if (!stopped)
              options.logger?.error(
                { error: error.message },
                'Archiving old sales failed; nothing was lost, and it is tried again tomorrow',
              );
          })
          .finally(() => !stopped && schedule(EVERY_MS));
      },
      { background: true },
    );
  }
  schedule(options.firstAfterMs ?? FIRST_AFTER_MS);

  /** Stops; a run under way stops at its next batch (what moved stays moved). */
  return async () => {
    stopped = true;
    timer.cancel();
    await running;
  };
}
