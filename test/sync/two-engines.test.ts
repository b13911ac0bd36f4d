import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startCli } from '../helpers/cli.js';
import { scriptedServer } from '../helpers/scripted-server.js';
import { tempDir } from '../helpers/temp-dir.js';
import { till, waitUntil } from './helpers.js';

describe('two senders on one database file', () => {
  it('never send the same sale at the same time (two daemon processes)', async () => {
    let served = 0;
    const server = await scriptedServer((request) => {
      served += 1;
      const key = String(request.headers['idempotency-key']);
      const answer =
        served % 7 === 0
          ? { status: 503, body: 'busy' }
          : { status: 201, body: JSON.stringify({ id: `sale_${key}` }) };
      return { ...answer, delayMs: 20 };
    });
    const dataDir = tempDir();
    writeFileSync(
      join(dataDir, 'config.json'),
      JSON.stringify({
        sync: {
          backoffBaseMs: 20,
          backoffCapMs: 100,
          pollIntervalMs: 50,
          leaseTtlMs: 1000,
          inlineRetryMaxMs: 100,
        },
      }),
    );
    const t = till(join(dataDir, 'tillsync.db'));
    const env = {
      TILLSYNC_DATA_DIR: dataDir,
      TILLSYNC_BASE_URL: server.url,
      TILLSYNC_API_KEY: 'k',
    };
    const first = startCli(['daemon'], env);
    const second = startCli(['daemon'], env);
    await Promise.all([first.waitFor(/daemon started/), second.waitFor(/daemon started/)]);
    t.record(200);
    await waitUntil(() => t.store.countByState().synced === 200, 30_000, 'all synced');
    expect(await first.stop()).toBe(0);
    expect(await second.stop()).toBe(0);

    expect(server.overlappingKeys).toEqual([]);
    const successes = server.requests.filter((_, index) => (index + 1) % 7 !== 0);
    const keys = successes.map((r) => String(r.headers['idempotency-key']));
    expect(new Set(keys).size).toBe(200);
  }, 60_000);

  it('the check above notices a sale in flight twice (negative control)', async () => {
    const server = await scriptedServer(() => ({ status: 201, body: '{}', delayMs: 50 }));
    const send = () =>
      fetch(`${server.url}/v1/sales`, {
        method: 'POST',
        headers: { 'idempotency-key': 'same' },
        body: '{}',
      });
    await Promise.all([send(), send()]);
    expect(server.overlappingKeys).toEqual(['same']);
  });
});
