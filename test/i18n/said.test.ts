// Errors keep English for JSON and logs, and are said in the till's language where shown:
// an error made with its key, a zod field message, and one from an unknown key.
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { fieldErrorsFrom } from '../../db/field-errors.js';
import { translator } from '../../domain/i18n/messages.js';
import { fieldSays, said } from '../../domain/i18n/said.js';
import { invalidFields } from '../../domain/result.js';

const german = translator('de-DE');

describe('messages said with their key', () => {
  it('keeps the English text and says it in German from its key', () => {
    const made = said('field.notAKnownField');
    expect(made).toEqual({
      message: 'is not a known field',
      say: { key: 'field.notAKnownField' },
    });
    expect(german.say(made)).toBe('ist kein bekanntes Feld');
    expect(translator('en-GB').say(made)).toBe('is not a known field');
  });

  it('finds the key of a zod field message and of an unknown field', () => {
    const schema = z.strictObject({ when: z.string({ error: fieldSays('common.never') }) });
    const parsed = schema.safeParse({ when: 1, extra: true });
    expect(parsed.success).toBe(false);
    const fields = fieldErrorsFrom(parsed.error!);
    expect(fields.map((field) => [field.path, field.message, german.say(field)])).toEqual([
      ['/when', 'never', 'nie'],
      ['/extra', 'is not a known field', 'ist kein bekanntes Feld'],
    ]);
    const error = invalidFields('The input is not valid', fields);
    // No key for the summary: its English stays; the fields are said in German.
    expect(german.error(error)).toBe(
      'The input is not valid: /when: nie; /extra: ist kein bekanntes Feld',
    );
    expect(error.message).toBe(
      'The input is not valid: /when: never; /extra: is not a known field',
    );
  });

  it('keeps the English text of a key the catalog does not have', () => {
    const fromNewerAgent = { message: 'A new problem', say: { key: 'errors.notYetKnown' } };
    expect(german.say(fromNewerAgent)).toBe('A new problem');
    expect(german.say({ message: 'Plain English' })).toBe('Plain English');
  });
});

describe('a message quoted inside another', () => {
  it('says the inner message in the same language, English kept for the log', () => {
    const inner = said('field.notAKnownField');
    const outer = said('errors.catalog.onLine', { line: '3', problem: inner.say });
    expect(outer.message).toBe('line 3: is not a known field');
    expect(german.say(outer)).toBe('Zeile 3: ist kein bekanntes Feld');
    expect(translator('fr-FR').say(outer)).toBe("ligne 3 : n'est pas un champ connu");
  });
});
