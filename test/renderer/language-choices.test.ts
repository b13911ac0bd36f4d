// The language choice in Settings: every language the catalog speaks with its regions, each
// named in its own language, the regions with English words apart, a setting outside the list
// kept; and the shell's and Settings' counted words in each language's plural and figures.
import { describe, expect, it } from 'vitest';
import { translator } from '../../domain/i18n/messages.js';
import { localeGroups, ownName } from '../../renderer/src/locale.js';

describe('the language and formats choice', () => {
  it('groups the regions by the language of the words, formats-only regions last', () => {
    const groups = localeGroups(null);
    const listed: unknown[] = groups.map((group) => [group.language, group.name, group.locales]);
    expect(listed).toEqual([
      ['en', 'English', ['en-US', 'en-GB', 'en-IN']],
      ['de', 'Deutsch', ['de-DE', 'de-CH', 'de-AT']],
      ['fr', 'Français', ['fr-FR', 'fr-CH']],
      ['es', 'Español', ['es-ES', 'es-MX']],
      [null, '', ['it-IT', 'nl-NL', 'pt-BR', 'pt-PT', 'ja-JP']],
    ]);
  });

  it('keeps a setting made elsewhere (the CLI) among the choices of its language', () => {
    const groups = localeGroups('de-LU');
    expect(groups.find((group) => group.language === 'de')?.locales).toContain('de-LU');
    expect(groups.flatMap((group) => group.locales).filter((tag) => tag === 'de-LU')).toHaveLength(
      1,
    );
    expect(localeGroups('de-DE').flatMap((group) => group.locales)).toHaveLength(15);
  });

  it('names each locale in its own language, as a menu item starts', () => {
    expect(ownName('de-DE')).toBe('Deutsch (Deutschland)');
    expect(ownName('de-CH')).toBe('Deutsch (Schweiz)');
    expect(ownName('en-GB')).toBe('English (United Kingdom)');
    expect(ownName('fr-CH')).toBe('Français (Suisse)');
    expect(ownName('es-MX')).toBe('Español (México)');
    expect(ownName('pt-BR')).toBe('Português (Brasil)');
  });
});

describe("the shell's and Settings' counted words", () => {
  const [en, de, fr, es] = ['en-US', 'de-DE', 'fr-FR', 'es-ES'].map(translator);

  it('says the sales to fix on the Sync tab with the count in the locale', () => {
    const toFix = (words: typeof en, count: number) =>
      words!.t('common.screen.syncToFix', { screen: words!.t('common.screen.sync'), count });
    expect(toFix(en, 1)).toBe('Sync (1 to fix)');
    expect(toFix(en, 1234)).toBe('Sync (1,234 to fix)');
    expect(toFix(de, 1234)).toBe('Synchronisation (1.234 zu beheben)');
    expect(toFix(fr, 2)).toBe('Synchronisation (2 à corriger)');
  });

  it('agrees a backup and an import with their counts in each language', () => {
    const file = '/data/backups/tillsync.db';
    expect(en!.t('settings.backups.done', { count: 1, file })).toBe(`Backed up 1 sale to ${file}.`);
    expect(en!.t('settings.backups.done', { count: 0, file })).toBe(
      `Backed up 0 sales to ${file}.`,
    );
    expect(de!.t('settings.backups.done', { count: 1, file })).toBe(
      `1 Verkauf in ${file} gesichert.`,
    );
    expect(fr!.t('settings.backups.done', { count: 3, file })).toBe(
      `3 ventes sauvegardées dans ${file}.`,
    );
    expect(en!.t('settings.catalog.imported', { products: 1, customers: 0 })).toBe(
      'Imported 1 product and 0 customers.',
    );
    expect(es!.t('settings.catalog.imported', { products: 1, customers: 2 })).toBe(
      'Importados: 1 producto y 2 clientes.',
    );
  });

  it("says a key check's verdict and what to do in the till's language", () => {
    expect(
      de!.t('settings.key.savedChecked', {
        check: de!.t('settings.key.verdict', { verdict: 'refused' }),
      }),
    ).toBe(
      'Schlüssel gespeichert. Die Plattform hat den Schlüssel abgelehnt: holen Sie bei der Plattform einen neuen API-Schlüssel und speichern Sie ihn hier.',
    );
    expect(fr!.t('settings.key.verdict', { verdict: 'accepted' })).toBe(
      'La plateforme a accepté la clé.',
    );
  });

  it("says the key's state with and without an expiry and scopes", () => {
    const storage = de!.t('settings.key.storage.file');
    expect(
      de!.t('settings.key.state', {
        expires: 'no',
        until: '',
        scoped: 'yes',
        scopes: 'sales:write',
        storage,
      }),
    ).toBe(
      'Ein Schlüssel ist gesetzt (Berechtigungen: sales:write), gespeichert in einer Datei, die nur dieser Benutzer lesen kann.',
    );
    expect(
      en!.t('settings.key.state', {
        expires: 'yes',
        until: '25/12/2026',
        scoped: 'no',
        scopes: '',
        storage: en!.t('settings.key.storage.os'),
      }),
    ).toBe('A key is set, valid until 25/12/2026, kept encrypted by the operating system.');
  });
});
