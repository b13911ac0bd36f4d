import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStore } from '../../db/store.js';
import { runCli, startCli } from '../helpers/cli.js';
import type { NewSaleInput } from '../../domain/new-sale.js';
import { checked, correctedSale, validSale } from '../helpers/sales.js';
import { tempDir } from '../helpers/temp-dir.js';
import { sandboxForTest } from '../sandbox/helpers.js';
import { waitUntil } from '../sync/helpers.js';

const FAST = {
  sync: {
    backoffBaseMs: 20,
    backoffCapMs: 200,
    pollIntervalMs: 100,
    probeIntervalMs: 100,
    inlineRetryMaxMs: 100,
  },
};

function dataDirWith(sales: NewSaleInput[]) {
  const dataDir = tempDir();
  writeFileSync(join(dataDir, 'config.json'), JSON.stringify(FAST));
  const store = openStore(join(dataDir, 'tillsync.db'));
  for (const sale of sales) {
    const result = store.recordSale(checked(sale));
    if (!result.ok) throw new Error(result.error.message);
  }
  return { dataDir, store };
}

// Priced as validSale() (4.50), so fixing its product id keeps the money that was taken.
const unknownProduct = validSale({
  items: [{ productId: 'prod_gone', quantity: 1, unitPriceMinor: 450 }],
});

describe('tillsync daemon', () => {
  it('refuses to run with no platform configured, and says what to do', async () => {
    const run = await runCli(['daemon'], { env: { TILLSYNC_DATA_DIR: tempDir() } });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /No platform is configured. Set TILLSYNC_BASE_URL and TILLSYNC_API_KEY/,
    );
  });

  it('refuses a key only the desktop app can read, and says how to give it one', async () => {
    const dataDir = tempDir();
    writeFileSync(
      join(dataDir, 'config.json'),
      JSON.stringify({ baseUrl: 'https://api.example.com' }),
    );
    writeFileSync(join(dataDir, 'api-key.enc'), 'c2VhbGVkIGJ5IHRoZSBPUw==');
    const run = await runCli(['daemon'], { env: { TILLSYNC_DATA_DIR: dataDir } });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/kept encrypted by the desktop app.*Set TILLSYNC_API_KEY/);
  });

  it('syncs in the background, logs JSON lines without the key, and stops on SIGTERM with exit 0', async () => {
    const sandbox = await sandboxForTest();
    const key = await sandbox.mintKey();
    const { dataDir, store } = dataDirWith([validSale(), validSale()]);
    const daemon = startCli(['daemon'], {
      TILLSYNC_DATA_DIR: dataDir,
      TILLSYNC_BASE_URL: sandbox.url,
      TILLSYNC_API_KEY: key,
    });
    await daemon.waitFor(/daemon started/);
    await waitUntil(() => store.countByState().synced === 2, 10_000, 'synced by the daemon');
    store.recordSale(checked());
    await waitUntil(
      () => store.countByState().synced === 3,
      10_000,
      'a sale recorded while it runs',
    );
    expect(await daemon.stop('SIGTERM')).toBe(0);
    const { stdout, stderr } = daemon.output();
    const lines = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { msg: string; counts?: object });
    expect(lines.map((l) => l.msg)).toContain('Tillsync daemon started');
    expect(lines.at(-1)).toMatchObject({
      msg: 'Tillsync daemon stopped',
      counts: { synced: 3, pending: 0 },
    });
    expect(stdout + stderr).not.toContain(key);
    store.close();
  });
});

