// A process starts on a file whose link state another wrote: "offline" there is that
// process's word. When this one finds the platform out of reach itself, it must go offline
// (probe, not send) even though the file already says so: the simulation found a till that
// went on sending every second into a refused connection after a restart. Nor does a
// request that hung prove the platform is there: only an answer does.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type TillDatabase } from '../../db/open.js';
import { createSyncState } from '../../db/sync-state.js';
import { systemClock } from '../../main/sync/clock.js';
import { createLinkKnowledge } from '../../main/sync/link-state.js';
import { createStorageGuard } from '../../main/sync/storage-guard.js';
import { tempDir } from '../helpers/temp-dir.js';

const quiet = { info() {}, warn() {}, error() {} };
let database: TillDatabase | undefined;
afterEach(() => database?.close());

describe('link state on start', () => {
  it('goes offline on an unreachable platform though the file already says offline', () => {
    database = openDatabase(join(tempDir(), 'tillsync.db'));
    const syncState = createSyncState(database);
    syncState.update({ connection: 'offline' }); // written by the process before
    const storage = createStorageGuard(quiet, Date.now, () => {});
    const link = createLinkKnowledge(syncState, storage, quiet, systemClock, () => {});
    expect(link.offline).toBe(false); // its own judgement: not asked yet

    link.record(
      { kind: 'network', code: 'ECONNREFUSED', message: 'refused', sent: false },
      { kind: 'retry', code: 'network_ECONNREFUSED', reason: 'Refused', unreachable: true },
      'key',
      true,
    );
    expect(link.offline).toBe(true);
    expect(syncState.read().connection).toBe('offline');
  });

  it('stays offline when a request sent before the outage times out', () => {
    database = openDatabase(join(tempDir(), 'tillsync.db'));
    const syncState = createSyncState(database);
    const storage = createStorageGuard(quiet, Date.now, () => {});
    const link = createLinkKnowledge(syncState, storage, quiet, systemClock, () => {});
    link.record(
      { kind: 'network', code: 'ENOTFOUND', message: 'no such name', sent: false },
      { kind: 'retry', code: 'network_ENOTFOUND', reason: 'Not found', unreachable: true },
      'key',
      true,
    );
    link.record(
      { kind: 'timeout', sent: true },
      { kind: 'retry', code: 'timeout', reason: 'No answer in time', unreachable: false },
      'key',
      true,
    );
    expect(link.offline).toBe(true); // it probes before sending again
    expect(syncState.read().connection).toBe('offline');
  });
});
