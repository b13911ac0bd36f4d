// The status a cashier and a shop owner see, in Chromium through the console, against a
// real sandbox: it never contradicts itself, its times are live and in the right tense,
// a stopped platform shows as offline, a malformed address is named before any switch, and
// the console's cookie replayed by another local server opens nothing. How it follows news
// (and its absence) is in status-news.e2e.test.ts.
import { createServer, request, type IncomingHttpHeaders } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRuntime } from '../../main/agent/runtime.js';
import { STATE_KEYS } from '../../domain/sale-states.js';
import { english } from '../../domain/i18n/messages.js';
import { fileSecretStore } from '../../main/config/secret-store.js';
import { createService } from '../../main/agent/service.js';
import { viewStatus } from '../../domain/views/status-view.js';
import { startConsole } from '../../main/console/server.js';
import { axeViolations, chromiumAvailable, requireChromiumInCi } from '../helpers/browser.js';
import {
  sell as sellOn,
  startTillInBrowser,
  waitForPage,
  type TillInBrowser,
} from '../helpers/till-in-browser.js';
import { checked } from '../helpers/sales.js';
import { statusRuleViolations } from '../helpers/status-rules.js';

requireChromiumInCi();

let till: TillInBrowser | undefined;
let sandbox: TillInBrowser['sandbox'];
let runtime: TillInBrowser['runtime'];
let consoleServer: TillInBrowser['consoleServer'];
let browser: TillInBrowser['browser'];
let page: TillInBrowser['page'];

const banner = () => page.locator('.banner');
const tab = (name: string) => page.getByRole('tab', { name: new RegExp(`^${name}`) });
const text = async (testId: string) => (await page.getByTestId(testId).textContent()) ?? '';

const waitFor = (check: () => Promise<boolean>, what: string, timeoutMs?: number) =>
  waitForPage(page, check, what, timeoutMs);

/** What the page shows, read at one instant, so the parts can be compared. */
const SNAPSHOT = `(() => ({
  banner: document.querySelector('.banner')?.textContent ?? '',
  tone: document.querySelector('.banner')?.getAttribute('data-state') ?? '',
  waiting: document.querySelector('[data-testid="count-waiting"]')?.textContent ?? '',
  refused: document.querySelector('[data-testid="count-refused"]')?.textContent ?? '',
  rowStates: [...document.querySelectorAll('table.sales .state')].map((el) => el.textContent),
}))()`;
interface Snapshot {
  banner: string;
  tone: string;
  waiting: string;
  refused: string;
  rowStates: string[];
}

const sell = (productName: string) => sellOn(page, productName);

