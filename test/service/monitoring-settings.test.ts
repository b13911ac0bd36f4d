// The Settings screen's monitoring section, through the service as the UI calls it: a
// change is checked, written to config.json and takes effect at once; an unsafe or locked
// one is refused by field, and nothing is written.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Runtime } from '../../main/agent/runtime.js';
import { createService } from '../../main/agent/service.js';
import type { MethodOutput } from '../../main/contract/contract.js';
import { consoleRuntime } from '../helpers/runtime.js';
import { tempDir } from '../helpers/temp-dir.js';

let runtime: Runtime | undefined;
afterEach(async () => {
  await runtime?.close();
  runtime = undefined;
});

type Settings = MethodOutput<'getSettings'>;

async function serviceIn(dataDir: string, env: NodeJS.ProcessEnv = {}) {
  runtime = await consoleRuntime(dataDir, { env });
  return createService(runtime);
}

const configOf = (dataDir: string) =>
  existsSync(join(dataDir, 'config.json'))
    ? (JSON.parse(readFileSync(join(dataDir, 'config.json'), 'utf8')) as Record<string, unknown>)
    : {};

describe('monitoring settings from the Settings screen', () => {
  it('serves the Prometheus endpoint as soon as it is saved, and stops when emptied', async () => {
    const dataDir = tempDir();
    const service = await serviceIn(dataDir);
    const saved = await service.call('updateMonitoring', {
      listen: '127.0.0.1:0',
      pushIntervalSeconds: 30,
    });
    if (!saved.ok) throw new Error(saved.error.message);
    const { monitoring } = saved.value as Settings;
    const servedAt = monitoring.servedAt;
    expect(servedAt).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    const text = await (await fetch(servedAt!)).text();
    expect(text).toContain(`till_id="${monitoring.tillId}"`);
    expect(configOf(dataDir).metrics).toEqual({ listen: '127.0.0.1:0', pushIntervalSeconds: 30 });

    const off = await service.call('updateMonitoring', { listen: null });
    if (!off.ok) throw new Error(off.error.message);
    expect((off.value as Settings).monitoring).toMatchObject({ listen: null, servedAt: null });
    await expect(fetch(servedAt!)).rejects.toThrow();
    expect(configOf(dataDir).metrics).toEqual({ pushIntervalSeconds: 30 });
  });

  it('refuses an endpoint others can reach without a token, by field, and writes nothing', async () => {
    const dataDir = tempDir();
    const service = await serviceIn(dataDir);
    const refused = await service.call('updateMonitoring', { listen: '0.0.0.0:9464' });
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.error.fields).toEqual([
        {
          path: '/listen',
          message: expect.stringMatching(/TILLSYNC_METRICS_TOKEN/) as string,
          say: { key: 'errors.metrics.openToNetwork', values: { listen: '0.0.0.0:9464' } },
        },
      ]);
    }
    const bad = await service.call('updateMonitoring', { otlpEndpoint: 'http://otel.example.com' });
    expect(!bad.ok && bad.error.fields?.[0]).toMatchObject({
      path: '/otlpEndpoint',
      message: expect.stringMatching(/must use https/) as string,
    });
    expect(configOf(dataDir).metrics).toBeUndefined();
  });

  it('leaves what the environment sets alone, and says where it comes from', async () => {
    const service = await serviceIn(tempDir(), {
      TILLSYNC_PUSHGATEWAY_URL: 'http://127.0.0.1:1',
      TILLSYNC_METRICS_LISTEN: '127.0.0.1:0',
      TILLSYNC_METRICS_TOKEN: 'secret-token-value-123',
    });
    const locked = await service.call('updateMonitoring', { pushgatewayUrl: null });
    expect(!locked.ok && locked.error).toMatchObject({
      code: 'locked',
      message: expect.stringMatching(/TILLSYNC_PUSHGATEWAY_URL/) as string,
    });
    const view = await service.call('getSettings', {});
    if (!view.ok) throw new Error(view.error.message);
    const settings = view.value as Settings;
    expect(settings.monitoring).toMatchObject({
      pushgatewayUrl: 'http://127.0.0.1:1',
      tokenSet: true,
    });
    expect(settings.platform.locked).toMatchObject({ listen: 'TILLSYNC_METRICS_LISTEN' });
    // The token never reaches the page.
    expect(JSON.stringify(view.value)).not.toContain('secret-token-value-123');
  });
});
