// The trading day in a German and a Spanish shop, in Chromium against a real agent: the
// shift opened with a float typed the German way, a cash out, the close with its count and
// note, the Z report list and the PIN pad all say their words in the till's language, and no
// English word of the shift's catalog is left on those panels.
import { join } from 'node:path';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import de from '../../domain/i18n/locales/de/shift.json' with { type: 'json' };
import en from '../../domain/i18n/locales/en/shift.json' with { type: 'json' };
import es from '../../domain/i18n/locales/es/shift.json' with { type: 'json' };
import { artifactsFolder } from '../helpers/artifacts.js';
import { axeViolations, chromiumAvailable, requireChromiumInCi } from '../helpers/browser.js';
import { startTillInBrowser, type TillInBrowser } from '../helpers/till-in-browser.js';

const ARTIFACTS = artifactsFolder('shift-locale');
requireChromiumInCi();

let till: TillInBrowser | undefined;
let page: TillInBrowser['page'];
const store = () => till!.runtime.store;
// By id: the tabs' own names are another area's words.
const tab = (screen: 'Till' | 'Today') => page.locator(`#tab-${screen}`);
const button = (name: string) => page.getByRole('button', { name, exact: true });

/** The words a person reads in a catalog's messages: literal text, every case of a select. */
function wordsOf(catalog: Record<string, string>): Set<string> {
  const found = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if ('options' in element)
        for (const option of Object.values(element.options)) walk(option.value);
      else if ((element.type as number) === 0 && 'value' in element) {
        // A literal: the text itself (an argument's value is its name).
        const text = String(element.value);
        for (const word of text.match(/\p{L}{4,}/gu) ?? []) found.add(word.toLowerCase());
      }
    }
  };
  for (const message of Object.values(catalog)) walk(new IntlMessageFormat(message, 'en').getAst());
  return found;
}

/** English words of the shift's catalog that the other language does not share. */
const englishOnly = (other: Record<string, string>) => {
  const theirs = wordsOf(other);
  return [...wordsOf(en)].filter((word) => !theirs.has(word));
};

/** What a person reads on a panel (and hears: labels), less the printed report's own text. */
async function shownText(selector: string): Promise<string> {
  return page.evaluate<string>(`(() => {
    const root = document.querySelector(${JSON.stringify(selector)});
    const printed = [...root.querySelectorAll('pre')].map((pre) => pre.innerText);
    const labels = [...root.querySelectorAll('[aria-label], [placeholder], [title]')].map(
      (element) => ['aria-label', 'placeholder', 'title']
        .map((name) => element.getAttribute(name) ?? '').join(' '),
    );
    let text = root.innerText;
    for (const paper of printed) text = text.replace(paper, '');
    return text + '\\n' + labels.join('\\n');
  })()`);
}

/** The English words of the catalog found in a panel's text (none, in another language). */
async function englishLeft(selector: string, other: Record<string, string>): Promise<string[]> {
  const shown = new Set(
    ((await shownText(selector)).match(/\p{L}{4,}/gu) ?? []).map((w) => w.toLowerCase()),
  );
  return englishOnly(other).filter((word) => shown.has(word));
}

async function shot(name: string): Promise<void> {
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
  expect(await axeViolations(page), `accessibility of ${name}`).toEqual([]);
}

