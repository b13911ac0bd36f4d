// What a refused write kept (the disk locked by another process, or full) is written later,
// unless the till's other process wrote any of its fields since: that process's word is
// newer, and every reader of the status would otherwise see an older one as the last.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/temp-dir.js';
import { linkOn, open } from './link-on.js';

const cut = { kind: 'network', code: 'ECONNRESET', message: 'cut', sent: true } as const;
const reset = {
  kind: 'retry',
  code: 'network_ECONNRESET',
  reason: 'The connection was cut',
  unreachable: false,
} as const;
const found = { kind: 'response', status: 302, headers: new Headers(), body: '' } as const;
const moved = { kind: 'retry', code: 'http_302', reason: 'HTTP 302', unreachable: false } as const;

/** The app and the daemon on one till file, and a third connection that can lock it. */
function twoProcessesAndALocker() {
  const file = join(tempDir(), 'tillsync.db');
  const app = linkOn(file);
  const daemon = linkOn(file);
  const other = new Database(file);
  open.push(other);
  return { app, daemon, other };
}

describe('sync state: a refused write written later', () => {
  it('drops what the other process wrote over since, and writes the rest', () => {
    // The simulation's seed 3770: an error heard under a lock was written by the hearer's
    // next tick, over the error the till's other process heard after the lock: the status
    // named the older error as the last one.
    const { app, daemon, other } = twoProcessesAndALocker();
    other.exec('begin immediate');
    app.link.record(cut, reset, 'key', true); // refused: kept
    app.link.noteQueueWait(5000); // refused too: another write, which nobody overwrites
    other.exec('commit');
    daemon.link.record(found, moved, 'key', true);
    app.link.flush();
    expect(app.read()).toMatchObject({ lastErrorCode: 'http_302', lastErrorMessage: 'HTTP 302' });
    expect(app.read().throttledUntil).not.toBeNull();
    const before = app.read().lastErrorAt;
    app.link.flush(); // nothing waits now
    expect(app.read().lastErrorAt).toBe(before);
  });

  it('writes a kept pause though the other process wrote the connection since: another fact', () => {
    const { app, daemon, other } = twoProcessesAndALocker();
    other.exec('begin immediate');
    app.link.record(
      { kind: 'response', status: 401, headers: new Headers(), body: '' },
      { kind: 'paused', code: 'http_401', reason: 'HTTP 401: Unauthorized' },
      'key',
      true,
    );
    other.exec('commit');
    daemon.link.setConnection('online'); // it heard the platform meanwhile
    app.link.flush();
    expect(app.read()).toMatchObject({
      pausedReason: 'HTTP 401: Unauthorized',
      pausedKeyHash: 'key',
    });
  });

  it('writes what it kept when nobody wrote those fields since', () => {
    const file = join(tempDir(), 'tillsync.db');
    const app = linkOn(file);
    const other = new Database(file);
    open.push(other);
    other.exec('begin immediate');
    app.link.record(cut, reset, 'key', true);
    other.exec('commit');
    app.link.flush();
    expect(app.read().lastErrorCode).toBe('network_ECONNRESET');
  });
});
