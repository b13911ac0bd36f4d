// The till in a German and a French shop, in Chromium against a real sandbox: quantities
// and cash typed the way people there write them ("0,5", "2,50 €"), the line total, the
// total and the change shown their way, and the sale stored in exact minor units. Switching
// the locale in Settings changes how the next sale is typed, with no restart.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_PRODUCTS } from '../../sandbox/seed-data.js';
import { axeViolations, chromiumAvailable, requireChromiumInCi } from '../helpers/browser.js';
import { artifactsFolder } from '../helpers/artifacts.js';
import { startTillInBrowser, type TillInBrowser } from '../helpers/till-in-browser.js';

const ARTIFACTS = artifactsFolder('locale-numbers');
requireChromiumInCi();

let till: TillInBrowser | undefined;
let page: TillInBrowser['page'];

const [loaf, croissant] = [SEED_PRODUCTS[0]!, SEED_PRODUCTS[1]!]; // 4.50 and 1.75
// By id: the tabs' names are the till's words, German or French here.
const tab = (name: string) => page.locator(`#tab-${name}`);
const cartRow = (productId: string) => page.locator(`.cart tr[data-product="${productId}"]`);
// The Till screen speaks the till's language: "4,50 € kassieren", "Encaisser 4,50 €".
const charge = () => page.getByRole('button', { name: /kassieren$|^Encaisser/ });

async function shot(name: string): Promise<void> {
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
  expect(await axeViolations(page), `accessibility of ${name}`).toEqual([]);
}

/** The sale just charged, as the till stored it. */
function lastSale() {
  const listed = till!.runtime.store.listSales({ limit: 1 });
  const latest = listed.ok ? listed.value.sales[0] : undefined;
  return till!.runtime.store.getSale(latest!.saleId);
}

describe.skipIf(!chromiumAvailable)('numbers typed in the shop locale (Chromium)', () => {
  beforeAll(async () => {
    till = await startTillInBrowser('locale', { pollIntervalMs: 200, debounceMs: 50 });
    page = till.page;
    till.runtime.store.settings.update({ currency: 'EUR', locale: 'de-DE' });
    await page.reload();
    await page.locator('#product-search').waitFor();
  }, 60_000);

  afterAll(() => till?.close());

  it('de-DE: the float typed "1.000,50" opens the shift, shown the German way', async () => {
    await tab('Today').click();
    await page.getByLabel(/^Wechselgeld/).fill('1.000,50');
    await page.getByRole('button', { name: 'Schicht öffnen' }).click();
    await page.getByTestId('shift-summary').waitFor();
    expect(till!.runtime.store.shifts.current()).toMatchObject({ floatMinor: 100_050 });
    expect(await page.getByTestId('shift-summary').textContent()).toContain(
      'Wechselgeld 1.000,50\u00a0€.',
    );
    await tab('Till').click();
    await page.locator('#product-search').focus();
  });

  it('de-DE: half a loaf typed "0,5", "2,50 €" tendered, German figures, exact cents stored', async () => {
    await page.keyboard.type(`${loaf.barcode}\n`);
    const quantity = page.getByLabel(`Menge von ${loaf.name}`);
    await quantity.fill('0,5');
    expect(await cartRow(loaf.id).locator('.line-total').textContent()).toBe('2,25\u00a0€');
    expect(await cartRow(loaf.id).locator('.unit-price').textContent()).toBe('je 4,50\u00a0€');
    // "1.234" could be a thousand or one and a bit: refused, never guessed.
    await quantity.fill('1.234');
    expect(await cartRow(loaf.id).textContent()).toContain(
      'Menge ist mehrdeutig: 1.234 kann 1234 oder 1,234 sein. Geben Sie eines davon ein',
    );
    expect(await charge().isDisabled()).toBe(true);
    await quantity.fill('0,5');
    expect(await page.getByTestId('cart-total').textContent()).toBe('2,25\u00a0€');

    const tendered = page.getByLabel('Bar gegeben');
    await tendered.fill('2,50 €');
    expect(await page.getByTestId('change-due').textContent()).toBe('0,25\u00a0€');
    await tendered.fill('2,505');
    expect(await page.locator('.cash').textContent()).toContain(
      'hat 3 Nachkommastellen (2,505), aber EUR hat 2: schreiben Sie es wie 52,50',
    );
    await tendered.fill('2,50 €');
    await shot('de-DE-cash');
    await charge().click();
    await page.getByTestId('receipt-number').waitFor();
    expect(lastSale()).toMatchObject({
      items: [{ productId: loaf.id, quantity: 0.5, unitPriceMinor: 450, lineTotalMinor: 225 }],
      totalMinor: 225,
      tenderedMinor: 250,
      changeMinor: 25,
    });
  });

  it('fr-FR, chosen in Settings: "1,5" croissants, "1 000 €" and "5,00" tendered, French figures', async () => {
    await tab('Settings').click();
    await page.getByLabel('Sprache und Region').selectOption('fr-FR');
    await page.getByRole('button', { name: 'Sprache speichern' }).click();
    await expect.poll(() => till!.runtime.store.settings.read().locale).toBe('fr-FR');
    await tab('Till').click();
    await page.locator('#product-search').focus();
    await page.keyboard.type(`${croissant.barcode}\n`);
    await page.getByLabel(`Quantité de ${croissant.name}`).fill('1,5');
    // 1.5 × 1.75 = 2.625, half up to 2.63.
    expect(await cartRow(croissant.id).locator('.line-total').textContent()).toBe('2,63\u00a0€');
    const tendered = page.getByLabel('Espèces reçues');
    const change = page.getByTestId('change-due');
    // Thousands grouped with a space, as typed on a French keyboard or as Intl writes it.
    await tendered.fill('1 000 €');
    expect(await change.textContent()).toBe('997,37\u00a0€');
    await tendered.fill('1\u202f000,00');
    expect(await change.textContent()).toBe('997,37\u00a0€');
    await tendered.fill('5,00');
    expect(await change.textContent()).toBe('2,37\u00a0€');
    await shot('fr-FR-cash');
    await charge().click();
    await page.getByTestId('receipt-number').waitFor();
    expect(lastSale()).toMatchObject({
      items: [{ productId: croissant.id, quantity: 1.5, lineTotalMinor: 263 }],
      totalMinor: 263,
      tenderedMinor: 500,
      changeMinor: 237,
    });
  });

  it('fr-FR: the drawer counted note by note, the count and the cash expected in French figures', async () => {
    await tab('Today').click();
    await page.getByRole('button', { name: 'Clôturer la session' }).click();
    await page.getByLabel('20,00\u00a0€').fill('3');
    await expect.poll(() => page.getByTestId('counted-total').textContent()).toBe('60,00\u00a0€');
    // The float 1 000,50 and the two cash sales, 2,25 and 2,63.
    await expect
      .poll(() => page.getByTestId('expected').textContent())
      .toBe('1\u202f005,38\u00a0€');
    await shot('fr-FR-count');
  });
});
