// The words of the catalog, for the tests that look for English left on a translated screen:
// a word of the English messages that no message of the other language uses is English a
// person should not read there (data such as product names aside).
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { CATALOGS, type Language } from '../../domain/i18n/messages.js';

// The parser's kind of a literal (TYPE.literal of @formatjs/icu-messageformat-parser).
const LITERAL = 0;

/** The words a message writes itself (its literals, in every plural and select case). */
function literalText(message: string): string {
  const parts: string[] = [];
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (Number(element.type) === LITERAL && 'value' in element) parts.push(String(element.value));
      if ('options' in element)
        for (const option of Object.values(element.options)) walk(option.value);
      if ('children' in element) walk(element.children);
    }
  };
  walk(new IntlMessageFormat(message, 'en').getAst());
  return parts.join(' ');
}

/**
 * Words of four letters or more, lower-cased; paths, addresses and scopes (sales:write) left
 * out: they are data.
 */
export function wordsOf(text: string): string[] {
  const prose = text.replace(/\S*([/\\@]|\w:\w)\S*/g, ' ');
  return (prose.match(/\p{L}{4,}/gu) ?? []).map((word) => word.toLowerCase());
}

const catalogWords = (language: Language) =>
  new Set(Object.values(CATALOGS[language]!).flatMap((message) => wordsOf(literalText(message))));

// English words of every sentence, so a hard-coded sentence the catalog never held is caught.
const GLUE = ['this', 'that', 'with', 'from', 'will', 'have', 'your', 'when', 'what', 'there'];

/** English words that no message of `language` uses. */
export function englishOnlyWords(language: Language): Set<string> {
  const theirs = catalogWords(language);
  const english = [...catalogWords('en'), ...GLUE];
  return new Set(english.filter((word) => !theirs.has(word)));
}

/** The English words left in a text shown in `language`, data words aside. */
export function englishLeftIn(text: string, language: Language, data: Iterable<string>): string[] {
  const english = englishOnlyWords(language);
  const dataWords = new Set([...data].flatMap(wordsOf));
  return [...new Set(wordsOf(text).filter((word) => english.has(word) && !dataWords.has(word)))];
}
