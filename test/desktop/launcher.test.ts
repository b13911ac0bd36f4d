import { createRequire } from 'node:module';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/open.js';
import { desktopAvailability } from '../../main/desktop/launcher.js';
import { tempDir } from '../helpers/temp-dir.js';

const reasonOf = (availability: ReturnType<typeof desktopAvailability>) =>
  availability.ok ? 'available' : availability.reason;

describe('starting the desktop app', () => {
  it('says why it cannot start: turned off, no display, no Electron binary', () => {
    const display = { DISPLAY: ':0' };
    const electronDir = tempDir(); // an electron package without its binary
    const options = { download: false, electronDir };
    expect(desktopAvailability({ TILLSYNC_NO_DESKTOP: '1', ...display }, options)).toEqual({
      ok: false,
      reason: 'TILLSYNC_NO_DESKTOP is set',
      say: { key: 'errors.desktop.disabled' },
    });
    if (process.platform === 'linux')
      expect(reasonOf(desktopAvailability({}, options))).toMatch(/no display/);
    expect(reasonOf(desktopAvailability(display, options))).toMatch(
      /Electron's binary is not there and could not be downloaded/,
    );
    // With the binary in place, the app can start, with that binary.
    mkdirSync(join(electronDir, 'dist'));
    writeFileSync(join(electronDir, 'path.txt'), 'electron');
    writeFileSync(join(electronDir, 'dist', 'electron'), '');
    expect(desktopAvailability(display, options)).toEqual({
      ok: true,
      binary: join(electronDir, 'dist', 'electron'),
    });
  });

  it('opens the database with the SQLite module named by TILLSYNC_SQLITE_BINDING', () => {
    // better-sqlite3 13 ships Node-API builds per platform in prebuilds/.
    const binding = join(
      dirname(createRequire(import.meta.url).resolve('better-sqlite3/package.json')),
      'prebuilds',
      `${process.platform}-${process.arch}.node`,
    );
    process.env.TILLSYNC_SQLITE_BINDING = binding;
    try {
      const database = openDatabase(join(tempDir(), 'tillsync.db'));
      expect(database.sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
      database.close();
      // The variable is really what is loaded: a module that is not there cannot open.
      process.env.TILLSYNC_SQLITE_BINDING = join(tempDir(), 'no-such-module.node');
      expect(() => openDatabase(join(tempDir(), 'other.db'))).toThrow(/no-such-module\.node/);
    } finally {
      delete process.env.TILLSYNC_SQLITE_BINDING;
    }
  });
});
