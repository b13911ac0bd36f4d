// Real Chromium for the browser tests and the catch-up benchmark: where it is, how it is
// launched, and axe-core's accessibility check run inside a page.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const chromiumAvailable = existsSync(CHROMIUM);

/** In CI a missing Chromium fails the run; elsewhere the browser tests are skipped. */
export function requireChromiumInCi(): void {
  if (!chromiumAvailable && process.env.CI === 'true')
    throw new Error(`Chromium is required in CI (${CHROMIUM}): apt-get install -y chromium`);
  if (!chromiumAvailable)
    console.warn(
      `Skipping the browser tests: no Chromium at ${CHROMIUM}. Install it with: sudo apt-get install -y chromium`,
    );
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/**
 * axe-core's violations on the page as it is now (WCAG A/AA and best practices), one line
 * each. Evaluated through the DevTools protocol, so the page's strict CSP stays on.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate('typeof window.axe === "object"'))) await page.evaluate(axeSource);
  const results = await page.evaluate<string[]>(
    `axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations.map((v) =>
      v.id + ': ' + v.help + ' (' + v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ') + ')'))`,
  );
  return results;
}
