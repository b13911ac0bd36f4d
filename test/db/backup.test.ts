import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { BackupError, backupDatabase, verifyBackup } from '../../db/backup.js';
import { restoreDatabase } from '../../db/restore.js';
import { openStore } from '../../db/store.js';
import { backupFolder, backupIfDue, backupNow } from '../../main/housekeeping/daily-backups.js';
import { checked } from '../helpers/sales.js';
import { tempDir } from '../helpers/temp-dir.js';

const loop = fileURLToPath(new URL('../fixtures/record-loop.ts', import.meta.url));

function tillWith(sales: number): string {
  const file = join(tempDir(), 'tillsync.db');
  const store = openStore(file);
  store.database.sqlite.pragma('synchronous = OFF'); // only to seed faster
  for (let n = 0; n < sales; n++) {
    const result = store.recordSale(checked());
    if (!result.ok) throw new Error(result.error.message);
  }
  store.close();
  return file;
}

const countSales = (file: string) => {
  const sqlite = new Database(file, { readonly: true });
  try {
    return (sqlite.prepare('select count(*) as n from sales').get() as { n: number }).n;
  } finally {
    sqlite.close();
  }
};

/** Sales without their items or outbox row: a copy taken mid-transaction would have some. */
const halfWritten = (file: string) => {
  const sqlite = new Database(file, { readonly: true });
  try {
    return (
      sqlite
        .prepare(
          `select count(*) as n from sales s
           where not exists (select 1 from sale_items i where i.sale_id = s.id)
              or not exists (select 1 from outbox o where o.sale_id = s.id)`,
        )
        .get() as { n: number }
    ).n;
  } finally {
    sqlite.close();
  }
};

describe('backup', () => {
  it('copies a whole, consistent database while another process keeps recording', async () => {
    const file = tillWith(3_000);
    const writer = spawn(process.execPath, ['--import', 'tsx', loop, file]);
    let acknowledged = 0;
    writer.stdout.on('data', (chunk: Buffer) => {
      acknowledged += chunk.toString().split('\n').length - 1;
    });
    const ended = new Promise((resolve) => writer.on('close', resolve));
    try {
      while (acknowledged < 50) await new Promise((resolve) => setTimeout(resolve, 20));
      const before = acknowledged;
      const progress: number[] = [];
      const target = join(tempDir(), 'copy.db');
      const made = await backupDatabase(file, target, (done) => progress.push(done));
      const after = acknowledged;

      expect(after).toBeGreaterThan(before); // the writer really wrote during the copy
      expect(made.sales).toBeGreaterThanOrEqual(3_000 + before);
      expect(made.sales).toBeLessThanOrEqual(3_000 + after + 1);
      expect(countSales(target)).toBe(made.sales);
      expect(halfWritten(target)).toBe(0);
      expect(progress.at(-1)).toBe(1);
      expect(existsSync(`${target}.partial`)).toBe(false);

      // And back: the restored till holds each copied sale exactly as the original has it.
      const restoredFile = join(tempDir(), 'tillsync.db');
      await restoreDatabase(restoredFile, target);
      const restored = openStore(restoredFile);
      const original = openStore(file);
      try {
        const ids = restored.database.sqlite
          .prepare('select id from sales order by receipt_number')
          .pluck()
          .all() as string[];
        expect(ids).toHaveLength(made.sales);
        for (const id of [ids[0]!, ids[1_500]!, ids.at(-1)!]) {
          const { outbox: copied, ...copiedSale } = restored.getSale(id)!;
          const { outbox: kept, ...keptSale } = original.getSale(id)!;
          expect(copiedSale).toEqual(keptSale);
          expect(copied.idempotencyKey).toBe(kept.idempotencyKey);
        }
      } finally {
        restored.close();
        original.close();
      }
    } finally {
      writer.kill('SIGKILL');
      await ended;
    }
  });

  it('refuses to call a damaged copy a backup', () => {
    const file = join(tempDir(), 'broken.db');
    writeFileSync(file, 'SQLite format 3\0' + 'x'.repeat(5000));
    expect(() => verifyBackup(file)).toThrow(BackupError);
    const text = join(tempDir(), 'notes.txt');
    writeFileSync(text, 'not a database');
    expect(() => verifyBackup(text)).toThrow(/is not a readable Tillsync database/);
  });
});