describe('tillsync sync --once', () => {
  it('exits 0 when everything is sent, with a JSON summary', async () => {
    const sandbox = await sandboxForTest();
    const { dataDir, store } = dataDirWith([validSale(), validSale()]);
    const env = {
      TILLSYNC_DATA_DIR: dataDir,
      TILLSYNC_BASE_URL: sandbox.url,
      TILLSYNC_API_KEY: await sandbox.mintKey(),
    };
    const run = await runCli(['sync', '--once', '--json'], { env });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      synced: 2,
      refused: 0,
      counts: { synced: 2, pending: 0 },
      paused: null,
    });
    store.close();
  });

  it('exits 5 when sales are parked as refused, 4 when the platform is down, 6 when the key is refused', async () => {
    const sandbox = await sandboxForTest();
    const refusedSales = dataDirWith([unknownProduct]);
    const withKey = (dataDir: string, key: string, url = sandbox.url) => ({
      TILLSYNC_DATA_DIR: dataDir,
      TILLSYNC_BASE_URL: url,
      TILLSYNC_API_KEY: key,
    });
    const parked = await runCli(['sync', '--once'], {
      env: withKey(refusedSales.dataDir, await sandbox.mintKey()),
    });
    expect(parked.code).toBe(5);
    expect(parked.stdout).toMatch(/1 refused/);
    expect(parked.stdout).toMatch(/See them with `tillsync refused`/);

    const down = dataDirWith([validSale()]);
    const offline = await runCli(['sync', '--once'], {
      env: withKey(down.dataDir, 'k', 'http://127.0.0.1:9'),
    });
    expect(offline.code).toBe(4);

    const refused = dataDirWith([validSale()]);
    const revoked = await sandbox.mintKey();
    await sandbox.revokeKey(revoked);
    const paused = await runCli(['sync', '--once'], { env: withKey(refused.dataDir, revoked) });
    expect(paused.code).toBe(6);
    expect(paused.stdout).toMatch(/refused the API key; the queue is paused/);
    expect(paused.stdout + paused.stderr).not.toContain(revoked);

    // A new key and a resync: the queue resumes, exit 0.
    const resumed = await runCli(['resync', '--json'], {
      env: withKey(refused.dataDir, await sandbox.mintKey()),
    });
    expect(resumed.code).toBe(0);
    expect(JSON.parse(resumed.stdout)).toMatchObject({ synced: 1, paused: null });
    for (const dir of [refusedSales, down, refused]) dir.store.close();
  });

  it('asks for --once, and refuses a bad base address with exit 2', async () => {
    const noOnce = await runCli(['sync'], { env: { TILLSYNC_DATA_DIR: tempDir() } });
    expect(noOnce.code).toBe(2);
    const plainHttp = await runCli(
      ['sync', '--once', '--base-url', 'http://platform.example.com'],
      {
        env: { TILLSYNC_DATA_DIR: tempDir(), TILLSYNC_API_KEY: 'k' },
      },
    );
    expect(plainHttp.code).toBe(2);
    expect(plainHttp.stderr).toMatch(/command-line flags is not valid: \/baseUrl: must use https/);
  });
});

