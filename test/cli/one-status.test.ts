// One status everywhere: `tillsync status`, its --json, the screens' reading (the status
// view at the screen's own time), the metrics and `tillsync doctor` say the same thing of
// the link and the key, for a refused key, a platform that hangs, and a key saved before
// any address; and of the shift the till is in. Real SQLite, real servers on 127.0.0.1,
// real child processes.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createRuntime, type Runtime } from '../../main/agent/runtime.js';
import { createService } from '../../main/agent/service.js';
import { fileSecretStore } from '../../main/config/secret-store.js';
import { viewStatus } from '../../domain/views/status-view.js';
import { statusReadings } from '../../main/metrics/till-figures.js';
import type { SyncStatus } from '../../domain/sync-status.js';
import { runCli } from '../helpers/cli.js';
import { checked, validSale } from '../helpers/sales.js';
import { consoleRuntime } from '../helpers/runtime.js';
import { NO_PLATFORM_HERE } from '../helpers/platform-till.js';
import { scriptedServer, type ScriptedAnswer } from '../helpers/scripted-server.js';
import { statusRuleViolations } from '../helpers/status-rules.js';
import { tempDir } from '../helpers/temp-dir.js';
import { sandboxForTest } from '../sandbox/helpers.js';
import { till, waitUntil } from '../sync/helpers.js';

const runtimes: Runtime[] = [];
afterEach(async () => {
  await Promise.all(runtimes.splice(0).map((runtime) => runtime.close()));
});

const refusing: ScriptedAnswer = {
  status: 401,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ error: 'invalid_token', message: 'malformed' }),
};

interface DoctorReport {
  checks: Array<{ area: string; status: string; detail: string }>;
}

/** What every surface beside the engine says, read from the data folder at one moment. */
async function surfaces(dataDir: string, env: Record<string, string> = {}) {
  const withDir = { TILLSYNC_DATA_DIR: dataDir, ...env };
  const [json, text, doctor] = await Promise.all([
    runCli(['status', '--json'], { env: withDir }),
    runCli(['status'], { env: withDir }),
    runCli(['doctor', '--json'], { env: withDir }),
  ]);
  const report = JSON.parse(doctor.stdout) as DoctorReport;
  return {
    json: (JSON.parse(json.stdout) as { sync: SyncStatus }).sync,
    text: text.stdout,
    doctor: (area: string) => report.checks.find((check) => check.area === area),
  };
}

const gauge = (status: SyncStatus, now: number, name: string) =>
  statusReadings(status, now).find((reading) => reading.gauge === name)?.value;

