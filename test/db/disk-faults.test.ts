import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { backupDatabase, BackupError } from '../../db/backup.js';
import { DatabaseFileError } from '../../db/open.js';
import { openStore } from '../../db/store.js';
import { runCli } from '../helpers/cli.js';
import { checked, rowCounts } from '../helpers/sales.js';
import { smallDisk, smallDiskUnavailable } from '../helpers/small-disk.js';
import { configurePlatform } from '../helpers/platform-till.js';
import { tempDir } from '../helpers/temp-dir.js';

if (smallDiskUnavailable) console.warn(`Skipping the disk fault tests: ${smallDiskUnavailable}`);

let disk: ReturnType<typeof smallDisk> | undefined;
afterEach(() => {
  disk?.remove();
  disk = undefined;
});

describe.skipIf(smallDiskUnavailable)('on a real disk that fills up or turns read-only', () => {
  it('refuses a sale when the disk is full, keeps every earlier one, and sells again once space is freed', () => {
    disk = smallDisk(2 * 1_048_576);
    const store = openStore(join(disk.dir, 'tillsync.db'));
    try {
      for (let n = 0; n < 5; n++) expect(store.recordSale(checked()).ok).toBe(true);
      // An emptied WAL: the next sale needs new space, not a reused frame.
      store.database.sqlite.pragma('wal_checkpoint(TRUNCATE)');
      const before = rowCounts(store.database.sqlite);
      disk.fill();

      expect(store.recordSale(checked())).toEqual({
        ok: false,
        error: {
          code: 'storage_failed',
          message:
            'Saving the sale failed: the disk is full. Free some space on the till, then try again. Nothing was half-written.',
          say: { key: 'store.storageFailed', values: { action: 'Saving the sale', hint: 'full' } },
        },
      });
      expect(rowCounts(store.database.sqlite)).toEqual(before);

      disk.free();
      const next = store.recordSale(checked());
      expect(next.ok && next.value.receiptNumber).toBe(6); // no receipt number was used up
      expect(store.database.sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(store.countByState().pending).toBe(6);
    } finally {
      store.close();
    }
  });

  it('fails a backup to a full disk clearly, and leaves no partial file', async () => {
    const source = join(tempDir(), 'tillsync.db');
    const store = openStore(source);
    for (let n = 0; n < 2_000; n++) store.recordSale(checked());
    store.close();
    disk = smallDisk(256 * 1024);
    const target = join(disk.dir, 'backup.db');

    await expect(backupDatabase(source, target)).rejects.toThrow(BackupError);
    await expect(backupDatabase(source, target)).rejects.toThrow(
      /The backup to .*backup\.db failed: database or disk is full/,
    );
    expect(readdirSync(disk.dir)).toEqual([]);
  });

  it('fails an export to a full disk with what to do, and leaves no partial file', async () => {
    const dataDir = tempDir();
    const store = openStore(await configurePlatform(dataDir));
    for (let n = 0; n < 2_000; n++) store.recordSale(checked());
    store.close();
    disk = smallDisk(64 * 1024);
    const out = join(disk.dir, 'sales.csv');
    const run = await runCli(['export', '--out', out], { env: { TILLSYNC_DATA_DIR: dataDir } });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`Cannot write ${out} (ENOSPC`);
    expect(run.stderr).toContain('no partial file was left');
    expect(readdirSync(disk.dir)).toEqual([]);
  });

  it('says the data folder cannot be written when the disk is read-only, and opens again after', () => {
    disk = smallDisk(1_048_576);
    const file = join(disk.dir, 'tillsync.db');
    const store = openStore(file);
    store.recordSale(checked());
    store.close();
    disk.readOnly(true);

    let error: unknown;
    try {
      openStore(file).close();
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(DatabaseFileError);
    expect((error as DatabaseFileError).problem).toBe('cannot_open');
    expect((error as Error).message).toContain(
      'the data folder cannot be written (a read-only disk, or its permissions)',
    );
    expect(existsSync(file)).toBe(true);

    disk.readOnly(false);
    const reopened = openStore(file);
    expect(reopened.countByState().pending).toBe(1);
    reopened.close();
  });
});
