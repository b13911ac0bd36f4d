// A till for the browser tests: a real sandbox as its platform (with one product the
// platform does not know, to provoke a refusal), the agent with its console, and a
// Chromium page logged in on the Till screen.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { createService } from '../../main/agent/service.js';
import { DEFAULT_RENDERER_DIR, startConsole } from '../../main/console/server.js';
import { startSandbox } from '../../sandbox/index.js';
import { launchChromium } from './browser.js';
import { consoleRuntime } from './runtime.js';

export async function startTillInBrowser(name: string, sync: Record<string, unknown>) {
  const dataDir = mkdtempSync(join(tmpdir(), `tillsync-${name}-`));
  // The UI built once for the whole run (test/global-setup.ts), never during it: a build
  // into renderer/dist empties it first, and a page another worker had loaded found no UI.
  const rendererDir = DEFAULT_RENDERER_DIR;
  const sandbox = await startSandbox({ dbFile: join(dataDir, 'platform.db'), rateLimit: false });
  const key = await sandbox.mintKey({ scope: 'sales:write sales:read', subject: `till_${name}` });
  const runtime = await consoleRuntime(dataDir, { baseUrl: sandbox.url, key, sync });
  const catalog = sandbox.catalog();
  runtime.store.settings.update({ shopId: catalog.shopId });
  const imported = runtime.store.importCatalog({
    ...catalog,
    products: [
      ...catalog.products,
      { id: 'prod_local_only', name: 'Local cheese', price: 5, category: 'Deli' },
    ],
  });
  if (!imported.ok) throw new Error(imported.error.message);
  const consoleServer = await startConsole({
    service: createService(runtime),
    dataDir,
    port: 0,
    rendererDir,
  });
  const browser = await launchChromium();
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const page = await context.newPage();
  await page.goto(consoleServer.loginUrl);
  return {
    dataDir,
    rendererDir,
    sandbox,
    key,
    runtime,
    consoleServer,
    browser,
    page,
    async close() {
      await browser.close();
      await consoleServer.close();
      await runtime.close();
      await sandbox.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TillInBrowser = Awaited<ReturnType<typeof startTillInBrowser>>;

/** Rings up one product on the Till screen and returns the receipt number it shows. */
export async function sell(page: Page, productName: string): Promise<string> {
  await page.getByRole('tab', { name: /^Till/ }).click();
  await page.getByRole('button', { name: new RegExp(`^Add ${productName}`) }).click();
  await page.getByRole('button', { name: /^Charge/ }).click();
  const receipt = page.getByTestId('receipt-number');
  await receipt.waitFor();
  return (await receipt.textContent())!.replace('#', '');
}

/** Waits for a check on a page; on a timeout, says what its banner said. */
export async function waitForPage(
  page: Page,
  check: () => Promise<boolean>,
  what: string,
  timeoutMs = 15_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline)
      throw new Error(
        `timed out waiting for ${what}; the banner says: ${await page.locator('.banner').innerText()}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