describe('restore', () => {
  it('puts the backup back and keeps the database it replaced, with its latest sales', async () => {
    const file = tillWith(2);
    const backup = join(tempDir(), 'backup.db');
    await backupDatabase(file, backup);
    const store = openStore(file);
    for (let n = 0; n < 3; n++) store.recordSale(checked());
    const beforeIds = store.listSales({ limit: 10 });
    store.close();

    const restored = await restoreDatabase(file, backup, Date.UTC(2026, 10, 21, 7, 15));
    expect(restored.sales).toBe(2);
    expect(restored.keptAs).toBe(`${file}.replaced-20261121T071500Z`);
    expect(countSales(restored.keptAs!)).toBe(5);
    expect(beforeIds.ok).toBe(true);

    const reopened = openStore(file);
    try {
      expect(reopened.countByState()).toMatchObject({ pending: 2 });
      expect(reopened.database.sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      reopened.close();
    }
  });

  it('brings the sales still in the WAL of a raw copy, not only the main file', async () => {
    const file = tillWith(0);
    const store = openStore(file);
    store.database.sqlite.pragma('wal_autocheckpoint = 0');
    for (let n = 0; n < 3; n++) store.recordSale(checked());
    const raw = join(tempDir(), 'raw.db');
    copyFileSync(file, raw);
    copyFileSync(`${file}-wal`, `${raw}-wal`);
    store.close();
    const target = join(tempDir(), 'tillsync.db');
    expect((await restoreDatabase(target, raw)).sales).toBe(3);
    expect(countSales(target)).toBe(3);
  });

  it('refuses what is not a sound backup, and leaves the till database as it was', async () => {
    const file = tillWith(4);
    const dir = tempDir();
    const notes = join(dir, 'notes.txt');
    writeFileSync(notes, 'not a database');
    const newer = join(dir, 'newer.db');
    await backupDatabase(file, newer);
    const sqlite = new Database(newer);
    sqlite.pragma('user_version = 999');
    sqlite.close();
    const truncated = join(dir, 'truncated.db');
    writeFileSync(truncated, readFileSync(newer).subarray(0, 6000));

    await expect(restoreDatabase(file, notes)).rejects.toThrow(
      /notes.txt is not a readable Tillsync database/,
    );
    await expect(restoreDatabase(file, newer)).rejects.toThrow(
      /written by a newer version of Tillsync \(schema 999\)/,
    );
    await expect(restoreDatabase(file, truncated)).rejects.toThrow(BackupError);
    await expect(restoreDatabase(file, file)).rejects.toThrow(/the database itself/);
    expect(countSales(file)).toBe(4);
    expect(readdirSync(join(file, '..')).filter((name) => name.includes('replaced'))).toEqual([]);
  });
});

describe('daily backups', () => {
  it('backs up once a day, keeps the newest few, and does nothing when turned off', async () => {
    const file = tillWith(3);
    const dataDir = join(file, '..');
    const day = 86_400_000;
    const t0 = Date.UTC(2026, 10, 1, 12);
    const files = () => readdirSync(backupFolder(dataDir)).sort();

    expect((await backupIfDue(dataDir, file, 2, t0))?.sales).toBe(3);
    expect(await backupIfDue(dataDir, file, 2, t0 + day / 2)).toBeUndefined();
    expect(await backupIfDue(dataDir, file, 2, t0 + day)).toBeDefined();
    expect(await backupIfDue(dataDir, file, 2, t0 + 2 * day)).toBeDefined();
    expect(files()).toEqual(['tillsync-20261102T120000Z.db', 'tillsync-20261103T120000Z.db']);
    expect(await backupIfDue(dataDir, file, 0, t0 + 5 * day)).toBeUndefined();
    expect(files()).toHaveLength(2);
    for (const name of files())
      expect(verifyBackup(join(backupFolder(dataDir), name)).sales).toBe(3);
  });

  it('takes "Back up now" during the daily backup (same second, same name) one after the other', async () => {
    const file = tillWith(2);
    const dataDir = join(file, '..');
    const at = Date.UTC(2026, 10, 1, 12);
    const made = await Promise.all([
      backupIfDue(dataDir, file, 3, at),
      backupNow(dataDir, file, 3, at),
      backupNow(dataDir, file, 3, at),
    ]);
    expect(made.map((backup) => backup?.sales)).toEqual([2, 2, 2]);
    expect(readdirSync(backupFolder(dataDir))).toEqual(['tillsync-20261101T120000Z.db']);
  });
});
