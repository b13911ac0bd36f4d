// The Till screen in the shop's language, in Chromium against a real sandbox and agent: a
// German till rings up, holds, recalls and charges a cash sale with every heading, button,
// label and notice in German, and no English word of the till's catalog left on the screen;
// switched to French, the same screen speaks French at once.
import { join } from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import english from '../../domain/i18n/locales/en/till.json' with { type: 'json' };
import german from '../../domain/i18n/locales/de/till.json' with { type: 'json' };
import french from '../../domain/i18n/locales/fr/till.json' with { type: 'json' };
import { SEED_CUSTOMERS, SEED_PRODUCTS } from '../../sandbox/seed-data.js';
import { artifactsFolder } from '../helpers/artifacts.js';
import { axeViolations, chromiumAvailable, requireChromiumInCi } from '../helpers/browser.js';
import { startTillInBrowser, type TillInBrowser } from '../helpers/till-in-browser.js';

const ARTIFACTS = artifactsFolder('till-words');
requireChromiumInCi();

let till: TillInBrowser | undefined;
let page: TillInBrowser['page'];
const loaf = SEED_PRODUCTS[0]!; // Sourdough loaf, 4.50

// The parser's kind of plain text (TYPE.literal in @formatjs/icu-messageformat-parser).
const LITERAL: MessageFormatElement['type'] = 0;

/** The words (4+ letters, lowercased) a catalog's messages show: ICU syntax and names left out. */
function wordsOf(catalog: Record<string, string>): Set<string> {
  const words = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      const text = element.type === LITERAL && 'value' in element ? String(element.value) : '';
      for (const word of text.match(/\p{L}{4,}/gu) ?? []) words.add(word.toLowerCase());
      if ('options' in element)
        for (const option of Object.values(element.options)) walk(option.value);
    }
  };
  for (const message of Object.values(catalog)) walk(new IntlMessageFormat(message, 'en').getAst());
  return words;
}

/** Words that are data, not the till's words: product and customer names. */
const dataWords = new Set(
  [
    ...SEED_PRODUCTS.map((product) => product.name),
    'Local cheese',
    ...SEED_CUSTOMERS.map((c) => c.name),
  ]
    .flatMap((name) => name.match(/\p{L}{4,}/gu) ?? [])
    .map((word) => word.toLowerCase()),
);

/** English words of the till's catalog seen on the Till screen (its visible text). */
async function englishLeft(other: Record<string, string>): Promise<string[]> {
  // Their words, from the messages they translate: a sentence left in English adds none (a
  // one-word label may be the same word: "Total" in French, "Ctrl" in Spanish).
  const englishText: Record<string, string> = english;
  const translated = Object.entries(other).filter(
    ([key, text]) => text !== englishText[key] || !/\s/.test(text.trim()),
  );
  const theirs = wordsOf(Object.fromEntries(translated));
  const englishOnly = [...wordsOf(english)].filter((word) => !theirs.has(word));
  expect(englishOnly.length).toBeGreaterThan(50); // the check has words to look for
  const shown = (await page.locator('.till').innerText()).match(/\p{L}{4,}/gu) ?? [];
  const seen = new Set(
    shown.map((word) => word.toLowerCase()).filter((word) => !dataWords.has(word)),
  );
  return englishOnly.filter((word) => seen.has(word));
}

async function shot(name: string): Promise<void> {
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
  expect(await axeViolations(page), `accessibility of ${name}`).toEqual([]);
}

const notice = () => page.locator('.till .notice').first();

