// Every screen in the shop's language, in Chromium against a real sandbox: a German, a French
// and a Spanish till with an open shift, a sale sent and a sale refused show no English word
// of the catalog on any screen (data such as product names aside), and axe stays clean.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../../domain/i18n/messages.js';
import { SEED_CUSTOMERS, SEED_PRODUCTS, SEED_SHOPS } from '../../sandbox/seed-data.js';
import { axeViolations, chromiumAvailable, requireChromiumInCi } from '../helpers/browser.js';
import { artifactsFolder } from '../helpers/artifacts.js';
import { englishLeftIn } from '../helpers/catalog-words.js';
import { checked } from '../helpers/sales.js';
import { startTillInBrowser, waitForPage, type TillInBrowser } from '../helpers/till-in-browser.js';

const ARTIFACTS = artifactsFolder('language');
requireChromiumInCi();

const SCREENS = ['Till', 'Today', 'Sync', 'Settings'] as const;
const SHOPS: Array<{ locale: string; language: Language; shop: string; till: string }> = [
  { locale: 'de-DE', language: 'de', shop: 'Bäckerei Sonne', till: 'Kasse 1' },
  { locale: 'fr-FR', language: 'fr', shop: 'Boulangerie Soleil', till: 'Caisse 1' },
  { locale: 'es-ES', language: 'es', shop: 'Panadería Sol', till: 'Caja 1' },
];

let till: TillInBrowser | undefined;
let page: TillInBrowser['page'];

/** What a person reads on the page: its text and the words given to screen readers. */
const shownText = () =>
  page.evaluate<string>(`[
    document.body.innerText,
    document.title,
    ...[...document.querySelectorAll('*')].flatMap((element) =>
      ['aria-label', 'title', 'placeholder', 'alt'].map((name) => element.getAttribute(name) ?? ''),
    ),
  ].join('\\n')`);

/** Words that are data, not the till's: the catalog's names and the platform's own reasons. */
function dataWords(): string[] {
  const store = till!.runtime.store;
  const reasons = store.listSales({ limit: 50 });
  return [
    ...SEED_PRODUCTS.flatMap((product) => [product.name, product.category]),
    ...SEED_CUSTOMERS.map((customer) => customer.name),
    ...SEED_SHOPS.map((shop) => shop.name),
    'Local cheese Deli Tillsync',
    // Each language is offered in Settings under its own name ("English", "Deutsch").
    ...LANGUAGES.map((language) =>
      new Intl.DisplayNames([language], { type: 'language' }).of(language)!,
    ),
    ...(reasons.ok ? reasons.value.sales.map((sale) => sale.lastErrorReason ?? '') : []),
  ];
}

describe.skipIf(!chromiumAvailable)('every screen in the shop language (Chromium)', () => {
  beforeAll(async () => {
    till = await startTillInBrowser('language', { pollIntervalMs: 200, debounceMs: 50 });
    page = till.page;
    const store = till.runtime.store;
    store.settings.update({ currency: 'EUR' });
    const opened = store.shifts.open({ floatMinor: 10_000 }, { cashierId: null, now: Date.now() });
    if (!opened.ok) throw new Error(opened.error.message);
    for (const productId of [SEED_PRODUCTS[0]!.id, 'prod_local_only']) {
      const sale = store.recordSale(
        checked({
          items: [{ productId, quantity: 1, unitPriceMinor: 450 }],
          paymentMethod: 'CASH',
          tenderedMinor: 500,
        }),
      );
      if (!sale.ok) throw new Error(sale.error.message);
    }
    // One sale reaches the platform, the other is refused (the platform does not know it).
    await waitForPage(
      page,
      async () => store.countByState().refused === 1 && store.countByState().synced === 1,
      'one sale synced and one refused',
    );
  }, 90_000);

  afterAll(() => till?.close());

  it.each(SHOPS)('$locale: no English word on any screen, axe clean', async (shop) => {
    till!.runtime.store.settings.update({
      locale: shop.locale,
      shopName: shop.shop,
      tillName: shop.till,
    });
    await page.reload();
    // The page takes the till's language once it has read the settings.
    await waitForPage(
      page,
      async () => (await page.getAttribute('html', 'lang')) === shop.locale,
      `the page in ${shop.locale}`,
    );
    for (const screen of SCREENS) {
      await page.locator(`#tab-${screen}`).click();
      await page.waitForTimeout(400); // the screen reads its lists
      const text = await shownText();
      expect({ screen, english: englishLeftIn(text, shop.language, dataWords()) }).toEqual({
        screen,
        english: [],
      });
      await page.screenshot({
        path: join(ARTIFACTS, `${shop.locale}-${screen}.png`),
        fullPage: true,
      });
      expect(await axeViolations(page), `accessibility of ${screen}`).toEqual([]);
    }
  });

  it('the check can fail: an English screen is full of English words', async () => {
    till!.runtime.store.settings.update({ locale: 'en-US' });
    await page.reload();
    await page.locator('#tab-Sync').click();
    await page.waitForTimeout(400);
    expect(englishLeftIn(await shownText(), 'de', dataWords()).length).toBeGreaterThan(10);
  });
});
