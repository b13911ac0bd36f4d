// The catalog is complete and consistent: every language has exactly English's keys, each
// message takes the same arguments (names, kinds, plural and select cases) in every language,
// and every key is used by some source file (an unused key is a word no one reads).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { CATALOGS, languageOf, translator } from '../../domain/i18n/messages.js';
import { repoRoot } from '../helpers/cli.js';

const english = CATALOGS.en!;
const others = Object.entries(CATALOGS).filter(([language]) => language !== 'en');
// The parser's element kinds (@formatjs/icu-messageformat-parser TYPE), by number.
const KIND = ['literal', 'argument', 'number', 'date', 'time', 'select', 'plural', 'pound', 'tag'];

/** Each argument of a message as "name:kind", with the cases of plurals and selects. */
function argumentsOf(message: string): string[] {
  const found = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      const kind = KIND[element.type] ?? `type ${element.type}`;
      if (kind === 'literal' || kind === 'pound') continue;
      if ('options' in element) {
        // Plural categories differ by language (Polish has "few"); selects must match.
        const cases = kind === 'select' ? `[${Object.keys(element.options).sort().join('|')}]` : '';
        found.add(`${element.value}:${kind}${cases}`);
        for (const option of Object.values(element.options)) walk(option.value);
      } else if ('children' in element) {
        found.add(`${element.value}:${kind}`);
        walk(element.children);
      } else if ('value' in element) {
        found.add(`${element.value}:${kind}`);
      }
    }
  };
  walk(new IntlMessageFormat(message, 'en').getAst());
  return [...found].sort();
}

/** Every source file a person's words can come from. */
function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('the message catalog', () => {
  it.each(others)('%s has every English key and no other', (_language, catalog) => {
    expect(Object.keys(catalog).sort()).toEqual(Object.keys(english).sort());
  });

  it.each(others)('%s takes the same arguments as English in every message', (_, catalog) => {
    for (const [key, message] of Object.entries(english)) {
      const translated = catalog[key];
      if (translated === undefined) continue; // the key test above names it
      expect({ key, arguments: argumentsOf(translated) }).toEqual({
        key,
        arguments: argumentsOf(message),
      });
    }
  });

  it('uses every key somewhere in the sources', () => {
    const sources = ['domain', 'main', 'db', 'renderer/src']
      .flatMap((folder) => sourceFiles(join(repoRoot, folder)))
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    const unused = Object.keys(english).filter((key) => !sources.includes(`'${key}'`));
    expect(unused).toEqual([]);
  });

  it('keeps each key in the file of its area (so no two files can hold one key)', () => {
    for (const language of Object.keys(CATALOGS)) {
      const folder = join(repoRoot, 'domain/i18n/locales', language);
      for (const file of readdirSync(folder).filter((name) => name.endsWith('.json'))) {
        const area = file.replace(/\.json$/, '');
        const keys = Object.keys(JSON.parse(readFileSync(join(folder, file), 'utf8')) as object);
        expect({ file, strays: keys.filter((key) => !key.startsWith(`${area}.`)) }).toEqual({
          file,
          strays: [],
        });
      }
    }
  });

  it('tells a placeholder or case mismatch apart (the check can fail)', () => {
    expect(argumentsOf('{count, plural, one {# sale} other {# sales}}')).toEqual(['count:plural']);
    expect(argumentsOf('{n, plural, one {# sale} other {# sales}}')).not.toEqual(['count:plural']);
    expect(argumentsOf('{m, select, CASH {a} other {b}}')).not.toEqual(
      argumentsOf('{m, select, CARD {a} other {b}}'),
    );
  });

  it('picks the language from the locale, English when unknown', () => {
    expect(['de-DE', 'de-CH', 'fr-CA', 'es-MX', 'en-GB', 'ja-JP', 'pt-BR'].map(languageOf)).toEqual(
      ['de', 'de', 'fr', 'es', 'en', 'en', 'en'],
    );
  });

  it('formats plurals and numbers in the locale, English plurals included', () => {
    expect(translator('en-US').t('cli.day.refusedHint', { count: 1 })).toMatch(
      /^1 refused sale waits/,
    );
    expect(translator('en-US').t('cli.day.refusedHint', { count: 1234 })).toMatch(
      /^1,234 refused sales wait/,
    );
    expect(translator('de-DE').t('cli.day.refusedHint', { count: 1234 })).toMatch(
      /^1\.234 abgelehnte Verkäufe warten/,
    );
    expect(translator('fr-FR').t('today.row.paidBy', { method: 'CASH', name: 'cash' })).toBe(
      'payé par espèces',
    );
    expect(translator('es-ES').t('today.row.paidBy', { method: 'VOUCHER', name: 'voucher' })).toBe(
      'pagado con voucher',
    );
  });

  it('says the length of a day the clocks changed, and a wrong key does not compile', () => {
    const place = { shop: 'Laden', till: 'Kasse 1', date: '2026-03-29', timeZone: 'Europe/Berlin' };
    expect(translator('de-DE').t('cli.day.headingClocksChanged', { ...place, hours: 23 })).toBe(
      'Laden, Kasse 1: 2026-03-29 (Europe/Berlin, 23 Stunden: Zeitumstellung)',
    );
    // @ts-expect-error: not a key of the catalog (typecheck fails if this line compiles)
    expect(() => translator('en-US').t('day.no.such.key')).toThrow('No message "day.no.such.key"');
  });
});