describe.skipIf(!chromiumAvailable)('the status in Chromium, against a real sandbox', () => {
  beforeAll(async () => {
    till = await startTillInBrowser('status-e2e', {
      backoffBaseMs: 300,
      backoffCapMs: 1000,
      pollIntervalMs: 200,
      probeIntervalMs: 200,
      idleCheckMs: 1000,
      debounceMs: 50,
      requestTimeoutMs: 1000,
    });
    ({ sandbox, runtime, consoleServer, browser, page } = till);
    await page.getByRole('button', { name: /^Add Croissant/ }).waitFor();
  }, 60_000);

  afterAll(() => till?.close());

  it('never says every sale was sent while one is waiting or sending', async () => {
    await sandbox.faults.set({ latencyMs: 600 }); // the sale stays on the wire a while
    const receipt = await sell('Croissant');
    await tab('Sync').click();
    const seen: Snapshot[] = [];
    const row = page.locator(`tr[data-receipt="${receipt}"] .state`);
    // Until the sale's own row says synced: a first look may come before the page has heard
    // of the sale at all (its banner still the one from before it).
    await waitFor(async () => {
      const shot = await page.evaluate<Snapshot>(SNAPSHOT);
      seen.push(shot);
      const synced = (await row.count()) > 0 && (await row.textContent()) === 'synced';
      return synced && shot.banner.includes('every sale has been sent');
    }, 'the sale to be sent');
    await sandbox.faults.set({});
    for (const shot of seen) {
      const says = shot.banner.includes('every sale has been sent');
      if (says) {
        expect(shot.waiting).toBe('0');
        expect(shot.rowStates).not.toContain(english.t(STATE_KEYS.pending));
        expect(shot.rowStates).not.toContain(english.t(STATE_KEYS.sending));
      }
      if (shot.waiting !== '0' && shot.waiting !== '…')
        expect(shot.banner).toMatch(/sending \d+ sales?|Checking/);
    }
    expect(seen.some((shot) => /sending 1 sale\b/.test(shot.banner))).toBe(true);
    expect(await row.textContent()).toBe('synced');
    expect(statusRuleViolations(runtime.agent.engine.status(), Date.now())).toEqual([]);
  });

  it('keeps its times live and in the right tense', async () => {
    await tab('Sync').click();
    const first = await text('last-success');
    expect(first).toMatch(/^(just now|\d+ s ago)$/);
    await page.waitForTimeout(2500);
    const later = await text('last-success');
    expect(later).toMatch(/^\d+ s ago$/);
    expect(later).not.toBe(first);
    expect(await text('next-attempt')).toBe('nothing waiting');
  });

  it('shows the last error as past once a later send succeeded', async () => {
    await sandbox.faults.set({ failBeforeStore: 1 });
    await sell('Croissant');
    await tab('Sync').click();
    await page.getByTestId('last-error').waitFor();
    expect(await page.getByTestId('last-error').getAttribute('data-past')).toBe('false');
    expect(await text('next-attempt')).toMatch(/^(now|in \d+ s)$/); // never "ago"
    await sandbox.faults.set({});
    await waitFor(
      async () => (await page.getByTestId('last-error').getAttribute('data-past')) === 'true',
      'the error to be marked past',
    );
    expect(await page.getByText('Last error (since resolved)').count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('shows a stopped platform as offline within seconds of its idle check, with nothing to send', async () => {
    await tab('Sync').click();
    await waitFor(async () => /^Online: every sale/.test(await banner().innerText()), 'online');
    await sandbox.faults.set({ outage: 'refuse' });
    await waitFor(
      async () => /^Offline: the platform cannot be reached/.test(await banner().innerText()),
      'offline',
      10_000,
    );
    expect(await banner().getAttribute('data-state')).toBe('warning');
    await sandbox.faults.set({});
    await waitFor(async () => /^Online/.test(await banner().innerText()), 'online again');
  });

  it('pages through the sales, and finds a receipt', async () => {
    for (let n = 0; n < 25; n++) {
      const recorded = runtime.store.recordSale(
        checked({
          items: [{ productId: 'prod_8Hq2x', quantity: 1, unitPriceMinor: 450 }],
          paymentMethod: 'CASH',
        }),
      );
      if (!recorded.ok) throw new Error(recorded.error.message);
    }
    const receipts = () =>
      page.evaluate<number[]>(
        `[...document.querySelectorAll('table.sales tbody tr')].map((row) => Number(row.getAttribute('data-receipt')))`,
      );
    await tab('Till').click();
    await tab('Sync').click();
    await waitFor(async () => (await receipts()).length === 20, 'the newest page');
    const newest = await receipts();
    expect(newest).toEqual([...newest].sort((a, b) => b - a));
    await page.getByRole('button', { name: 'Older' }).click();
    await waitFor(async () => (await receipts())[0] === newest.at(-1)! - 1, 'the older page');
    expect(await page.getByRole('heading', { name: 'Sales', exact: true }).count()).toBe(1);
    await page.getByRole('button', { name: 'Newer' }).click();
    await waitFor(async () => (await receipts())[0] === newest[0], 'the newest page again');
    await page.getByLabel('Find receipt #').fill('3');
    await page.getByRole('button', { name: 'Find' }).click();
    await waitFor(async () => (await receipts())[0] === 3, 'receipt 3 at the top');
    expect(await receipts()).toEqual([3, 2, 1]);
    expect(await page.getByRole('button', { name: 'Older' }).isDisabled()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('shows the shift the till is in on the Sync screen, word for word as the status says it', async () => {
    const service = createService(runtime);
    // The relative part ("4 s ago") moves between two readings; the rest may not.
    const steady = (line: string) => line.replace(/ \([^)]*\)/, '');
    const shown = () => text('shift-line');
    await tab('Sync').click();
    // The sales rung up so far opened a shift by themselves: nobody counted its float.
    await waitFor(async () => /float not counted/.test(await shown()), 'the shift a sale opened');
    expect(runtime.status().shift).toMatchObject({ state: 'open', floatCounted: false });
    expect(await service.call('openShift', { floatMinor: 5000 })).toMatchObject({ ok: true });
    await waitFor(async () => /; float counted\.$/.test(await shown()), 'the float counted');
    expect(steady(await shown())).toBe(steady(viewStatus(runtime.status(), Date.now()).shift));
    expect(await service.call('beginClose', {})).toMatchObject({ ok: true });
    await waitFor(
      async () => (await shown()).startsWith('Closing: the cash is being counted.'),
      'the close under way',
    );
    expect(await service.call('cancelClose', {})).toMatchObject({ ok: true });
    await waitFor(async () => (await shown()).startsWith('Open since'), 'the count cancelled');
    expect(await page.getByTestId('shift-line').getAttribute('data-open')).toBe('true');
  });

  it('shows an accessible page to a browser without a session', async () => {
    const stranger = await browser.newContext();
    const visit = await stranger.newPage();
    const answer = await visit.goto(consoleServer.url);
    expect(answer?.status()).toBe(401);
    expect(await visit.getByRole('heading').textContent()).toBe('Tillsync console');
    expect(await axeViolations(visit)).toEqual([]);
    await stranger.close();
  });

  it('says what changes before a till on the sandbox switches to a platform', async () => {
    const sandboxDir = mkdtempSync(join(tmpdir(), 'tillsync-switch-e2e-'));
    const onSandbox = await createRuntime({
      dataDir: sandboxDir,
      env: {},
      secrets: fileSecretStore(sandboxDir),
      sandbox: 'when-unconfigured',
      kind: 'console',
    });
    const server = await startConsole({
      service: createService(onSandbox),
      dataDir: sandboxDir,
      rendererDir: till!.rendererDir,
    });
    const context = await browser.newContext();
    const visit = await context.newPage();
    try {
      await visit.goto(server.loginUrl);
      await visit.getByRole('tab', { name: /^Settings/ }).click();
      // A malformed address is named at once, by the agent's own rule; nothing is offered.
      await visit.getByLabel('Platform address').fill('http://platform.example.com');
      await visit.getByRole('button', { name: 'Save platform settings' }).click();
      const fieldError = visit.locator('#base-url-error');
      await fieldError.waitFor();
      expect(await fieldError.textContent()).toMatch(/^The address must use https/);
      expect(await visit.getByTestId('switch-to-platform').count()).toBe(0);
      expect(await visit.getByLabel('Platform address').getAttribute('aria-invalid')).toBe('true');
      await visit.getByLabel('Platform address').fill('https://platform.example.com');
      await visit.getByRole('button', { name: 'Save platform settings' }).click();
      const confirm = visit.getByTestId('switch-to-platform');
      await confirm.waitFor();
      const said = (await confirm.textContent()) ?? '';
      expect(said).toContain('https://platform.example.com');
      expect(said).toContain(join(sandboxDir, 'sandbox'));
      expect(await axeViolations(visit)).toEqual([]);
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      expect(onSandbox.agent.mode).toBe('sandbox'); // nothing switched
      expect(onSandbox.config.baseUrl).toBeUndefined();
    } finally {
      await context.close();
      await server.close();
      await onSandbox.close();
      rmSync(sandboxDir, { recursive: true, force: true });
    }
  });

  it('does not let another local server use the console with the cookie it receives', async () => {
    const received: IncomingHttpHeaders[] = [];
    const other = createServer((req, res) => {
      received.push(req.headers);
      res.end('another local app');
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const port = (other.address() as { port: number }).port;
    // A new tab of the same browser: the same cookie jar, and cookies ignore ports.
    const visit = await page.context().newPage();
    await visit.goto(`http://127.0.0.1:${port}/`);
    await visit.close();
    other.close();
    const cookie = received[0]?.cookie ?? '';
    expect(cookie).toMatch(/tillsync_session=/); // the browser did hand it over
    const replay = (path: string, method: string) =>
      new Promise<number>((resolve, reject) => {
        const req = request(
          `${consoleServer.url}${path}`,
          { method, headers: { cookie, 'content-type': 'application/json' } },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on('error', reject);
        req.end(method === 'POST' ? '{}' : undefined);
      });
    expect(await replay('/api/getStatus', 'POST')).toBe(401);
    expect(await replay('/api/listSales', 'POST')).toBe(401);
    expect(await replay('/api/events', 'GET')).toBe(401);
  });
});
