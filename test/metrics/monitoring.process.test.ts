// A chain's monitoring, for real: Debian's Prometheus scraping a running daemon, the same
// through a Pushgateway (ten tills at once), and an OTLP/HTTP receiver. What monitoring
// shows must be what `tillsync status` says, before and after a drain, and nothing private
// may ever leave the till.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore } from '../../db/store.js';
import type { SyncStatus } from '../../domain/sync-status.js';
import { repoRoot, runCli, startCli, type RunningCli } from '../helpers/cli.js';
import {
  freePort,
  monitoringMissing,
  startPrometheus,
  startPushgateway,
  type Sample,
} from '../helpers/prometheus.js';
import { checked, validSale } from '../helpers/sales.js';
import { strictPlatform } from '../helpers/strict-platform.js';
import { tempDir } from '../helpers/temp-dir.js';
import { waitUntil } from '../sync/helpers.js';

const missing = monitoringMissing();
const API_KEY = 'key-never-exported-7f3a9c';
const REFUSED_PRODUCT = 'prod_refusedQ9';
const CUSTOMER = 'cust_privateZ4';

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

/** A platform that is down until opened; refuses one product; may cut stored answers. */
async function platform(cutFirstStored = 0) {
  let open = false;
  let stored = 0;
  const server = await strictPlatform({
    honoursKeys: false,
    before: (request) => {
      if (!open) return { status: 503, body: 'down for the test' };
      if (request.body.includes(REFUSED_PRODUCT))
        return {
          status: 422,
          headers: { 'content-type': 'application/problem+json' },
          body: JSON.stringify({ title: 'Unknown product', detail: 'no such product' }),
        };
      return 'store';
    },
    cutAfterStore: () => ++stored <= cutFirstStored,
  });
  return { ...server, open: () => (open = true) };
}

function till(name: string, platformUrl: string, metricsEnv: Record<string, string>) {
  const dataDir = tempDir();
  const quick = {
    pollIntervalMs: 200,
    probeIntervalMs: 200,
    debounceMs: 0,
    backoffBaseMs: 100,
    backoffCapMs: 400,
    // Long enough that every answer comes on a loaded machine: a 503 that took longer than
    // 800 ms (ten tills in one process beside the simulation) left a sale "may be on the
    // platform", and the figures a test expects counted one uncertain.
    requestTimeoutMs: 5_000,
  };
  writeFileSync(join(dataDir, 'config.json'), JSON.stringify({ sync: quick }));
  const store = openStore(join(dataDir, 'tillsync.db'));
  const saved = store.settings.update({ tillName: name });
  if (!saved.ok) throw new Error(saved.error.message);
  const env = {
    TILLSYNC_DATA_DIR: dataDir,
    TILLSYNC_BASE_URL: platformUrl,
    TILLSYNC_API_KEY: API_KEY,
    ...metricsEnv,
  };
  return {
    dataDir,
    store,
    env,
    record(good: number, refused = 0) {
      for (let i = 0; i < good + refused; i++) {
        const item = {
          productId: i < good ? 'prod_8Hq2x' : REFUSED_PRODUCT,
          quantity: 1,
          unitPriceMinor: 200,
        };
        const result = store.recordSale(
          checked(validSale({ items: [item], customerId: CUSTOMER })),
        );
        if (!result.ok) throw new Error(result.error.message);
      }
    },
    async status(): Promise<SyncStatus> {
      const run = await runCli(['status', '--json'], { env });
      return (JSON.parse(run.stdout) as { sync: SyncStatus }).sync;
    },
    start(): RunningCli {
      const daemon = startCli(['daemon'], env);
      cleanups.push(() => daemon.stop());
      return daemon;
    },
  };
}
type Till = ReturnType<typeof till>;

/** The figures monitoring must agree with, as `tillsync status --json` prints them. */
const figuresOf = (status: SyncStatus) => ({
  waiting: status.counts.pending + status.counts.sending,
  refused: status.counts.refused,
  uncertain: status.uncertain,
});

async function seenBy(query: (expression: string) => Promise<Sample[]>, selector: string) {
  const value = async (name: string) => (await query(`${name}${selector}`))[0]?.value;
  return {
    waiting: await value('tillsync_sales_waiting'),
    refused: await value('tillsync_sales_refused'),
    uncertain: await value('tillsync_sales_uncertain'),
  };
}

