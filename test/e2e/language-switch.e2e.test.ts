// The till's language chosen in Settings, in Chromium against a real sandbox: the page starts
// in English, Deutsch is chosen and saved, and with no reload the tabs, the Settings screen
// and the page's lang are German; then Français, and they are French. No English word of the
// Settings screen's own catalog is left on the German screen, and axe stays clean.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, chromiumAvailable, requireChromiumInCi } from '../helpers/browser.js';
import { artifactsFolder } from '../helpers/artifacts.js';
import { repoRoot } from '../helpers/cli.js';
import { checked } from '../helpers/sales.js';
import { startTillInBrowser, type TillInBrowser } from '../helpers/till-in-browser.js';

const ARTIFACTS = artifactsFolder('language-switch');
requireChromiumInCi();

let till: TillInBrowser | undefined;
let page: TillInBrowser['page'];

// The tabs by their ids, which stay English whatever the language.
const SCREENS = ['Till', 'Today', 'Sync', 'Settings'] as const;
const tabNames = () =>
  Promise.all(SCREENS.map((screen) => page.locator(`#tab-${screen}`).innerText()));
const lang = () => page.evaluate<string>('document.documentElement.lang');
const status = () => page.locator('#screen [role="status"]');
const tillNotice = () => page.locator('form[aria-labelledby="till-title"] [role="status"]');

// The forms whose words are the settings area's (the others' areas have their own checks).
const OWN_FORMS = [
  'language-title',
  'platform-title',
  'key-title',
  'monitoring-title',
  'till-title',
  'time-zone-title',
  'backups-title',
  'catalog-title',
];
/** The text a person reads in those forms and the tabs; menus of zones and locales are data. */
const ownText = () =>
  page.evaluate<string>(`[
    document.querySelector('nav[role="tablist"]').innerText,
    ...${JSON.stringify(OWN_FORMS)}.map((id) => {
      const form = document.querySelector('form[aria-labelledby="' + id + '"]').cloneNode(true);
      form.querySelectorAll('select, code').forEach((data) => data.remove());
      return form.innerText || form.textContent;
    }),
  ].join('\\n')`);

/** The words (4 letters or more) of an area's messages in a language. */
function catalogWords(language: string, areas: string[]): Set<string> {
  const words = new Set<string>();
  for (const area of areas) {
    const file = join(repoRoot, 'domain/i18n/locales', language, `${area}.json`);
    const messages = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
    for (const text of Object.values(messages))
      for (const word of text.match(/\p{L}{4,}/gu) ?? []) words.add(word.toLowerCase());
  }
  return words;
}

/** English words of the settings and common areas that German never uses, seen in `text`. */
function englishLeft(text: string): string[] {
  const german = catalogWords('de', ['settings', 'common']);
  const english = [...catalogWords('en', ['settings', 'common'])].filter((w) => !german.has(w));
  // Paths, addresses and scopes are data ("…/backups", "sales:write"), not words.
  const read = text
    .split(/\s+/)
    .filter((token) => !/[/\\_@]|\p{L}[:.]\p{L}/u.test(token))
    .join(' ');
  const seen = new Set((read.match(/\p{L}{4,}/gu) ?? []).map((word) => word.toLowerCase()));
  return english.filter((word) => seen.has(word));
}