describe.skipIf(!chromiumAvailable)('the Till screen in German and French (Chromium)', () => {
  beforeAll(async () => {
    till = await startTillInBrowser('till-words', { pollIntervalMs: 200, debounceMs: 50 });
    page = till.page;
    till.runtime.store.settings.update({ currency: 'EUR', locale: 'de-DE' });
    await page.reload();
    await page.locator('#product-search').waitFor();
  }, 60_000);

  afterAll(() => till?.close());

  it('de-DE: headings, labels, shortcuts and notices in German, from an empty cart', async () => {
    await page.getByRole('heading', { name: 'Warenkorb' }).waitFor();
    await page.getByLabel('Produkte scannen oder suchen').waitFor();
    expect(await page.locator('.cart .empty').textContent()).toBe(
      'Scannen Sie einen Barcode oder tippen Sie auf ein Produkt, um es hinzuzufügen.',
    );
    const legend = page.getByRole('definition').filter({ hasText: 'letzten Beleg drucken' });
    expect(await legend.count()).toBe(1);
    expect(await page.locator('.shortcuts').innerText()).toContain('Strg+P');
    expect(await page.getByRole('group', { name: 'Zahlungsart' }).textContent()).toContain(
      'Bargeld',
    );
    await page.getByRole('button', { name: 'Rückgabe eines Verkaufs' }).waitFor();
    // F6 on an empty cart: nothing to hold, said in German.
    await page.keyboard.press('F6');
    await expect
      .poll(() => notice().textContent())
      .toBe('Nichts zu parken: Der Warenkorb ist leer.');
    expect(await englishLeft(german)).toEqual([]);
  });

  it('de-DE: a sale held, recalled and paid in cash, every step in German', async () => {
    await page.getByRole('button', { name: `Hinzufügen: ${loaf.name}, 4,50\u00a0€` }).click();
    await page.getByLabel(`Menge von ${loaf.name}`).waitFor();
    expect(await page.locator('.cart .unit-price').textContent()).toBe('je 4,50\u00a0€');
    for (const column of ['Artikel', 'Menge', 'Summe'])
      await page.getByRole('columnheader', { name: column }).waitFor();

    await page.getByRole('button', { name: 'Parken' }).click();
    await page.getByLabel('Notiz zum geparkten Verkauf (optional)').fill('Amina');
    await page.getByRole('button', { name: 'Verkauf parken' }).click();
    await expect
      .poll(() => notice().textContent())
      .toBe('Verkauf geparkt (Amina): unter „Geparkte Verkäufe“ zurückholen.');
    const held = page.locator('.held');
    expect(await held.getByRole('heading').textContent()).toBe('Geparkte Verkäufe (1)');
    expect(await held.locator('.hint').textContent()).toMatch(
      /^1 Position, 4,50\u00a0€, .* geparkt$/,
    );
    await shot('de-DE-held');
    await held.getByRole('button', { name: 'Amina zurückholen' }).click();
    await expect.poll(() => notice().textContent()).toBe('Geparkter Verkauf zurückgeholt.');

    // F5: the discount form, in German; cancelled, the sale goes on as it was.
    await page.keyboard.press('F5');
    const form = page.getByRole('form', { name: 'Rabatt' });
    expect(await form.locator('legend').allTextContents()).toEqual(['Rabatt auf', 'Als']);
    await form.getByRole('radio', { name: 'den ganzen Verkauf' }).waitFor();
    await form.getByLabel('Prozent Rabatt').waitFor();
    await form.getByRole('button', { name: 'Rabatt geben' }).waitFor();
    expect(await englishLeft(german)).toEqual([]);
    await form.getByRole('button', { name: 'Abbrechen' }).click();
    await form.waitFor({ state: 'detached' });

    await page.getByLabel('Bar gegeben').fill('5');
    expect(await page.locator('.cash .change').textContent()).toBe('Rückgeld 0,50\u00a0€');
    await page.getByRole('button', { name: 'Passend' }).waitFor();
    await shot('de-DE-cash');
    await page.getByRole('button', { name: '4,50\u00a0€ kassieren' }).click();
    const saved = page.locator('.till .receipt');
    await saved.getByTestId('receipt-number').waitFor();
    expect(await saved.textContent()).toMatch(
      /^Gespeichert\. Beleg #\d+, 4,50\u00a0€\. Rückgeld 0,50\u00a0€\. Beleg drucken$/,
    );
    await saved.getByRole('button', { name: 'Beleg drucken' }).waitFor();
    expect(till!.runtime.store.listSales({ limit: 1 })).toMatchObject({
      ok: true,
      value: { sales: [{ totalMinor: 450, paymentMethod: 'CASH' }] },
    });
    expect(await englishLeft(german)).toEqual([]);
  });

  it('de-DE: that sale returned, the return screens in German', async () => {
    const receipt = (await page.getByTestId('receipt-number').textContent())!.replace('#', '');
    await page.getByRole('button', { name: 'Rückgabe eines Verkaufs' }).click();
    await page.getByRole('heading', { name: 'Rückgabe mit Beleg' }).waitFor();
    expect(await englishLeft(german)).toEqual([]);
    await page.getByLabel('Belegnummer oder Code').fill(receipt);
    await page.getByRole('button', { name: 'Verkauf suchen' }).click();
    const panel = page.getByRole('region', { name: `Rückgabe aus Beleg #${receipt}` });
    await panel.waitFor();
    expect(await panel.locator('p').first().textContent()).toMatch(
      / · 4,50\u00a0€ bezahlt mit Bargeld$/,
    );
    for (const column of ['Verkauft', 'Bereits zurückgegeben', 'Noch rückgabefähig'])
      await panel.getByRole('columnheader', { name: column }).waitFor();
    expect(await panel.locator('.hint').textContent()).toBe(
      'Geben Sie ein, wie viele einer Position zurückkommen.',
    );
    await panel.getByLabel(`Menge von ${loaf.name} zur Rückgabe`).fill('2');
    await expect.poll(() => panel.locator('[role="alert"]').textContent()).toBe('höchstens 1');
    await panel.getByLabel(`Menge von ${loaf.name} zur Rückgabe`).fill('1');
    await panel.getByLabel('Warum wird es zurückgegeben?').fill('Altbacken');
    expect(await panel.getByTestId('refund-total').textContent()).toBe(
      'Geben Sie 4,50\u00a0€ bar zurück',
    );
    await shot('de-DE-return');
    expect(await englishLeft(german)).toEqual([]);
    await panel.getByRole('button', { name: 'Rückgabe bestätigen' }).click();
    const done = page.getByRole('region', { name: /^Erstattung R\d+$/ });
    expect(await done.locator('.notice').textContent()).toMatch(
      new RegExp(`^R\\d+ zu Beleg #${receipt} erfasst\\. Geben Sie 4,50\u00a0€ bar zurück\\.$`),
    );
    await done.getByRole('button', { name: 'Erstattungsbeleg drucken' }).waitFor();
    await done.getByRole('button', { name: 'Fertig' }).click();
    await page.getByRole('button', { name: 'Rückgabe eines Verkaufs' }).waitFor();
  });

  it('fr-FR: the same screen in French once the setting changes', async () => {
    // Set in the store, so the page reads it on a reload (Settings applies it without one).
    till!.runtime.store.settings.update({ locale: 'fr-FR' });
    await page.reload();
    await page.getByRole('heading', { name: 'Panier' }).waitFor();
    await page.getByLabel('Scanner ou chercher des produits').waitFor();
    await page.getByRole('button', { name: `Ajouter ${loaf.name}, 4,50\u00a0€` }).click();
    await page.getByLabel('Espèces reçues').fill('10');
    expect(await page.locator('.cash .change').textContent()).toBe('Monnaie à rendre 5,50\u00a0€');
    expect(await page.getByRole('group', { name: 'Moyen de paiement' }).textContent()).toContain(
      'espèces',
    );
    await page.getByRole('button', { name: 'Encaisser 4,50\u00a0€' }).click();
    const saved = page.locator('.till .receipt');
    await saved.getByTestId('receipt-number').waitFor();
    expect(await saved.textContent()).toMatch(
      /^Enregistrée\. Ticket #\d+, 4,50\u00a0€\. Monnaie rendue : 5,50\u00a0€\. Imprimer le ticket$/,
    );
    await shot('fr-FR-saved');
    expect(await englishLeft(french)).toEqual([]);
  });
});
