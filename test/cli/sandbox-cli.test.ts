import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, startCli } from '../helpers/cli.js';
import { expectDocumented } from '../helpers/openapi-contract.js';
import { tempDir } from '../helpers/temp-dir.js';
import { saleRequest } from '../sandbox/helpers.js';

/** A sale posted to the sandbox; its answer checked against the sandbox's document. */
async function post(url: string, key: string) {
  const response = await fetch(`${url}/v1/sales`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(saleRequest()),
  });
  const text = await response.text();
  await expectDocumented(url, 'POST', '/v1/sales', {
    status: response.status,
    headers: response.headers,
    text,
  });
  return response;
}

describe('tillsync sandbox', () => {
  it('starts, prints its URL, a working key and the docs, and stops cleanly on SIGTERM', async () => {
    const dataDir = tempDir();
    const sandbox = startCli(['sandbox', '--port', '0'], { TILLSYNC_DATA_DIR: dataDir });
    const [, url] = await sandbox.waitFor(/running at (http:\/\/127\.0\.0\.1:\d+)/);
    const [, key] = await sandbox.waitFor(/API key {6}(\S+)/);
    expect(sandbox.output().stdout).toContain(`API docs     ${url}/docs`);
    // The data folder's one sandbox file: the app's own sandbox uses it too.
    expect(sandbox.output().stdout).toContain(join(dataDir, 'sandbox', 'sandbox.db'));
    expect((await post(url!, key!)).status).toBe(201);
    // A second server on the same file would share it: refused, saying where the first is.
    const second = await runCli(['sandbox', '--port', '0'], {
      env: { TILLSYNC_DATA_DIR: dataDir },
    });
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(
      `A sandbox already runs on ${join(dataDir, 'sandbox', 'sandbox.db')}, at ${url}`,
    );
    expect((await fetch(`${url}/docs`)).status).toBe(200);
    expect(await sandbox.stop('SIGTERM')).toBe(0);
    expect(sandbox.output().stdout).toContain('Sandbox stopped.');
  });

  it('mints keys offline for the same sandbox file, with the scope and shops asked for', async () => {
    const db = join(tempDir(), 'sandbox.db');
    const minted = await runCli([
      'sandbox',
      'key',
      '--db',
      db,
      '--scope',
      'sales:read',
      '--shop',
      'shop_market',
      '--ttl',
      '2h',
    ]);
    expect(minted.code).toBe(0);
    const key = minted.stdout.trim();
    const claims = JSON.parse(Buffer.from(key.split('.')[1]!, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    expect(claims).toMatchObject({ scope: 'sales:read', shops: ['shop_market'] });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(7200);

    const sandbox = startCli(['sandbox', '--port', '0', '--db', db]);
    const [, url] = await sandbox.waitFor(/running at (http:\S+)/);
    expect(
      (await fetch(`${url}/v1/sales`, { headers: { authorization: `Bearer ${key}` } })).status,
    ).toBe(200);
    expect((await post(url!, key)).status).toBe(403); // read-only key
    await sandbox.stop();
  });

  it('survives a refuse outage from the flag, and takes faults from `sandbox faults` while running', async () => {
    const dataDir = tempDir();
    const env = { TILLSYNC_DATA_DIR: dataDir };
    const sandbox = startCli(
      ['sandbox', '--port', '0', '--faults', 'outage=refuse,outageFor=1s'],
      env,
    );
    const [, url] = await sandbox.waitFor(/running at (http:\S+)/);
    const [, key] = await sandbox.waitFor(/API key {6}(\S+)/);
    await expect(post(url!, key!)).rejects.toThrow(); // refused: nothing listens on the port
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await post(url!, key!)).status).toBe(201); // the outage ended by itself
    // Set and lift faults of the running sandbox, the refuse outage included.
    const refuse = await runCli(['sandbox', 'faults', 'outage=refuse'], { env });
    expect(refuse.code).toBe(0);
    expect(refuse.stdout).toContain('"outage":"refuse"');
    await expect(post(url!, key!)).rejects.toThrow();
    const shown = await runCli(['sandbox', 'faults'], { env });
    expect(shown.stdout).toContain('"outage":"refuse"');
    expect((await runCli(['sandbox', 'faults', 'off'], { env })).code).toBe(0);
    expect((await post(url!, key!)).status).toBe(201);
    const bad = await runCli(['sandbox', 'faults', 'fail5xx=7'], { env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/fault spec is not valid/);
    expect(await sandbox.stop('SIGTERM')).toBe(0); // it never exited on its own
    const gone = await runCli(['sandbox', 'faults'], { env });
    expect(gone.code).toBe(1);
    expect(gone.stderr).toMatch(/No running sandbox found/);
  });

  it('takes faults from TILLSYNC_SANDBOX_FAULTS, and refuses a bad spec or option with exit 2', async () => {
    const dataDir = tempDir();
    const faulty = startCli(['sandbox', '--port', '0'], {
      TILLSYNC_DATA_DIR: dataDir,
      TILLSYNC_SANDBOX_FAULTS: 'fail5xx=1',
    });
    const [, url] = await faulty.waitFor(/running at (http:\S+)/);
    const [, key] = await faulty.waitFor(/API key {6}(\S+)/);
    expect((await post(url!, key!)).status).toBeGreaterThanOrEqual(500);
    await faulty.stop();

    const bad = await runCli(['sandbox', '--port', '0', '--faults', 'fail5xx=3'], {
      env: { TILLSYNC_DATA_DIR: dataDir },
    });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/fault spec is not valid/);
    const badPort = await runCli(['sandbox', '--port', 'eighty'], {
      env: { TILLSYNC_DATA_DIR: dataDir },
    });
    expect(badPort.code).toBe(2);
    expect(badPort.stderr).toContain('/port');
    const badTtl = await runCli(['sandbox', 'key', '--ttl', 'forever'], {
      env: { TILLSYNC_DATA_DIR: dataDir },
    });
    expect(badTtl.stderr).toContain('/ttl: must be a duration');
  });

  it('prints the catalog as JSON the till can import, from the app’s own sandbox file', async () => {
    const dataDir = tempDir();
    const catalog = await runCli(['sandbox', 'catalog'], { env: { TILLSYNC_DATA_DIR: dataDir } });
    expect(catalog.code).toBe(0);
    expect(catalog.stderr).toBe(
      `Catalog of the sandbox in ${join(dataDir, 'sandbox', 'sandbox.db')}.\n`,
    );
    expect(existsSync(join(dataDir, 'sandbox.db'))).toBe(false);
    const parsed = JSON.parse(catalog.stdout) as {
      currency: string;
      products: unknown[];
      customers: unknown[];
    };
    expect(parsed.currency).toBe('USD');
    expect(parsed.products).toHaveLength(30);
    expect(parsed.customers).toHaveLength(10);
    const unknownShop = await runCli(['sandbox', 'catalog', '--shop', 'shop_moon'], {
      env: { TILLSYNC_DATA_DIR: tempDir() },
    });
    expect(unknownShop.code).toBe(2);
    expect(unknownShop.stderr).toMatch(/no shop shop_moon/);
  });
});
