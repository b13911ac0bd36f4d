// A pass sends several sales at once: the platform may refuse the key for one while
// another, sent before, is still answered 201. That late success must not say "online" on
// disk over the pause (every other reader would stop saying "Key rejected" while the queue
// waits for a new key). The simulation's seed 1839: a refusal, then a sale synced 3 ms later;
// and the till's other process, which did not know of the refusal, wrote "online" after a
// success of its own: a refusal heard again says "Key rejected" on disk again.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/open.js';
import { createSyncState } from '../../db/sync-state.js';
import { systemClock } from '../../main/sync/clock.js';
import { createLinkKnowledge } from '../../main/sync/link-state.js';
import { createStorageGuard } from '../../main/sync/storage-guard.js';
import { tempDir } from '../helpers/temp-dir.js';

const quiet = { info() {}, warn() {}, error() {} };

describe('link state: a pause for the key', () => {
  it('stands when a sale sent before the refusal is answered 201 after it', () => {
    const database = openDatabase(join(tempDir(), 'tillsync.db'));
    try {
      const syncState = createSyncState(database);
      const storage = createStorageGuard(quiet, systemClock.now, () => {});
      const link = createLinkKnowledge(syncState, storage, quiet, systemClock, () => {});
      const refusal = { kind: 'response', status: 403, headers: new Headers(), body: '' } as const;
      link.record(
        refusal,
        { kind: 'paused', code: 'http_403', reason: 'HTTP 403: Forbidden' },
        'key',
        true,
      );
      link.record(
        { kind: 'response', status: 201, headers: new Headers(), body: '{"id":"sale_1"}' },
        { kind: 'synced', platformId: 'sale_1', platformAnswer: '{"id":"sale_1"}' },
        'key',
        false,
      );
      expect(link.paused).toBe(true);
      expect(link.offline).toBe(false);
      expect(syncState.read()).toMatchObject({
        connection: 'key_rejected',
        pausedReason: 'HTTP 403: Forbidden',
      });
      expect(syncState.read().lastSuccessAt).not.toBeNull(); // the success is still told

      syncState.update({ connection: 'online' }); // the other process, after a success
      link.record(
        refusal,
        { kind: 'paused', code: 'http_403', reason: 'HTTP 403: Forbidden' },
        'key',
        true,
      );
      expect(syncState.read().connection).toBe('key_rejected');
    } finally {
      database.close();
    }
  });
});
