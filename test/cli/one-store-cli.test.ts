// Issue 22: the app and every command read the same store, with no extra flag, in sandbox
// mode, in platform mode after Settings switch to a platform, and in sandbox mode again.
// Real parts: `tillsync start` with its console in a child process, sales rung up through
// the console's HTTP API, each command in a child process with only TILLSYNC_DATA_DIR.
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, startCli, type RunningCli } from '../helpers/cli.js';
import { validSale } from '../helpers/sales.js';
import { tempDir } from '../helpers/temp-dir.js';
import { login, raw } from '../console/helpers.js';
import { sandboxForTest } from '../sandbox/helpers.js';
import { waitUntil } from '../sync/helpers.js';

const FAST = {
  sync: { backoffBaseMs: 20, backoffCapMs: 200, pollIntervalMs: 100, probeIntervalMs: 100 },
};

/** The first match of `pattern` in what the process wrote to stderr (from `after` on). */
async function fromStderr(agent: RunningCli, pattern: RegExp, after = 0) {
  let match: RegExpMatchArray | null = null;
  await waitUntil(
    () => Boolean((match = agent.output().stderr.slice(after).match(pattern))),
    15_000,
    `stderr to show ${pattern}`,
  );
  return match!;
}

/** Calls the console's API as the till page does, with the session of its login link. */
async function consoleClient(loginUrl: string) {
  const { port, searchParams } = new URL(loginUrl);
  const session = await login(Number(port), searchParams.get('token')!);
  return async <T = Record<string, unknown>>(method: string, input: object = {}) => {
    const answer = await raw(Number(port), `/api/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...session },
      body: JSON.stringify(input),
    });
    const result = JSON.parse(answer.body) as { ok: boolean; value: T; error?: unknown };
    if (!result.ok) throw new Error(`${method}: ${JSON.stringify(result.error)}`);
    return result.value;
  };
}

interface Store {
  mode: 'sandbox' | 'platform';
  database: string;
  /** The receipts the store holds, all synced. */
  receipts: number[];
  /** Whether an API key is saved (it stays when Settings clear the platform address). */
  keySaved: boolean;
}

const json = <T>(text: string) => JSON.parse(text) as T;

/** Each command, given only the data folder, reports the sales of `store` and names it. */
async function expectEveryCommandToRead(env: NodeJS.ProcessEnv, store: Store) {
  const till = { mode: store.mode, database: store.database };
  const line = new RegExp(`till {7}${store.mode} mode.*, ${store.database.replaceAll('.', '\\.')}`);
  const count = store.receipts.length;

  const status = await runCli(['status', '--json'], { env });
  expect(json(status.stdout)).toMatchObject({
    till,
    database: store.database,
    counts: { synced: count, pending: 0, refused: 0 },
    // The key saved in the app counts for the command too.
    sync: { apiKey: { set: store.keySaved } },
  });
  expect((await runCli(['status'], { env })).stdout).toMatch(line);

  const day = await runCli(['day', '--json'], { env });
  expect(json(day.stdout)).toMatchObject({ till, sales: { count } });

  const sales = json<{ sales: Array<{ receiptNumber: number; state: string }>; till: object }>(
    (await runCli(['sales', 'list', '--json'], { env })).stdout,
  );
  expect(sales.till).toEqual(till);
  expect(sales.sales.map((sale) => [sale.receiptNumber, sale.state])).toEqual(
    store.receipts.map((receipt) => [receipt, 'synced']).reverse(),
  );

  const exported = await runCli(['export', '--format', 'json'], { env });
  expect(json<{ count: number }>(exported.stdout).count).toBe(count);
  expect(exported.stderr).toMatch(
    new RegExp(`^Exported ${count} sales? from the till in ${store.mode} mode`),
  );
  expect(exported.stderr).toContain(store.database);

  const refusedSales = await runCli(['refused'], { env });
  expect(refusedSales.stdout).toContain('No refused sales.');
  expect(refusedSales.stdout).toMatch(line);

  const doctor = await runCli(['doctor', '--json'], { env });
  const report = json<{
    till: object;
    failures: number;
    checks: Array<{ area: string; status: string; detail: string }>;
  }>(doctor.stdout);
  expect(report.till).toEqual(till);
  const check = (area: string) => report.checks.find((c) => c.area === area);
  expect(check('queue')?.detail).toBe(`0 waiting, ${count} synced, 0 refused, 0 discarded.`);
  expect(check('database')?.detail).toContain(`${store.database}: intact`);
  // The running markers are in the data folder itself, whatever the mode.
  expect(check('running')).toMatchObject({ status: 'ok', detail: /console \(pid \d+\)/ });
  if (store.mode === 'sandbox') {
    // Not a failure: the till works, against the sandbox, which mints its own key.
    expect(check('configuration')).toMatchObject({ status: 'warn', detail: /^Sandbox mode/ });
    expect(check('api key')).toMatchObject({ status: 'ok', detail: /mints its own key/ });
  } else {
    expect(check('configuration')).toMatchObject({ status: 'ok', detail: /API key set/ });
    expect(check('platform')).toMatchObject({ status: 'ok', detail: /accepted the API key/ });
  }
  expect(report.failures).toBe(0);
  expect(doctor.code).toBe(0);

  const backupFile = join(tempDir(), 'copy.db');
  const backup = await runCli(['backup', backupFile, '--json'], { env });
  expect(json(backup.stdout)).toMatchObject({ file: backupFile, sales: count, till });

  const archive = await runCli(['archive', '--dry-run', '--json'], { env });
  expect(json(archive.stdout)).toMatchObject({ dryRun: true, total: 0, till });

  const settings = await runCli(['settings', '--json'], { env });
  expect(json(settings.stdout)).toMatchObject({ till });
}

describe('one store per till, found the same way by every command', () => {
  it('reads what the app rings up in sandbox mode, on a platform, and in sandbox mode again', async () => {
    const dataDir = tempDir();
    writeFileSync(join(dataDir, 'config.json'), JSON.stringify(FAST));
    const env = { TILLSYNC_DATA_DIR: dataDir };
    const agent = startCli(['start', '--console-port', '0'], env);
    await agent.waitFor(/daemon started/);
    const [, loginUrl] = await fromStderr(agent, /Open the till console: (\S+)/);
    const call = await consoleClient(loginUrl!);
    const synced = async (count: number) =>
      waitUntil(
        async () =>
          (await call<{ counts: { synced: number } }>('getStatus')).counts.synced === count,
        15_000,
        `${count} sales synced by the app`,
      );
    const sandboxStore = join(dataDir, 'sandbox', 'tillsync.db');

    // Sandbox mode: two sales at the console, one recorded by the command line.
    await call('recordSale', validSale());
    await call('recordSale', validSale({ paymentMethod: 'MOBILE_MONEY' }));
    const recorded = await runCli(['record'], { input: JSON.stringify(validSale()), env });
    expect(json(recorded.stdout)).toMatchObject({
      receiptNumber: 3,
      till: { mode: 'sandbox', database: sandboxStore },
    });
    await synced(3); // the app sent the command's sale to its sandbox too
    await expectEveryCommandToRead(env, {
      mode: 'sandbox',
      database: sandboxStore,
      receipts: [1, 2, 3],
      keySaved: false,
    });
    const catalog = await runCli(['sandbox', 'catalog'], { env });
    expect(json<{ products: unknown[] }>(catalog.stdout).products).toHaveLength(30);
    expect(catalog.stderr).toContain(join(dataDir, 'sandbox', 'sandbox.db'));
    expect(existsSync(join(dataDir, 'sandbox.db'))).toBe(false);

    // A platform, saved as the Settings screen saves it: the address, then the key.
    const platform = await sandboxForTest();
    await call('updateSettings', { baseUrl: platform.url });
    const switched = await call('setApiKey', { key: await platform.mintKey() });
    expect(switched).toMatchObject({ mode: 'platform' });
    await call('recordSale', validSale());
    await synced(1);
    expect(platform.countSales()).toBe(1);
    await expectEveryCommandToRead(env, {
      mode: 'platform',
      database: join(dataDir, 'tillsync.db'),
      receipts: [1],
      keySaved: true,
    });

    // Back to sandbox mode: its store again, and the new sandbox's addresses printed.
    const printedBefore = agent.output().stderr.length;
    const [, firstAdmin] = await fromStderr(agent, /admin {2}(\S+\/admin\/faults), token/);
    await call('updateSettings', { baseUrl: null });
    const [, admin, token] = await fromStderr(
      agent,
      /admin {2}(\S+\/admin\/faults), token (\S+)/,
      printedBefore,
    );
    expect(admin).not.toBe(firstAdmin);
    const faults = await fetch(admin!, { headers: { authorization: `Bearer ${token}` } });
    expect(faults.status).toBe(200);
    await expect(fetch(firstAdmin!)).rejects.toThrow(); // the old sandbox is gone
    await expectEveryCommandToRead(env, {
      mode: 'sandbox',
      database: sandboxStore,
      receipts: [1, 2, 3],
      keySaved: true,
    });

    expect(await agent.stop()).toBe(0);
  }, 240_000);
});
