// The Sync and Today screens and the banner of a till in a German shop, in Chromium against a
// real sandbox: a refused sale, its editor and the day's totals in German words and German
// figures, the platform's own reason quoted as it came, and no English word of these screens'
// catalog left on them.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IntlMessageFormat } from 'intl-messageformat';
import { TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { CATALOGS } from '../../domain/i18n/messages.js';
import { axeViolations, chromiumAvailable, requireChromiumInCi } from '../helpers/browser.js';
import { artifactsFolder } from '../helpers/artifacts.js';
import { checked } from '../helpers/sales.js';
import { startTillInBrowser, waitForPage, type TillInBrowser } from '../helpers/till-in-browser.js';

const ARTIFACTS = artifactsFolder('sync-locale');
requireChromiumInCi();

let till: TillInBrowser | undefined;
let page: TillInBrowser['page'];

/** The text of a message a person reads: its literal parts, not its argument names. */
function literalsOf(elements: MessageFormatElement[]): string[] {
  return elements.flatMap((element) =>
    element.type === TYPE.literal
      ? [element.value]
      : 'options' in element
        ? Object.values(element.options).flatMap((option) => literalsOf(option.value))
        : [],
  );
}

/** The words (4 letters or more) of a catalog's messages in these screens' areas. */
function wordsOf(language: string): Set<string> {
  const texts = Object.entries(CATALOGS[language]!)
    .filter(([key]) => key.startsWith('sync.') || key.startsWith('today.'))
    .flatMap(([, message]) => literalsOf(new IntlMessageFormat(message, language).getAst()));
  return new Set(
    texts
      .join(' ')
      .toLowerCase()
      .match(/\p{L}{4,}/gu),
  );
}
const german = wordsOf('de');
/** English words of these screens that German does not share ("online", "Format" it does). */
const ENGLISH_ONLY = [...wordsOf('en')].filter((word) => !german.has(word));

/** Every word a person can read or hear in the elements matched, their labels too. */
const READABLE = (selector: string, leaveOut = 'none') => `(() => {
  const parts = [];
  for (const element of document.querySelectorAll(${JSON.stringify(selector)})) {
    const copy = element.cloneNode(true);
    // Shown by other parts of the till (their own areas of the catalog).
    copy.querySelectorAll(${JSON.stringify(leaveOut)}).forEach((part) => part.remove());
    parts.push(copy.textContent);
    copy.querySelectorAll('[aria-label], [title], [placeholder]').forEach((labelled) =>
      parts.push(labelled.getAttribute('aria-label'), labelled.getAttribute('title'), labelled.getAttribute('placeholder')));
    if (copy.getAttribute('aria-label')) parts.push(copy.getAttribute('aria-label'));
  }
  return parts.filter(Boolean).join(' ');
})()`;

/** The English words of the catalog found in a text (data quoted in it taken out first). */
function englishIn(text: string, data: string[] = []): string[] {
  const left = data.reduce((rest, quoted) => rest.split(quoted).join(' '), text);
  const found = new Set(left.toLowerCase().match(/\p{L}{4,}/gu));
  return ENGLISH_ONLY.filter((word) => found.has(word));
}

async function shot(name: string): Promise<void> {
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
  expect(await axeViolations(page), `accessibility of ${name}`).toEqual([]);
}

const text = async (selector: string) => (await page.locator(selector).first().innerText()) ?? '';
const waitForText = (selector: string, pattern: RegExp) =>
  waitForPage(page, async () => pattern.test(await text(selector)), `${selector} ${pattern}`);

let refusedReceipt = 0;
let syncedReceipt = 0;

describe.skipIf(!chromiumAvailable)('the Sync and Today screens in German (Chromium)', () => {
  beforeAll(async () => {
    till = await startTillInBrowser('sync-locale', {
      pollIntervalMs: 200,
      probeIntervalMs: 200,
      debounceMs: 50,
      backoffBaseMs: 50,
      backoffCapMs: 300,
    });
    page = till.page;
    const { store } = till.runtime;
    store.settings.update({ currency: 'EUR', locale: 'de-DE' });
    // A sale the platform takes, and one it refuses: it has never heard of the local cheese.
    const record = (productId: string, unitPriceMinor: number) => {
      const recorded = store.recordSale(
        checked({ items: [{ productId, quantity: 1, unitPriceMinor }], paymentMethod: 'CASH' }),
      );
      if (!recorded.ok) throw new Error(recorded.error.message);
      return recorded.value.receiptNumber;
    };
    syncedReceipt = record('prod_8Hq2x', 450);
    refusedReceipt = record('prod_local_only', 500);
    await page.reload();
    await page.locator('#tab-Sync').waitFor();
  }, 60_000);

  afterAll(() => till?.close());

  it('shows the refused sale, the figures and the banner in German, no English word left', async () => {
    await page.locator('#tab-Sync').click();
    const refused = `li.refused[data-receipt="${refusedReceipt}"]`;
    await waitForText(refused, /HTTP 422/);
    await waitForText(`table.sales tr[data-receipt="${syncedReceipt}"] .state`, /^übertragen$/);
    await waitForText(
      '.banner',
      /^Online: Alle anderen Verkäufe wurden übertragen\. 1 abgelehnter Verkauf braucht Sie auf dem Bildschirm Synchronisation\.$/,
    );
    expect(await text(`table.sales tr[data-receipt="${refusedReceipt}"] .state`)).toBe('abgelehnt');
    const reason = till!.runtime.store.listRefused()[0]!.lastErrorReason!;
    expect(reason).toMatch(/^HTTP 422: .*prod_local_only/);
    // Our words around the platform's reason, which stays as the platform said it.
    expect(await text(`${refused} .reason`)).toBe(`Die Plattform meldet: „${reason}“`);
    expect(await text(refused)).toContain(`Beleg #${refusedReceipt}`);
    expect(await text(refused)).toContain('5,00\u00a0€'); // German figures, euro after
    expect(await text('[data-testid="count-refused"]')).toBe('1');
    expect(await text('.figures')).toContain('Wartet auf Senden');
    expect(await text('[data-testid="last-success"]')).toMatch(/^(gerade eben|vor \d+ s)$/);
    expect(await text('[data-testid="next-attempt"]')).toBe('nichts wartet');
    expect(await text('[data-testid="shift-line"]')).toMatch(
      /^Geöffnet seit \d{1,2}\.\d{1,2}\.\d{4}, \d\d:\d\d:\d\d \((gerade eben|vor \d+ s)\), .*Wechselgeld nicht gezählt/,
    );
    await page.getByRole('button', { name: 'Bearbeiten' }).click();
    await waitForText(refused, /Berechnet: 5,00\s€ pro Stück/);
    expect(await page.locator(`${refused} select option`).allInnerTexts()).toContain('Bargeld');
    await page.getByRole('button', { name: 'Jetzt synchronisieren' }).click();
    await waitForText('[data-testid="sync-notice"]', /^Synchronisation fertig: \d+ übertragen/);
    await shot('de-DE-sync');

    const shown = await page.evaluate<string>(READABLE('.banner, .sync'));
    expect(shown).toContain('Von der Plattform abgelehnt');
    expect(englishIn(shown, [reason])).toEqual([]);
    // The check can fail: the English screen would be caught.
    expect(englishIn('Refused by the platform: Resync now')).toEqual(
      expect.arrayContaining(['refused', 'platform', 'resync']),
    );
  });

  it('shows the Today screen in German, no English word left', async () => {
    await page.locator('#tab-Today').click();
    await waitForText('section.today', /Tagessummen/);
    await waitForText(
      'section.today',
      /1 abgelehnter Verkauf wartet auf eine Person auf dem Bildschirm Synchronisation\./,
    );
    expect(await page.getByRole('button', { name: 'Den Tag drucken' }).count()).toBe(1);
    expect(await page.getByLabel('Tag', { exact: true }).count()).toBe(1);
    await shot('de-DE-today');
    // The day's rows are laid out by the paper (its own area), the shift panel by the shift's.
    const shown = await page.evaluate<string>(READABLE('section.today', '.day-rows'));
    expect(shown).toContain('Summen herunterladen (CSV)');
    expect(englishIn(shown)).toEqual([]);
  });
});
