import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { verifyBackup } from '../../db/backup.js';
import { openStore } from '../../db/store.js';
import { runCli, startCli } from '../helpers/cli.js';
import { checked, validSale } from '../helpers/sales.js';
import { tempDir } from '../helpers/temp-dir.js';
import { sandboxForTest } from '../sandbox/helpers.js';
import { waitUntil } from '../sync/helpers.js';
import { configurePlatform, sandboxStoreOf } from '../helpers/platform-till.js';

/** A till on a platform with `sales` recorded. */
async function tillWith(sales: number) {
  const dataDir = tempDir();
  const store = openStore(await configurePlatform(dataDir));
  for (let n = 0; n < sales; n++) store.recordSale(checked());
  store.close();
  return dataDir;
}

describe('tillsync backup', () => {
  it('writes a verified copy to a file or a dated file in a folder, and never overwrites by accident', async () => {
    const dataDir = await tillWith(3);
    const env = { TILLSYNC_DATA_DIR: dataDir };
    const folder = tempDir();
    const intoFolder = await runCli(['backup', folder], { env });
    expect(intoFolder.stderr).toBe('');
    expect(intoFolder.code).toBe(0);
    const [dated] = readdirSync(folder);
    expect(dated).toMatch(/^tillsync-\d{8}T\d{6}Z\.db$/);
    expect(intoFolder.stdout).toContain(`Backed up to ${join(folder, dated!)} (3 sales,`);
    expect(intoFolder.stdout).toContain('integrity checked');
    expect(intoFolder.stdout).toContain(
      `till       platform mode (http://127.0.0.1:9), ${join(dataDir, 'tillsync.db')}`,
    );

    const file = join(folder, 'shop.db');
    expect((await runCli(['backup', file], { env })).code).toBe(0);
    const again = await runCli(['backup', file], { env });
    expect(again.code).toBe(2);
    expect(again.stderr).toContain(`${file} already exists: choose another name, or add --force`);
    const forced = await runCli(['backup', file, '--force', '--json'], { env });
    expect(forced.code).toBe(0);
    expect(JSON.parse(forced.stdout)).toMatchObject({
      file,
      sales: 3,
      till: { mode: 'platform', database: join(dataDir, 'tillsync.db') },
    });
    expect(verifyBackup(file).sales).toBe(3);
  });

  it('says where it looked when there is no database', async () => {
    const dataDir = tempDir();
    const run = await runCli(['backup', join(dataDir, 'x.db')], {
      env: { TILLSYNC_DATA_DIR: dataDir },
    });
    expect(run.code).toBe(3);
    expect(run.stderr).toContain(
      `There is no till database at ${sandboxStoreOf(dataDir)} (sandbox mode)`,
    );
  });
});

describe('tillsync restore', () => {
  it('refuses while the daemon runs, then restores its daily backup and keeps the replaced database', async () => {
    const sandbox = await sandboxForTest();
    const dataDir = await tillWith(2);
    const env = { TILLSYNC_DATA_DIR: dataDir };
    const daemon = startCli(['daemon'], {
      ...env,
      TILLSYNC_BASE_URL: sandbox.url,
      TILLSYNC_API_KEY: await sandbox.mintKey(),
    });
    await daemon.waitFor(/daemon started/);
    const backups = join(dataDir, 'backups');
    await waitUntil(
      () => existsSync(backups) && readdirSync(backups).some((name) => name.endsWith('Z.db')),
      10_000,
      'the daily backup at start',
    );
    const daily = join(
      backups,
      readdirSync(backups).find((name) => name.endsWith('Z.db'))!,
    );

    const refused = await runCli(['restore', daily], { env });
    expect(refused.code).toBe(7);
    expect(refused.stderr).toMatch(/Tillsync is using this till's database: daemon \(pid \d+\)/);
    expect(await daemon.stop('SIGTERM')).toBe(0);

    const store = openStore(join(dataDir, 'tillsync.db'));
    store.recordSale(checked()); // made after the backup: kept in the replaced file only
    store.close();
    const restored = await runCli(['restore', daily], { env });
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain('(2 sales,');
    const keptAs = /kept as (\S+);/.exec(restored.stdout)![1]!;
    expect(verifyBackup(keptAs).sales).toBe(3);
    const reopened = openStore(join(dataDir, 'tillsync.db'));
    const counts = reopened.countByState();
    expect(counts.pending + counts.sending + counts.synced).toBe(2);
    reopened.close();
  });

  it('ignores the marker of a Tillsync process that died', async () => {
    const dataDir = await tillWith(1);
    const backup = join(tempDir(), 'b.db');
    expect((await runCli(['backup', backup], { env: { TILLSYNC_DATA_DIR: dataDir } })).code).toBe(
      0,
    );
    const running = join(dataDir, 'running');

    mkdirSync(running, { recursive: true });
    writeFileSync(join(running, '999999.json'), JSON.stringify({ pid: 999_999, kind: 'daemon' }));
    const run = await runCli(['restore', backup], { env: { TILLSYNC_DATA_DIR: dataDir } });
    expect(run.code).toBe(0);
    expect(readdirSync(running)).toEqual([]);
  });

  it('refuses a file that is not a backup, exits 2 and changes nothing', async () => {
    const dataDir = await tillWith(2);
    const notes = join(tempDir(), 'notes.txt');
    writeFileSync(notes, 'hello');
    const run = await runCli(['restore', notes], { env: { TILLSYNC_DATA_DIR: dataDir } });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('is not a readable Tillsync database');
    expect(readdirSync(dataDir).filter((name) => name.includes('replaced'))).toEqual([]);
    const store = openStore(join(dataDir, 'tillsync.db'));
    expect(store.countByState().pending).toBe(2);
    store.close();
  });

  it('in sandbox mode, backs up and restores the sandbox store, even into a new data folder', async () => {
    const dataDir = tempDir();
    const env = { TILLSYNC_DATA_DIR: dataDir };
    const record = () => runCli(['record'], { input: JSON.stringify(validSale()), env });
    expect((await record()).code).toBe(0);
    const backup = join(tempDir(), 'sandbox-till.db');
    const copied = await runCli(['backup', backup, '--json'], { env });
    expect(JSON.parse(copied.stdout)).toMatchObject({
      sales: 1,
      till: { mode: 'sandbox', database: sandboxStoreOf(dataDir) },
    });
    await record();
    const restored = await runCli(['restore', backup], { env });
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain(
      `Restored ${sandboxStoreOf(dataDir)} from ${backup} (1 sale,`,
    );
    const fresh = tempDir();
    const intoNew = await runCli(['restore', backup, '--json'], {
      env: { TILLSYNC_DATA_DIR: fresh },
    });
    expect(JSON.parse(intoNew.stdout)).toMatchObject({ sales: 1, file: sandboxStoreOf(fresh) });
    expect(existsSync(join(dataDir, 'tillsync.db')) || existsSync(join(fresh, 'tillsync.db'))).toBe(
      false,
    );
  });
});
