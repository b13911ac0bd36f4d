import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/open.js';
import { desktopAvailability } from '../../main/desktop/launcher.js';
import { tempDir } from '../helpers/temp-dir.js';

const reasonOf = (availability: ReturnType<typeof desktopAvailability>) =>
  availability.ok ? 'available' : availability.reason;

describe('starting the desktop app', () => {
  it('says why it cannot start: turned off, no display, no Electron binary', () => {
    expect(desktopAvailability({ TILLSYNC_NO_DESKTOP: '1', DISPLAY: ':0' }, false)).toEqual({
      ok: false,
      reason: 'TILLSYNC_NO_DESKTOP is set',
    });
    if (process.platform === 'linux') {
      expect(reasonOf(desktopAvailability({}, false))).toMatch(/no display/);
    }
    // This machine cannot download Electron's binary, so with a display it says that.
    expect(reasonOf(desktopAvailability({ DISPLAY: ':0' }, false))).toMatch(
      /Electron's binary could not be downloaded/,
    );
  });

  it('opens the database with the SQLite module named by TILLSYNC_SQLITE_BINDING', () => {
    const binding = join(
      dirname(createRequire(import.meta.url).resolve('better-sqlite3/package.json')),
      'build',
      'Release',
      'better_sqlite3.node',
    );
    process.env.TILLSYNC_SQLITE_BINDING = binding;
    try {
      const database = openDatabase(join(tempDir(), 'tillsync.db'));
      expect(database.sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
      database.close();
    } finally {
      delete process.env.TILLSYNC_SQLITE_BINDING;
    }
  });
});
