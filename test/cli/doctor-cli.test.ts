import { closeSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStore } from '../../db/store.js';
import { backupIfDue } from '../../main/housekeeping/daily-backups.js';
import { runCli } from '../helpers/cli.js';
import { checked, validSale } from '../helpers/sales.js';
import { tempDir } from '../helpers/temp-dir.js';
import { sandboxForTest } from '../sandbox/helpers.js';
import { configurePlatform, NO_PLATFORM_HERE, sandboxStoreOf } from '../helpers/platform-till.js';

interface Report {
  till: { mode: string | null; database: string };
  failures: number;
  warnings: number;
  checks: Array<{ area: string; status: 'ok' | 'warn' | 'fail'; detail: string; fix?: string }>;
}

/** A till on a platform (nowhere, unless the environment says) with `sales` and a fresh daily backup. */
async function till(sales = 2) {
  const dataDir = tempDir();
  const file = await configurePlatform(dataDir);
  const store = openStore(file);
  for (let n = 0; n < sales; n++) store.recordSale(checked());
  store.close();
  await backupIfDue(dataDir, file, 7);
  return dataDir;
}

async function doctor(dataDir: string, env: Record<string, string> = {}) {
  const run = await runCli(['doctor', '--json'], { env: { TILLSYNC_DATA_DIR: dataDir, ...env } });
  const report = JSON.parse(run.stdout) as Report;
  const find = (area: string) => report.checks.find((check) => check.area === area);
  return { run, report, find };
}

/** A check's status, and its detail and fix: text they contain, or a pattern they match. */
function expectCheck(
  check: Report['checks'][number] | undefined,
  status: 'ok' | 'warn' | 'fail',
  detail: string | RegExp,
  fix?: string | RegExp,
) {
  expect(check?.status).toBe(status);
  const like = (text: string | undefined, expected: string | RegExp) =>
    typeof expected === 'string'
      ? expect(text).toContain(expected)
      : expect(text).toMatch(expected);
  like(check?.detail, detail);
  if (fix !== undefined) like(check?.fix, fix);
}

