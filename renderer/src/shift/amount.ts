// Amounts a person types on the shift's forms ("52.50", "52,50 €" in Germany), read exactly
// into minor units in the till's locale by the same parsing as the cash tendered at the
// till. A bad amount names its field, in the till's words.
import type { Translator } from '../../../domain/i18n/messages.js';
import { typedText } from '../../../domain/locale-numbers.js';
import { currencyDecimals } from '../../../domain/money.js';
import { parseAmount } from '../../../domain/typed-amounts.js';

export type ParsedAmount = { ok: true; minor: number } | { ok: false; message: string };

/** The till's currency and the locale its amounts are typed in. */
export interface MoneyTyping {
  currency: string;
  locale: string;
}

/** The amount typed in a field, or what is wrong with it, naming the field (in `words`). */
export function amountOf(
  text: string,
  typing: MoneyTyping,
  field: string,
  words: Translator,
): ParsedAmount {
  const parsed = parseAmount(text, { ...typing, field });
  return parsed.ok
    ? { ok: true, minor: parsed.value }
    : { ok: false, message: `${words.say(parsed.error)}.` };
}

/** Minor units as a person would type them here, like "52,50": a field's starting text. */
export const typedAmount = (minor: number, typing: MoneyTyping) =>
  typedText(minor, currencyDecimals(typing.currency), typing.locale);
