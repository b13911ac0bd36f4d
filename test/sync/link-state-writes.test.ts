// The link state is kept in memory first and written for every other reader (`tillsync
// status`, the till's other process, a restart). A write the disk refuses (another process
// holds the lock, the disk is full) is not dropped: it goes with the next write, or at the
// engine's next tick. The simulation found a pause for a revoked key left on disk after a
// new key was taken, so every other reader said "Key rejected" for good. And a success
// says "online" on disk again, whatever the till's other process wrote meanwhile (a probe's
// answer: test/sync/link-probes.test.ts).
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/temp-dir.js';
import { linkOn, open } from './link-on.js';

describe('link state: what the disk refused is written later', () => {
  it('writes an end of a pause refused by a lock once the lock is gone', () => {
    const file = join(tempDir(), 'tillsync.db');
    const { link, read, storage } = linkOn(file);
    link.record(
      { kind: 'response', status: 401, headers: new Headers(), body: '' },
      { kind: 'paused', code: 'http_401', reason: 'HTTP 401: Unauthorized' },
      'old-key',
      true,
    );
    expect(read().pausedReason).toBe('HTTP 401: Unauthorized');

    const other = new Database(file);
    open.push(other);
    other.exec('begin immediate'); // another process holds the write lock
    link.unpause(); // a new key: the queue goes on at once, in memory
    expect(link.paused).toBe(false);
    expect(storage.problem).not.toBeNull();
    expect(read().pausedReason).toBe('HTTP 401: Unauthorized'); // not written yet

    other.exec('commit');
    link.flush();
    expect(read()).toMatchObject({
      pausedReason: null,
      pausedKeyHash: null,
      connection: 'checking',
    });
    expect(storage.problem).toBeNull();
  });

  it('writes what waits together with the next write, newest value last', () => {
    const file = join(tempDir(), 'tillsync.db');
    const { link, read } = linkOn(file);
    const other = new Database(file);
    open.push(other);
    other.exec('begin immediate');
    link.setConnection('offline');
    other.exec('commit');
    link.noteQueueWait(1000); // another field: the connection goes with it
    expect(read().connection).toBe('offline');
    expect(read().throttledUntil).not.toBeNull();
  });

  it("says online again after the till's other process wrote another state", () => {
    const file = join(tempDir(), 'tillsync.db');
    const app = linkOn(file);
    const daemon = linkOn(file);
    const answer = (status: number) =>
      ({ kind: 'response', status, headers: new Headers(), body: '' }) as const;
    const success = { kind: 'synced', platformId: null, platformAnswer: '' } as const;
    app.link.record(answer(201), success, 'key', true);
    expect(app.read().connection).toBe('online');
    daemon.link.unpause(); // a new key, taken by the other process: "unknown" until it hears
    expect(app.read().connection).toBe('checking');
    app.link.record(
      answer(500),
      { kind: 'retry', code: 'http_500', reason: 'HTTP 500', unreachable: false },
      'key',
      true,
    );
    app.link.record(answer(201), success, 'key', true);
    expect(app.read().connection).toBe('online');
    // The other process finds the platform out of reach; this one then hears an error
    // answer: an answer all the same, so the disk says online again.
    daemon.link.record(
      { kind: 'network', code: 'ECONNREFUSED', message: 'refused', sent: false },
      { kind: 'retry', code: 'network_ECONNREFUSED', reason: 'refused', unreachable: true },
      'key',
      true,
    );
    expect(app.read().connection).toBe('offline');
    app.link.record(
      answer(503),
      { kind: 'retry', code: 'http_503', reason: 'HTTP 503', unreachable: false },
      'key',
      true,
    );
    expect(app.read().connection).toBe('online');
  });

  it('writes the next success and contact after the wall clock stepped back', () => {
    // Written at most once a second, by the steady clock: the simulation saw a clock
    // stepped back an hour keep "last success" an hour old while sales went through.
    let wall = 1_800_000_000_000;
    let steady = 0;
    const { link, read } = linkOn(join(tempDir(), 'tillsync.db'), {
      now: () => wall,
      monotonic: () => steady,
    });
    const created = { kind: 'response', status: 201, headers: new Headers(), body: '' } as const;
    const success = { kind: 'synced', platformId: null, platformAnswer: '' } as const;
    link.record(created, success, 'key', true);
    expect(read()).toMatchObject({ lastSuccessAt: wall, lastContactAt: wall });
    wall -= 3_600_000;
    steady += 2000;
    link.record(created, success, 'key', true);
    expect(read()).toMatchObject({ lastSuccessAt: wall, lastContactAt: wall });
    wall += 5000; // within a second on the steady clock: not written again
    steady += 500;
    link.record(created, success, 'key', true);
    expect(read()).toMatchObject({ lastSuccessAt: wall - 5000, lastContactAt: wall - 5000 });
  });

  it('writes the next success and contact at once after a refused write, within the second', () => {
    // The simulation's seed 3588: a read-only disk refused a success's write; once it took
    // writes, the next success came 0.8 s on, counted as within a second of a write, and
    // was not written either: the status kept a contact ten seconds old.
    const file = join(tempDir(), 'tillsync.db');
    let wall = 1_800_000_000_000;
    let steady = 0;
    const { link, read } = linkOn(file, { now: () => wall, monotonic: () => steady });
    const created = { kind: 'response', status: 201, headers: new Headers(), body: '' } as const;
    const success = { kind: 'synced', platformId: null, platformAnswer: '' } as const;
    const other = new Database(file);
    open.push(other);
    other.exec('begin immediate');
    link.record(created, success, 'key', true); // refused
    other.exec('commit');
    wall += 800;
    steady += 800;
    link.record(created, success, 'key', true);
    expect(read()).toMatchObject({ lastSuccessAt: wall, lastContactAt: wall });
  });

  it("tells the screens when the platform's clock is found far from the till's", () => {
    // The simulation found the skew written with no news: a screen kept "clock fine".
    const wall = 1_800_000_000_000;
    const { link, read, told } = linkOn(join(tempDir(), 'tillsync.db'), {
      now: () => wall,
      monotonic: () => 0,
    });
    const dated = (at: number) =>
      ({
        kind: 'response',
        status: 201,
        headers: new Headers({ date: new Date(at).toUTCString() }),
        body: '',
      }) as const;
    const success = { kind: 'synced', platformId: null, platformAnswer: '' } as const;
    link.record(dated(wall), success, 'key', true);
    const before = told.changes;
    link.record(dated(wall - 3_600_000), success, 'key', true);
    expect(read().clockSkewMs).toBe(-3_600_000);
    expect(told.changes).toBe(before + 1);
  });

  it('tells the screens of every error it writes, a retry in place too', () => {
    // The simulation found the Sync screen naming an older error while a sale was retried in
    // place: nothing told it until the sale's outcome.
    const { link, read, told } = linkOn(join(tempDir(), 'tillsync.db'));
    const answer = { kind: 'response', status: 500, headers: new Headers(), body: '' } as const;
    const retry = {
      kind: 'retry',
      code: 'http_500',
      reason: 'HTTP 500',
      unreachable: false,
    } as const;
    link.record(answer, retry, 'key', true); // online: news
    const before = told.changes;
    link.record(answer, retry, 'key', true); // still online: the error alone is news
    expect(read().lastErrorCode).toBe('http_500');
    expect(told.changes).toBe(before + 1);
  });

  it('tells the screens once what a refused write kept reaches the disk', () => {
    // The simulation found a clock step written at the next tick with no news: a screen
    // kept the step before it.
    const file = join(tempDir(), 'tillsync.db');
    const { link, read, told } = linkOn(file);
    const other = new Database(file);
    open.push(other);
    other.exec('begin immediate');
    link.noteClockStep({ ms: -60_000, at: 1_800_000_000_000 });
    expect(read().clockStepMs).toBeNull(); // refused: the screens read the disk, unchanged
    other.exec('commit');
    const before = told.changes;
    link.flush();
    expect(read().clockStepMs).toBe(-60_000);
    expect(told.changes).toBe(before + 1);
    link.flush(); // nothing left to write: no news
    expect(told.changes).toBe(before + 1);
  });

  it("takes from the disk what the till's other process learnt: the platform honours keys", () => {
    // A sender that kept its own belief flagged synced sales "maybe doubled" on a platform
    // the till had proven honours keys.
    const file = join(tempDir(), 'tillsync.db');
    const app = linkOn(file);
    const daemon = linkOn(file);
    let cleared = 0;
    const clearDoubts = () => (cleared += 1);
    app.link.learnKeysHonoured('https://platform.example', clearDoubts);
    expect(cleared).toBe(1);
    expect(daemon.link.keysHonoured('https://platform.example')).toBe(false);

    daemon.link.followKeysHonoured('https://elsewhere.example', clearDoubts);
    expect(daemon.link.keysHonoured('https://elsewhere.example')).toBe(false); // another platform
    expect(cleared).toBe(1);
    const before = daemon.told.changes;
    daemon.link.followKeysHonoured('https://platform.example', clearDoubts);
    expect(daemon.link.keysHonoured('https://platform.example')).toBe(true);
    expect(cleared).toBe(2); // its own doubts, written since, go too
    expect(daemon.told.changes).toBe(before + 1);
    daemon.link.followKeysHonoured('https://platform.example', clearDoubts);
    expect(cleared).toBe(2); // once
  });

  it('says offline when a key check finds the platform out of reach, whatever the other process wrote', () => {
    // The simulation found "online" kept on disk: this process knew it was offline already,
    // so the check's "offline" was not news to it, and nothing was written.
    const file = join(tempDir(), 'tillsync.db');
    const app = linkOn(file);
    const daemon = linkOn(file);
    app.link.setConnection('offline');
    daemon.link.setConnection('online'); // the daemon heard the platform meanwhile
    expect(app.read().connection).toBe('online');
    const refused = {
      kind: 'network',
      code: 'ECONNREFUSED',
      message: 'refused',
      sent: false,
    } as const;
    app.link.recordKeyCheck(
      refused,
      { verdict: 'unreachable', code: 'network_ECONNREFUSED', reason: 'refused', offline: true },
      'key',
      true,
    );
    expect(app.read()).toMatchObject({
      connection: 'offline',
      lastErrorCode: 'network_ECONNREFUSED',
    });
  });

  it('says online when a check takes the key again after a pause, whatever was written meanwhile', () => {
    // The simulation found "unknown" kept: the end of the pause wrote it, and the memory
    // still said "online" (an answer heard while paused), so the check's "online" was not news.
    const { link, read } = linkOn(join(tempDir(), 'tillsync.db'));
    const refused = { kind: 'response', status: 401, headers: new Headers(), body: '' } as const;
    const verdict = { code: 'http_401', reason: 'HTTP 401: Unauthorized' };
    link.recordKeyCheck(refused, { verdict: 'refused', ...verdict, offline: false }, 'key', true);
    expect(read()).toMatchObject({ connection: 'key_rejected' });
    link.setConnection('online'); // the platform answered a probe meanwhile
    const taken = { kind: 'response', status: 422, headers: new Headers(), body: '' } as const;
    link.recordKeyCheck(
      taken,
      { verdict: 'accepted', code: 'http_422', reason: 'invalid sale', offline: false },
      'key',
      true,
    );
    expect(read()).toMatchObject({ connection: 'online', pausedReason: null });
  });
});
