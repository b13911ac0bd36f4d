import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { PrometheusExporter } from '@opentelemetry/exporter-prometheus';
import { afterEach, describe, expect, it } from 'vitest';
import { loadAgentConfig, lockedSettings } from '../../main/config/agent-config.js';
import { startPullEndpoint, type PullEndpoint } from '../../main/metrics/pull-endpoint.js';
import { otlpMetricsUrl, pushgatewayGroupUrl } from '../../main/metrics/start-metrics.js';
import { tillId, TILL_ID_FILE } from '../../main/metrics/till-id.js';
import { repoRoot } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp-dir.js';

const execFileAsync = promisify(execFile);

const load = (env: NodeJS.ProcessEnv, flags = {}) =>
  loadAgentConfig({ dataDir: tempDir(), env, flags });

describe('where metrics go: settings', () => {
  it('is off unless asked, and reads each way out from the environment', () => {
    const off = load({});
    expect(off.ok && off.value.metrics).toEqual({ pushIntervalSeconds: 60 });
    const on = load({
      TILLSYNC_METRICS_LISTEN: '127.0.0.1:9464',
      TILLSYNC_OTLP_ENDPOINT: 'https://otel.example.com',
      TILLSYNC_OTLP_HEADERS: 'api-key=abc%20def',
      TILLSYNC_PUSHGATEWAY_URL: 'https://push.example.com/',
      TILLSYNC_METRICS_INTERVAL: '30',
    });
    expect(on.ok && on.value.metrics).toEqual({
      listen: '127.0.0.1:9464',
      otlpEndpoint: 'https://otel.example.com',
      otlpHeaders: 'api-key=abc%20def',
      pushgatewayUrl: 'https://push.example.com',
      pushIntervalSeconds: 30,
    });
  });

  it('refuses an endpoint other machines can reach without a token, and says what to do', () => {
    const open = load({ TILLSYNC_METRICS_LISTEN: '0.0.0.0:9464' });
    expect(open.ok).toBe(false);
    if (!open.ok)
      expect(open.error.message).toMatch(/0\.0\.0\.0:9464.*TILLSYNC_METRICS_TOKEN.*127\.0\.0\.1/);
    const guarded = load({
      TILLSYNC_METRICS_LISTEN: '0.0.0.0:9464',
      TILLSYNC_METRICS_TOKEN: 'a-long-enough-token',
    });
    expect(guarded.ok).toBe(true);
    const short = load({
      TILLSYNC_METRICS_LISTEN: '0.0.0.0:9464',
      TILLSYNC_METRICS_TOKEN: 'short',
    });
    expect(!short.ok && short.error.message).toMatch(/token: must be at least 16 characters/);
  });

  it('sends pushes over https only, unless to this machine, and checks each value', () => {
    const plain = load({ TILLSYNC_OTLP_ENDPOINT: 'http://otel.example.com' });
    expect(!plain.ok && plain.error.message).toMatch(/otlpEndpoint: must use https/);
    expect(load({ TILLSYNC_PUSHGATEWAY_URL: 'http://127.0.0.1:9091' }).ok).toBe(true);
    const portOnly = load({ TILLSYNC_METRICS_LISTEN: '9464' });
    expect(portOnly.ok && portOnly.value.metrics?.listen).toBe('127.0.0.1:9464');
    const badListen = load({ TILLSYNC_METRICS_LISTEN: 'till:port' });
    expect(!badListen.ok && badListen.error.message).toMatch(/listen: must be HOST:PORT/);
    const badHeaders = load({ TILLSYNC_OTLP_HEADERS: 'no pairs here' });
    expect(!badHeaders.ok && badHeaders.error.message).toMatch(/otlpHeaders: must be name=value/);
  });

  it('lets the flags win over the environment, and names what fixes each setting', () => {
    const env = {
      TILLSYNC_METRICS_LISTEN: '127.0.0.1:1111',
      TILLSYNC_PUSHGATEWAY_URL: 'http://localhost:9091',
    };
    const flags = { metrics: { listen: '127.0.0.1:2222' } };
    const loaded = load(env, flags);
    expect(loaded.ok && loaded.value.metrics?.listen).toBe('127.0.0.1:2222');
    expect(lockedSettings({ env, flags })).toMatchObject({
      listen: 'the command-line flags',
      pushgatewayUrl: 'TILLSYNC_PUSHGATEWAY_URL',
    });
  });

  it('addresses the collector and the Pushgateway group as their conventions say', () => {
    expect(otlpMetricsUrl('https://otel.example.com')).toBe('https://otel.example.com/v1/metrics');
    expect(otlpMetricsUrl('https://otel.example.com/otlp/v1/metrics')).toBe(
      'https://otel.example.com/otlp/v1/metrics',
    );
    expect(pushgatewayGroupUrl('http://127.0.0.1:9091', 'a b')).toBe(
      'http://127.0.0.1:9091/metrics/job/tillsync/till_id/a%20b',
    );
  });
});

