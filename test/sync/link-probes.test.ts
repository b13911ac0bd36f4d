// A probe (HEAD on the platform's address) says what this process believes of the link on
// disk again, whatever the till's other process wrote meanwhile: that process may have
// exited since, and every reader (`tillsync status`, the screens) reads the disk.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { probeLink } from '../../main/sync/link-probe.js';
import type { PlatformClient } from '../../main/sync/platform-client.js';
import { tempDir } from '../helpers/temp-dir.js';
import { linkOn } from './link-on.js';

const signal = new AbortController().signal;
const probe = (answers: boolean) =>
  ({ reachable: async () => answers }) as unknown as PlatformClient;

describe('link state: a probe says its answer on disk again', () => {
  it('says offline again when a probe goes unanswered, after the other process said online', async () => {
    // The simulation's seed 33: the app wrote "online" and closed; the daemon, offline all
    // along, probed in vain at every tick and the status said "online" for good.
    const file = join(tempDir(), 'tillsync.db');
    const app = linkOn(file);
    const daemon = linkOn(file);
    const unanswered = probe(false);
    expect(await probeLink(unanswered, daemon.link, signal)).toBe(false);
    expect(daemon.read().connection).toBe('offline');
    const created = { kind: 'response', status: 201, headers: new Headers(), body: '' } as const;
    app.link.record(created, { kind: 'synced', platformId: null, platformAnswer: '' }, 'key', true);
    expect(daemon.read().connection).toBe('online');
    const told = daemon.told.changes;
    expect(await probeLink(unanswered, daemon.link, signal)).toBe(false);
    expect(daemon.read().connection).toBe('offline');
    expect(daemon.told.changes).toBe(told + 1); // its screens read it again
    await probeLink(unanswered, daemon.link, signal); // nothing new: no news
    expect(daemon.told.changes).toBe(told + 1);
  });

  it('says online again when a probe is answered, after the other process said offline', async () => {
    // The simulation's seed 3064: a process that found the platform out of reach wrote
    // "offline" and was killed; the one left, online all along, had its probes answered,
    // which was no news to it, and the status said "offline" while the platform answered.
    const file = join(tempDir(), 'tillsync.db');
    const app = linkOn(file);
    const daemon = linkOn(file);
    expect(await probeLink(probe(true), daemon.link, signal)).toBe(true);
    expect(daemon.read().connection).toBe('online');
    app.link.record(
      { kind: 'network', code: 'ECONNREFUSED', message: 'refused', sent: false },
      { kind: 'retry', code: 'network_ECONNREFUSED', reason: 'refused', unreachable: true },
      'key',
      true,
    );
    expect(daemon.read().connection).toBe('offline');
    const told = daemon.told.changes;
    expect(await probeLink(probe(true), daemon.link, signal)).toBe(true);
    expect(daemon.read().connection).toBe('online');
    expect(daemon.told.changes).toBe(told + 1); // its screens read it again
    await probeLink(probe(true), daemon.link, signal); // nothing new: no news
    expect(daemon.told.changes).toBe(told + 1);
  });
});