/** A port where nothing listens. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('tillsync doctor', () => {
  it('finds nothing wrong with a healthy till: sales sent, key accepted, backup fresh', async () => {
    const sandbox = await sandboxForTest();
    const key = await sandbox.mintKey();
    const dataDir = await till(2);
    const env = { TILLSYNC_BASE_URL: sandbox.url, TILLSYNC_API_KEY: key };
    const synced = await runCli(['sync', '--once'], {
      env: { TILLSYNC_DATA_DIR: dataDir, ...env },
    });
    expect(synced.code).toBe(0);

    const { run, report, find } = await doctor(dataDir, env);
    expect(run.code).toBe(0);
    expect(report.checks.filter((check) => check.status !== 'ok')).toEqual([]);
    expect(report.checks.map((check) => check.area)).toEqual([
      'configuration',
      'platform',
      'disk space',
      'database',
      'queue',
      'sync',
      'running',
      'last errors',
      'backups',
      'printer',
    ]);
    expectCheck(find('platform'), 'ok', /answered in \d+ ms and accepted the API key/);
    expectCheck(find('printer'), 'ok', 'none set: receipts print through the print dialog');
    expectCheck(find('queue'), 'ok', '0 waiting, 2 synced, 0 refused, 0 discarded.');
    expectCheck(find('sync'), 'ok', /^Online: it last answered \d+ s ago\.$/);
    expectCheck(find('database'), 'ok', /intact, schema \d+/);
    expect(run.stdout).not.toContain(key);

    const text = await runCli(['doctor'], { env: { TILLSYNC_DATA_DIR: dataDir, ...env } });
    expect(text.stdout).toContain('[ok]   platform');
    expect(text.stdout.trimEnd().endsWith('All good.')).toBe(true);
  });

  it('names a refused key, a key without the sales scope, and a wrong address, with what to do', async () => {
    const sandbox = await sandboxForTest();
    const dataDir = await till(1);
    const revoked = await sandbox.mintKey();
    await sandbox.revokeKey(revoked);
    const platform = (baseUrl: string, key: string) =>
      doctor(dataDir, { TILLSYNC_BASE_URL: baseUrl, TILLSYNC_API_KEY: key });

    const refused = await platform(sandbox.url, revoked);
    expect(refused.run.code).toBe(8);
    expectCheck(
      refused.find('platform'),
      'fail',
      /refused the API key \(HTTP 401/,
      'Get a new API key',
    );
    expect(refused.run.stdout).not.toContain(revoked);

    const scoped = await platform(sandbox.url, await sandbox.mintKey({ scope: 'sales:read' }));
    expectCheck(scoped.find('platform'), 'fail', /may not record sales \(HTTP 403/);

    const key = await sandbox.mintKey();
    const wrongPath = await platform(`${sandbox.url}/api`, key);
    expectCheck(
      wrongPath.find('platform'),
      'fail',
      'has no /v1/sales (HTTP 404',
      "Check the platform address: it is the API's base address",
    );

    const port = await closedPort();
    const down = await platform(`http://127.0.0.1:${port}`, key);
    expect(down.run.code).toBe(8);
    expectCheck(
      down.find('platform'),
      'fail',
      `Cannot reach http://127.0.0.1:${port}: the platform refused the connection.`,
      "Check the till's internet connection",
    );
  });

  it('reports a bad configuration by field, and still checks the database and queue', async () => {
    const dataDir = await till(1);
    writeFileSync(
      join(dataDir, 'config.json'),
      JSON.stringify({ baseUrl: 'ftp://shop', sync: { concurrency: 99 } }),
    );
    const { run, find } = await doctor(dataDir);
    expect(run.code).toBe(8);
    expectCheck(find('configuration'), 'fail', '/baseUrl', join(dataDir, 'config.json'));
    expectCheck(find('queue'), 'ok', '1 waiting, 0 synced, 0 refused, 0 discarded.');
  });

  it('flags a paused queue, sales stuck for days with nobody running, refused sales and no backups', async () => {
    const dataDir = tempDir();
    const store = openStore(await configurePlatform(dataDir));
    const week = Date.now() - 7 * 86_400_000;
    store.recordSale(checked(), { now: week });
    const refused = store.recordSale(checked());
    if (!refused.ok) throw new Error(refused.error.message);
    const sqlite = store.database.sqlite;
    sqlite.prepare(`update outbox set created_at = ? where state = 'pending'`).run(week);
    sqlite
      .prepare(
        `update outbox set state = 'refused', last_error_reason = 'HTTP 422: unknown product' where sale_id = ?`,
      )
      .run(refused.value.saleId);
    sqlite
      .prepare(
        `update sync_state set paused_reason = 'HTTP 401: invalid_token', paused_at = ? where id = 1`,
      )
      .run(Date.now());
    sqlite.prepare(`update outbox set uncertain = 1 where sale_id = ?`).run(refused.value.saleId);
    store.close();

    const sandbox = await sandboxForTest();
    const { run, find } = await doctor(dataDir, {
      TILLSYNC_BASE_URL: sandbox.url,
      TILLSYNC_API_KEY: await sandbox.mintKey(),
    });
    expect(run.code).toBe(8);
    expectCheck(
      find('uncertain sales'),
      'warn',
      /1 sale was sent without an answer .* twice if sent again/,
      'tillsync refused --uncertain',
    );
    expectCheck(
      find('sync'),
      'fail',
      'Sync is paused: the platform refused the API key. HTTP 401: invalid_token.',
      'tillsync resync',
    );
    expectCheck(
      find('waiting sales'),
      'fail',
      /1 sale has waited more than 24 h; the oldest for 7 days/,
      'tillsync daemon',
    );
    expectCheck(
      find('refused sales'),
      'warn',
      '1 sale was refused by the platform and waits for a person.',
      'tillsync refused',
    );
    expectCheck(find('running'), 'warn', 'No Tillsync process is running', 'tillsync daemon');
    expectCheck(find('backups'), 'warn', 'There is no daily backup yet.', 'tillsync backup');
  });

  it('says a damaged database is damaged and names the backup to restore', async () => {
    const dataDir = await till(400);
    const file = join(dataDir, 'tillsync.db');
    const fd = openSync(file, 'r+');
    writeSync(fd, Buffer.alloc(8192, 0x41), 0, 8192, 4096 * 3);
    closeSync(fd);
    const { run, find } = await doctor(dataDir);
    expect(run.code).toBe(8);
    expectCheck(find('platform'), 'fail', `Cannot reach ${NO_PLATFORM_HERE}`);
    expectCheck(
      find('database'),
      'fail',
      'is damaged',
      /tillsync restore .*backups\/tillsync-\d{8}T\d{6}Z\.db/,
    );
  });

  it('says when the data folder does not exist', async () => {
    const missing = join(tempDir(), 'nowhere');
    const { run, find } = await doctor(missing);
    expect(run.code).toBe(8);
    expectCheck(find('data folder'), 'fail', `The data folder ${missing} does not exist.`);
  });

  it('in sandbox mode, says so instead of failing the key check, and checks the sandbox’s store', async () => {
    const dataDir = tempDir();
    const env = { TILLSYNC_DATA_DIR: dataDir };
    await runCli(['record'], { input: JSON.stringify(validSale()), env });
    const { run, report, find } = await doctor(dataDir);
    expect(run.code).toBe(0);
    expect(report).toMatchObject({ till: { mode: 'sandbox', database: sandboxStoreOf(dataDir) } });
    expectCheck(
      find('configuration'),
      'warn',
      /^Sandbox mode: no platform is configured, so sales go to the sandbox on this machine/,
      'save its address and API key in Settings',
    );
    expectCheck(find('api key'), 'ok', 'the sandbox on this machine mints its own key');
    expect(find('platform')).toBeUndefined();
    expectCheck(find('database'), 'ok', `${sandboxStoreOf(dataDir)}: intact`);
    expectCheck(find('queue'), 'ok', '1 waiting, 0 synced, 0 refused, 0 discarded.');

    // An address without a key keeps it in sandbox mode, and the doctor names what is missing.
    const text = await runCli(['doctor'], {
      env: { ...env, TILLSYNC_BASE_URL: 'https://api.example.com' },
    });
    expect(text.stdout).toContain(`  till       sandbox mode, ${sandboxStoreOf(dataDir)}`);
    expect(text.stdout).toContain(
      'Sandbox mode: the platform address https://api.example.com is set but no API key',
    );
  });

  it('with the key the desktop app keeps encrypted, checks the platform store and says it cannot read the key', async () => {
    const dataDir = await till(1);
    rmSync(join(dataDir, 'api-key'));
    writeFileSync(join(dataDir, 'api-key.enc'), 'c2VhbGVkIGJ5IHRoZSBPUw==');
    const { report, find } = await doctor(dataDir);
    expect(report).toMatchObject({
      till: { mode: 'platform', database: join(dataDir, 'tillsync.db') },
    });
    expectCheck(find('api key'), 'warn', 'kept encrypted by the desktop app', 'TILLSYNC_API_KEY');
    expectCheck(find('queue'), 'ok', '1 waiting, 0 synced, 0 refused, 0 discarded.');
  });
});