describe.skipIf(!chromiumAvailable)('the language chosen in Settings (Chromium)', () => {
  beforeAll(async () => {
    till = await startTillInBrowser('language', { pollIntervalMs: 200, debounceMs: 50 });
    page = till.page;
    await page.locator('#tab-Settings').waitFor();
  }, 60_000);

  afterAll(() => till?.close());

  it('starts in English: the system default, English tabs, lang en-US', async () => {
    expect(till!.runtime.store.settings.read().locale).toBeNull();
    expect(await tabNames()).toEqual(['Till', 'Today', 'Sync', 'Settings']);
    expect(await lang()).toBe('en-US');
    await page.locator('#tab-Settings').click();
    const choice = page.getByLabel('Language and region');
    expect(await choice.inputValue()).toBe('');
    expect(await choice.locator('option:checked').innerText()).toBe(
      'System default (English (United States))',
    );
    // Each choice in its own language, grouped by the language of the words.
    expect(await choice.locator('option[value="de-CH"]').innerText()).toBe('Deutsch (Schweiz)');
    expect(await choice.locator('option[value="fr-FR"]').innerText()).toBe('Français (France)');
    expect(await choice.locator('option[value="es-MX"]').innerText()).toBe('Español (México)');
    expect(await choice.locator('option[value="pt-BR"]').getAttribute('lang')).toBe('pt-BR');
    // Something said before the language changes is said again in the new one (below).
    await page.getByRole('button', { name: 'Save till settings' }).click();
    await expect.poll(() => tillNotice().innerText()).toBe('Till settings saved.');
    // The check used on the German screen below does see English where there is some.
    expect(englishLeft(await ownText())).toEqual(
      expect.arrayContaining(['platform', 'backups', 'save', 'settings', 'sync']),
    );
  });

  it('Deutsch: saved, and with no reload the tabs and Settings speak German', async () => {
    const reloads: string[] = [];
    page.on('framenavigated', (frame) => reloads.push(frame.url()));
    await page.getByLabel('Language and region').selectOption('de-DE');
    await page.getByRole('button', { name: 'Save language' }).click();
    await expect.poll(() => till!.runtime.store.settings.read().locale).toBe('de-DE');

    await expect.poll(tabNames).toEqual(['Kasse', 'Heute', 'Synchronisation', 'Einstellungen']);
    expect(await lang()).toBe('de-DE');
    expect(await status().first().innerText()).toBe('Sprache gespeichert: Deutsch (Deutschland).');
    expect(await tillNotice().innerText()).toBe('Kassen-Einstellungen gespeichert.');
    const settings = page.locator('#screen');
    for (const heading of ['Sprache und Formate', 'Plattform', 'API-Schlüssel', 'Diese Kasse'])
      expect(await settings.getByRole('heading', { name: heading }).count()).toBe(1);
    expect(await page.getByLabel('Adresse der Plattform').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Jetzt sichern' }).count()).toBe(1);
    expect(await page.getByTestId('key-state').innerText()).toMatch(
      /^Ein Schlüssel ist gesetzt, .*gespeichert in einer Datei, die nur dieser Benutzer lesen kann\.$/,
    );
    // The example in German figures: the dollar after the amount, "." grouping, "," decimals.
    expect(await page.locator('#locale-hint').innerText()).toContain(
      'Zum Beispiel: 12.345,67\u00a0$',
    );
    expect(
      await page.getByLabel('Sprache und Region').locator('option[value=""]').innerText(),
    ).toBe('Systemstandard (English (United States))');
    expect(await page.locator('nav[role="tablist"]').getAttribute('aria-label')).toBe(
      'Bildschirme',
    );
    expect(englishLeft(await ownText())).toEqual([]);
    expect(reloads, 'the page was not reloaded').toEqual([]);

    await page.screenshot({ path: join(ARTIFACTS, 'settings-de.png'), fullPage: true });
    expect(await axeViolations(page), 'accessibility of the German Settings').toEqual([]);
  });

  it('a field refused in German: the backup count names its problem, nothing saved', async () => {
    await page.getByLabel('Aufbewahrte tägliche Sicherungen').fill('');
    await page.getByRole('button', { name: 'Sicherungs-Einstellungen speichern' }).click();
    await page.locator('#backups-kept-error').waitFor();
    expect(till!.runtime.store.settings.read().backupsKept).toBe(7);
    expect(
      await page.getByLabel('Aufbewahrte tägliche Sicherungen').getAttribute('aria-invalid'),
    ).toBe('true');
  });

  it('Français: saved from the German screen, and the tabs and Settings speak French', async () => {
    await page.getByLabel('Sprache und Region').selectOption('fr-FR');
    await page.getByRole('button', { name: 'Sprache speichern' }).click();
    await expect.poll(tabNames).toEqual(['Caisse', "Aujourd'hui", 'Synchronisation', 'Réglages']);
    expect(await lang()).toBe('fr-FR');
    expect(till!.runtime.store.settings.read().locale).toBe('fr-FR');
    expect(await status().first().innerText()).toBe('Langue enregistrée : Français (France).');
    expect(await tillNotice().innerText()).toBe('Réglages de la caisse enregistrés.');
    expect(await page.getByRole('heading', { name: 'Langue et formats' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Enregistrer le fuseau horaire' }).count()).toBe(
      1,
    );
    expect(await page.locator('#locale-hint').innerText()).toContain(
      'Par exemple : 12\u202f345,67\u00a0$',
    );
  });

  it('counts the sales to fix on the Sync tab in French, with the plural', async () => {
    // A product the platform does not know: refused, so one sale is to fix.
    const recorded = till!.runtime.store.recordSale(
      checked({
        items: [{ productId: 'prod_local_only', quantity: 1, unitPriceMinor: 500 }],
        paymentMethod: 'CASH',
      }),
    );
    expect(recorded.ok).toBe(true);
    await expect
      .poll(() => page.locator('#tab-Sync').innerText(), { timeout: 15_000 })
      .toBe('Synchronisation (1 à corriger)');
  });
});