/** Waits until monitoring shows exactly what `tillsync status` says (and that is settled). */
async function agrees(t: Till, query: (e: string) => Promise<Sample[]>, selector: string) {
  let last = '';
  await waitUntil(
    async () => {
      const expected = figuresOf(await t.status());
      const seen = await seenBy(query, selector);
      last = JSON.stringify({ expected, seen });
      return JSON.stringify(seen) === JSON.stringify(expected);
    },
    30_000,
    () => `monitoring to agree with tillsync status (${last})`,
  );
  return figuresOf(await t.status());
}

const manyTillsScript = fileURLToPath(new URL('../fixtures/many-tills.ts', import.meta.url));

/** The tills running in one process of their own, as the daemon runs each. */
async function manyTills(tills: Till[]) {
  const list = tills.map((t) => ({ dataDir: t.dataDir, env: t.env }));
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', manyTillsScript, JSON.stringify(list)],
    {
      cwd: repoRoot,
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise((resolve) => child.on('close', resolve));
  cleanups.push(async () => {
    child.kill('SIGTERM');
    await exited;
  });
  await waitUntil(() => output.includes('ready\n'), 60_000, 'the tills to start');
  return {
    async stop(index: number) {
      child.stdin.write(`stop ${index}\n`);
      await waitUntil(() => output.includes(`stopped ${index}\n`), 20_000, `till ${index} to stop`);
    },
  };
}

const drained = (t: Till, refused: number) =>
  waitUntil(
    () => t.store.countByState().pending === 0 && t.store.countByState().refused === refused,
    30_000,
    'the drain',
  );

function expectNothingPrivate(exported: string) {
  for (const secret of [API_KEY, REFUSED_PRODUCT, 'prod_8Hq2x', CUSTOMER])
    expect(exported).not.toContain(secret);
}

describe.skipIf(missing)('a till in its chain’s monitoring', () => {
  it('a real Prometheus scraping a daemon shows what tillsync status shows, before and after a drain', async () => {
    const upstream = await platform(2);
    const port = await freePort();
    const t = till('Counter 1', upstream.url, { TILLSYNC_METRICS_LISTEN: `127.0.0.1:${port}` });
    t.record(5, 2);
    await t.start().waitFor(/Tillsync daemon started/);
    const prometheus = await startPrometheus([{ job: 'tillsync', targets: [`127.0.0.1:${port}`] }]);
    cleanups.push(prometheus.stop);

    const before = await agrees(t, prometheus.query, '{job="tillsync"}');
    expect(before).toEqual({ waiting: 7, refused: 0, uncertain: 0 });

    upstream.open();
    await drained(t, 2);
    const after = await agrees(t, prometheus.query, '{job="tillsync"}');
    expect(after.waiting).toBe(0);
    expect(after.refused).toBe(2);
    expect(after.uncertain).toBeGreaterThan(0); // the cut answers, with keys not honoured

    const [series] = await prometheus.query('tillsync_sales_waiting{job="tillsync"}');
    expect(series!.labels).toMatchObject({ till_name: 'Counter 1' });
    expect(series!.labels.till_id).toMatch(/^[0-9a-f-]{36}$/);
    // A counter is as new as the last scrape: wait for the one after the last send.
    let attempts = '';
    await waitUntil(
      async () => {
        const synced = await prometheus.query(
          'sum(tillsync_attempts_total{outcome="synced",status_class="2xx"})',
        );
        attempts = JSON.stringify(await prometheus.query('tillsync_attempts_total'));
        return (synced[0]?.value ?? 0) >= 5;
      },
      10_000,
      () => `five sends counted as synced (${attempts})`,
    );
    const served = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    expectNothingPrivate(served);
  }, 120_000);

  it('ten tills pushing to a Pushgateway show up as ten labelled series; a clean stop pushes once more', async () => {
    // Ten data folders with their own settings and runtimes, in one process: ten Node
    // processes starting at once would starve the other tests of a 2-core machine.
    const upstream = await platform();
    const gateway = await startPushgateway();
    cleanups.push(gateway.stop);
    const env = (seconds: number) => ({
      TILLSYNC_PUSHGATEWAY_URL: gateway.url,
      TILLSYNC_METRICS_INTERVAL: String(seconds),
    });
    // Till 3 pushes at its start and at its stop only: its last figures prove the last push.
    const tills = Array.from({ length: 10 }, (_, i) =>
      till(`Till ${i + 1}`, upstream.url, env(i === 2 ? 3600 : 5)),
    );
    tills.forEach((t, i) => t.record(i + 1));
    const running = await manyTills(tills);
    const prometheus = await startPrometheus([
      { job: 'pushgateway', targets: [gateway.target], honorLabels: true },
    ]);
    cleanups.push(prometheus.stop);

    let seen = 0;
    await waitUntil(
      async () => (seen = (await prometheus.query('tillsync_sales_waiting')).length) === 10,
      60_000,
      'ten tills in Prometheus',
    ).catch(async (error: Error) => {
      const pushed = await (await fetch(`${gateway.url}/metrics`)).text();
      const groups = pushed.match(/^tillsync_sales_waiting.*$/gm) ?? [];
      throw new Error(`${error.message}: ${seen} seen; the Pushgateway holds ${groups.join('\n')}`);
    });
    const series = await prometheus.query('tillsync_sales_waiting');
    expect(new Set(series.map((s) => s.labels.till_id)).size).toBe(10);
    expect(series.map((s) => s.labels.till_name).sort()).toEqual(
      tills.map((_, i) => `Till ${i + 1}`).sort(),
    );
    const first = tills[0]!;
    const selector = (t: Till) => `{till_name="${t.store.settings.read().tillName}"}`;
    expect(await agrees(first, prometheus.query, selector(first))).toEqual({
      waiting: 1,
      refused: 0,
      uncertain: 0,
    });

    upstream.open();
    await drained(first, 0);
    expect((await agrees(first, prometheus.query, selector(first))).waiting).toBe(0);

    // Till 3 pushed 3 waiting at its start; drained, then stopped, its last push says 0.
    const last = tills[2]!;
    await drained(last, 0);
    await running.stop(2);
    const pushed = await (await fetch(`${gateway.url}/metrics`)).text();
    const lastId = /till_id="([^"]+)"[^\n]*till_name="Till 3"/.exec(pushed)?.[1];
    expect(lastId).toBeDefined();
    const waitingLine = pushed
      .split('\n')
      .find(
        (line) =>
          line.startsWith('tillsync_sales_waiting{') && line.includes(`till_id="${lastId}"`),
      );
    expect(figuresOf(await last.status()).waiting).toBe(0);
    expect(Number(waitingLine?.split(' ').at(-1))).toBe(0);
    expectNothingPrivate(pushed);
  }, 180_000);

  it('pushes over OTLP/HTTP with its headers: names, labels and values a collector can read', async () => {
    const upstream = await platform();
    const received: Array<{ headers: Record<string, unknown>; body: string }> = [];
    const receiver = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push({ headers: request.headers, body });
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise((resolve) => receiver.close(resolve)));
    const { port } = receiver.address() as AddressInfo;
    const t = till('Counter OTLP', upstream.url, {
      TILLSYNC_OTLP_ENDPOINT: `http://127.0.0.1:${port}`,
      TILLSYNC_OTLP_HEADERS: 'authorization=Bearer%20collector-token',
      TILLSYNC_METRICS_INTERVAL: '5',
    });
    t.record(3);
    const daemon = t.start();
    await daemon.waitFor(/Tillsync daemon started/);
    await waitUntil(() => received.length > 0, 30_000, 'an OTLP push');
    await daemon.stop();

    const push = received.at(-1)!;
    expect(push.headers.authorization).toBe('Bearer collector-token');
    type Point = {
      asDouble?: number;
      asInt?: string | number;
      attributes: Array<{ key: string; value: { stringValue?: string } }>;
    };
    const body = JSON.parse(push.body) as {
      resourceMetrics: Array<{
        scopeMetrics: Array<{ metrics: Array<{ name: string; gauge?: { dataPoints: Point[] } }> }>;
      }>;
    };
    const metrics = body.resourceMetrics.flatMap((r) => r.scopeMetrics.flatMap((s) => s.metrics));
    const waiting = metrics.find((m) => m.name === 'tillsync_sales_waiting')!;
    const point = waiting.gauge!.dataPoints[0]!;
    const labels = Object.fromEntries(point.attributes.map((a) => [a.key, a.value.stringValue]));
    expect(labels).toMatchObject({ till_name: 'Counter OTLP' });
    expect(labels.till_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number(point.asDouble ?? point.asInt)).toBe(figuresOf(await t.status()).waiting);
    expect(metrics.map((m) => m.name)).toEqual(
      expect.arrayContaining([
        'tillsync_sales_refused',
        'tillsync_sales_uncertain',
        'tillsync_info',
      ]),
    );
    expectNothingPrivate(received.map((r) => r.body).join('\n'));
  }, 90_000);
});
