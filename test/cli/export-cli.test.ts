import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp-dir.js';
import { expectGolden, exportFixture, NAIROBI, numberIds } from '../export/fixture.js';
import { configurePlatform } from '../helpers/platform-till.js';

/** The fixture's sales in the store of a till on a platform. */
async function fixtureEnv() {
  const dataDir = tempDir();
  await configurePlatform(dataDir);
  exportFixture(dataDir).close();
  return { TILLSYNC_DATA_DIR: dataDir, TZ: NAIROBI };
}

describe('tillsync export', () => {
  it('prints the CSV of whole local days, the same as the golden file', async () => {
    const env = await fixtureEnv();
    const run = await runCli(['export', '--from', '2026-11-02', '--to', '2026-11-04'], { env });
    expect(run.code).toBe(0);
    expect(run.stderr).toBe(
      `Exported 5 sales from the till in platform mode (http://127.0.0.1:9), ${join(env.TILLSYNC_DATA_DIR, 'tillsync.db')}.\n`,
    );
    expectGolden('sales-export.csv', numberIds(run.stdout));
  });

  it('writes JSON to a file, and refuses to replace one without --force', async () => {
    const env = await fixtureEnv();
    const out = join(tempDir(), 'november.json');
    const args = ['export', '--from', '2026-11-01', '--format', 'json', '--out', out];
    const first = await runCli(args, { env });
    expect(first.code).toBe(0);
    expect(first.stderr).toContain(`Exported 6 sales to ${out} from the till in platform mode`);
    const document = JSON.parse(readFileSync(out, 'utf8')) as { count: number };
    expect(document.count).toBe(6);

    writeFileSync(out, 'keep me');
    const again = await runCli(args, { env });
    expect(again.code).toBe(2);
    expect(again.stderr).toContain(`${out} already exists`);
    expect(readFileSync(out, 'utf8')).toBe('keep me');
    expect((await runCli([...args, '--force'], { env })).code).toBe(0);
    expect(readdirSync(join(out, '..'))).toEqual(['november.json']);
  });

  it('names each bad option, exits 2 and writes nothing', async () => {
    const env = await fixtureEnv();
    const out = join(tempDir(), 'x.csv');
    const run = await runCli(['export', '--from', '2026-11-31', '--format', 'xlsx', '--out', out], {
      env,
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('/from: must be a date like 2026-11-21');
    expect(run.stderr).toMatch(/\/format: .*"csv"/);
    const backwards = await runCli(['export', '--from', '2026-11-04', '--to', '2026-11-02'], {
      env,
    });
    expect(backwards.code).toBe(2);
    expect(backwards.stderr).toContain('/to: must be after the start');
    expect(existsSync(out)).toBe(false);
  });
});