describe.skipIf(!chromiumAvailable)("the shift in the shop's language (Chromium)", () => {
  beforeAll(async () => {
    till = await startTillInBrowser('shift-locale', { pollIntervalMs: 200, debounceMs: 50 });
    page = till.page;
    store().settings.update({ currency: 'EUR', locale: 'de-DE' });
    await page.reload();
    await page.locator('#product-search').waitFor();
    page.setDefaultTimeout(8000);
  }, 60_000);

  afterAll(() => till?.close());

  it('knows which English words to look for (the check can fail)', () => {
    const words = englishOnly(de);
    expect(words).toEqual(expect.arrayContaining(['shift', 'drawer', 'float', 'counted']));
    expect(words).not.toContain('manager'); // the same word in German
  });

  it('de-DE: opens the shift with the float typed "100,50", in German', async () => {
    await tab('Today').click();
    await page.getByRole('heading', { name: 'Die Schicht' }).waitFor();
    expect(await page.locator('.shift').innerText()).toContain(
      'An dieser Kasse ist keine Schicht geöffnet.',
    );
    expect(await page.locator('.z-reports').innerText()).toContain(
      'An dieser Kasse wurde noch keine Schicht geschlossen.',
    );
    expect(await englishLeft('.shift', de)).toEqual([]);
    await page.getByLabel('Wechselgeld (Anfangsbestand in der Kassenlade)').fill('100,50');
    await button('Schicht öffnen').click();
    await page.getByTestId('shift-summary').waitFor();
    expect(store().shifts.current()).toMatchObject({ floatMinor: 10_050, floatCounted: true });
    expect(await page.locator('.shift [role="status"]').first().textContent()).toBe(
      'Schicht geöffnet.',
    );
    expect(await page.getByTestId('shift-summary').textContent()).toMatch(
      /^Geöffnet seit .+\. Wechselgeld 100,50\u00a0€\.$/,
    );
    // The text checked holds what is heard too: the drawer's buttons are named by their group.
    expect(await shownText('.shift')).toMatch(/Die Schicht[\s\S]*Die Kassenlade/);
    expect(await englishLeft('.shift', de)).toEqual([]);
  });

  it('de-DE: records a cash out, its missing reason said in German first', async () => {
    const drawer = page.getByRole('group', { name: 'Die Kassenlade' });
    for (const name of ['Einlage', 'Entnahme', 'Tresorabschöpfung', 'Lade öffnen ohne Verkauf'])
      expect(await drawer.getByRole('button', { name, exact: true }).count()).toBe(1);
    await drawer.getByRole('button', { name: 'Entnahme', exact: true }).click();
    await page.getByLabel('Betrag').fill('12,30');
    await button('Entnahme speichern').click();
    await expect
      .poll(() => page.locator('#drawer-reason-error').textContent())
      .toBe('Grund: Sagen Sie für den Bericht, warum.');
    expect(await page.locator('.drawer-entry [role="alert"]').last().textContent()).toBe(
      'Entnahme nicht gespeichert: Korrigieren Sie die Felder oben.',
    );
    expect(await page.locator('#drawer-reason-hint').textContent()).toBe(
      'Zum Beispiel „Fensterputzer bezahlt“',
    );
    expect(await englishLeft('.shift', de)).toEqual([]);
    await page.getByLabel('Grund').fill('Fensterputzer');
    await button('Entnahme speichern').click();
    await expect
      .poll(() => page.locator('.shift [role="status"]').first().textContent())
      .toBe('Entnahme gespeichert: Fensterputzer.');
    const report = store().shifts.xReport(Date.now());
    expect(report.ok && report.value.drawerEntries).toEqual([
      expect.objectContaining({ kind: 'cash_out', amountMinor: -1230, reason: 'Fensterputzer' }),
    ]);
  });

  it('de-DE: closes the shift with a count note by note, the shortfall and its note in German', async () => {
    await button('Schicht schließen').click();
    await page.getByRole('heading', { name: 'Schicht schließen: Kassenlade zählen' }).waitFor();
    await page.getByLabel('50,00\u00a0€').fill('1');
    await page.getByLabel('20,00\u00a0€').fill('1');
    await page.getByLabel('0,50\u00a0€').fill('zwei');
    await button('Schicht schließen').click();
    await expect
      .poll(() => page.locator('#count-50-error').textContent())
      .toBe('0,50\u00a0€: Geben Sie die gezählte Anzahl ein, eine ganze Zahl wie 3.');
    await page.getByLabel('0,50\u00a0€').fill('');
    await expect.poll(() => page.getByTestId('counted-total').textContent()).toBe('70,00\u00a0€');
    // The float 100,50 less the cash out 12,30.
    await expect.poll(() => page.getByTestId('expected').textContent()).toBe('88,20\u00a0€');
    await expect
      .poll(() => page.getByTestId('difference').textContent())
      .toBe('Fehlbetrag von 18,20\u00a0€');
    expect(await englishLeft('.shift', de)).toEqual([]);
    await shot('de-DE-count');
    await button('Schicht schließen').click();
    await expect
      .poll(() => page.locator('#close-note-error').textContent())
      .toBe('Notiz: Sagen Sie für den Bericht, warum Überschuss oder Fehlbetrag besteht.');
    await page
      .getByLabel('Notiz (nötig: die Differenz ist größer als 5,00\u00a0€)')
      .fill('Wechselgeld zur Bank');
    await button('Schicht schließen').click();
    await expect
      .poll(() => page.locator('.shift [role="status"]').first().textContent())
      .toBe('Schicht geschlossen: Z-Bericht 1 ist unten abgelegt.');
    expect(store().shifts.current()).toBeNull();
    const row = page.locator('.z-reports tbody tr');
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.innerText()).toContain('Fehlbetrag von 18,20\u00a0€');
    expect(await page.getByRole('button', { name: 'Z1 zeigen' }).count()).toBe(1);
    expect(await button('X-Bericht').count()).toBe(0);
    expect(await page.locator('[data-testid="shift-report"] h3').first().textContent()).toBe(
      'Z-Bericht 1',
    );
    expect(await englishLeft('.shift', de)).toEqual([]);
  });

  it('de-DE: the PIN pad and who is signed in, in German', async () => {
    const added = store().cashiers.add({ name: 'Ada', pin: '1234', role: 'manager' }, Date.now());
    expect(added.ok).toBe(true);
    await tab('Till').click();
    await page.getByRole('heading', { name: 'An der Kasse anmelden' }).waitFor();
    expect(await page.getByLabel('PIN für Ada', { exact: true }).count()).toBe(1);
    expect(await button('Löschen').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Letzte Ziffer löschen' }).count()).toBe(1);
    expect(await englishLeft('.sign-in', de)).toEqual([]);
    await button('Anmelden').click();
    expect(await page.locator('#sign-in-pin-problem').textContent()).toBe(
      'Geben Sie zuerst die PIN ein: 4 bis 8 Ziffern.',
    );
    await page.locator('#sign-in-pin').fill('1234');
    await page.locator('#sign-in-pin').press('Enter');
    await expect
      .poll(() => page.getByTestId('signed-in').textContent())
      .toBe('Angemeldet: Ada (Manager) Abmelden');
  });

  it('de-DE: the cashier, close and counter settings in German, numbers typed the German way', async () => {
    await page.locator('#tab-Settings').click();
    const counter = 'form[aria-labelledby="counter-title"]';
    await page.getByRole('heading', { name: 'Belege und Theke' }).waitFor();
    const amount = page.getByLabel('Nachfragen, bevor mehr kassiert wird als');
    const quantity = page.getByLabel('Nachfragen, wenn die Menge einer Position größer ist als');
    expect(await amount.inputValue()).toBe('1000,00');
    await amount.fill('250,50');
    await quantity.fill('2,5');
    await button('Beleg- und Theken-Einstellungen speichern').click();
    await expect
      .poll(() => page.locator(`${counter} [role="status"]`).textContent())
      .toBe('Beleg- und Theken-Einstellungen gespeichert.');
    expect(store().settings.read()).toMatchObject({
      confirmAboveAmount: 250.5,
      confirmAboveQuantity: 2.5,
    });
    expect(await page.locator('#receipt-width option').allTextContents()).toEqual([
      '80-mm-Rolle',
      '58-mm-Rolle',
    ]);
    expect(await page.locator('.cashier-list').innerText()).toBe('Ada (Manager) Ada entfernen');
    for (const form of [
      counter,
      '.cashier-settings',
      'form[aria-labelledby="shift-settings-title"]',
    ])
      expect({ form, english: await englishLeft(form, de) }).toEqual({ form, english: [] });
  });

  it('es-ES: the shift panel and the Z report list in Spanish', async () => {
    store().settings.update({ locale: 'es-ES' });
    await page.reload();
    await tab('Today').click();
    await page.getByRole('heading', { name: 'El turno' }).waitFor();
    expect(await page.locator('.shift').innerText()).toContain(
      'No hay ningún turno abierto en esta caja.',
    );
    expect(await page.locator('.z-reports tbody tr').innerText()).toContain(
      'Faltante de 18,20\u00a0€',
    );
    // The last count is offered as the float, written the Spanish way.
    expect(
      await page.getByLabel('Fondo de caja (efectivo en el cajón al empezar)').inputValue(),
    ).toBe('70,00');
    await button('Abrir el turno').click();
    await expect
      .poll(() => page.getByTestId('shift-summary').textContent())
      .toMatch(/^Abierto desde el .+ por Ada\. Fondo de caja 70,00\u00a0€\.$/);
    expect(await englishLeft('.shift', es)).toEqual([]);
    await shot('es-ES-shift');
  });
});
