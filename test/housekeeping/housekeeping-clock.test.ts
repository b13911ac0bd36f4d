// The soak run's shortened housekeeping day: the variable read with a clear error, a clock
// and timers on which the day passes faster, and the runtime's backups taken on that day.
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createRuntime } from '../../main/agent/runtime.js';
import { fileSecretStore } from '../../main/config/secret-store.js';
import { backupFolder } from '../../main/housekeeping/daily-backups.js';
import {
  HOUSEKEEPING_DAY_ENV,
  housekeepingDayOf,
  housekeepingTime,
} from '../../main/housekeeping/housekeeping-clock.js';
import type { Timers } from '../../main/sync/clock.js';
import { tempDir } from '../helpers/temp-dir.js';

const DAY = 86_400_000;

describe('the housekeeping day', () => {
  it('is a day unless the environment shortens it, and a bad value names the variable', () => {
    expect(housekeepingDayOf({})).toEqual({ ok: true, dayMs: undefined });
    expect(housekeepingDayOf({ [HOUSEKEEPING_DAY_ENV]: '60000' })).toEqual({
      ok: true,
      dayMs: 60_000,
    });
    for (const bad of ['soon', '999', '1.5', String(DAY + 1), '-60000']) {
      const read = housekeepingDayOf({ [HOUSEKEEPING_DAY_ENV]: bad });
      expect(read.ok).toBe(false);
      if (!read.ok) expect(read.error).toContain(HOUSEKEEPING_DAY_ENV);
    }
  });

  it('runs a day in the time given: its clock and its timers alike', () => {
    let wall = Date.UTC(2026, 10, 25, 9);
    let monotonic = 500;
    const asked: number[] = [];
    const timers: Timers = {
      after: (ms) => {
        asked.push(ms);
        return { cancel: () => {} };
      },
      soon: (run) => run(),
    };
    const clock = { now: () => wall, monotonic: () => monotonic };
    expect(housekeepingTime(clock, timers).clock).toBe(clock);
    const fast = housekeepingTime(clock, timers, 60_000);
    const started = fast.clock.now();
    expect(started).toBe(wall);
    monotonic += 30_000; // half a minute of real time; the wall clock stepping is ignored
    wall += 5;
    expect(fast.clock.now() - started).toBe(DAY / 2);
    fast.timers.after(7 * DAY, () => {});
    expect(asked).toEqual([7 * 60_000]);
  });

  it("shortens the running agent's daily backups and runs its weekly check", async () => {
    const dataDir = tempDir();
    await fileSecretStore(dataDir).write('sk_test_soak');
    const runtime = await createRuntime({
      dataDir,
      env: {},
      flags: { baseUrl: 'http://127.0.0.1:9' },
      secrets: fileSecretStore(dataDir),
      sandbox: 'never',
      kind: 'daemon',
      housekeepingDayMs: 1_000,
    });
    const backups = () => readdirSync(backupFolder(dataDir));
    const deadline = Date.now() + 15_000;
    while (backups().length < 2 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const integrityCheckedAt = runtime.status().integrity.checkedAt;
    await runtime.close();
    // A day of the housekeeping apart: its file names say so, a second or two after start.
    const [first, second] = backups().sort();
    expect(second).toBeDefined();
    const stamp = (name: string) =>
      Date.parse(
        name.replace(
          /^tillsync-(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z\.db$/,
          '$1-$2-$3T$4:$5:$6Z',
        ),
      );
    expect(stamp(second!) - stamp(first!)).toBeGreaterThanOrEqual(DAY);
    expect(integrityCheckedAt).not.toBeNull();
  });
});
