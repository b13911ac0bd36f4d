// Every action a person takes that the disk refuses says so in words, and writes nothing:
// a real small file system, filled up under the running agent.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createService } from '../../main/agent/service.js';
import { smallDisk, smallDiskUnavailable } from '../helpers/small-disk.js';
import { consoleRuntime } from '../helpers/runtime.js';

let disk: ReturnType<typeof smallDisk> | undefined;
afterEach(() => {
  disk?.remove();
  disk = undefined;
});

describe.skipIf(smallDiskUnavailable)('a full disk under the agent', () => {
  it('is named in words for settings and catalog imports, not as an internal error', async () => {
    disk = smallDisk(8 * 1_048_576);
    const dataDir = join(disk.dir, 'till');
    const runtime = await consoleRuntime(dataDir);
    const service = createService(runtime);
    try {
      runtime.store.database.sqlite.pragma('wal_checkpoint(TRUNCATE)');
      disk.fill();
      const products = Array.from({ length: 200 }, (_, n) => ({
        id: `prod_${n}`,
        name: `Product ${n} ${'x'.repeat(100)}`,
        price: 1,
      }));
      const imported = await service.call('importCatalog', {
        format: 'json',
        text: JSON.stringify({ products }),
      });
      expect(imported).toEqual({
        ok: false,
        error: {
          code: 'storage_failed',
          message:
            'Importing the catalog failed: the disk is full. Free some space on the till, then try again. Nothing was half-written.',
          say: {
            key: 'store.storageFailed',
            values: { action: 'Importing the catalog', hint: 'full' },
          },
        },
      });
      const saved = await service.call('updateSettings', { tillName: 'x'.repeat(64) });
      expect(saved).toMatchObject({ ok: false, error: { code: 'storage_failed' } });
      expect(runtime.store.searchProducts('Product')).toEqual([]);
      disk.free();
      expect((await service.call('updateSettings', { tillName: 'Front' })).ok).toBe(true);
    } finally {
      await runtime.close();
    }
  });
});
