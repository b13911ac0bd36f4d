import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { databaseFile, defaultDataDir, resolveDataDir } from '../../main/config/data-dir.js';

describe('the data folder', () => {
  it('defaults to the per-user app folder Electron uses, on each system', () => {
    expect(defaultDataDir('linux', {}, '/home/amina')).toBe('/home/amina/.config/Tillsync');
    expect(defaultDataDir('linux', { XDG_CONFIG_HOME: '/cfg' }, '/home/amina')).toBe(
      '/cfg/Tillsync',
    );
    expect(defaultDataDir('darwin', {}, '/Users/amina')).toBe(
      '/Users/amina/Library/Application Support/Tillsync',
    );
    expect(
      defaultDataDir(
        'win32',
        { APPDATA: 'C:\\Users\\amina\\AppData\\Roaming' },
        'C:\\Users\\amina',
      ),
    ).toBe(join('C:\\Users\\amina\\AppData\\Roaming', 'Tillsync'));
  });

  it('takes the flag over TILLSYNC_DATA_DIR, and that over the default', () => {
    expect(resolveDataDir('/flag', { TILLSYNC_DATA_DIR: '/env' })).toBe('/flag');
    expect(resolveDataDir(undefined, { TILLSYNC_DATA_DIR: '/env' })).toBe('/env');
    expect(resolveDataDir('  ', { TILLSYNC_DATA_DIR: 'relative/dir' })).toBe(
      resolve('relative/dir'),
    );
    expect(databaseFile('/env')).toBe('/env/tillsync.db');
  });
});
