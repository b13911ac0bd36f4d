import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkIntegrity, type IntegrityProgress } from '../../db/integrity.js';
import { openDatabase } from '../../db/open.js';
import { createSyncState } from '../../db/sync-state.js';
import { seedBacklog } from '../../bench/seed-backlog.js';
import {
  integrityCheckDue,
  startWeeklyIntegrityCheck,
} from '../../main/housekeeping/weekly-check.js';
import { viewStatus } from '../../domain/views/status-view.js';
import { syncTuningSchema } from '../../main/config/agent-config.js';
import { readSyncStatus } from '../../main/sync/status.js';
import { createOutboxQueries } from '../../db/outbox.js';
import { openStore } from '../../db/store.js';
import { systemClock, systemTimers } from '../../main/sync/clock.js';
import { tempDir } from '../helpers/temp-dir.js';

const PAGE = 4096;

/** A till database of 3,000 sales whose last leaf page of sale items is garbage. */
function damagedDeepInside(): string {
  const file = join(tempDir(), 'tillsync.db');
  seedBacklog(file, 3000);
  const database = openDatabase(file);
  database.sqlite.pragma('wal_checkpoint(TRUNCATE)');
  database.sqlite.pragma('journal_mode = DELETE');
  const leaves = database.sqlite
    .prepare("select pageno from dbstat where name = 'sale_items' and pagetype = 'leaf'")
    .pluck()
    .all() as number[];
  database.close();
  const last = Math.max(...leaves); // never the first leaf, which opening reads
  const bytes = readFileSync(file);
  for (let i = (last - 1) * PAGE; i < last * PAGE; i++) bytes[i] = (i * 7919) % 251;
  writeFileSync(file, bytes);
  return file;
}

describe('the integrity check', () => {
  it('reads a sound file table by table, reporting progress', async () => {
    const file = join(tempDir(), 'tillsync.db');
    seedBacklog(file, 500);
    const seen: IntegrityProgress[] = [];
    const result = await checkIntegrity(file, (progress) => seen.push(progress));
    expect(result).toMatchObject({ ok: true, problems: [] });
    expect(seen.map((p) => p.table)).toEqual(expect.arrayContaining(['sales', 'outbox']));
    expect(seen.map((p) => p.done)).toEqual(seen.map((_, index) => index));
    expect(new Set(seen.map((p) => p.total)).size).toBe(1);
  });

  it('finds damage that opening (which never reads the whole file) lets through', async () => {
    const file = damagedDeepInside();
    const database = openDatabase(file); // opens: the schema and each table's first page read
    database.close();
    const result = await checkIntegrity(file);
    expect(result.ok).toBe(false);
    expect(result.problems.length).toBeGreaterThan(0);
  });

  it('runs weekly in the background and shows damage in the status until a check finds none', async () => {
    const file = damagedDeepInside();
    const store = openStore(file);
    const syncState = createSyncState(store.database);
    let results = 0;
    const stop = startWeeklyIntegrityCheck({
      databaseFile: file,
      syncState,
      clock: systemClock,
      timers: systemTimers,
      onResult: () => (results += 1),
    });
    const deadline = Date.now() + 20_000;
    while (results === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    await stop();
    const state = syncState.read();
    expect(state.integrityCheckedAt).toBeGreaterThan(Date.now() - 60_000);
    expect(state.integrityProblem).toBeTruthy();
    const status = readSyncStatus({
      counts: { pending: 0, sending: 0, synced: 3000, refused: 0, discarded: 0, voided: 0 },
      outbox: createOutboxQueries(store.database),
      syncState,
      config: { sync: syncTuningSchema.parse({}) },
      shift: null,
    });
    const view = viewStatus(status, Date.now());
    expect(view.tone).toBe('error');
    expect(view.warnings[0]).toMatch(/weekly check found this till's database damaged/);
    store.close();
  });

  it('is due when never done, a week old, or stamped in the future', () => {
    const now = Date.UTC(2026, 10, 23);
    expect(integrityCheckDue(null, now)).toBe(true);
    expect(integrityCheckDue(now - 86_400_000, now)).toBe(false);
    expect(integrityCheckDue(now - 7 * 86_400_000, now)).toBe(true);
    expect(integrityCheckDue(now + 3_600_000, now)).toBe(true);
  });
});