describe('tillsync refused', () => {
  it('lists refused sales with the reason, and retries, edits and discards them', async () => {
    const sandbox = await sandboxForTest();
    const { dataDir, store } = dataDirWith([unknownProduct, unknownProduct, unknownProduct]);
    const env = {
      TILLSYNC_DATA_DIR: dataDir,
      TILLSYNC_BASE_URL: sandbox.url,
      TILLSYNC_API_KEY: await sandbox.mintKey(),
    };
    await runCli(['sync', '--once'], { env });

    const listed = await runCli(['refused', '--json'], { env });
    const rows = JSON.parse(listed.stdout) as Array<{
      receiptNumber: number;
      lastErrorReason: string;
    }>;
    expect(rows.map((r) => r.receiptNumber)).toEqual([1, 2, 3]);
    expect(rows[0]!.lastErrorReason).toBe(
      'HTTP 422: The sale is not valid (/items/0/productId: no product prod_gone)',
    );
    expect((await runCli(['refused'], { env })).stdout).toMatch(
      /#1 .*\n {4}HTTP 422: The sale is not valid/,
    );

    // A file written the platform's way (prices in major units) is refused as it is read.
    const majorUnits = join(tempDir(), 'major-units.json');
    writeFileSync(
      majorUnits,
      JSON.stringify({
        items: [{ productId: 'prod_8Hq2x', quantity: 1, price: 4.5 }],
        paymentMethod: 'CASH',
      }),
    );
    const refusedEdit = await runCli(['refused', 'edit', '1', '--file', majorUnits], { env });
    expect(refusedEdit.code).toBe(2);
    expect(refusedEdit.stderr).toBe(
      [
        'The corrected sale is not valid:',
        '  /items/0/unitPriceMinor: is required: a whole number of minor units, like 1250 for 12.50',
        '  /items/0/price: is not a known field',
        '',
      ].join('\n'),
    );
    const refusedRows = store.listRefused();
    expect(refusedRows.map((row) => row.revision)).toEqual([1, 1, 1]);

    const fixed = join(tempDir(), 'fixed.json');
    writeFileSync(fixed, JSON.stringify(correctedSale()));
    const edit = await runCli(['refused', 'edit', '1', '--file', fixed], { env });
    expect(edit.code).toBe(0);
    expect(edit.stdout).toMatch(/Sale #1 is queued to be sent again \(revision 2\)/);
    const editedItems = store.getSale(refusedRows[0]!.saleId)!.items;
    expect(editedItems.map((item) => item.unitPriceMinor)).toEqual([125, 399]);
    expect((await runCli(['refused', 'retry', '2'], { env })).code).toBe(0);
    const noReason = await runCli(['refused', 'discard', '3'], { env });
    expect(noReason.code).not.toBe(0);
    expect(noReason.stderr).toMatch(/required option '--reason <text>'/);
    expect(
      (await runCli(['refused', 'discard', '3', '--reason', 'Rung up twice'], { env })).stdout,
    ).toMatch(/Sale #3 is discarded/);
    expect((await runCli(['refused', 'retry', '99'], { env })).stderr).toMatch(
      /There is no sale 99/,
    );

    const after = await runCli(['sync', '--once', '--json'], { env });
    expect(JSON.parse(after.stdout)).toMatchObject({
      synced: 1,
      refused: 1,
      counts: { synced: 1, refused: 1, discarded: 1 },
    });
    store.close();
  });
});

describe('tillsync start (npm start)', () => {
  it('with no platform configured, syncs to the embedded sandbox, clearly labelled, in its own data folder', async () => {
    const dataDir = tempDir();
    writeFileSync(join(dataDir, 'config.json'), JSON.stringify(FAST));
    const env = { TILLSYNC_DATA_DIR: dataDir };
    // Faults from the environment reach the embedded sandbox too.
    const agent = startCli(['start', '--console-port', '0'], {
      ...env,
      TILLSYNC_SANDBOX_FAULTS: 'fail5xx=1',
    });
    await agent.waitFor(/daemon started/);
    expect(agent.output().stdout).toMatch(
      /SANDBOX MODE: sales go to the sandbox on this machine, not to a platform/,
    );
    // Its address, admin endpoint and token, and docs are printed for a demo.
    expect(agent.output().stderr).toMatch(
      /Sandbox on this machine: http:\/\/127\.0\.0\.1:\d+ \(API docs http:\S+\/docs\)\n {2}admin {2}http:\S+\/admin\/faults, token \S+/,
    );
    const store = openStore(join(dataDir, 'sandbox', 'tillsync.db'));
    expect(store.searchProducts('sourdough')).toMatchObject([
      { id: 'prod_8Hq2x', priceMinor: 450, barcode: '5012345000015' },
    ]);
    store.recordSale(checked());
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(store.countByState().synced).toBe(0); // every send fails: fail5xx=1
    // `tillsync sandbox faults` lifts them on the app's own sandbox.
    expect((await runCli(['sandbox', 'faults', 'off'], { env })).code).toBe(0);
    await waitUntil(() => store.countByState().synced === 1, 10_000, 'synced to the sandbox');
    // The command finds the app's sandbox store with nothing but the data folder.
    const status = await runCli(['status'], { env });
    expect(status.stdout).toContain(
      `  till       sandbox mode, ${join(dataDir, 'sandbox', 'tillsync.db')}`,
    );
    expect(status.stdout).toMatch(
      /SANDBOX on this machine \(http:\/\/127\.0\.0\.1:\d+\), not a real platform/,
    );
    expect(await agent.stop()).toBe(0);
    expect(existsSync(join(dataDir, 'tillsync.db'))).toBe(false); // real till data untouched
    store.close();
  });
});
