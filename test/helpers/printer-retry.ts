// The printer comes back exactly when the page asks for a retry: until that request, the
// till's own retries (full jitter, as soon as a second after a failure) still meet a
// refusing printer, so the Retry button is what prints, and it is still on screen to press.
import type { Page, Route } from 'playwright-core';
import type { FakePrinter } from './fake-printer.js';

export async function printerBackAtRetry(page: Page, printer: FakePrinter): Promise<void> {
  const handler = async (route: Route) => {
    await printer.behave('normal');
    await route.continue();
  };
  await page.route('**/api/retryPrinting', handler, { times: 1 });
}