describe("the till's id", () => {
  it('is made once and kept in the data folder', () => {
    const dataDir = tempDir();
    const id = tillId(dataDir);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(tillId(dataDir)).toBe(id);
    expect(readFileSync(join(dataDir, TILL_ID_FILE), 'utf8').trim()).toBe(id);
  });

  it('is the same for processes that make it at the same moment', async () => {
    const dataDir = tempDir();
    const module = pathToFileURL(join(repoRoot, 'main', 'metrics', 'till-id.ts')).href;
    // Each child loads first, then waits for the same moment before making the id.
    const at = Date.now() + 2_000;
    const script = `const { tillId } = await import(${JSON.stringify(module)}); while (Date.now() < ${at}); console.log(tillId(process.argv[1]));`;
    const ids = await Promise.all(
      Array.from({ length: 6 }, () =>
        execFileAsync(
          process.execPath,
          ['--import', 'tsx', '--input-type=module', '-e', script, dataDir],
          {
            cwd: repoRoot,
          },
        ).then(({ stdout }) => stdout.trim()),
      ),
    );
    expect(new Set(ids).size).toBe(1);
    expect(ids[0]).toBe(tillId(dataDir));
    expect(readdirSync(dataDir)).toEqual([TILL_ID_FILE]); // no partial file left behind
  }, 30_000);
});

describe('the Prometheus endpoint', () => {
  let endpoint: PullEndpoint | undefined;
  afterEach(async () => endpoint?.close());
  const exporter = () => new PrometheusExporter({ preventServerStart: true });

  it('with a token: answers only a request bearing it, only at GET /metrics', async () => {
    endpoint = await startPullEndpoint('127.0.0.1:0', 'a-long-enough-token', exporter());
    const url = endpoint.url;
    expect((await fetch(url)).status).toBe(401);
    const wrong = await fetch(url, { headers: { authorization: 'Bearer a-long-enough-tokeX' } });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toMatch(/^Bearer/);
    const right = await fetch(url, { headers: { authorization: 'Bearer a-long-enough-token' } });
    expect(right.status).toBe(200);
    expect(right.headers.get('content-type')).toMatch(/^text\/plain/);
    expect((await fetch(url.replace('/metrics', '/'))).status).toBe(404);
    expect((await fetch(url, { method: 'POST' })).status).toBe(405);
  });

  it('on loopback without a token: answers only requests addressed to this machine', async () => {
    endpoint = await startPullEndpoint('127.0.0.1:0', undefined, exporter());
    expect((await fetch(endpoint.url)).status).toBe(200);
    const { request } = await import('node:http');
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const req = request(endpoint!.url, { headers: { host: 'evil.example:80' } }, (res) => {
        res.resume();
        resolve(res.statusCode);
      });
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(403);
  });
});