describe('one status, everywhere', () => {
  it('a refused key: every surface says "Key rejected" at once, with a key set, before any sale', async () => {
    const server = await scriptedServer(() => refusing);
    const dataDir = tempDir();
    const runtime = await consoleRuntime(dataDir, { baseUrl: server.url });
    runtimes.push(runtime);
    const saved = await createService(runtime).call('setApiKey', { key: 'a-refused-key' });
    expect(saved).toMatchObject({ ok: true, value: { keyCheck: { verdict: 'refused' } } });

    // The banner's and the tray's reading, and the metrics: at once, no sale needed.
    const live = runtime.status();
    expect(viewStatus(live, Date.now())).toMatchObject({ link: 'key_rejected', tone: 'error' });
    expect(viewStatus(live, Date.now()).headline).toMatch(/^Key rejected/);
    expect(gauge(live, Date.now(), 'online')).toBe(0);
    expect(gauge(live, Date.now(), 'queuePaused')).toBe(1);
    expect(statusRuleViolations(live, Date.now())).toEqual([]);

    const seen = await surfaces(dataDir);
    expect(seen.json).toMatchObject({ link: 'key_rejected', apiKey: { set: true } });
    // The console keeps the key in the data folder's key file: set means set, everywhere.
    expect(seen.text).toMatch(/^ {2}api key {4}set, refused by the platform$/m);
    expect(seen.text).toMatch(/^ {2}link {7}key rejected$/m);
    expect(seen.text).toMatch(/^ {2}sync {7}Key rejected: /m);
    expect(seen.text).toContain('paused     HTTP 401: malformed. Set a new key');
    expect(seen.text).not.toContain('not set');
    expect(seen.doctor('sync')).toMatchObject({ status: 'fail' });
    expect(seen.doctor('sync')?.detail).toMatch(/refused the API key\. HTTP 401: malformed\./);
    expect(seen.doctor('api key')?.detail ?? '').not.toMatch(/No API key is set/);
    expect(server.requests.map((request) => request.body)).not.toContain(
      expect.stringContaining('items'),
    );
  });

  it('a platform that hangs: past the online window, every surface says checking, --json too', async () => {
    const sandbox = await sandboxForTest();
    const t = till();
    const config = { baseUrl: sandbox.url, apiKey: await sandbox.mintKey() };
    // The engine's clock runs the window behind: its last answer is 100 s old right now.
    const behind = 100_000;
    const clock = { now: () => Date.now() - behind, monotonic: () => performance.now() };
    const engine = t.engine({ ...config, sync: { requestTimeoutMs: 300 } }, { clock });
    const sell = () => t.store.recordSale(checked(), { now: clock.now() });
    sell();
    expect(await engine.drain()).toMatchObject({ synced: 1 });
    await sandbox.faults.set({ outage: 'hang' });
    sell();
    await engine.drain(); // sent, never answered: no news of the platform since
    const lastEvent = engine.status(); // what a screen last heard, 100 s ago by now
    expect(lastEvent.link).toBe('online');
    await engine.stop();

    const now = Date.now();
    expect(viewStatus(lastEvent, now).link).toBe('checking'); // the screen's own clock
    expect(gauge(lastEvent, now, 'online')).toBe(0);
    const dataDir = join(t.file, '..');
    // The doctor asks the platform itself: it waits a second, not the default 15 s.
    writeFileSync(
      join(dataDir, 'config.json'),
      JSON.stringify({ sync: { requestTimeoutMs: 1000 } }),
    );
    const env = { TILLSYNC_BASE_URL: sandbox.url, TILLSYNC_API_KEY: config.apiKey };
    const seen = await surfaces(dataDir, env);
    expect(seen.json.link).toBe('checking');
    expect(seen.text).toMatch(/^ {2}link {7}checking$/m);
    expect(seen.text).toMatch(/^ {2}sync {7}Checking the platform: no answer for 2 min\./m);
    expect(seen.doctor('platform')?.detail).toMatch(/: no answer within 1 s\.$/);
    expect(seen.doctor('sync')).toMatchObject({ status: 'warn' });
    expect(seen.doctor('sync')?.detail).toMatch(
      /^Checking the platform: .* last answered 2 min ago/,
    );
    expect(statusRuleViolations(seen.json, Date.now())).toEqual([]);
  });

  it('a key saved before any address is checked as soon as the address is saved', async () => {
    const server = await scriptedServer(() => refusing);
    const dataDir = tempDir();
    const runtime = await createRuntime({
      dataDir,
      env: {},
      secrets: fileSecretStore(dataDir),
      sandbox: 'when-unconfigured', // as the app and the console run
      kind: 'console',
    });
    runtimes.push(runtime);
    const service = createService(runtime);
    const saved = await service.call('setApiKey', { key: 'saved-first' });
    expect(saved).toMatchObject({ ok: true, value: { keyCheck: null, mode: 'sandbox' } });
    expect(server.requests).toHaveLength(0);

    expect(await service.call('updateSettings', { baseUrl: server.url })).toMatchObject({
      ok: true,
      value: { mode: 'platform' },
    });
    await waitUntil(() => runtime.status().link === 'key_rejected', 5000, 'the key check');
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]).toMatchObject({ method: 'POST', body: '{}' });
    expect(server.requests[0]!.headers.authorization).toBe('Bearer saved-first');
    expect((await surfaces(dataDir)).json.link).toBe('key_rejected');
  });

  it('a key the desktop app keeps encrypted is set for status and doctor alike, said where it is', async () => {
    const dataDir = tempDir();
    writeFileSync(
      join(dataDir, 'config.json'),
      JSON.stringify({ baseUrl: 'https://api.example.com' }),
    );
    writeFileSync(join(dataDir, 'api-key.enc'), 'ciphertext only the app can open');
    await runCli(['record'], {
      input: JSON.stringify(validSale()),
      env: { TILLSYNC_DATA_DIR: dataDir },
    });
    const seen = await surfaces(dataDir);
    expect(seen.json.apiKey).toEqual({ set: true, elsewhere: 'desktop_app' });
    expect(seen.text).toMatch(/^ {2}api key {4}set, kept encrypted by the desktop app/m);
    expect(seen.text).toMatch(
      /^ {2}platform {3}https:\/\/api\.example\.com, not in use yet: no Tillsync process has sent with it$/m,
    );
    expect(seen.doctor('api key')).toMatchObject({ status: 'warn' });
    expect(seen.doctor('api key')?.detail).toMatch(/kept encrypted by the desktop app/);
  });

  it('the shift the till is in: since when, by whom, its float, a close under way, the same everywhere', async () => {
    const dataDir = tempDir();
    const runtime = await consoleRuntime(dataDir, { baseUrl: NO_PLATFORM_HERE, key: 'test-key' });
    runtimes.push(runtime);
    const cli = (args: string[], input = '', env: Record<string, string> = {}) =>
      runCli(args, { input, env: { TILLSYNC_DATA_DIR: dataDir, ...env } });
    const shiftText = (text: string) => /^ {2}shift {6}(.*)$/m.exec(text)?.[1];
    // The relative part ("4 s ago") moves between two readings; the rest may not.
    const steady = (line: string | undefined) => line?.replace(/ \([^)]*\)/, '');

    let seen = await surfaces(dataDir);
    expect(seen.json.shift).toBeNull();
    expect(runtime.status().shift).toBeNull();
    expect(shiftText(seen.text)).toBe('No shift open.');
    expect(viewStatus(runtime.status(), Date.now()).shift).toBe('No shift open.');

    expect((await cli(['cashiers', 'add', 'Mia', '--role', 'manager'], '1234\n')).code).toBe(0);
    const asMia = { TILLSYNC_PIN: '1234' };
    expect(
      (await cli(['shift', 'open', '--float', '80', '--cashier', 'Mia'], '', asMia)).code,
    ).toBe(0);
    // The engine's reading (the Sync screen's, through its status events) and the CLI's.
    const live = runtime.status();
    seen = await surfaces(dataDir);
    expect(live.shift).toMatchObject({
      state: 'open',
      openedBy: 'Mia',
      floatMinor: 8000,
      floatCounted: true,
    });
    expect(seen.json.shift).toEqual(live.shift);
    const since = new Date(live.shift!.openedAt).toLocaleString();
    expect(shiftText(seen.text)).toMatch(
      /^Open since .* \((just now|\d+ s ago)\), opened by Mia; float counted\.$/,
    );
    expect(steady(shiftText(seen.text))).toBe(`Open since ${since}, opened by Mia; float counted.`);
    expect(steady(viewStatus(live, Date.now()).shift)).toBe(steady(shiftText(seen.text)));
    expect(statusRuleViolations(seen.json, Date.now())).toEqual([]);

    // The till's screen begins the count: every surface says a close is under way.
    expect(await createService(runtime).call('beginClose', {})).toMatchObject({ ok: true });
    seen = await surfaces(dataDir);
    expect(runtime.status().shift?.state).toBe('closing');
    expect(seen.json.shift).toEqual(runtime.status().shift);
    expect(steady(shiftText(seen.text))).toBe(
      `Closing: the cash is being counted. Open since ${since}, opened by Mia; float counted.`,
    );

    expect(
      (await cli(['shift', 'close', '--counted', '80', '--cashier', 'Mia'], '', asMia)).code,
    ).toBe(0);
    seen = await surfaces(dataDir);
    expect([seen.json.shift, runtime.status().shift]).toEqual([null, null]);
    expect(shiftText(seen.text)).toBe('No shift open.');
  });
});
